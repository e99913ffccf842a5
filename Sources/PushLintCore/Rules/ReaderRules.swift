final class SyntaxErrorRule: ReaderRule {
  static let name = RuleName.syntaxError
}

final class InvalidEncodingRule: ReaderRule {
  static let name = RuleName.invalidEncoding
}

final class YAMLAmbiguousValueRule: ReaderRule {
  static let name = RuleName.yamlAmbiguousValue
}

/// Reported by the engine after a run, when an override matched nothing; it
/// has no per-document check.
final class UnusedOverrideRule: Rule {
  static let name = "unused-override"
  static let documentKinds: Set<DocumentKind>? = []

  static func check(_ document: Document, context: RuleContext) -> [Finding] { [] }
}
