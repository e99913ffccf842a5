/// A background push to an app whose Info.plist, as Xcode builds it, lacks
/// the remote-notification background mode. With an Xcode project the app
/// targets decide which plist is whose: a target's `INFOPLIST_FILE` is its
/// Info.plist whatever its keys, and with `GENERATE_INFOPLIST_FILE` and no
/// file the Info.plist is what the `INFOPLIST_KEY_*` settings say.
enum BackgroundModeMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.contentAvailable, let member = push.aps?.member("content-available") else {
      return []
    }
    // The push's own app's Info.plist, when its topic names one; else every app's.
    let scope = AppScope(document, context: context)
    if let scope, !scope.app.needsBackgroundModesForPushes { return [] }
    let plists = scope?.infoPlist(in: context.project).map { [$0] } ?? context.project.appInfoPlists
    guard !plists.isEmpty,
      !plists.contains(where: { $0.backgroundModes?.contains("remote-notification") == true })
    else { return [] }
    let lacking =
      plists.allSatisfy { $0.backgroundModes != nil }
      ? "which UIBackgroundModes in \(plists.map(\.declaration.place).joined(separator: ", ")) lacks"
      : "but " + plists.map(describe).joined(separator: "; ")
    let unseen = plists.compactMap(\.mayChange).first
    let targets = plists.compactMap(\.app)
    var help =
      "add remote-notification to UIBackgroundModes (Signing & Capabilities → Background Modes → Remote notifications)"
    if plists.count == 1, let app = plists[0].app {
      help =
        "add Background Modes → Remote notifications to the \(app) target (Signing & Capabilities), which writes UIBackgroundModes into "
        + (plists[0].file ?? "a new Info.plist for it")
    } else if !targets.isEmpty {
      help += " in " + targets.joined(separator: " or ")
    }
    let fix = help
    // A push the user sees (an alert, a sound, a badge) is delivered all the
    // same: only the wake is lost, so the finding is a warning there.
    let stillShown = push.isUserVisible ? "; the notification is still shown, without waking the app" : ""
    return [
      finding(
        atKeyOf: member,
        "\"content-available\": 1 wakes the app only with the remote-notification background mode, " + lacking
          + (unseen.map { "; \(described($0)) may add it" } ?? "") + stillShown,
        help: fix, severity: unseen == nil && !push.isUserVisible ? nil : .warning)
    ]
  }

  /// What one Info.plist lacks: the mode in its `UIBackgroundModes`, the
  /// key itself, or, for one Xcode generates whole, the key in the settings.
  static func describe(_ plist: BuiltInfoPlist) -> String {
    if plist.file == nil, let app = plist.app {
      return
        "the Info.plist Xcode generates for \(app) (GENERATE_INFOPLIST_FILE, \(plist.declaration.place)) has no UIBackgroundModes"
    }
    if plist.backgroundModes == nil { return "\(plist.file ?? plist.declaration.path) has no UIBackgroundModes" }
    return "UIBackgroundModes in \(plist.declaration.place) lacks it"
  }

  static func described(_ change: InfoPlistChange) -> String {
    switch change {
    case .runScript(let name): "a Run Script build phase\(name.map { " (\($0))" } ?? "") that edits the Info.plist"
    case .unreadSettingsFile(let path): "the build settings file \(path), which the run did not read"
    }
  }
}
