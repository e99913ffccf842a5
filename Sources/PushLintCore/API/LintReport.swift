/// What one run produced.
public struct LintReport: Sendable {
  public var diagnostics: [Diagnostic]
  /// Files linted (read and of a kind pushlint lints, or named explicitly).
  public var files: Int
  public var documents: Int
  /// Paths that could not be linted at all.
  public var fileErrors: [FileError]
  /// Findings past a file's limit (`Linter.maxDiagnosticsPerFile`), by
  /// severity: not shown, but counted and judged by the exit status.
  public var unshown = SeverityCounts()
  /// Findings below the reported severity (`--quiet`), by severity: not
  /// shown, but counted in the summary and judged by the exit status, so
  /// that hiding output never hides a failure.
  public var hidden = SeverityCounts()
  /// The fixes of the hidden findings.
  public var hiddenFixes = FixCounts()
  /// Files that hold nothing but white space: skipped, and counted here.
  public var emptyFiles = 0
  /// Findings `--fix` fixed before this report was made.
  public var fixed = 0
  /// Fixes `--fix` left out: they would have broken their file.
  public var fixesWithheld = 0
  /// Whether some project's findings reach that project's `fail-on` (each
  /// `.pushlint.yml` sets its own): the run then exits 1.
  public var failed = false

  public init(diagnostics: [Diagnostic], files: Int, documents: Int, fileErrors: [FileError]) {
    self.diagnostics = diagnostics
    self.files = files
    self.documents = documents
    self.fileErrors = fileErrors
  }

  /// Adds another project's report to this one (the caller sorts).
  public mutating func add(_ other: LintReport) {
    diagnostics += other.diagnostics
    files += other.files
    documents += other.documents
    fileErrors += other.fileErrors
    unshown += other.unshown
    hidden += other.hidden
    hiddenFixes += other.hiddenFixes
    emptyFiles += other.emptyFiles
    fixed += other.fixed
    fixesWithheld += other.fixesWithheld
    failed = failed || other.failed
  }

  /// Findings of `severity`, shown or not.
  public func count(_ severity: Severity) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } + unshown[severity] + hidden[severity]
  }

  /// Whether any finding, shown or not, has a severity that `matches`.
  public func hasFinding(where matches: (Severity) -> Bool) -> Bool {
    diagnostics.contains { matches($0.severity) }
      || Severity.allCases.contains { (unshown[$0] > 0 || hidden[$0] > 0) && matches($0) }
  }

  /// Shows only the findings of `severity` and above (`--quiet`); the others
  /// are still counted, as `hidden`.
  public mutating func keep(atLeast severity: Severity) {
    for diagnostic in diagnostics where diagnostic.severity < severity {
      hidden[diagnostic.severity] += 1
      hiddenFixes.count(diagnostic.fix)
    }
    diagnostics.removeAll { $0.severity < severity }
    for lower in Severity.allCases where lower < severity {
      hidden[lower] += unshown[lower]
      unshown[lower] = 0
    }
  }

  /// After `--fix`, the findings whose fixes it left out lose them
  /// (`HeldBackFixes`, by path): run again, it would leave them out again,
  /// so they are neither marked nor counted as fixable, and no report
  /// offers an edit that breaks its file.
  public mutating func dropFixes(heldBack: [String: HeldBackFixes]) {
    guard !heldBack.isEmpty else { return }
    for index in diagnostics.indices where diagnostics[index].fix != nil {
      if heldBack[diagnostics[index].path]?.contains(diagnostics[index]) == true { diagnostics[index].fix = nil }
    }
  }
}
