/// The stable product names of the rules (`rules/*.md`), for code that refers to
/// a rule it does not implement.
public enum RuleName {
  public static let syntaxError = "syntax-error"
  public static let invalidEncoding = "invalid-encoding"
  public static let duplicateKey = "duplicate-key"
  public static let yamlAmbiguousValue = "yaml-ambiguous-value"
  public static let apsMissing = "aps-missing"
}
