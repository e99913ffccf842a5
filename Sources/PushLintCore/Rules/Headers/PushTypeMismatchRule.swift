enum PushTypeMismatchRule: Rule {
  static let name = "push-type-mismatch"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let declared = push.declaredPushType, let aps = push.aps else { return [] }
    var findings: [Finding] = []
    switch declared {
    case "background":
      for member in aps.members ?? [] where ["alert", "sound", "badge"].contains(member.key) {
        findings.append(
          finding(
            atKeyOf: member, "a background push cannot carry \"\(member.key)\"; the system may not deliver it at all",
            help: "use apns-push-type \"alert\", or remove \"\(member.key)\""))
      }
      if let notification = push.fcmNotification {
        findings.append(
          finding(
            atStartOf: notification,
            "a background push cannot carry an FCM \"notification\"; FCM turns it into an alert",
            help: "use apns-push-type \"alert\", or remove \"notification\""))
      }
      if !push.contentAvailable {
        findings.append(
          finding(
            atStartOf: aps, "a background push needs \"content-available\": 1 in aps; without it the app is not woken",
            help: "add \"content-available\": 1"))
      }
    case "alert":
      if !push.isUserVisible {
        findings.append(
          finding(
            atStartOf: aps, "an alert push with nothing user-visible (no alert, sound or badge)",
            help: "use apns-push-type \"background\" with priority 5 for a silent push"))
      }
    case "liveactivity":
      if aps.members?.contains(where: { context.schema.liveActivityKeys.contains($0.key) }) != true {
        findings.append(
          finding(
            atStartOf: aps,
            "a liveactivity push without Live Activity keys (\"event\", \"timestamp\", \"content-state\")"))
      }
    default:
      break
    }
    return findings
  }
}
