enum BannerActionsTruncatedRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // UNNotificationCategory has no minimal actions: the advice is for categories files only.
    guard !document.format.isSourceCode else { return [] }
    var findings: [Finding] = []
    forEachCategory(of: document) { category in
      guard category["minimalActions"] == nil, let actions = category.member("actions"),
        let elements = actions.value.elements, elements.count > 2
      else { return }
      let names = elements.prefix(2).compactMap { $0["identifier"]?.stringValue }.joined(separator: " and ")
      findings.append(
        finding(
          atKeyOf: actions,
          "\(elements.count) actions and no \"minimalActions\": banners and the lock screen show only the first two (\(names))",
          help: "put the two most important actions first, or name them in \"minimalActions\""))
    }
    return findings
  }
}
