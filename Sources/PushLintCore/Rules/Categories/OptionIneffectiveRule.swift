enum OptionIneffectiveRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    let macOnly = context.targets[.macos] != nil && context.targets.keys.allSatisfy { $0 == .macos }
    forEachCategory(of: document) { category in
      for action in category["actions"]?.elements ?? [] {
        let options = action["options"]?.elements ?? []
        guard options.contains(where: { $0.stringValue == "foreground" }),
          let authentication = options.first(where: { $0.stringValue == "authenticationRequired" })
        else { continue }
        findings.append(
          finding(
            at: authentication,
            "\"authenticationRequired\" has no effect on a foreground action: opening the app always unlocks the device",
            help: "remove \"authenticationRequired\""))
      }
      if macOnly, let carPlay = category["options"]?.elements?.first(where: { $0.stringValue == "allowInCarPlay" }) {
        findings.append(
          finding(
            at: carPlay,
            "\"allowInCarPlay\" has no effect: the configured targets are macOS only, and CarPlay shows iPhone notifications",
            help: "remove \"allowInCarPlay\""))
      }
    }
    return findings
  }
}
