enum ExtensionCategoryUndeclaredRule: Rule {
  static let name = "extension-category-undeclared"
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.categoryFiles.isEmpty, !project.hasUnresolvedCategories else { return [] }
    return claimedCategories(document).compactMap { node in
      guard let name = node.stringValue, project.declaredCategory(name) == nil else { return nil }
      var message =
        "the content extension claims category \"\(name)\", which the app does not register (categories read from \(project.categoryFilesText)); the extension never runs for it"
      let (suggestion, help) = project.nearestCategory(to: name)
      message += suggestion
      return finding(at: node, message, help: help)
    }
  }
}
