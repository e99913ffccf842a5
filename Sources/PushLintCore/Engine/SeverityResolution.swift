/// Each finding at the level the configuration gives its rule.
extension Linter {
  func diagnostic(_ finding: Finding, document: Document, relativePath: String?) -> Diagnostic? {
    resolve(finding, document: document, relativePath: relativePath).diagnostic
  }

  /// The finding at its configured level (nil when off or below
  /// `reportsAtLeast`, when `hidden` gives its severity to count), and the
  /// overrides that matched it. `relativePath` is the file's, as
  /// `FileScope` holds it.
  func resolve(
    _ finding: Finding, document: Document, relativePath: String?
  ) -> (diagnostic: Diagnostic?, matched: [Int], hidden: Severity?) {
    let defaultSeverity = catalog.description(of: finding.rule)?.severity ?? .error
    let (setting, matched) = configuration.resolve(
      finding.rule, defaultSeverity: defaultSeverity, relativePath: relativePath, pointer: finding.pointer)
    guard case .severity(let configured) = setting else { return (nil, matched, nil) }
    let severity = finding.severity.map { min($0, configured) } ?? configured
    guard severity >= reportsAtLeast else { return (nil, matched, severity) }
    let diagnostic = Diagnostic(
      path: document.path, document: document.index, span: finding.span, severity: severity, rule: finding.rule,
      message: finding.message, pointer: finding.pointer, help: finding.help)
    return (diagnostic, matched, nil)
  }
}

extension Linter {
  /// `unused-override`'s findings for this run, at their configured level.
  func unusedOverrides(used: Set<Int>, linted: [String]) -> [Diagnostic] {
    guard let file = configuration.file, !configuration.overrides.isEmpty else { return [] }
    let findings = UnusedOverrideRule.findings(
      in: configuration, used: used, linted: linted.compactMap(configuration.relativePath))
    let document = Document(path: file, format: .yaml, kind: .other, root: nil)
    let relativePath = configuration.relativePath(Paths.absolute(file, from: configuration.directory))
    return findings.compactMap { diagnostic($0, document: document, relativePath: relativePath) }
  }
}
