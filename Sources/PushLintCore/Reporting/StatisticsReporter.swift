/// `--statistics`: how many findings each rule reported, most first, in
/// place of the findings (as ruff's `--statistics`).
public enum StatisticsReporter {
  public struct Row: Sendable, Equatable {
    public var rule: String
    public var counts: SeverityCounts
  }

  /// Rules by count of findings, most first, then by name.
  public static func rows(_ diagnostics: [Diagnostic]) -> [Row] {
    var counts: [String: SeverityCounts] = [:]
    for diagnostic in diagnostics { counts[diagnostic.rule, default: SeverityCounts()][diagnostic.severity] += 1 }
    return counts.map { Row(rule: $0.key, counts: $0.value) }.sorted {
      $0.counts.total != $1.counts.total ? $0.counts.total > $1.counts.total : $0.rule < $1.rule
    }
  }

  /// `   3  unknown-key  warning`, and each severity counted where a rule
  /// reported at several.
  public static func text(_ diagnostics: [Diagnostic]) -> String {
    let rows = rows(diagnostics)
    let countWidth = rows.map { String($0.counts.total).count }.max() ?? 1
    let ruleWidth = rows.map(\.rule.count).max() ?? 0
    var output = ""
    for row in rows {
      let count = String(row.counts.total)
      let present = Severity.allCases.reversed().filter { row.counts[$0] > 0 }
      let severities =
        present.count == 1
        ? present[0].gccWord
        : present.map { "\(row.counts[$0]) \($0.gccWord)\(row.counts[$0] == 1 ? "" : "s")" }.joined(separator: ", ")
      output +=
        String(repeating: " ", count: countWidth - count.count) + count + "  " + row.rule
        + String(repeating: " ", count: ruleWidth - row.rule.count) + "  " + severities + "\n"
    }
    return output
  }

  /// `{"version": 1, "statistics": [{"rule", "count", "errors", "warnings", "notes"}]}`.
  public static func json(_ diagnostics: [Diagnostic]) -> String {
    let rows = rows(diagnostics).map { row -> JSONOutput in
      .object([
        ("rule", .string(row.rule)), ("count", .int(row.counts.total)), ("errors", .int(row.counts.errors)),
        ("warnings", .int(row.counts.warnings)), ("notes", .int(row.counts.infos)),
      ])
    }
    return JSONOutput.object([("version", .int(1)), ("statistics", .array(rows))]).serialized() + "\n"
  }
}
