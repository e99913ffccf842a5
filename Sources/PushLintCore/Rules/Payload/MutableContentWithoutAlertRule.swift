enum MutableContentWithoutAlertRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let member = push.aps?.member("mutable-content"),
      member.value.numberValue?.doubleValue == 1, !push.showsAlert
    else { return [] }
    return [
      finding(
        atKeyOf: member,
        "\"mutable-content\": 1 without an alert title, subtitle or body: the service extension only runs for visible alerts",
        help: "add an alert with a title or body, or remove \"mutable-content\"")
    ]
  }
}
