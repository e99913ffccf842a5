enum BackgroundPriorityRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // An FCM data message is fcm-data-only-priority's: one finding, in FCM's terms.
    guard let push = headerContext(document), push.declaredPushType == "background",
      FCMDataOnlyPriorityRule.dataMessageBlock(of: push) == nil
    else { return [] }
    if let priority = push.headers["apns-priority"] {
      guard priority.text != "5", !priority.isTemplated(in: document) else { return [] }
      let fix = priority.rewrite(as: "5", .safe, in: document)
      return [
        finding(
          at: priority.valueSpan, pointer: priority.pointer,
          "a background push must have apns-priority 5, found \(priority.shownValue); Apple: \"Using priority 10 is an error\"",
          help: "write \"5\"", fix: fix)
      ]
    }
    let pushTypeHeader = push.headers["apns-push-type"]
    return [
      finding(
        at: pushTypeHeader?.valueSpan ?? push.anchor.openingSpan,
        pointer: pushTypeHeader?.pointer ?? push.anchor.pointer,
        "a background push without apns-priority gets APNs' default of 10, which is an error for background pushes",
        help: "add \"apns-priority\": \"5\"")
    ]
  }
}
