enum CategoryUndeclaredRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.categoryFiles.isEmpty, !project.hasUnresolvedCategories,
      let category = document.push?.aps?["category"],
      let name = category.stringValue, !document.containsPlaceholder(name)
    else { return [] }
    // The push's own app's registrations, when its topic names one app.
    let scope = AppScope(document, context: context)
    let registered = scope.map { project.categoriesRegistered(forApps: [$0.app.name]) } ?? project.categories
    guard !registered.contains(where: { $0.name == name }) else { return [] }
    // A content extension that claims the category runs for it registered
    // or not, and may give its own actions (`notificationActions`):
    // whether the app should register it too is that extension's matter
    // (extension-category-undeclared), not the push's.
    guard !project.contentExtensions.contains(where: { $0.categories.contains { $0.name == name } }) else {
      return []
    }
    if let scope, let elsewhere = project.declaredCategory(name) {
      return [
        finding(
          at: category,
          "category \"\(name)\" is not registered by \(scope.app.name), the app \"\(scope.bundleIdentifier)\" names (\(elsewhere.place) registers it for another target): no actions and no content extension will appear",
          help: "register \"\(name)\" in \(scope.app.name) too")
      ]
    }
    let message =
      "category \"\(name)\" is not registered (categories read from \(project.categoryFilesText)): no actions and no content extension will appear"
    let (suggestion, help, nearest) = project.nearestCategory(to: name)
    // The one close category the project registers is the one meant.
    let fix = nearest.map { writing($0, at: category, in: document) }
    return [finding(at: category, message + suggestion, help: help, fix: fix)]
  }
}
