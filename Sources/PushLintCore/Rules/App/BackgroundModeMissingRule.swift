enum BackgroundModeMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // The push's own app's Info.plist, when its topic names one; else every app's.
    let plists =
      AppScope(document, context: context)?.infoPlist(in: context.project) ?? context.project.applicationPlists
    guard !plists.isEmpty, let push = document.push, push.contentAvailable,
      let member = push.aps?.member("content-available"),
      !plists.contains(where: { $0.backgroundModes?.contains("remote-notification") == true })
    else { return [] }
    let paths = plists.map(\.declaration.place).joined(separator: ", ")
    return [
      finding(
        atKeyOf: member,
        "\"content-available\": 1 wakes the app only with the remote-notification background mode, which UIBackgroundModes in \(paths) lacks",
        help:
          "add remote-notification to UIBackgroundModes (Signing & Capabilities → Background Modes → Remote notifications)"
      )
    ]
  }
}
