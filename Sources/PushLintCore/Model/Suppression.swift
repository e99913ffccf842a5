/// A comment that silences findings where they stand, in the shapes ESLint
/// and yamllint use: `# pushlint: disable-next-line RULE[,RULE] -- reason`,
/// `disable-line` (the comment's own line) and `disable-file`; with no rule
/// named, every rule. YAML takes `#`, property lists and storyboards
/// `<!-- … -->`, Swift, Objective-C and `.strings` tables `//` or `/* … */`.
public struct Suppression: Sendable, Equatable {
  public enum Scope: String, Sendable {
    case nextLine = "disable-next-line"
    case line = "disable-line"
    case file = "disable-file"
  }

  /// nil for a comment that says `pushlint:` but no directive pushlint knows.
  public var scope: Scope?
  /// The directive as written after `pushlint:`, for messages.
  public var directive: String
  /// The rules it names; empty for every rule.
  public var rules: [String]
  public var reason: String?
  /// Where the comment starts.
  public var span: SourceSpan

  /// Whether it silences a finding of `rule` on `line`.
  public func covers(rule: String, line: Int) -> Bool {
    guard let scope, rules.isEmpty || rules.contains(rule) else { return false }
    switch scope {
    case .nextLine: return line == span.start.line + 1
    case .line: return line == span.start.line
    case .file: return true
    }
  }
}

extension [Suppression] {
  /// The first comment that silences `finding`.
  func firstIndex(silencing finding: Finding) -> Int? {
    isEmpty ? nil : firstIndex { $0.covers(rule: finding.rule.rawValue, line: finding.span.start.line) }
  }

  /// The comments not among `used`, in order.
  func unused(besides used: Set<Int>) -> [Suppression] {
    indices.filter { !used.contains($0) }.map { self[$0] }
  }
}
