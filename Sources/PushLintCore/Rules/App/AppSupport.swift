/// The categories a content extension plist claims, with their nodes.
func claimedCategories(_ document: Document) -> [Node] {
  guard document.kind == .extensionInfoPlist, let nsExtension = document.root?["NSExtension"],
    nsExtension["NSExtensionPointIdentifier"]?.stringValue == "com.apple.usernotifications.content-extension",
    let value = nsExtension["NSExtensionAttributes"]?["UNNotificationExtensionCategory"]
  else { return [] }
  return (value.elements ?? [value]).filter { $0.stringValue != nil }
}

/// What a payload needs an entitlement for, and where it says so.
func entitlementFinding(
  rule: String, entitlement: String, what: String, plural: Bool = false, node: Node, severity: String,
  context: RuleContext
) -> Finding? {
  let files = context.project.entitlements
  guard !files.contains(where: { $0.grants[entitlement] == true }) else { return nil }
  if files.isEmpty {
    return Finding(
      rule: rule, span: node.span,
      message:
        "\(what) \(plural ? "need" : "needs") the \(entitlement) entitlement; no entitlements file is in scope to check (add it to context in .pushlint.yml)",
      pointer: node.pointer, severity: .info)
  }
  let paths = files.map(\.declaration.place)
  return Finding(
    rule: rule, span: node.span,
    message:
      "\(what) \(plural ? "need" : "needs") the \(entitlement) entitlement, which \(paths.count == 1 ? paths[0] : "none of " + paths.joined(separator: ", ")) does not grant; \(severity)",
    pointer: node.pointer, help: "add <key>\(entitlement)</key><true/> (Apple grants it on request)")
}
