/// A report in the format asked for: the findings (or, with `statistics`,
/// their count per rule), columns in the unit asked for.
public enum ReportRendering {
  public static func render(
    _ report: LintReport, as format: ReportFormat, statistics: Bool = false, columnUnit: ColumnUnit = .characters,
    color: Bool = false, source: @escaping (String) -> [UInt8]?
  ) -> String {
    var report = report
    if columnUnit != .characters && [.text, .json, .github].contains(format) {
      report.diagnostics = ColumnUnit.convert(report.diagnostics, to: columnUnit, source: source)
    }
    if statistics {
      return format == .json ? StatisticsReporter.json(report.diagnostics) : StatisticsReporter.text(report.diagnostics)
    }
    switch format {
    case .text: return TextReporter.render(report.diagnostics)
    case .json: return JSONReporter.render(report, source: source)
    case .sarif: return SARIFReporter.render(report, source: source)
    case .github: return GitHubReporter.render(report)
    case .pretty: return PrettyReporter(color: color, source: source).render(report)
    }
  }
}

extension Diagnostic {
  /// The last finding kept of a file past its limit says how many more the file holds.
  mutating func noteUnshown(_ count: Int) {
    message += " (and \(Wording.count(count, "more finding")) in this file, not shown)"
  }
}
