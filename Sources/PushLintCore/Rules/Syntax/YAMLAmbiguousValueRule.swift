/// Detected by the YAML reader's scalar resolution (`Reading/YAMLScalarResolution.swift`).
enum YAMLAmbiguousValueRule: ReaderRule {
  /// What YAML readers disagree on, and how the rule words it.
  enum Problem: WordedProblem {
    case mergeKey
    case explicitTag(String)
    /// `y`, `no`, `on` and their kin: booleans in YAML 1.1.
    case yaml11Boolean(text: String, truth: Bool)
    case specialFloat(text: String)
    /// A leading zero: octal `value` in YAML 1.1 (nil: a string there).
    case leadingZero(text: String, octalValue: Int?)
    case base60(text: String)
    case timestamp(text: String)
    case yaml11Number(text: String)
    case yaml12Octal(text: String)
    case yaml12Exponent(text: String)

    var words: (message: String, help: String?) {
      switch self {
      case .mergeKey:
        (
          "merge key '<<' has no JSON equivalent; YAML 1.1 tools merge the mapping, pushlint keeps '<<' as a key",
          "write the merged keys out in full"
        )
      case .explicitTag(let tag):
        (
          "explicit tag \(tag) has no JSON equivalent; YAML readers disagree on what it makes",
          "remove the tag; quote the value if a string is meant"
        )
      case .yaml11Boolean(let text, let truth):
        (
          "\"\(text)\" is the string \"\(text)\" in YAML 1.2 but the boolean \(truth) in YAML 1.1 (PyYAML, Ruby and many CI tools)",
          "quote it (\"\(text)\") if a string is meant, or write \(truth)"
        )
      case .specialFloat(let text):
        (
          "\"\(text)\" is a YAML float with no JSON equivalent; pushlint reads it as a string",
          "quote it if a string is meant, or use a finite number"
        )
      case .leadingZero(let text, let octalValue):
        (
          "\"\(text)\" is a decimal number in YAML 1.2 but \(octalValue.map { "the number \($0) (read as octal)" } ?? "a string") in YAML 1.1",
          "quote it if a string is meant, or remove the leading zero"
        )
      case .base60(let text):
        ("\"\(text)\" is a string in YAML 1.2 but a base-60 number in YAML 1.1", "quote it (\"\(text)\")")
      case .timestamp(let text):
        ("\"\(text)\" is a string in YAML 1.2 but a timestamp in YAML 1.1", "quote it (\"\(text)\")")
      case .yaml11Number(let text):
        (
          "\"\(text)\" is a string in YAML 1.2 but a number in YAML 1.1",
          "quote it if a string is meant, or write the number in decimal without underscores"
        )
      case .yaml12Octal(let text):
        (
          "\"\(text)\" is an octal number in YAML 1.2 but a string in YAML 1.1",
          "write the number in decimal, or quote it if a string is meant"
        )
      case .yaml12Exponent(let text):
        (
          "\"\(text)\" is a number in YAML 1.2 but a string in YAML 1.1",
          "write it with a decimal point and a signed exponent (1.0e+3), or quote it if a string is meant"
        )
      }
    }
  }
}
