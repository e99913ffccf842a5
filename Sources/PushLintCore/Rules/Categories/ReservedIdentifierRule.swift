enum ReservedIdentifierRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]
  static let reserved = [FrameworkStrings.defaultActionIdentifier, FrameworkStrings.dismissActionIdentifier]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    forEachCategory(of: document) { category in
      findings += (category["actions"]?.elements ?? []).compactMap { action -> Finding? in
        guard let identifier = action["identifier"], let name = identifier.stringValue, Self.reserved.contains(name)
        else {
          return nil
        }
        let opens = name == FrameworkStrings.defaultActionIdentifier
        return finding(
          at: identifier,
          "\"\(name)\" is reserved by the system for \(opens ? "opening the app from the notification" : "dismissing the notification"); an action cannot use it",
          help: opens
            ? "pick an identifier of your own" : "use the category option customDismissAction to learn about dismissals"
        )
      }
    }
    return findings
  }
}
