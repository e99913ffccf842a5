/// The syntax a file is written in.
public enum SourceFormat: String, Sendable {
  case json
  case yaml
  case plist
  case jsonLines
  /// The old-style property list text of `.strings` files.
  case strings
  /// Source code, read only for notification registrations.
  case swift
  case objectiveC = "objc"
  /// A WatchKit storyboard, read for the categories it declares.
  case storyboard
  /// An Xcode project (`project.pbxproj`): an old-style property list.
  case xcodeProject = "pbxproj"
  /// A signed provisioning profile around an XML property list.
  case provisioningProfile = "mobileprovision"
  /// Build settings an Xcode project's configurations are based on.
  case xcconfig

  /// Read only for the notification registrations in it.
  public var isSourceCode: Bool { self == .swift || self == .objectiveC || self == .storyboard }

  /// The format a file name implies; nil for names pushlint does not read.
  public static func from(fileName: String) -> SourceFormat? {
    from(fileExtension: fileExtension(fileName))
  }

  /// The format a lowercased file extension (`fileExtension(_:)`) names.
  static func from(fileExtension: String) -> SourceFormat? {
    switch fileExtension {
    case "json", "apns", "xcstrings": .json
    case "yaml", "yml": .yaml
    case "jsonl", "ndjson": .jsonLines
    case "plist", "entitlements", "stringsdict": .plist
    case "strings": .strings
    case "swift": .swift
    case "m", "mm", "h": .objectiveC
    case "storyboard": .storyboard
    case "pbxproj": .xcodeProject
    case "mobileprovision", "provisionprofile": .provisioningProfile
    case "xcconfig": .xcconfig
    default: nil
    }
  }
}

/// The lowercased extension of a path's file name ("" for none, or for a
/// name that only starts with a dot). Called per document, so it allocates
/// only when the extension has capitals.
func fileExtension(_ path: String) -> String {
  var path = path
  return path.withUTF8 { bytes -> String in
    var dot = bytes.count - 1
    while dot >= 0 && bytes[dot] != UInt8(ascii: ".") {
      if bytes[dot] == UInt8(ascii: "/") { return "" }
      dot -= 1
    }
    guard dot > 0, bytes[dot - 1] != UInt8(ascii: "/") else { return "" }
    let suffix = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
    if !suffix.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
      return String(utf8Bytes: suffix)
    }
    return String(
      decoding: suffix.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
  }
}

/// What a document is; `DocumentClassifier` tells it from the document's shape.
public enum DocumentKind: String, Sendable, CaseIterable {
  case payload
  case envelope
  case fcmMessage = "fcm-message"
  /// A body for FCM's legacy HTTP API (`/fcm/send`), which Google shut down.
  case fcmLegacyMessage = "fcm-legacy-message"
  case categories
  case extensionInfoPlist = "extension-info-plist"
  case appInfoPlist = "app-info-plist"
  case entitlements
  /// A `.strings`, `.stringsdict` or `.xcstrings` file (String Catalog).
  case localization
  /// An Xcode project: its targets, their bundle identifiers, Info.plists and entitlements.
  case xcodeProject = "xcode-project"
  /// A provisioning profile: the entitlements Apple granted a target.
  case provisioningProfile = "provisioning-profile"
  /// An `.xcconfig` file: build settings of an Xcode project's configurations.
  case buildSettings = "build-settings"
  /// Read (so reader findings count) but of no kind the rules know.
  case other
}

/// One document, read and classified: what every rule is given.
public struct Document: Sendable {
  public var path: String
  /// 0-based index inside a YAML stream or JSON Lines file.
  public var index: Int
  public var format: SourceFormat
  public var kind: DocumentKind
  public var root: Node? {
    get { parts.root.value }
    set { parts.root = Slot(newValue) }
  }
  /// The optional parts, stored as `NodeStorage.swift` stores them.
  private var parts: DocumentParts
  /// What the reader found (syntax, encoding, YAML ambiguity).
  public var readerFindings: [Finding]
  /// The push view of payloads, envelopes and FCM messages.
  public var push: PushInfo? {
    get { parts.push.value }
    set { parts.push = Slot(newValue) }
  }
  /// What the schema of `rules/schema.yaml` says about the document, for the generic rules.
  var schemaFindings: [SchemaFinding] = []
  /// The generic rules that validate the document again, when the schema
  /// found too many problems to hold (a fixture of a million wrong
  /// elements): those whose problems it found, each handing on its own as
  /// they are found. `schemaFindings` is then empty. Empty when
  /// `schemaFindings` holds them all.
  var rulesValidatingAgain: Set<RuleID> = []
  /// The placeholders, when the document is a template.
  public var template: TemplateInfo? {
    get { parts.template.value }
    set { parts.template = Slot(newValue) }
  }
  /// What the reader learned in passing, which spares a later stage a pass.
  var readerFacts = ReaderFacts()
  /// For a categories document read from source code: the registrations it
  /// was made from (initializer positions, unresolved registrations).
  public var code: CodeRegistrations? {
    get { parts.code.value }
    set { parts.code = Slot(newValue) }
  }

  public init(
    path: String, index: Int = 0, format: SourceFormat, kind: DocumentKind, root: Node?,
    readerFindings: [Finding] = []
  ) {
    self.path = path
    self.index = index
    self.format = format
    self.kind = kind
    parts = DocumentParts(root: Slot(root))
    self.readerFindings = readerFindings
  }
}

/// What a reader learns about a document in passing: an engine shortcut,
/// not part of the document's meaning.
struct ReaderFacts: Sendable {
  /// The root's compact JSON size, when the reader counted it.
  var compactSize: Int?
  /// The reader saw every object and no key repeats (false when unknown).
  var keysAreUnique = false
}
