enum FCMDataOnlyPriorityRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  /// The message's `apns` block, when it is a data message: FCM data or a
  /// background wake-up, nothing to show, and a push type that priority 5
  /// suits (Live Activity, VoIP, location and the others have priorities of
  /// their own). `background-priority` leaves such a message to this rule.
  static func dataMessageBlock(of push: PushInfo) -> Node? {
    guard push.headerSource == .fcm, push.fcmNotification == nil, !push.isUserVisible,
      push.pushType == "background" || push.pushType == "alert",
      push.contentAvailable || push.fcmMessage?.hasMember("data") == true
    else { return nil }
    return push.fcmMessage?["apns"]
  }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let apns = dataMessageBlock(of: push) else { return [] }
    if let priority = push.headers["apns-priority"] {
      guard priority.text != "5", !priority.isTemplated(in: document) else { return [] }
      let fix = priority.rewrite(as: "5", .safe, in: document)
      return [
        finding(
          at: priority.valueSpan, pointer: priority.pointer,
          "a data-only FCM message for iOS must use apns-priority \"5\", found \(priority.shownValue); Firebase requires 5 for a data message to Apple devices, and FCM rejects one at priority 10 (INVALID_ARGUMENT)",
          help: "write \"5\"", fix: fix)
      ]
    }
    return [
      finding(
        atStartOf: apns,
        "a data-only FCM message for iOS without apns-priority is sent with priority 10, at which FCM rejects a data message to Apple devices (INVALID_ARGUMENT)",
        help: "add \"headers\": {\"apns-priority\": \"5\"} to the apns block")
    ]
  }
}
