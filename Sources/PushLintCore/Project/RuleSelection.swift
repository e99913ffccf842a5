/// Which rules run, as ruff chooses them: `select` (every rule when not
/// given), plus `extend-select`, less `ignore`. A pattern is a rule's name
/// or a family with `*` (`fcm-*`, `*-entitlement`). A rule left out is off,
/// whatever level `rules:` gives it.
public struct RuleSelection: Sendable, Equatable {
  public var select: [String]?
  public var extendSelect: [String] = []
  public var ignore: [String] = []

  public init(select: [String]? = nil, extendSelect: [String] = [], ignore: [String] = []) {
    self.select = select
    self.extendSelect = extendSelect
    self.ignore = ignore
  }

  /// Every rule runs: nothing selected, nothing ignored.
  public var isEverything: Bool { select == nil && ignore.isEmpty }

  /// The rules of `names` left out.
  public func disabled(among names: [String]) -> Set<String> {
    guard !isEverything else { return [] }
    return Set(
      names.filter { name in
        let selected =
          (select.map { patterns in patterns.contains { Self.matches($0, name) } } ?? true)
          || extendSelect.contains { Self.matches($0, name) }
        return !selected || ignore.contains { Self.matches($0, name) }
      })
  }

  /// Patterns as the command line gives them (`--select a,b --select c`),
  /// each checked against `names`.
  public static func patterns(
    _ values: [String], option: String, among names: [String]
  ) throws(ConfigurationError) -> [String] {
    let patterns = values.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: " ") }
    if let unknown = unmatched(patterns, among: names).first {
      throw ConfigurationError(file: option, position: nil, .unmatchedRuleOption(unknown: unknown, ruleNames: names))
    }
    return patterns
  }

  /// The patterns of `patterns` that name no rule of `names`.
  public static func unmatched(_ patterns: [String], among names: [String]) -> [String] {
    patterns.filter { pattern in !names.contains { matches(pattern, $0) } }
  }

  /// Whether `name` fits `pattern`, where `*` stands for any run of characters.
  public static func matches(_ pattern: String, _ name: String) -> Bool {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return pattern == name }
    var rest = Substring(name)
    guard rest.hasPrefix(parts[0]) else { return false }
    rest = rest.dropFirst(parts[0].count)
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let found = rest.firstRange(of: part) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.hasSuffix(parts[parts.count - 1])
  }
}

/// What the command line sets, which wins over every configuration file a
/// run reads (the root's and the nested ones).
public struct ConfigurationOverlay: Sendable {
  public var rules: [String: RuleSetting] = [:]
  public var targets: [Platform: OSVersion] = [:]
  public var failOn: FailOn?
  /// `--select` replaces the configuration's; `--extend-select` and
  /// `--ignore` add to it.
  public var select: [String]?
  public var extendSelect: [String] = []
  public var ignore: [String] = []
  /// `--exclude` replaces the configuration's; `--extend-exclude` adds to it.
  public var exclude: [Glob]?
  public var extendExclude: [Glob] = []

  public init() {}

  public func apply(to configuration: inout Configuration) {
    configuration.rules.merge(rules) { $1 }
    configuration.targets.merge(targets) { $1 }
    if let failOn { configuration.failOn = failOn }
    if select != nil || !extendSelect.isEmpty || !ignore.isEmpty {
      var selection = configuration.selection
      if let select { selection.select = select }
      selection.extendSelect += extendSelect
      selection.ignore += ignore
      configuration.selection = selection
    }
    if let exclude { configuration.exclude = exclude }
    configuration.exclude += extendExclude
  }
}
