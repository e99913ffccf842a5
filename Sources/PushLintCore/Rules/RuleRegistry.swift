/// The rules pushlint runs, in a fixed order: a list of rule types.
public struct RuleRegistry: Sendable {
  public let rules: [any Rule.Type]
  /// `rules` for each kind of document, in `DocumentKind.allCases` order.
  private let rulesByKind: [[any Rule.Type]]

  public init(rules: [any Rule.Type]) {
    self.rules = rules
    rulesByKind = DocumentKind.allCases.map { kind in rules.filter { $0.documentKinds?.contains(kind) ?? true } }
  }

  /// The rules that can find something in a document of `kind`, in order.
  public func ruleTypes(for kind: DocumentKind) -> [any Rule.Type] {
    rulesByKind[DocumentKind.allCases.firstIndex(of: kind)!]
  }

  public static let standard = RuleRegistry(rules: [
    SyntaxErrorRule.self,
    InvalidEncodingRule.self,
    DuplicateKeyRule.self,
    YAMLAmbiguousValueRule.self,
    RequiredKeyMissingRule.self,
    UnknownKeyRule.self,
    ValueTypeRule.self,
    InvalidValueRule.self,
    DeprecatedKeyRule.self,
    UnavailableKeyRule.self,
    APSMissingRule.self,
    PayloadTooLargeRule.self,
    PayloadNearLimitRule.self,
    AlertEmptyRule.self,
    LocArgsWithoutKeyRule.self,
    MutableContentWithoutAlertRule.self,
    LiveActivityIncompleteRule.self,
    URLArgsMissingRule.self,
    PushTypeMissingRule.self,
    PushTypeMismatchRule.self,
    TopicSuffixRule.self,
    TopicBundleMismatchRule.self,
    BackgroundPriorityRule.self,
    FCMTargetCountRule.self,
    FCMReservedDataKeyRule.self,
    FCMDataOnlyPriorityRule.self,
    DuplicateIdentifierRule.self,
    ReservedIdentifierRule.self,
    TooManyActionsRule.self,
    BannerActionsTruncatedRule.self,
    OptionIneffectiveRule.self,
    FormatSpecifierRule.self,
    CategoryUndeclaredRule.self,
    ExtensionCategoryUndeclaredRule.self,
    ExtensionCategoryConflictRule.self,
    CriticalAlertEntitlementRule.self,
    TimeSensitiveEntitlementRule.self,
    BackgroundModeMissingRule.self,
    ServiceExtensionMissingRule.self,
    UnusedOverrideRule.self,
    SoundFileMissingRule.self,
    SoundFileUnsupportedRule.self,
    LocKeyUndefinedRule.self,
    LocArgsCountRule.self,
    TemplateTooLargeRule.self,
  ])

  public var names: [String] { rules.map { $0.name } }

  public func rule(named name: String) -> (any Rule.Type)? {
    rules.first { $0.name == name }
  }
}
