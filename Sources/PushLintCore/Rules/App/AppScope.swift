/// The app a push is for, when the project's Xcode project can tell: the
/// app target whose bundle identifier the push's topic names (`apns-topic`,
/// or an `.apns` file's `Simulator Target Bundle`, a push-type suffix
/// removed). Its own entitlements, profiles, Info.plist and registrations
/// are then what the cross-file rules judge the push against; without a
/// topic, or with one no single app answers to, they judge it against every
/// app of the project (which can only find less).
struct AppScope {
  var app: XcodeTarget
  var bundleIdentifier: String

  /// Inlined where it is asked (for each push): without an Xcode project
  /// there is no app, which a look at one field tells, with no copy of the
  /// document or the context made for a call.
  @inline(__always)
  init?(_ document: Document, context: RuleContext) {
    guard !context.project.targets.isEmpty, let found = AppScope.find(document, context: context) else { return nil }
    self = found
  }

  private init(app: XcodeTarget, bundleIdentifier: String) {
    self.app = app
    self.bundleIdentifier = bundleIdentifier
  }

  @inline(never)
  private static func find(_ document: Document, context: RuleContext) -> AppScope? {
    let topic =
      document.push?.headers["apns-topic"]?.text ?? document.root?["Simulator Target Bundle"]?.stringValue
    guard let topic else { return nil }
    let bundle = context.schema.bundleIdentifier(ofTopic: topic).bundle
    let apps = context.project.targets.filter { target in
      target.isApp && target.bundleIdentifiers.contains { PushSchema.sameBundleIdentifier($0, bundle) }
    }
    guard apps.count == 1 else { return nil }
    return AppScope(app: apps[0], bundleIdentifier: bundle)
  }

  /// The app's entitlements file, when the run read it.
  func entitlements(in project: ProjectContext) -> [(declaration: Declaration, grants: [String: Bool])]? {
    guard let path = app.entitlements else { return nil }
    let found = project.entitlements.filter { $0.declaration.path == path }
    return found.isEmpty ? nil : found
  }

  /// The profiles that may be the app's: those whose `application-identifier`
  /// (`TEAM.bundle-id`, or a wildcard) covers its bundle identifier, and
  /// those that do not say.
  func profiles(in project: ProjectContext) -> [(declaration: Declaration, grants: [String: Bool])] {
    project.profiles.filter { profile in
      guard let identifier = profile.applicationIdentifier, let dot = identifier.firstIndex(of: ".") else {
        return true
      }
      let pattern = identifier[identifier.index(after: dot)...].lowercased()
      let bundle = bundleIdentifier.lowercased()
      return pattern == bundle || pattern == "*"
        || pattern.hasSuffix(".*") && bundle.hasPrefix(String(pattern.dropLast()))
    }.map { ($0.declaration, $0.grants) }
  }

  /// The app's own Info.plist as Xcode builds it, when the run can tell.
  func infoPlist(in project: ProjectContext) -> BuiltInfoPlist? {
    project.builtInfoPlist(of: app)
  }
}
