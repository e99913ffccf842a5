/// A finding the configuration keeps, at its level, in its file and
/// document: its words are not made yet. Only a kept finding is worded:
/// when the file is done (`Linter.finish`), or for a JSON Lines file as
/// each line is merged (`made()`), so the findings of a JSON Lines file
/// past its limit are counted and never worded.
struct KeptFinding: Sendable {
  var finding: Finding
  var severity: Severity
  var path: String
  var document: Int

  /// The finding as reports show it.
  func worded() -> Diagnostic {
    let reason = finding.reason
    return Diagnostic(
      path: path, document: document, span: finding.span, severity: severity, rule: finding.rule.rawValue,
      message: reason.message, pointer: finding.pointer, help: reason.help, fix: finding.makeFix())
  }

  /// The finding with its words and fix made now, holding nothing of its
  /// document. What a reason or a fix is made from (a node of the
  /// document, the document itself) is otherwise held as long as the
  /// finding is: for a JSON Lines file, whose kept findings wait for the
  /// end of the file, that would hold a line's values for each of them.
  func made() -> KeptFinding {
    var made = self
    let reason = finding.reason
    made.finding.reason = MadeWords(message: reason.message, help: reason.help)
    let fix = finding.makeFix()
    made.finding.makeFix = { fix }
    return made
  }

  /// `Diagnostic.reportOrder` of the worded findings, asked before they
  /// are worded: the message is made only when all else ties.
  static func reportOrder(_ lhs: KeptFinding, _ rhs: KeptFinding) -> Bool {
    if lhs.path != rhs.path { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
    let left = lhs.finding.span.start
    let right = rhs.finding.span.start
    if left.line != right.line { return left.line < right.line }
    if left.column != right.column { return left.column < right.column }
    if lhs.finding.rule != rhs.finding.rule { return lhs.finding.rule.rawValue < rhs.finding.rule.rawValue }
    if lhs.document != rhs.document { return lhs.document < rhs.document }
    if lhs.finding.pointer != rhs.finding.pointer { return lhs.finding.pointer < rhs.finding.pointer }
    return lhs.finding.reason.message < rhs.finding.reason.message
  }
}

/// Each finding at the level the configuration gives its rule.
extension Linter {
  func diagnostic(_ finding: Finding, document: Document, relativePath: String?) -> Diagnostic? {
    resolve(finding, document: document, relativePath: relativePath).kept?.worded()
  }

  /// The finding at its configured level (nil when off or below
  /// `reportsAtLeast`, when `hidden` gives its severity to count), and the
  /// overrides that matched it. `relativePath` is the file's, as
  /// `FileScope` holds it.
  func resolve(
    _ finding: Finding, document: Document, relativePath: String?
  ) -> (kept: KeptFinding?, matched: [Int], hidden: Severity?) {
    let severity: Severity
    let (configured, matched) = configuration.resolve(
      finding.rule.rawValue, relativePath: relativePath, pointer: finding.pointer)
    switch configured {
    case .off?: return (nil, matched, nil)
    // A configured level is absolute: it raises the cases a rule reports
    // lower by design as well as lowering the rest.
    case .severity(let level)?: severity = level
    case nil:
      let defaultSeverity = catalog.description(of: finding.rule.rawValue)?.severity ?? .error
      severity = finding.severity.map { min($0, defaultSeverity) } ?? defaultSeverity
    }
    guard severity >= options.reportsAtLeast else { return (nil, matched, severity) }
    return (
      KeptFinding(finding: finding, severity: severity, path: document.path, document: document.index), matched, nil
    )
  }
}

extension Linter {
  /// The run rules' findings for this project, at their configured level,
  /// less those the configuration file's own comments silence.
  func runFindings(usedOverrides: Set<Int>, linted: [String]) -> [Diagnostic] {
    guard let file = configuration.file else { return [] }
    let run = RunSubject(
      configuration: configuration, usedOverrides: usedOverrides,
      lintedPaths: linted.compactMap(configuration.relativePath))
    let document = Document(path: file, format: .yaml, kind: .other, root: nil)
    let relativePath = configuration.relativePath(Paths.absolute(file, from: configuration.directory))
    let suppressions = configuration.suppressions
    var used: Set<Int> = []
    var findings: [Finding] = []
    for finding in rules.registry.runRules.flatMap({ $0.check(run: run) }) {
      if let index = suppressions.firstIndex(silencing: finding) {
        used.insert(index)
      } else {
        findings.append(finding)
      }
    }
    let unused = suppressions.unused(besides: used)
    if !unused.isEmpty {
      findings += unusedSuppressionFindings(
        unused, context: RuleContext(targets: configuration.targets, schema: rules.schema))
    }
    return findings.compactMap { diagnostic($0, document: document, relativePath: relativePath) }
  }
}
