enum CategoryUndeclaredRule: Rule {
  static let name = "category-undeclared"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.categoryFiles.isEmpty, !project.hasUnresolvedCategories,
      let category = document.push?.aps?["category"],
      let name = category.stringValue, project.declaredCategory(name) == nil, !document.containsPlaceholder(name)
    else { return [] }
    var message =
      "category \"\(name)\" is not registered (categories read from \(project.categoryFilesText)): no actions and no content extension will appear"
    let (suggestion, help) = project.nearestCategory(to: name)
    message += suggestion
    return [finding(at: category, message, help: help)]
  }
}
