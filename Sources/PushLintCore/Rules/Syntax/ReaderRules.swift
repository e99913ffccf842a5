// Rules whose findings the readers make as they parse; each passes on its own.

/// Detected by the JSON, YAML, plist and strings readers (`Reading/`).
enum SyntaxErrorRule: ReaderRule {
  static let name = RuleName.syntaxError
}

/// Detected by the encoding check every reader runs first (`Reading/Encoding.swift`).
enum InvalidEncodingRule: ReaderRule {
  static let name = RuleName.invalidEncoding
}

/// Detected by the YAML reader's scalar resolution (`Reading/YAMLScalarResolution.swift`).
enum YAMLAmbiguousValueRule: ReaderRule {
  static let name = RuleName.yamlAmbiguousValue
}
