/// What the reports say of fixes: which findings `--fix` would fix, and
/// each fix's edits spelled against the file's text.
enum FixReporting {
  /// Each diagnostic's fix spelled as edits of its file (nil where there is
  /// no fix, or its file cannot be read or no longer holds what the fix expects).
  static func edits(of diagnostics: [Diagnostic], source: (String) -> [UInt8]?) -> [[Edit]?] {
    var files: [String: [UInt8]?] = [:]
    return diagnostics.map { diagnostic in
      guard let fix = diagnostic.fix else { return nil }
      if files[diagnostic.path] == nil { files[diagnostic.path] = .some(source(diagnostic.path)) }
      guard let bytes = files[diagnostic.path] ?? nil else { return nil }
      return FixSpelling.edits(of: fix, in: bytes)
    }
  }

  /// The fix as the JSON output carries it.
  static func json(_ fix: Fix, edits: [Edit]?) -> JSONOutput {
    .object([
      ("title", .string(fix.title)),
      ("applicability", .string(fix.applicability.rawValue)),
      (
        "edits",
        edits.map { edits in
          .array(
            edits.map { edit in
              .object([
                ("line", .int(edit.span.start.line)), ("column", .int(edit.span.start.column)),
                ("endLine", .int(edit.span.end.line)), ("endColumn", .int(edit.span.end.column)),
                ("offset", .int(edit.start)), ("endOffset", .int(edit.end)),
                ("replacement", .string(edit.replacement)),
              ])
            })
        } ?? .null
      ),
    ])
  }

  /// "; 3 fixable with --fix (1 more with --unsafe-fixes)", or nothing.
  static func summary(_ report: LintReport) -> String {
    var counts = report.hiddenFixes
    for diagnostic in report.diagnostics { counts.count(diagnostic.fix) }
    guard counts.safe + counts.unsafe > 0 else { return "" }
    if counts.safe == 0 { return "; \(counts.unsafe) fixable with --fix --unsafe-fixes" }
    return "; \(counts.safe) fixable with --fix"
      + (counts.unsafe > 0 ? " (\(counts.unsafe) more with --unsafe-fixes)" : "")
  }
}
