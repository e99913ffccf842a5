enum LocArgsCountRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let localizations = context.project.localizations
    guard !localizations.isEmpty else { return [] }
    var findings: [Finding] = []
    for reference in localizationReferences(document) {
      guard let formats = localizations.formats[reference.name] else { continue }
      // A loc-args of the wrong type is value-type's to report.
      if let arguments = reference.arguments, JSONType(of: arguments) != .array { continue }
      let given = reference.arguments?.elementCount ?? 0
      let at = reference.arguments ?? reference.key
      for format in formats where format.arguments != given {
        let sent =
          reference.arguments == nil
          ? "there is no \(reference.argumentsName)"
          : "\(reference.argumentsName) has \(given) \(given == 1 ? "element" : "elements")"
        let help =
          format.arguments > given
          ? "send \(format.arguments) \(format.arguments == 1 ? "argument" : "arguments") in \(reference.argumentsName), or fix the \(format.language) text"
          : "send \(format.arguments) \(format.arguments == 1 ? "argument" : "arguments"), or use every argument in the \(format.language) text (%@ or %1$@)"
        findings.append(
          finding(
            at: at,
            "\"\(reference.name)\" in \(format.language) takes \(format.arguments) "
              + "\(format.arguments == 1 ? "argument" : "arguments") (\"\(format.format)\", \(format.place)), but \(sent)",
            help: help))
      }
    }
    return findings
  }
}
