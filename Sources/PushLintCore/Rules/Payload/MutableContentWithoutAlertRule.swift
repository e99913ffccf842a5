enum MutableContentWithoutAlertRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // Whether the alert shows something is known already: asked first.
    guard let push = document.push, !push.showsAlert, let member = push.aps?.member("mutable-content"),
      member.value.numberValue?.doubleValue == 1
    else { return [] }
    return [
      finding(
        atKeyOf: member,
        "\"mutable-content\": 1 without an alert title, subtitle or body: the service extension only runs for visible alerts",
        help: "add an alert with a title or body, or remove \"mutable-content\"")
    ]
  }
}
