/// What the schema validator found in one place: the facts of a problem,
/// which the schema rule the problem belongs to words.
struct SchemaFinding: Sendable {
  var problem: SchemaProblem
  var span: SourceSpan
  var pointer: String
  /// Lower than the rule's severity, where the schema says so.
  var severity: Severity?
}

/// A problem the schema finds, by the rule it belongs to. An unknown key's
/// facts (four strings and three spans) are boxed: held inline they would
/// make every schema finding three times its size.
enum SchemaProblem: Sendable {
  case requiredKeyMissing(RequiredKeyMissingRule.Problem)
  indirect case unknownKey(UnknownKeyRule.Problem)
  case valueType(ValueTypeRule.Problem)
  case invalidValue(InvalidValueRule.Problem)
  case deprecatedKey(DeprecatedKeyRule.Problem)
  case unavailableKey(UnavailableKeyRule.Problem)

  /// The rule the problem belongs to.
  var rule: RuleID {
    switch self {
    case .requiredKeyMissing: .requiredKeyMissing
    case .unknownKey: .unknownKey
    case .valueType: .valueType
    case .invalidValue: .invalidValue
    case .deprecatedKey: .deprecatedKey
    case .unavailableKey: .unavailableKey
    }
  }
}

/// A value as a finding names it: its type, and what it holds when that is
/// short.
enum FoundValue: Sendable {
  case null
  case bool(Bool)
  case number(literal: String)
  case string(String)
  case array
  case object
  case placeholder(String)

  /// A container is named by its type alone, so a large one is not built.
  init(_ node: Node) {
    if node.isContainer {
      self = node.isObject ? .object : .array
      return
    }
    switch node.value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let number): self = .number(literal: number.literal)
    case .string(let text): self = .string(text)
    case .array: self = .array
    case .object: self = .object
    case .placeholder(let text): self = .placeholder(text)
    }
  }
}

/// The types a key allows and, for a number, the values it may take.
struct ExpectedType: Sendable {
  var types: [JSONType]
  var values: [SchemaValue]?
}
