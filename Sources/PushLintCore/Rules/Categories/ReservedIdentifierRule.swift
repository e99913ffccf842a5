enum ReservedIdentifierRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]
  static let reserved = [
    "com.apple.UNNotificationDefaultActionIdentifier", "com.apple.UNNotificationDismissActionIdentifier",
  ]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    forEachCategory(of: document) { category in
      findings += (category["actions"]?.elements ?? []).compactMap { action -> Finding? in
        guard let identifier = action["identifier"], let name = identifier.stringValue, Self.reserved.contains(name)
        else {
          return nil
        }
        return finding(
          at: identifier,
          "\"\(name)\" is reserved by the system for \(name.contains("Default") ? "opening the app from the notification" : "dismissing the notification"); an action cannot use it",
          help: name.contains("Dismiss")
            ? "use the category option customDismissAction to learn about dismissals" : "pick an identifier of your own"
        )
      }
    }
    return findings
  }
}
