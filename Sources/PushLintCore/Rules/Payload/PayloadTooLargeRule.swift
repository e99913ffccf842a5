enum PayloadTooLargeRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    if document.kind == .fcmMessage, let finding = fcmDataFinding(document) { findings.append(finding) }
    guard let size = PayloadSize.of(document), size.bytes > size.limit else { return findings }
    let push = size.push
    let largest = size.largestStrings
    findings.append(
      finding(
        atStartOf: push.anchor,
        "payload is \(size.bytes) bytes when sent as compact JSON, over the \(size.limit)-byte limit for \(size.pushType) pushes (APNs rejects it with PayloadTooLarge)"
          + (largest.isEmpty ? "" : "; largest strings: \(largest)"),
        help: "shorten the largest strings, or send an identifier and let a service extension fetch the content"))
    return findings
  }

  /// FCM's own limit on a message's data: 4096 bytes of keys and values,
  /// 2048 for a message to a topic; FCM answers "Message too big"
  /// (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode).
  static func fcmDataFinding(_ document: Document) -> Finding? {
    guard document.template == nil, let message = document.root?["message"], let data = message.member("data"),
      data.value.isObject
    else { return nil }
    var bytes = 0
    data.value.forEachMember { member in
      bytes += member.key.utf8.count + (member.value.stringValue?.utf8.count ?? 0)
    }
    let toTopic = message.hasMember("topic") || message.hasMember("condition")
    let limit = toTopic ? 2048 : 4096
    guard bytes > limit else { return nil }
    let size = bytes
    return finding(
      atKeyOf: data,
      "FCM data is \(size) bytes of keys and values, over FCM's \(limit)-byte limit\(toTopic ? " for messages to topics" : ""); FCM rejects the message (Message too big)",
      help: "send an identifier and fetch the rest in the app")
  }
}
