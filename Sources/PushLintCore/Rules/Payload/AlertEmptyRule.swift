enum AlertEmptyRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // Nearly every alert shows something, which the push's facts know:
    // asked first, the alert is not looked up.
    guard let push = document.push, !push.showsAlert, let alert = push.aps?["alert"] else { return [] }
    guard JSONType(of: alert) == .string || alert.isObject else { return [] }
    return [
      finding(
        at: alert, "\"alert\" carries nothing to show: no title, subtitle, body or localization key with text",
        help: "add a \"title\" or \"body\", or remove \"alert\" for a silent push")
    ]
  }
}
