enum FCMTargetCountRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.fcmMessage]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .fcmMessage, let message = document.root?["message"], let members = message.members else {
      return []
    }
    let targets = members.filter { ["token", "topic", "condition", "fid"].contains($0.key) }
    guard targets.count != 1 else { return [] }
    if targets.isEmpty {
      return [
        finding(
          atStartOf: message,
          "an FCM message needs exactly one target: \"token\", \"fid\", \"topic\" or \"condition\"; it has none",
          help: "add \"token\", \"fid\", \"topic\" or \"condition\"")
      ]
    }
    return targets.dropFirst().map { extra in
      finding(
        atKeyOf: extra, "an FCM message has exactly one target; \"\(extra.key)\" comes after \"\(targets[0].key)\"",
        help: "send one message per target, or use a \"condition\"")
    }
  }
}
