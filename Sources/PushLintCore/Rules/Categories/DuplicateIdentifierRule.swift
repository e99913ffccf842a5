enum DuplicateIdentifierRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    let project = context.project
    let branches = document.code?.branchesByIdentifier ?? [:]
    forEachCategory(of: document) { category in
      if let identifier = category["identifier"], let name = identifier.stringValue,
        let first = project.earlierCategory(
          name, than: identifier.span, in: document.path,
          branches: branches[identifier.span.start.offset] ?? []),
        mayBeRegisteredTogether(first.path, document),
        // The same category (actions, options and texts) declared again is
        // one category to the system, whichever it keeps.
        first.signature == nil || first.signature != ProjectContext.categorySignature(category)
      {
        findings.append(
          finding(
            at: identifier,
            "category \"\(name)\" is already declared at \(first.place); the system keeps only one of them",
            help: "rename one of them, or merge their actions"))
      }
      for action in category["actions"]?.elements ?? [] {
        guard let identifier = action["identifier"], let name = identifier.stringValue,
          let first = project.earlierAction(
            name, than: identifier.span, in: document.path,
            branches: branches[identifier.span.start.offset] ?? []),
          mayBeRegisteredTogether(first.path, document),
          // The same action (title, options and kind) offered in two
          // categories is one action to the app's delegate, not two.
          first.signature != ProjectContext.actionSignature(action)
        else { continue }
        findings.append(
          finding(
            at: identifier,
            "action \"\(name)\" is already declared at \(first.place); action identifiers must be unique across all categories, or the app cannot tell which was tapped",
            help: "give each action its own identifier"))
      }
    }
    return findings
  }

  static func isSourceCode(_ path: String) -> Bool { SourceFormat.from(fileName: path)?.isSourceCode == true }

  /// Two source files may belong to two targets (an app and its watch app,
  /// or two sample apps of one repository) that each register their own
  /// categories: only one file, or definitions outside source, can say an
  /// identifier twice to one app.
  static func mayBeRegisteredTogether(_ firstPath: String, _ document: Document) -> Bool {
    firstPath == document.path || !document.format.isSourceCode && !isSourceCode(firstPath)
  }
}
