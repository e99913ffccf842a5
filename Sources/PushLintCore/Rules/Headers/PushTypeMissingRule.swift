enum PushTypeMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // FCM sets apns-push-type itself when a message's apns block leaves it
    // out: Firebase's own examples omit it.
    guard let push = headerContext(document), push.headerSource != .fcm, push.headers["apns-push-type"] == nil else {
      return []
    }
    let anchor = push.headersNode ?? push.anchor
    return [
      finding(
        atStartOf: anchor,
        "headers without \"apns-push-type\": watchOS 6 and later require it and APNs expects it since iOS 13; inferred \"\(push.pushType)\"",
        help: "add \"apns-push-type\": \"\(push.pushType)\"")
    ]
  }
}
