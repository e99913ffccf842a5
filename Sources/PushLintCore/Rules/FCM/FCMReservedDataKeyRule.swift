enum FCMReservedDataKeyRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.fcmMessage]

  static func isReserved(_ key: String) -> Bool {
    key == "from" || key == "message_type" || key.hasPrefix("google.") || key.hasPrefix("gcm.notification.")
  }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .fcmMessage, let data = document.root?["message"]?["data"] else { return [] }
    var findings: [Finding] = []
    data.forEachMember { member in
      guard Self.isReserved(member.key) else { return }
      findings.append(
        finding(
          atKeyOf: member,
          "FCM reserves the data key \"\(member.key)\" (\"from\", \"message_type\", \"google.*\" and \"gcm.notification.*\"); the request is rejected",
          help: "rename it"))
    }
    return findings
  }
}
