/// A key the schema marks deprecated.
enum DeprecatedKeyRule: SchemaRule {
  enum Problem: FindingReason {
    /// The key `name` is deprecated for `reason`.
    case key(name: String, reason: String)
    /// The value `text` of `key` is deprecated for `reason`.
    case value(text: String, key: String, reason: String)

    var message: String {
      switch self {
      case .key(let name, let reason): "\"\(name)\" is deprecated: \(reason)"
      case .value(let text, let key, let reason): "\"\(text)\" in \"\(key)\" is deprecated: \(reason)"
      }
    }

    var help: String? { "remove it" }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .deprecatedKey(let problem) = problem { problem } else { nil }
  }
}

extension DeprecatedKeyRule.Problem: FixableProblem {}
