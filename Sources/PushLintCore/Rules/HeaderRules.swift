extension HeaderField {
  /// Whether a template fills the value in at send time, so it cannot be judged.
  func isTemplated(in document: Document) -> Bool {
    value?.isPlaceholder == true || document.containsPlaceholder(text ?? "")
  }
}

/// Header rules only judge documents whose headers are known: an envelope,
/// an FCM message's `apns` block, or configured defaults.
private func headerContext(_ document: Document) -> PushInfo? {
  guard let push = document.push, push.headerSource != .none else { return nil }
  return push
}

final class PushTypeMissingRule: Rule {
  static let name = "push-type-missing"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = headerContext(document), push.headers["apns-push-type"] == nil else { return [] }
    let anchor = push.headersNode ?? push.anchor
    return [
      Finding(
        rule: Self.name, span: anchor.openingSpan,
        message:
          "headers without \"apns-push-type\": watchOS 6 and later require it and APNs expects it since iOS 13; inferred \"\(push.pushType)\"",
        pointer: anchor.pointer, help: "add \"apns-push-type\": \"\(push.pushType)\"")
    ]
  }
}

final class PushTypeMismatchRule: Rule {
  static let name = "push-type-mismatch"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let declared = push.declaredPushType, let aps = push.aps else { return [] }
    var findings: [Finding] = []
    switch declared {
    case "background":
      for member in aps.members ?? [] where ["alert", "sound", "badge"].contains(member.key) {
        findings.append(
          Finding(
            rule: Self.name, span: member.keySpan,
            message: "a background push cannot carry \"\(member.key)\"; the system may not deliver it at all",
            pointer: member.value.pointer, help: "use apns-push-type \"alert\", or remove \"\(member.key)\""))
      }
      if let notification = push.fcmNotification {
        findings.append(
          Finding(
            rule: Self.name, span: notification.openingSpan,
            message: "a background push cannot carry an FCM \"notification\"; FCM turns it into an alert",
            pointer: notification.pointer, help: "use apns-push-type \"alert\", or remove \"notification\""))
      }
      if !push.contentAvailable {
        findings.append(
          Finding(
            rule: Self.name, span: aps.openingSpan,
            message: "a background push needs \"content-available\": 1 in aps; without it the app is not woken",
            pointer: aps.pointer, help: "add \"content-available\": 1"))
      }
    case "alert":
      if !push.isUserVisible {
        findings.append(
          Finding(
            rule: Self.name, span: aps.openingSpan,
            message: "an alert push with nothing user-visible (no alert, sound or badge)",
            pointer: aps.pointer, help: "use apns-push-type \"background\" with priority 5 for a silent push"))
      }
    case "liveactivity":
      if aps.members?.contains(where: { context.schema.liveActivityKeys.contains($0.key) }) != true {
        findings.append(
          Finding(
            rule: Self.name, span: aps.openingSpan,
            message: "a liveactivity push without Live Activity keys (\"event\", \"timestamp\", \"content-state\")",
            pointer: aps.pointer))
      }
    default:
      break
    }
    return findings
  }
}

final class TopicSuffixRule: Rule {
  static let name = "topic-suffix"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = headerContext(document), let declared = push.declaredPushType,
      let topicHeader = push.headers["apns-topic"], let topic = topicHeader.text, !topicHeader.isTemplated(in: document)
    else { return [] }
    let suffixes = context.schema.pushTypeNames.compactMap { name in
      context.schema.pushTypes[name]?.topicSuffix.map { (name, $0) }
    }
    if let needed = context.schema.pushTypes[declared]?.topicSuffix {
      guard !topic.hasSuffix(needed) else { return [] }
      return [
        Finding(
          rule: Self.name, span: topicHeader.valueSpan,
          message: "apns-topic \"\(topic)\" lacks the \"\(needed)\" suffix that \(declared) pushes need",
          pointer: topicHeader.pointer, help: "write \"\(topic)\(needed)\"")
      ]
    }
    // The longest matching suffix names the push type it belongs to.
    guard let wrong = suffixes.filter({ topic.hasSuffix($0.1) }).max(by: { $0.1.count < $1.1.count }) else { return [] }
    return [
      Finding(
        rule: Self.name, span: topicHeader.valueSpan,
        message:
          "apns-topic \"\(topic)\" has the \"\(wrong.1)\" suffix of \(wrong.0) pushes, but this is \(indefiniteArticle(declared)) \(declared) push",
        pointer: topicHeader.pointer, help: "use the app's bundle ID as the topic: \"\(topic.dropLast(wrong.1.count))\""
      )
    ]
  }
}

final class BackgroundPriorityRule: Rule {
  static let name = "background-priority"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = headerContext(document), push.declaredPushType == "background" else { return [] }
    if let priority = push.headers["apns-priority"] {
      guard priority.text != "5", !priority.isTemplated(in: document) else { return [] }
      return [
        Finding(
          rule: Self.name, span: priority.valueSpan,
          message:
            "a background push must have apns-priority 5, found \(priority.text.map { "\"\($0)\"" } ?? "a non-string value"); Apple: \"Using priority 10 is an error\"",
          pointer: priority.pointer, help: "write \"5\"")
      ]
    }
    let pushTypeHeader = push.headers["apns-push-type"]
    return [
      Finding(
        rule: Self.name, span: pushTypeHeader?.valueSpan ?? push.anchor.openingSpan,
        message:
          "a background push without apns-priority gets APNs' default of 10, which is an error for background pushes",
        pointer: pushTypeHeader?.pointer ?? push.anchor.pointer, help: "add \"apns-priority\": \"5\"")
    ]
  }
}
