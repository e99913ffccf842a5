/// What a rule sees besides its document.
public struct RuleContext: Sendable {
  public var targets: [Platform: OSVersion]
  public var schema: PushSchema
  /// The app's side, for cross-file rules.
  public var project: ProjectContext

  public init(targets: [Platform: OSVersion] = [:], schema: PushSchema = .standard, project: ProjectContext = .init()) {
    self.targets = targets
    self.schema = schema
    self.project = project
  }
}

/// A check. Its name, default severity, summary, rationale and examples live
/// in its document, `rules/<name>.md`, which the binary embeds: one source for
/// the engine, `pushlint rules`, SARIF and the example test.
///
/// Rules are stateless final classes, and their check is static: the
/// linter calls it for every document through the rule's type, which is not
/// reference counted. Called through an instance, each call retained and
/// released the rule (a cache line every core wrote to); a struct's
/// existential was copied and destroyed.
public protocol Rule: AnyObject, Sendable {
  static var name: String { get }
  /// The kinds of document the rule can find something in (nil: every
  /// kind). The linter calls it for those only: a JSON Lines file is a
  /// million payloads, and most rules are about other kinds.
  static var documentKinds: Set<DocumentKind>? { get }
  init()
  static func check(_ document: Document, context: RuleContext) -> [Finding]
}

extension Rule {
  public static var documentKinds: Set<DocumentKind>? { nil }

  public func check(_ document: Document, context: RuleContext) -> [Finding] {
    Self.check(document, context: context)
  }

  public static var description: RuleDescription {
    guard let description = RuleCatalog.standard.description(of: name) else {
      fatalError("rule \(name) has no document in rules/; add rules/\(name).md")
    }
    return description
  }
}

/// Rules whose findings come from the readers: they only pass them on.
public protocol ReaderRule: Rule {}

extension ReaderRule {
  public static func check(_ document: Document, context: RuleContext) -> [Finding] {
    document.readerFindings.filter { $0.rule == name }
  }
}

/// The generic rules interpret `rules/schema.yaml`; the validator runs once
/// per document and each of them passes on its own findings.
public protocol SchemaRule: Rule {}

extension SchemaRule {
  public static func check(_ document: Document, context: RuleContext) -> [Finding] {
    document.schemaFindings.filter { $0.rule == name }
  }
}

extension Set<DocumentKind> {
  /// The kinds with a push view (`Document.push`): what a rule that starts
  /// from the push view can judge.
  public static let pushes: Set<DocumentKind> = [.payload, .envelope, .fcmMessage]
}

/// The rules pushlint runs, in a fixed order.
public struct RuleRegistry: Sendable {
  public let rules: [any Rule]
  /// The types of `rules` for each kind of document, in
  /// `DocumentKind.allCases` order.
  private let typesByKind: [[any Rule.Type]]

  public init(rules: [any Rule]) {
    self.rules = rules
    let types = rules.map { type(of: $0) }
    typesByKind = DocumentKind.allCases.map { kind in types.filter { $0.documentKinds?.contains(kind) ?? true } }
  }

  /// The types of the rules that can find something in a document of
  /// `kind`, in order.
  public func ruleTypes(for kind: DocumentKind) -> [any Rule.Type] {
    typesByKind[DocumentKind.allCases.firstIndex(of: kind)!]
  }

  public static let standard = RuleRegistry(rules: [
    SyntaxErrorRule(),
    InvalidEncodingRule(),
    DuplicateKeyRule(),
    YAMLAmbiguousValueRule(),
    RequiredKeyMissingRule(),
    UnknownKeyRule(),
    ValueTypeRule(),
    InvalidValueRule(),
    DeprecatedKeyRule(),
    UnavailableKeyRule(),
    APSMissingRule(),
    PayloadTooLargeRule(),
    PayloadNearLimitRule(),
    AlertEmptyRule(),
    LocArgsWithoutKeyRule(),
    MutableContentWithoutAlertRule(),
    LiveActivityIncompleteRule(),
    URLArgsMissingRule(),
    PushTypeMissingRule(),
    PushTypeMismatchRule(),
    TopicSuffixRule(),
    BackgroundPriorityRule(),
    FCMTargetCountRule(),
    FCMReservedDataKeyRule(),
    FCMDataOnlyPriorityRule(),
    DuplicateIdentifierRule(),
    ReservedIdentifierRule(),
    TooManyActionsRule(),
    BannerActionsTruncatedRule(),
    OptionIneffectiveRule(),
    FormatSpecifierRule(),
    CategoryUndeclaredRule(),
    ExtensionCategoryUndeclaredRule(),
    ExtensionCategoryConflictRule(),
    CriticalAlertEntitlementRule(),
    TimeSensitiveEntitlementRule(),
    BackgroundModeMissingRule(),
    ServiceExtensionMissingRule(),
    UnusedOverrideRule(),
    SoundFileMissingRule(),
    SoundFileUnsupportedRule(),
    LocKeyUndefinedRule(),
    LocArgsCountRule(),
    TemplateTooLargeRule(),
  ])

  public var names: [String] { rules.map { type(of: $0).name } }

  public func rule(named name: String) -> (any Rule)? {
    rules.first { type(of: $0).name == name }
  }
}
