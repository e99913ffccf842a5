enum ExtensionCategoryUndeclaredRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    // An Info.plist the Xcode project builds no extension from runs nowhere.
    guard !project.categoryFiles.isEmpty, !project.hasUnresolvedCategories,
      !project.buildsNoExtension(fromPlist: document.path)
    else { return [] }
    // With an Xcode project that says which apps embed the extension, only
    // their registrations count: another app's category never reaches it.
    let registered = project.categoriesRegistered(forExtensionPlist: document.path)
    return claimedCategories(document).compactMap { node in
      // A category the code gives notifications (a service extension
      // setting `categoryIdentifier`) reaches the extension registered or not.
      guard let name = node.stringValue, !(registered ?? project.categories).contains(where: { $0.name == name }),
        !project.assignedCategories.contains(name)
      else {
        return nil
      }
      if let elsewhere = project.declaredCategory(name) {
        let apps = project.embeddingApps(ofExtensionPlist: document.path)?.sorted() ?? []
        return finding(
          at: node,
          "the content extension claims category \"\(name)\", which \(apps.joined(separator: " and ")), the app embedding it, does not register (\(elsewhere.place) registers it for another target); the extension never runs for it",
          help:
            "register \"\(name)\" in \(apps.first ?? "the app") too, or embed the extension in the app that registers it"
        )
      }
      let message =
        "the content extension claims category \"\(name)\", which the app does not register (categories read from \(project.categoryFilesText)); the extension never runs for it"
      // An action's identifier in the category list is a common mix-up:
      // the extension is chosen by the category, never by an action.
      if let place = project.actionPlace(name) {
        return finding(
          at: node, message + "; \"\(name)\" is the identifier of an action (\(place)), not of a category",
          help: "list the identifier of the category that offers the action")
      }
      let (suggestion, help, _) = project.nearestCategory(to: name)
      return finding(at: node, message + suggestion, help: help)
    }
  }
}
