enum TooManyActionsRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let iosTarget = context.targets[.ios] ?? context.targets[.ipados]
    let defaultLimit = iosTarget.map { $0 < OSVersion("10.0")! } == true ? 4 : 10
    var findings: [Finding] = []
    forEachCategory(of: document) { category in
      if let actions = category.member("actions"), let elements = actions.value.elements, elements.count > defaultLimit
      {
        findings.append(
          finding(
            at: elements[defaultLimit],
            "\(elements.count) actions, but the default context shows at most \(defaultLimit)\(defaultLimit == 4 ? " below iOS 10" : ""); the rest never appear",
            help: "keep the \(defaultLimit) most important actions"))
      }
      if let minimal = category["minimalActions"]?.elements, minimal.count > 2 {
        findings.append(
          finding(
            at: minimal[2], "\(minimal.count) minimal actions, but banners and the lock screen show at most 2",
            help: "name the two most important actions"))
      }
    }
    return findings
  }
}
