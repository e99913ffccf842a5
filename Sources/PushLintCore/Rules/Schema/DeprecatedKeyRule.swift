/// A key the schema marks deprecated.
enum DeprecatedKeyRule: SchemaRule {
  enum Problem: FindingReason {
    /// The key `name` is deprecated for `reason`; its value is at `value`.
    case key(name: String, reason: String, value: SourceSpan)
    /// The value `text` of `key` is deprecated for `reason`.
    case value(text: String, key: String, reason: String)

    var message: String {
      switch self {
      case .key(let name, let reason, _): "\"\(name)\" is deprecated: \(reason)"
      case .value(let text, let key, let reason): "\"\(text)\" in \"\(key)\" is deprecated: \(reason)"
      }
    }

    var help: String? { "remove it" }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .deprecatedKey(let problem) = problem { problem } else { nil }
  }
}

extension DeprecatedKeyRule.Problem: FixableProblem {
  /// The key taken out: unsafe, since older systems may still read it.
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix? {
    guard case .key(let name, _, let value) = self else { return nil }
    return Fix(
      title: "remove \"\(name)\"", applicability: .unsafe, changes: [.removeMember(key: span, value: value)],
      format: format)
  }
}
