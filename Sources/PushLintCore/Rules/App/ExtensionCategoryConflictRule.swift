enum ExtensionCategoryConflictRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    claimedCategories(document).compactMap { node in
      guard let name = node.stringValue else { return nil }
      // The first extension (in path order) to claim a category keeps it;
      // later ones are reported, unless the Xcode project embeds the two in
      // different apps (an iPhone app's and a Mac app's) or builds no
      // extension from one of them.
      let project = context.project
      guard !project.buildsNoExtension(fromPlist: document.path),
        let first = project.contentExtensions.lazy.flatMap({ $0.categories }).first(where: {
          $0.name == name && project.mayShareAnApp($0.path, document.path)
            && !project.buildsNoExtension(fromPlist: $0.path)
        }),
        first.path != document.path
      else { return nil }
      return finding(
        at: node,
        "category \"\(name)\" is also claimed by the content extension \(first.place); the system launches only one of them",
        help: "let one content extension handle \"\(name)\"")
    }
  }
}
