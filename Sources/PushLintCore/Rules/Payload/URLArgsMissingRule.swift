enum URLArgsMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let topic = push.topic, topic.hasPrefix("web."), let aps = push.aps,
      aps["url-args"] == nil
    else { return [] }
    return [
      finding(
        atStartOf: aps,
        "a Safari website push (apns-topic \"\(topic)\") needs \"url-args\" in aps, even an empty array",
        help: "add \"url-args\": [] (or the values your URL format string needs)")
    ]
  }
}
