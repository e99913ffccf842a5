/// The rules pushlint runs, in a fixed order: a list of rule types.
public struct RuleRegistry: Sendable {
  public let rules: [any Rule.Type]
  /// `rules` for each kind of document, in `DocumentKind.allCases` order.
  private let rulesByKind: [[any Rule.Type]]

  /// The rules that judge a whole file, and those that judge a whole run.
  let fileRules: [any Rule.Type]
  let runRules: [any Rule.Type]

  public init(rules: [any Rule.Type]) {
    self.rules = rules
    fileRules = rules.filter { $0.judgesFiles }
    runRules = rules.filter { $0.judgesRuns }
    rulesByKind = DocumentKind.allCases.map { kind in rules.filter { $0.documentKinds?.contains(kind) ?? true } }
  }

  /// The rules that can find something in a document of `kind`, in order.
  public func ruleTypes(for kind: DocumentKind) -> [any Rule.Type] {
    rulesByKind[DocumentKind.allCases.firstIndex(of: kind)!]
  }

  /// Every rule, one for each document in `rules/`, in name order. (The
  /// order rules run in changes nothing users see: output is sorted. It is
  /// not the catalog's listing order, which would cost every start a read
  /// of the rule documents.)
  public static let standard = RuleRegistry(rules: RuleID.allCases.map(\.ruleType))

  /// The names in the catalog's listing order: by group, then name.
  public func listingOrder(_ catalog: RuleCatalog) -> [String] {
    let ours = Set(names)
    return catalog.orderedNames.filter(ours.contains)
  }

  public var names: [String] { rules.map { $0.name } }

  public func rule(named name: String) -> (any Rule.Type)? {
    rules.first { $0.name == name }
  }
}
