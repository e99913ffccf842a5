public enum Severity: String, Sendable, CaseIterable, Comparable, Codable {
  case info
  case warning
  case error

  /// A severity as people write it: `note`, the word the text output shows,
  /// is `info`.
  public init?(name: String) {
    self.init(rawValue: name == "note" ? "info" : name)
  }

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

  /// The word the gcc convention uses: info is a `note`.
  public var gccWord: String {
    switch self {
    case .info: "note"
    case .warning: "warning"
    case .error: "error"
    }
  }
}

/// One finding, positioned in its file and document.
public struct Diagnostic: Sendable, Hashable {
  public var path: String
  /// 0-based index of the document inside a YAML stream or JSON Lines file.
  public var document: Int
  public var span: SourceSpan
  public var severity: Severity
  public var rule: String
  public var message: String
  public var pointer: String
  /// How to fix it (a did-you-mean, the allowed values), when known.
  public var help: String?
  /// The change that removes the finding, when the rule knows one.
  public var fix: Fix?

  public init(
    path: String, document: Int = 0, span: SourceSpan, severity: Severity, rule: String,
    message: String, pointer: String = "", help: String? = nil, fix: Fix? = nil
  ) {
    self.path = path
    self.document = document
    self.span = span
    self.severity = severity
    self.rule = rule
    self.message = message
    self.pointer = pointer
    self.help = help
    self.fix = fix
  }

  /// The order every report uses: path, line, column, rule, then the rest so
  /// that equal keys still sort the same way every run.
  public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    if lhs.path != rhs.path { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
    if lhs.span.start.line != rhs.span.start.line { return lhs.span.start.line < rhs.span.start.line }
    if lhs.span.start.column != rhs.span.start.column {
      return lhs.span.start.column < rhs.span.start.column
    }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    if lhs.document != rhs.document { return lhs.document < rhs.document }
    if lhs.pointer != rhs.pointer { return lhs.pointer < rhs.pointer }
    return lhs.message < rhs.message
  }
}

/// A number of findings of each severity.
public struct SeverityCounts: Sendable, Equatable {
  public var errors = 0
  public var warnings = 0
  public var infos = 0

  public init() {}

  public subscript(severity: Severity) -> Int {
    get {
      switch severity {
      case .error: errors
      case .warning: warnings
      case .info: infos
      }
    }
    set {
      switch severity {
      case .error: errors = newValue
      case .warning: warnings = newValue
      case .info: infos = newValue
      }
    }
  }

  public var total: Int { errors + warnings + infos }

  public static func += (lhs: inout SeverityCounts, rhs: SeverityCounts) {
    lhs.errors += rhs.errors
    lhs.warnings += rhs.warnings
    lhs.infos += rhs.infos
  }
}

/// What a reader or rule found, before the engine attaches path, document and
/// the configured severity. Its words are not part of it: they are made from
/// its `reason` when the engine keeps the finding, so a finding that is only
/// counted (past a file's limit of kept findings) costs no text.
public struct Finding: Sendable {
  public var rule: RuleID
  public var span: SourceSpan
  public var pointer: String
  /// A lower severity than the rule's for this finding (an entitlement rule
  /// with no entitlements file in scope reports as info).
  public var severity: Severity?
  /// The facts the message and help are made from.
  public var reason: any FindingReason
  /// Makes the fix, when the rule knows one: like the words, only for a
  /// finding that is kept.
  public var makeFix: @Sendable () -> Fix?

  public init(
    rule: RuleID, span: SourceSpan, reason: any FindingReason, pointer: String = "", severity: Severity? = nil,
    fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) {
    self.rule = rule
    self.span = span
    self.reason = reason
    self.pointer = pointer
    self.severity = severity
    self.makeFix = fix
  }

  /// A finding whose words are given as they are to be shown, made when
  /// the finding is kept.
  public init(
    rule: RuleID, span: SourceSpan, message: @escaping @autoclosure @Sendable () -> String, pointer: String = "",
    help: @escaping @autoclosure @Sendable () -> String? = nil, severity: Severity? = nil,
    fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) {
    self.init(
      rule: rule, span: span, reason: Words(message: message, help: help), pointer: pointer, severity: severity,
      fix: fix())
  }

  public var message: String { reason.message }
  public var help: String? { reason.help }
}

/// Why a finding was made: the typed facts of one case of a rule, and the
/// words the rule makes of them. Readers and the schema validator state
/// the facts; the rule's file in `Rules/` words them.
public protocol FindingReason: Sendable {
  var message: String { get }
  var help: String? { get }
}

/// A reason whose words are made already: it holds nothing the words were
/// made from.
struct MadeWords: FindingReason {
  let message: String
  let help: String?
}

/// A reason given by the words themselves, made on demand.
struct Words: FindingReason {
  let makeMessage: @Sendable () -> String
  let makeHelp: @Sendable () -> String?

  init(message: @escaping @Sendable () -> String, help: @escaping @Sendable () -> String?) {
    makeMessage = message
    makeHelp = help
  }

  var message: String { makeMessage() }
  var help: String? { makeHelp() }
}
