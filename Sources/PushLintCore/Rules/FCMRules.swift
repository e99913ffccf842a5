final class FCMTargetCountRule: Rule {
  static let name = "fcm-target-count"
  static let documentKinds: Set<DocumentKind>? = [.fcmMessage]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .fcmMessage, let message = document.root?["message"], let members = message.members else {
      return []
    }
    let targets = members.filter { ["token", "topic", "condition"].contains($0.key) }
    guard targets.count != 1 else { return [] }
    if targets.isEmpty {
      return [
        Finding(
          rule: Self.name, span: message.openingSpan,
          message: "an FCM message needs exactly one target: \"token\", \"topic\" or \"condition\"; it has none",
          pointer: message.pointer, help: "add \"token\", \"topic\" or \"condition\"")
      ]
    }
    return targets.dropFirst().map { extra in
      Finding(
        rule: Self.name, span: extra.keySpan,
        message: "an FCM message has exactly one target; \"\(extra.key)\" comes after \"\(targets[0].key)\"",
        pointer: extra.value.pointer, help: "send one message per target, or use a \"condition\"")
    }
  }
}

final class FCMReservedDataKeyRule: Rule {
  static let name = "fcm-reserved-data-key"
  static let documentKinds: Set<DocumentKind>? = [.fcmMessage]

  static func isReserved(_ key: String) -> Bool {
    key == "from" || key == "message_type" || key.hasPrefix("google.") || key.hasPrefix("gcm.notification.")
  }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .fcmMessage, let data = document.root?["message"]?["data"]?.members else { return [] }
    return data.filter { Self.isReserved($0.key) }.map { member in
      Finding(
        rule: Self.name, span: member.keySpan,
        message:
          "FCM reserves the data key \"\(member.key)\" (\"from\", \"message_type\", \"google.*\" and \"gcm.notification.*\"); the request is rejected",
        pointer: member.value.pointer, help: "rename it")
    }
  }
}

final class FCMDataOnlyPriorityRule: Rule {
  static let name = "fcm-data-only-priority"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.headerSource == .fcm, push.fcmNotification == nil, !push.isUserVisible,
      let apns = push.fcmMessage?["apns"]
    else { return [] }
    if let priority = push.headers["apns-priority"] {
      guard priority.text != "5", !priority.isTemplated(in: document) else { return [] }
      return [
        Finding(
          rule: Self.name, span: priority.valueSpan,
          message:
            "a data-only FCM message for iOS must use apns-priority \"5\", found \(priority.text.map { "\"\($0)\"" } ?? "a non-string value"); APNs rejects priority 10 without an alert",
          pointer: priority.pointer, help: "write \"5\"")
      ]
    }
    return [
      Finding(
        rule: Self.name, span: apns.openingSpan,
        message:
          "a data-only FCM message for iOS without apns-priority is sent with priority 10, which APNs rejects without an alert",
        pointer: apns.pointer, help: "add \"headers\": {\"apns-priority\": \"5\"} to the apns block")
    ]
  }
}
