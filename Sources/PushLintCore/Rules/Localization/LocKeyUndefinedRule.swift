enum LocKeyUndefinedRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let localizations = context.project.localizations
    guard !localizations.isEmpty else { return [] }
    var findings: [Finding] = []
    for reference in localizationReferences(document) {
      guard let formats = localizations.formats[reference.name] else {
        var message =
          "\(reference.keyName) \"\(reference.name)\" is defined in no Localizable table "
          + "(\(context.project.namedList(localizations.files))); the notification shows the key itself"
        var help = "add \"\(reference.name)\" to Localizable.strings (or the String Catalog) in every language"
        var fix: Fix?
        if let nearest = Suggestion.nearest(to: reference.name, in: localizations.suggestionCandidates),
          let defined = localizations.formats[nearest]?.first
        {
          message += "; did you mean \"\(nearest)\" (\(defined.place))?"
          help = "write \"\(nearest)\""
          fix = writing(nearest, at: reference.key, in: document)
        }
        let (said, advice, change) = (message, help, fix)
        findings.append(finding(at: reference.key, said, help: advice, fix: change))
        continue
      }
      let defined = formats.map(\.language)
      let missing = localizations.languages(beside: formats).subtracting(defined).sorted()
      guard !missing.isEmpty else { continue }
      findings.append(
        finding(
          at: reference.key,
          "\(reference.keyName) \"\(reference.name)\" is not localized in \(missing.joined(separator: ", ")) "
            + "(it is in \(defined.joined(separator: ", "))); users with \(missing.count == 1 ? "that language" : "those languages") see the key itself",
          help: "add \"\(reference.name)\" to the \(missing.joined(separator: ", ")) localization", severity: .info))
    }
    return findings
  }
}
