enum ExtensionCategoryConflictRule: Rule {
  static let name = "extension-category-conflict"
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    claimedCategories(document).compactMap { node in
      guard let name = node.stringValue else { return nil }
      // The first extension (in path order) to claim a category keeps it; later ones are reported.
      guard
        let first = context.project.contentExtensions.lazy.flatMap({ $0.categories }).first(where: { $0.name == name }),
        first.path != document.path
      else { return nil }
      return finding(
        at: node,
        "category \"\(name)\" is also claimed by the content extension \(first.place); the system launches only one of them",
        help: "let one content extension handle \"\(name)\"")
    }
  }
}
