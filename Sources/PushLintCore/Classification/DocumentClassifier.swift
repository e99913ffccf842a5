/// Classification: what kind of document a parsed file holds, from its
/// shape (and for a few kinds its name), per the table in the README.
public enum DocumentClassifier {

  /// The kind of a parsed document, or nil when it is none of the kinds.
  /// The file name matters for `.apns` (always a payload) and `.entitlements`.
  public static func kind(of root: Node?, format: SourceFormat, path: String) -> DocumentKind? {
    kind(of: root, format: format, fileExtension: fileExtension(path))
  }

  /// The same, with the path's `fileExtension(_:)` worked out once for all
  /// the documents of a file (a JSON Lines file has a million).
  static func kind(of root: Node?, format: SourceFormat, fileExtension: String) -> DocumentKind? {
    if Localizations.isFileExtension(fileExtension) {
      return root?.isObject == true ? .localization : nil
    }
    if format == .xcodeProject { return root?.isObject == true ? .xcodeProject : nil }
    if format == .provisioningProfile { return root?.isObject == true ? .provisioningProfile : nil }
    if format == .xcconfig { return root?.isObject == true ? .buildSettings : nil }
    if format == .plist {
      if fileExtension == "entitlements" { return .entitlements }
      guard let root, root.isObject else { return nil }
      // Any usernotifications point, so a misspelled one is reported rather than skipped.
      if let point = root["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue,
        point.hasPrefix("com.apple.usernotifications")
      {
        return .extensionInfoPlist
      }
      if root["NSExtension"] == nil && (root["CFBundleIdentifier"] != nil || root["UIBackgroundModes"] != nil) {
        return .appInfoPlist
      }
      return nil
    }
    if fileExtension.isSameKey(as: "apns") { return .payload }
    guard let root, root.isObject else { return nil }
    if root.hasMember("aps") { return .payload }
    if root.hasMember("headers") && root.hasMember("payload") { return .envelope }
    if root.hasMember("message") { return .fcmMessage }
    if root.hasMember("categories") { return .categories }
    return nil
  }

  /// The kind of a file named explicitly: nothing matching, a JSON or YAML
  /// file is judged as a payload, so a file without `aps` gets `aps-missing`.
  public static func explicitKind(of root: Node?, format: SourceFormat, path: String) -> DocumentKind {
    if let kind = kind(of: root, format: format, path: path) { return kind }
    if isWellKnownNonPayload(Paths.fileName(path)) { return .other }
    return format == .plist || format == .strings ? .other : .payload
  }

  /// Files every repository has that are plainly not push payloads: named
  /// on the command line (a hook passing every changed file), they are read
  /// for syntax only, never taken for a payload without `aps`.
  static func isWellKnownNonPayload(_ name: String) -> Bool {
    let lowercased = name.lowercased()
    if [
      "package.json", "package-lock.json", "composer.json", "composer.lock", "bower.json", "app.json", "project.json",
      "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml", "pubspec.yaml", "pnpm-lock.yaml",
      "mkdocs.yml", "codecov.yml", ".travis.yml", ".gitlab-ci.yml", ".pre-commit-config.yaml",
      ".pre-commit-hooks.yaml", ".swiftlint.yml", ".pushlint.yml", ".pushlint.yaml", "podfile.lock",
      "cartfile.resolved",
      "package.resolved",
    ].contains(lowercased) {
      return true
    }
    return lowercased.hasPrefix("tsconfig") && lowercased.hasSuffix(".json")
  }
}
