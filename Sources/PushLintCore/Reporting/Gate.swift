/// The last step of a run: the baseline, `--quiet`, and the verdict of
/// `fail-on` and `--max-warnings`, with every reason for a failure said in
/// words. The command line prints `notices` on standard error.
public struct Gate: Sendable {
  /// Findings this file holds are not reported again.
  public var baseline: Baseline?
  /// Show errors only (the verdict still counts everything).
  public var quiet = false
  /// The lowest severity that fails the run, and whether the command line set it.
  public var failOn: FailOn = .error
  public var failOnFromCommandLine = false
  public var maxWarnings: Int?

  public init() {}

  /// How a run ends.
  public enum Verdict: Sendable, Equatable {
    /// Nothing fails the run.
    case passed
    /// Findings fail it.
    case failed
    /// A path or a configuration could not be read.
    case unreadable
  }

  public struct Outcome: Sendable {
    public var report: LintReport
    public var verdict: Verdict
    /// Lines for standard error, before the summary: what the baseline hid
    /// and dropped, and why the run fails.
    public var notices: [String] = []
    /// Findings the baseline held back.
    public var baselined = 0
  }

  public func apply(to report: LintReport) -> Outcome {
    var report = report
    var notices: [String] = []
    var baselined = 0
    if let baseline {
      let shown = report.diagnostics.count
      let (new, gone) = baseline.filter(report.diagnostics)
      baselined = shown - new.count
      report.diagnostics = new
      // Counts of findings not shown would judge the run by old findings.
      report.unshown = SeverityCounts()
      report.hidden = SeverityCounts()
      report.failed = false
      for (entry, count) in gone {
        let pointer = entry.pointer.isEmpty ? "/" : SafeText.escape(entry.pointer)
        notices.append(
          "pushlint: baseline: \(entry.rule) at \(SafeText.escape(entry.path)) \(pointer)\(count > 1 ? " (\(count)×)" : "") no longer occurs; write the baseline again to drop it"
        )
      }
      let goneCount = gone.reduce(0) { $0 + $1.count }
      notices.append(
        "pushlint: baseline: \(Wording.count(baselined, "recorded finding")) not reported, \(goneCount) no longer \(goneCount == 1 ? "occurs" : "occur")"
      )
    }
    if quiet { report.keep(atLeast: .error) }
    let verdict: Verdict
    if !report.fileErrors.isEmpty {
      verdict = .unreadable
    } else {
      let (fails, reasons) = judge(report)
      notices += reasons.map { "pushlint: failing: \($0)" }
      verdict = fails ? .failed : .passed
    }
    return Outcome(report: report, verdict: verdict, notices: notices, baselined: baselined)
  }

  /// Whether the findings fail the run, and each reason in words. Errors
  /// under the default `fail-on error` need none beyond the summary's count.
  func judge(_ report: LintReport) -> (fails: Bool, reasons: [String]) {
    var fails = false
    var reasons: [String] = []
    let failing = Severity.allCases.reversed().filter(failOn.fails).filter { report.count($0) > 0 }
    if !failing.isEmpty {
      fails = true
      if failOn != .error || failOnFromCommandLine {
        let counts = failing.map { Wording.count(report.count($0), $0.gccWord) }.joined(separator: ", ")
        let setting = failOnFromCommandLine ? "--fail-on \(failOn.rawValue)" : "fail-on \(failOn.rawValue)"
        reasons.append("\(counts) at or above \(setting)")
      }
    } else if report.failed {
      fails = true
      reasons.append("findings reach the fail-on level of a nested .pushlint.yml")
    }
    if let maxWarnings, report.count(.warning) > maxWarnings {
      fails = true
      reasons.append("\(Wording.count(report.count(.warning), "warning")) exceed --max-warnings \(maxWarnings)")
    }
    return (fails, reasons)
  }
}
