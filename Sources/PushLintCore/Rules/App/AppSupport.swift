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
    entitlement: String, what: String, plural: Bool = false, node: Node, consequence: String, document: Document,
    context: RuleContext
  ) -> Finding? {
    let project = context.project
    let scope = AppScope(document, context: context)
    // A provisioning profile says what Apple granted: a build step may add
    // an entitlement to the signed app that no .entitlements file lists.
    let granting = scope?.profiles(in: project) ?? project.profiles.map { ($0.declaration, $0.grants) }
    guard !granting.contains(where: { $0.grants[entitlement] == true }) else { return nil }
    // With an Xcode project, only the app targets' own entitlements count:
    // the push's own app's, when its topic names one.
    let appFiles = Set(project.targets.filter(\.isApp).compactMap(\.entitlements))
    var files = project.entitlements
    if let own = scope?.entitlements(in: project) {
      files = own
    } else if !appFiles.isEmpty, files.contains(where: { appFiles.contains($0.declaration.path) }) {
      files = files.filter { appFiles.contains($0.declaration.path) }
    }
    guard !files.contains(where: { $0.grants[entitlement] == true }) else { return nil }
    let needs = plural ? "need" : "needs"
    if files.isEmpty {
      return finding(
        at: node,
        "\(what) \(needs) the \(entitlement) entitlement; no entitlements file is in scope to check (add it to context in .pushlint.yml)",
        severity: .info)
    }
    let paths = files.map(\.declaration.place)
    let granters =
      paths.count == 1 ? paths[0] + " does not grant" : "none of " + paths.joined(separator: ", ") + " grants"
    let profiles =
      project.profiles.isEmpty
      ? " (nor does any provisioning profile in scope, so only a signing step could add it)"
      : ""
    return finding(
      at: node,
      "\(what) \(needs) the \(entitlement) entitlement, which \(granters)\(profiles); \(consequence)",
      help: "add <key>\(entitlement)</key><true/> (Apple grants it on request)")
  }
}

extension ProjectContext {
  /// "; did you mean …?" naming the nearest declared category and where it is, with its fix.
  func nearestCategory(to name: String) -> (message: String, help: String?, suggestion: String?) {
    guard let suggestion = Suggestion.nearest(to: name, in: categoryCandidates),
      let declaration = declaredCategory(suggestion)
    else { return ("", nil, nil) }
    return ("; did you mean \"\(suggestion)\" (\(declaration.place))?", "write \"\(suggestion)\"", suggestion)
  }
}
