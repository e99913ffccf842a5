/// A body for FCM's legacy HTTP API. Google deprecated `/fcm/send` in June
/// 2023 and shut it down from July 2024 [MIGRATE]: such a request no longer
/// delivers anything. The help maps each legacy field present to its place
/// in an HTTP v1 `message`.
///
/// [MIGRATE] https://firebase.google.com/docs/cloud-messaging/migrate-v1
enum FCMLegacyAPIRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.fcmLegacyMessage]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .fcmLegacyMessage, let root = document.root, let members = root.members,
      let target = members.first(where: { $0.key == "to" || $0.key == "registration_ids" })
    else { return [] }
    let moves = members.compactMap { move($0) }
    return [
      finding(
        atKeyOf: target,
        "this is a request body for FCM's legacy HTTP API (\"\(target.key)\" at the top level), which Google shut down in July 2024: /fcm/send no longer delivers it",
        help: "send it to the HTTP v1 API (…/v1/projects/PROJECT_ID/messages:send) as {\"message\": {…}}: "
          + moves.joined(separator: "; "))
    ]
  }

  /// Where a legacy field goes in an HTTP v1 message.
  static func move(_ member: Member) -> String? {
    switch member.key {
    case "to":
      guard let to = member.value.stringValue else { return nil }
      if to.hasPrefix("/topics/") { return "\"to\": \"\(to)\" becomes \"topic\": \"\(to.dropFirst(8))\"" }
      return "\"to\" becomes \"token\""
    case "registration_ids": return "\"registration_ids\" becomes one request per \"token\""
    case "condition": return "\"condition\" stays \"condition\""
    case "notification": return "\"notification\" stays (title, body, image)"
    case "data": return "\"data\" stays, with string values only"
    case "priority":
      let high = member.value.stringValue == "high"
      return
        "\"priority\" becomes android.priority \"\(high ? "high" : "normal")\" and apns.headers \"apns-priority\": \"\(high ? "10" : "5")\""
    case "content_available": return "\"content_available\" becomes apns.payload.aps \"content-available\": 1"
    case "mutable_content": return "\"mutable_content\" becomes apns.payload.aps \"mutable-content\": 1"
    case "time_to_live": return "\"time_to_live\" becomes android.ttl (\"3600s\") and apns.headers \"apns-expiration\""
    case "collapse_key": return "\"collapse_key\" becomes android.collapse_key and apns.headers \"apns-collapse-id\""
    case "dry_run": return "\"dry_run\" becomes \"validate_only\" beside \"message\""
    default: return nil
    }
  }
}
