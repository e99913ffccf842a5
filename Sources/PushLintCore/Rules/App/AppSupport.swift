/// The categories a content extension plist claims, with their nodes.
func claimedCategories(_ document: Document) -> [Node] {
  guard document.kind == .extensionInfoPlist, let nsExtension = document.root?["NSExtension"],
    nsExtension["NSExtensionPointIdentifier"]?.stringValue == "com.apple.usernotifications.content-extension",
    let value = nsExtension["NSExtensionAttributes"]?["UNNotificationExtensionCategory"]
  else { return [] }
  return (value.elements ?? [value]).filter { $0.stringValue != nil }
}

extension Rule {
  /// A payload's need for an entitlement that no entitlements file in scope
  /// grants, at `node`; nil when one grants it. With no entitlements file
  /// in scope nothing can be checked, and the finding is a note.
  static func entitlementFinding(
    entitlement: String, what: String, plural: Bool = false, node: Node, consequence: String, context: RuleContext
  ) -> Finding? {
    let files = context.project.entitlements
    guard !files.contains(where: { $0.grants[entitlement] == true }) else { return nil }
    let needs = plural ? "need" : "needs"
    if files.isEmpty {
      return finding(
        at: node,
        "\(what) \(needs) the \(entitlement) entitlement; no entitlements file is in scope to check (add it to context in .pushlint.yml)",
        severity: .info)
    }
    let paths = files.map(\.declaration.place)
    let granters = paths.count == 1 ? paths[0] : "none of " + paths.joined(separator: ", ")
    return finding(
      at: node, "\(what) \(needs) the \(entitlement) entitlement, which \(granters) does not grant; \(consequence)",
      help: "add <key>\(entitlement)</key><true/> (Apple grants it on request)")
  }
}
