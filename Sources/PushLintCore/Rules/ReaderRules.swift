struct SyntaxErrorRule: ReaderRule {
  static let name = RuleName.syntaxError
}

struct InvalidEncodingRule: ReaderRule {
  static let name = RuleName.invalidEncoding
}

struct YAMLAmbiguousValueRule: ReaderRule {
  static let name = RuleName.yamlAmbiguousValue
}
