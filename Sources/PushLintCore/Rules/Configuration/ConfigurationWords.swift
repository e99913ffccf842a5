/// A mistake in the configuration (`.pushlint.yml`, or a setting on the
/// command line): the facts, which `words` turns into the error people read.
public enum ConfigurationProblem: Sendable {
  case cannotRead(reason: String)
  /// The file is no YAML: the YAML reader's syntax error or encoding problem.
  case notYAML(any FindingReason)
  case severalDocuments
  case notAMapping
  /// `key`'s value has the wrong shape; `predicate` (from
  /// `rules/configuration.yaml`) completes "… must".
  case wrongShape(key: String, predicate: String)
  /// `key` is none of `known`, the keys of `place`.
  case unknownKey(key: String, known: [String], place: KeyPlace)
  case badVersion(platform: Platform)
  case notOneOf(key: String, text: String, values: [String])
  case overrideNotAMapping
  case headersEntryNotAMapping
  /// An entry of `place` lacks `key`, which it needs.
  case needs(place: KeyPlace, key: String)
  case headerNotAString(name: String)
  case invalidPattern(description: String)
  case patternMatchesEmpty
  case limitNotACount(placeholder: PlaceholderName)
  case limitShape(placeholder: PlaceholderName)
  /// `key` lists `unknown`, which matches no rule.
  case unmatchedRulePattern(key: String, unknown: String, ruleNames: [String])
  case unknownRule(name: String, ruleNames: [String])
  case badLevel(rule: String, text: String)
  // The command line's settings.
  case ruleOptionShape(setting: String)
  case unknownRuleOption(name: String, ruleNames: [String])
  case badLevelOption(rule: String, text: String)
  case targetOptionShape(setting: String)
  case unmatchedRuleOption(unknown: String, ruleNames: [String])

  /// Where in the configuration a key sits, for the words of an unknown one.
  public enum KeyPlace: Sendable {
    case topLevel
    case targets
    case override
    case perFileIgnores
    case headers
    case templates
    case placeholderLimit(PlaceholderName)
  }

  /// A placeholder limit: the default, or one placeholder's.
  public enum PlaceholderName: Sendable {
    case `default`
    case named(String)
  }

  public var message: String {
    switch self {
    case .cannotRead(let reason): "cannot read: \(reason)"
    case .notYAML(let reason): reason.message
    case .severalDocuments: "the configuration must be a single YAML document"
    case .notAMapping: "the configuration must be a mapping of keys"
    case .wrongShape(let key, let predicate): "\"\(key)\" must \(predicate)"
    case .unknownKey(let key, let known, let place): Self.unknownKey(key, known: known, place: place)
    case .badVersion(let platform): "the \(platform.rawValue) target must be a version such as \"15.0\""
    case .notOneOf(let key, let text, let values):
      "\"\(key)\" must be one of \(values.joined(separator: ", "))\(Self.didYouMean(text, values))"
    case .overrideNotAMapping: "each override is a mapping with \"files\" and \"rules\""
    case .headersEntryNotAMapping: "each headers entry is a mapping with \"files\" and apns-* headers"
    case .needs(.perFileIgnores, let key): "a per-file-ignores entry needs \"\(key)\""
    case .needs(.headers, let key): "a headers entry needs \"\(key)\""
    case .needs(_, let key): "an override needs \"\(key)\""
    case .headerNotAString(let name): "the \(name) header must be a string"
    case .invalidPattern(let description): "\"pattern\" is not a regular expression: \(description)"
    case .patternMatchesEmpty: "\"pattern\" matches the empty string, so it would match everywhere"
    case .limitNotACount(let placeholder):
      "the maximum of \(Self.described(placeholder)) must be a whole number, 0 or more"
    case .limitShape(let placeholder):
      "\(Self.described(placeholder)) must be {max-characters: N} or {max-bytes: N} (one of the two)"
    case .unmatchedRulePattern(let key, let unknown, let ruleNames):
      "\"\(key)\" names \"\(unknown)\", which matches no rule\(Self.didYouMean(unknown, ruleNames)); `pushlint rules` lists them"
    case .unknownRule(let name, let ruleNames):
      "unknown rule \"\(name)\"\(Self.didYouMean(name, ruleNames)); `pushlint rules` lists them"
    case .badLevel(let rule, let text):
      "the level of \(rule) must be off, info, warning or error\(Self.didYouMean(text, RuleSetting.names))"
    case .ruleOptionShape(let setting): "expected NAME=SEVERITY, got '\(setting)'"
    case .unknownRuleOption(let name, let ruleNames): "unknown rule \"\(name)\"\(Self.didYouMean(name, ruleNames))"
    case .badLevelOption(let rule, let text):
      "the level of \(rule) must be off, note (or info), warning or error, not '\(text)'"
    case .targetOptionShape(let setting):
      "expected PLATFORM=VERSION such as ios=15.0 (platforms: \(Platform.allCases.map(\.rawValue).joined(separator: ", "))), got '\(setting)'"
    case .unmatchedRuleOption(let unknown, let ruleNames):
      "\"\(unknown)\" matches no rule\(Self.didYouMean(unknown, ruleNames)); `pushlint rules` lists them"
    }
  }

  static func unknownKey(_ key: String, known: [String], place: KeyPlace) -> String {
    let suggestion = didYouMean(key, known)
    return switch place {
    case .topLevel: "unknown key \"\(key)\"\(suggestion); known keys are \(known.joined(separator: ", "))"
    case .targets:
      "unknown platform \"\(key)\" in targets\(suggestion); platforms are \(known.joined(separator: ", "))"
    case .override: "unknown key \"\(key)\" in an override\(suggestion)"
    case .perFileIgnores: "unknown key \"\(key)\" in per-file-ignores\(suggestion)"
    case .headers: "unknown header \"\(key)\"\(suggestion)"
    case .templates: "unknown key \"\(key)\" in templates\(suggestion); known keys are \(known.joined(separator: ", "))"
    case .placeholderLimit(let placeholder):
      "unknown key \"\(key)\" for \(described(placeholder))\(suggestion); use \(known.joined(separator: " or "))"
    }
  }

  static func described(_ placeholder: PlaceholderName) -> String {
    switch placeholder {
    case .default: "default"
    case .named(let name): "placeholder \"\(name)\""
    }
  }

  /// "; did you mean \"rules\"?" when a candidate is near `word`.
  static func didYouMean(_ word: String, _ candidates: [String]) -> String {
    Suggestion.nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
  }
}
