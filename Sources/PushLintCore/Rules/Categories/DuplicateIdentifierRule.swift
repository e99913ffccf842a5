enum DuplicateIdentifierRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    let project = context.project
    forEachCategory(of: document) { category in
      if let identifier = category["identifier"], let name = identifier.stringValue,
        let first = project.declaredCategory(name),
        first.path != document.path || first.span != identifier.span,
        // Two source files may belong to two targets (an app and its watch
        // app) that each register the category: only a file can say it twice.
        first.path == document.path || !document.format.isSourceCode && !Self.isSourceCode(first.path)
      {
        findings.append(
          finding(
            at: identifier,
            "category \"\(name)\" is already declared at \(first.place); the system keeps only one of them",
            help: "rename one of them, or merge their actions"))
      }
      for action in category["actions"]?.elements ?? [] {
        guard let identifier = action["identifier"], let name = identifier.stringValue,
          let first = project.declaredAction(name),
          first.path != document.path || first.span != identifier.span,
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
}
