/// Classification: what kind of document a parsed file holds, from its
/// shape (and for a few kinds its name).
public enum DocumentClassifier {
  /// The top-level keys whose values telling a document's kind and its push
  /// view read: those that make a payload, an envelope, an FCM message or a
  /// categories file. A reader may leave the others (a payload's app data,
  /// which no rule reads) unbuilt until something asks for them.
  public static let keysItReads = EagerKeys { key in
    switch key {
    case "aps", "headers", "payload", "message", "categories": true
    default: false
    }
  }

  /// The kind of a parsed document, or nil when it is none of the kinds.
  /// The file name matters for `.apns` (always a payload) and `.entitlements`.
  public static func kind(of root: Node?, format: SourceFormat, path: String) -> DocumentKind? {
    kind(of: root, format: format, fileExtension: fileExtension(path), fileName: Paths.fileName(path))
  }

  /// The same, with the path's `fileExtension(_:)` worked out once for all
  /// the documents of a file (a JSON Lines file has a million). `fileName`
  /// is asked only of a property list.
  static func kind(
    of root: Node?, format: SourceFormat, fileExtension: String, fileName: @autoclosure () -> String = ""
  ) -> DocumentKind? {
    if Localizations.isFileExtension(fileExtension) {
      return root?.isObject == true ? .localization : nil
    }
    if format == .xcodeProject { return root?.isObject == true ? .xcodeProject : nil }
    if format == .provisioningProfile { return root?.isObject == true ? .provisioningProfile : nil }
    if format == .xcconfig { return root?.isObject == true ? .buildSettings : nil }
    if format == .plist {
      // .NET MAUI and Xamarin apps sign with an `Entitlements.plist`.
      if fileExtension == "entitlements" || isEntitlementsPlistName(fileName()) { return .entitlements }
      guard let root, root.isObject else { return nil }
      // Any usernotifications point, so a misspelled one is reported rather than skipped.
      if let point = root["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue,
        point.hasPrefix("com.apple.usernotifications")
      {
        return .extensionInfoPlist
      }
      if root["NSExtension"] == nil && isAppInfoPlist(root) { return .appInfoPlist }
      return nil
    }
    if fileExtension.isSameKey(as: "apns") { return .payload }
    guard let root, root.isObject else { return nil }
    if root.hasMember("aps") { return .payload }
    if isEnvelope(root) { return isWalletPassUpdate(root) || isFirebaseAdminAPNsConfig(root) ? .other : .envelope }
    if isFCMRequest(root) { return isHuaweiRequest(root) || isAnotherServicesMessage(root) ? .other : .fcmMessage }
    if isLegacyFCMRequest(root) { return isForAnotherService(root) ? .other : .fcmLegacyMessage }
    if isCategories(root) { return .categories }
    return nil
  }

  /// Whether a JSON document whose top level is `topLevel` is none of the
  /// kinds, as `kind(of:)` would find once it is built: its root is no
  /// object, or it has none of the keys a kind starts from (a payload's
  /// `aps`, an envelope's `headers` and `payload`, an FCM request's
  /// `message` or legacy target, a categories file's `categories`). For a
  /// file named neither `.apns` nor as a localization.
  static func isNoKind(_ topLevel: JSONScanner.TopLevel) -> Bool {
    guard case .object(let keys) = topLevel else { return true }
    let present = Set(keys)
    return !present.contains("aps") && !(present.contains("headers") && present.contains("payload"))
      && !present.contains("message") && !present.contains("to") && !present.contains("registration_ids")
      && !present.contains("categories")
  }

  /// Whether a JSON text is none of the kinds by its top level alone, found
  /// by a scan that builds nothing and stops at the first keys that may
  /// make a kind (a payload's `aps`, the first key of most). False for a
  /// text the scan cannot judge: the reader reads it.
  static func topLevelShowsNoKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard
      let topLevel = JSONScanner.topLevel(
        of: bytes, keeping: startsAKind, enough: { !isNoKind(.object(keys: $0)) })
    else { return false }
    return isNoKind(topLevel)
  }

