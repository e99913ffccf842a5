/// The groups rules are listed in (`pushlint rules`, SARIF, the README's
/// rule tables), in this order: a rule document names its group in its
/// front matter, and the rule's file sits in the folder of `Rules/` named
/// by `folder`.
public enum RuleGroup: String, CaseIterable, Sendable, Comparable {
  case syntax, schema, payload, headers, fcm, categories, app, sounds, localization, templates, configuration

  /// The heading of the group's table in the README.
  public var title: String {
    switch self {
    case .syntax: "Reading"
    case .schema: "Schema"
    case .payload: "Payloads"
    case .headers: "Headers"
    case .fcm: "FCM"
    case .categories: "Categories"
    case .app: "The app side (cross-file)"
    case .sounds: "Sounds"
    case .localization: "Localization"
    case .templates: "Templates"
    case .configuration: "Configuration"
    }
  }

  /// The folder of `Sources/PushLintCore/Rules` that holds the group's rules.
  public var folder: String {
    switch self {
    case .fcm: "FCM"
    default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }

  public static func < (lhs: RuleGroup, rhs: RuleGroup) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
