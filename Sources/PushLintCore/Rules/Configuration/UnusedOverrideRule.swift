/// An override in `.pushlint.yml` whose files were linted in this run but
/// that matched no finding there. It judges a run, not a document: the
/// engine asks it once every file is checked. Overrides for files not
/// linted (a pre-commit run of a few files) are not judged.
enum UnusedOverrideRule: RunRule {
  static func check(run: RunSubject) -> [Finding] {
    var findings: [Finding] = []
    for (index, override) in run.configuration.overrides.enumerated() where !run.usedOverrides.contains(index) {
      guard run.lintedPaths.contains(where: { path in override.files.contains { $0.matches(path) } }),
        // An override of rules left out of the run could match nothing.
        !override.rules.keys.allSatisfy(run.configuration.disabledRules.contains)
      else {
        continue
      }
      let rules = override.rules.keys.sorted().joined(separator: ", ")
      let scope = override.files.map(\.pattern).joined(separator: ", ") + (override.pointer.map { " at \($0)" } ?? "")
      let entry = override.isIgnore ? "per-file-ignores entry" : "override"
      findings.append(
        finding(
          at: override.span,
          pointer: override.isIgnore
            ? "/per-file-ignores/\(escaped(override.files[0].pattern))" : "/overrides/\(index)",
          "this \(entry) (\(scope): \(rules)) matched no finding in the files it names; remove it if the problem is fixed",
          help: "remove the \(entry)"))
    }
    return findings
  }

  /// A JSON Pointer token (RFC 6901).
  static func escaped(_ token: String) -> String {
    token.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}