  /// Whether a YAML text is none of the kinds by its top level alone: one
  /// block mapping at column 0 (after at most a `---` line) whose keys, each
  /// plain at the start of its line, include none a kind starts from, or one
  /// block sequence at column 0, which no kind is. The keys of a column-0
  /// mapping all start lines at column 0, so none is missed; other lines
  /// there are a value's sequence entries. A column-0 sequence's lines there
  /// are all its entries. A line there that is neither (a flow or scalar
  /// root, a second document, a quoted, complex, tagged or anchored key, a
  /// merge key, a key after a sequence's entries) leaves the text to the
  /// reader, and so does a key that may start a kind. It does not tell
  /// well-formed YAML from broken: the caller sets aside only a walked file
  /// that would be dropped if it did not read.
  static func yamlTopLevelShowsNoKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var sawKey = false
    // A sequence at the root: its entries begin lines at column 0.
    var sawEntry = false
    var sawDocumentStart = false
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
      start = end + 1
      guard let first = line.first, first != UInt8(ascii: "\r") else { continue }
      switch first {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        // A value's lines; before any key or entry, an indented root.
        guard sawKey || sawEntry else { return false }
      case UInt8(ascii: "#"):
        continue
      case UInt8(ascii: "-") where !sawKey && !sawEntry && !sawDocumentStart && isDocumentStart(line):
        sawDocumentStart = true
      case UInt8(ascii: "-") where line.count == 1 || [0x20, 0x09, 0x0D].contains(line[1]):
        // An entry of the sequence that is the last key's value, which may
        // stand at the key's own indentation, or of the root sequence.
        if !sawKey { sawEntry = true }
      default:
        guard !sawEntry, let key = plainYAMLKey(line), !startsAKind(key) else { return false }
        sawKey = true
      }
    }
    return sawKey || sawEntry
  }

  /// `---` alone on its line (a comment may follow).
  private static func isDocumentStart(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.starts(with: Array("---".utf8)) else { return false }
    let rest = line.dropFirst(3).drop {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
    }
    return rest.isEmpty || rest.first == UInt8(ascii: "#")
  }

  /// The key of a line `key: …` or `key:` whose key is a plain scalar
  /// starting with no YAML indicator; nil for any other line.
  private static func plainYAMLKey(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    let indicators = Array("-?:,[]{}#&*!|>'\"%@`<".utf8)
    guard let first = line.first, !indicators.contains(first) else { return nil }
    for index in line.indices where line[index] == UInt8(ascii: ":") {
      let next = index + 1 < line.count ? line[index + 1] : UInt8(ascii: " ")
      guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\r") else { continue }
      var keyEnd = index
      while keyEnd > 0 && (line[keyEnd - 1] == UInt8(ascii: " ") || line[keyEnd - 1] == UInt8(ascii: "\t")) {
        keyEnd -= 1
      }
      let key = line[0..<keyEnd]
      // A comment before the colon: no key.
      if zip(key, key.dropFirst()).contains(where: { $0 == UInt8(ascii: " ") && $1 == UInt8(ascii: "#") }) {
        return nil
      }
      return String(decoding: key, as: UTF8.self)
    }
    return nil
  }

  /// The top-level keys `isNoKind` looks at.
  static func startsAKind(_ key: String) -> Bool {
    switch key {
    case "aps", "headers", "payload", "message", "to", "registration_ids", "categories": true
    default: false
    }
  }

  /// Keys only an app's Info.plist has (launch, scenes, orientations,
  /// background modes, a watch app's), where a test bundle's or a
  /// framework's has the same bundle keys as an app's.
  static let appOnlyKeys: Set<String> = [
    "UIBackgroundModes", "LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UILaunchScreen",
    "UIMainStoryboardFile", "UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities", "NSMainStoryboardFile",
    "NSMainNibFile", "LSApplicationCategoryType", "WKApplication", "WKWatchKitApp", "WKCompanionAppBundleIdentifier",
    "ITSAppUsesNonExemptEncryption",
  ]

  /// An app's Info.plist: its package type says so (APPL), or, where the
  /// type is a build setting or missing, it has a key only apps have. A
  /// test bundle's, a framework's or an XPC service's is not (their types
  /// are BNDL, FMWK and XPC!): no app runs from it.
  static func isAppInfoPlist(_ root: Node) -> Bool {
    if root["UIBackgroundModes"] != nil { return true }
    guard root["CFBundleIdentifier"] != nil else { return false }
    switch root["CFBundlePackageType"]?.stringValue {
    case "APPL": return true
    case "BNDL", "FMWK", "XPC!": return false
    default: return (root.members ?? []).contains { appOnlyKeys.contains($0.key) }
    }
  }

  // The keys below are common words: "message", "headers" and "categories"
  // make a document pushlint's only with the shape around them, so that an
  // API response (`{"status": "ok", "message": null}`) or a shop's catalogue
  // is not judged as an FCM request or a categories file.

  /// `headers` and `payload`, where the payload has `aps` or a header is an
  /// APNs one.
  static func isEnvelope(_ root: Node) -> Bool {
    guard let headers = root["headers"], let payload = root["payload"] else { return false }
    return payload.hasMember("aps")
      || (headers.members ?? []).contains { $0.key.lowercased().hasPrefix("apns-") }
  }

  /// The fields of an FCM HTTP v1 `message`, one of which any request has.
  static let fcmMessageFields: Set<String> = [
    "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token", "topic", "condition",
  ]

  /// The fields that say where an FCM message goes.
  static let fcmTargets: Set<String> = ["token", "fid", "topic", "condition"]

  /// The fields of an FCM message's platform blocks.
  /// https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages
  static let fcmPlatformBlockFields: [String: Set<String>] = [
    "apns": ["headers", "payload", "fcm_options", "live_activity_token"],
    "android": [
      "collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification", "fcm_options",
      "direct_boot_ok", "bandwidth_constrained_ok", "restricted_satellite_ok",
    ],
    "webpush": ["headers", "data", "notification", "fcm_options"],
  ]

  /// `message` an object with one of the fields of an FCM message.
  static func isFCMRequest(_ root: Node) -> Bool {
    guard let members = root["message"]?.members else { return false }
    return members.contains { fcmMessageFields.contains($0.key) }
  }

  /// Another service's message in FCM's shape: each field of an FCM
  /// message it has is a platform block holding keys, none of them FCM's
  /// for that block (AeroGear UnifiedPush's `message.apns` holds
  /// `action-category` and `content-available`), or a `name` that is no
  /// FCM message's (`projects/…/messages/…`, which FCM gives a message it
  /// has sent; an in-app message service's `message` has a `name` of its own).
  /// So is a `message` without FCM's targets whose keys are mostly not
  /// FCM's (Courier's `to`, `content` and `routing` beside a `data`).
  static func isAnotherServicesMessage(_ root: Node) -> Bool {
    guard let members = root["message"]?.members else { return false }
    let fcmFields = members.count { fcmMessageFields.contains($0.key) }
    if !members.contains(where: { fcmTargets.contains($0.key) }), members.count - fcmFields > fcmFields {
      return true
    }
    return !members.contains { member in
      guard fcmMessageFields.contains(member.key) else { return false }
      if member.key == "name" { return member.value.stringValue?.hasPrefix("projects/") == true }
      guard let fields = fcmPlatformBlockFields[member.key], let block = member.value.members, !block.isEmpty
      else { return true }
      return block.contains { fields.contains($0.key) }
    }
  }

  /// A body for FCM's legacy HTTP API: a target at the top level (`to`, a
  /// token or `/topics/…`, or `registration_ids`) beside a field only that
  /// API has. A target alone is not enough: `to` is a common word.
  static func isLegacyFCMRequest(_ root: Node) -> Bool {
    let target = root["to"]?.stringValue != nil || root["registration_ids"]?.elements != nil
    guard target else { return false }
    if root["notification"]?.isObject == true || root["data"]?.isObject == true { return true }
    if let priority = root["priority"]?.stringValue, priority == "high" || priority == "normal" { return true }
    return ["content_available", "mutable_content", "time_to_live", "collapse_key", "dry_run"].contains {
      root.hasMember($0)
    }
  }

  /// The entitlements file of a .NET MAUI or Xamarin iOS project, which
  /// its build signs the app with (`CodesignEntitlements`).
  static func isEntitlementsPlistName(_ name: String) -> Bool {
    name.utf8.count == 18 && name.lowercased() == "entitlements.plist"
  }

  /// An envelope whose `apns-topic` is a pass type identifier (`pass.…`): a
  /// Wallet pass update. Wallet ignores the payload (`{}` or `{"aps": ""}`
  /// are usual) and fetches the pass from the pass's web service, so none
  /// of the rules of an app's push applies.
  /// [Wallet] https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/PassKit_PG/Updating.html
  static func isWalletPassUpdate(_ root: Node) -> Bool {
    guard let headers = root["headers"]?.members else { return false }
    return headers.contains { member in
      member.key.lowercased() == "apns-topic" && member.value.stringValue?.lowercased().hasPrefix("pass.") == true
    }
  }

  /// The `apns` object of a message for Firebase's Admin SDKs
  /// (`ApnsConfig`): `headers` and `payload` as an envelope has them, but
  /// `aps` in the SDK's own names and types (`"contentAvailable": true`,
  /// `"mutableContent": true`, the alert's `locKey`, `titleLocKey`, …),
  /// which the SDK renames to APNs' before it sends. A JSON file of one is
  /// a fixture of code that calls the SDK, not what APNs receives.
  /// https://firebase.google.com/docs/reference/admin/node/firebase-admin.messaging.aps
  static func isFirebaseAdminAPNsConfig(_ root: Node) -> Bool {
    guard let aps = root["payload"]?["aps"], aps.isObject else { return false }
    let alert = aps["alert"]
    let sdkNames =
      ["contentAvailable", "mutableContent"].contains { aps[$0]?.boolValue != nil }
      || firebaseAdminAlertNames.contains { alert?.hasMember($0) == true }
    guard sdkNames else { return false }
    // The same key in APNs' name beside them is a payload with a mistake;
    // other keys of APNs' (`thread-id`) the SDK passes on as they are.
    return !["content-available", "mutable-content"].contains { aps.hasMember($0) }
      && !["loc-key", "title-loc-key", "subtitle-loc-key", "loc-args"].contains { alert?.hasMember($0) == true }
  }

  static let firebaseAdminAlertNames = [
    "locKey", "locArgs", "titleLocKey", "titleLocArgs", "subtitleLocKey", "subtitleLocArgs", "actionLocKey",
    "launchImage",
  ]

  /// A Huawei Push Kit request, whose shape follows FCM's HTTP v1 but whose
  /// `message.token` is a list and whose platform blocks hold `hms_options`:
  /// sent to Huawei, never to FCM, so FCM's rules do not apply.
  static func isHuaweiRequest(_ root: Node) -> Bool {
    guard let message = root["message"] else { return false }
    if message["token"]?.elements != nil { return true }
    return ["apns", "android", "webpush"].contains { message[$0]?.hasMember("hms_options") == true }
  }

  /// A request in the shape of FCM's legacy API whose target is no FCM
  /// registration token, so another service delivers it: Expo's push
  /// service (`to` an `ExponentPushToken[…]`), or a service that copies
  /// the shape and addresses devices by a hexadecimal token (Pushy's, or
  /// an APNs device token), or one addressed to an e-mail address or a
  /// phone number. An FCM token is over a hundred characters of letters,
  /// digits, `:`, `-` and `_`.
  static func isForAnotherService(_ root: Node) -> Bool {
    guard let target = root["to"]?.stringValue else { return false }
    if target.hasPrefix("ExponentPushToken[") || target.hasPrefix("ExpoPushToken[") { return true }
    if isEmailAddress(target) || isPhoneNumber(target) { return true }
    return target.utf8.count >= 16
      && target.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
  }

  /// `name@host.domain`, with no spaces.
  static func isEmailAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
  }

  /// An E.164 phone number: `+` and 7 to 15 digits.
  static func isPhoneNumber(_ text: String) -> Bool {
    let digits = text.utf8.dropFirst()
    return text.hasPrefix("+") && (7...15).contains(digits.count) && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// `categories` a list of which some entry has an `identifier` or
  /// `actions`.
  static func isCategories(_ root: Node) -> Bool {
    root["categories"]?.containsElement { $0.hasMember("identifier") || $0.hasMember("actions") } ?? false
  }

  /// The kind of a file named explicitly: nothing matching, a JSON or YAML
  /// file is judged as a payload, so a file without `aps` gets `aps-missing`.
  public static func explicitKind(of root: Node?, format: SourceFormat, path: String) -> DocumentKind {
    explicitKind(of: root, format: format, path: path, fileExtension: fileExtension(path))
  }

  /// The same, with the path's `fileExtension(_:)` worked out already.
  static func explicitKind(of root: Node?, format: SourceFormat, path: String, fileExtension: String) -> DocumentKind {
    if let kind = kind(of: root, format: format, fileExtension: fileExtension, fileName: Paths.fileName(path)) {
      return kind
    }
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
