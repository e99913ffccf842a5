struct SyntaxErrorRule: ReaderRule {
  static let name = RuleName.syntaxError
}

struct InvalidEncodingRule: ReaderRule {
  static let name = RuleName.invalidEncoding
}

struct YAMLAmbiguousValueRule: ReaderRule {
  static let name = RuleName.yamlAmbiguousValue
}

/// Reported by the engine after a run, when an override matched nothing; it
/// has no per-document check.
struct UnusedOverrideRule: Rule {
  static let name = "unused-override"

  func check(_ document: Document, context: RuleContext) -> [Finding] { [] }
}
