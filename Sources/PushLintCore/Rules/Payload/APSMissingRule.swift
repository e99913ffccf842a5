enum APSMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.payload, .envelope, .fcmMessage]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let root = document.root else { return [] }
    // File provider, MDM, Push to Talk, VoIP, complication and location
    // payloads need no aps (rules/schema.yaml, `noAPS`): declared, or for
    // MDM recognised by its lone `mdm` key.
    if let push = document.push, push.declaredPushType != nil || push.pushType == "mdm",
      context.schema.pushTypes[push.pushType]?.noAPS == true
    {
      return []
    }
    switch document.kind {
    case .payload:
      // A JSON or YAML file without aps is a payload only because it was
      // named explicitly: say how to leave out one that is not. (An .apns
      // file is always a payload.)
      let findings = check(payload: root, what: "a payload")
      guard !findings.isEmpty, fileExtension(document.path) != "apns" else { return findings }
      return check(
        payload: root, what: "a payload",
        otherwise: " (if this file is not a push payload, leave it out or pass --skip-unrelated)")
    case .envelope:
      guard let payload = root["payload"] else { return [] }
      return check(payload: payload, what: "the envelope's \"payload\"")
    case .fcmMessage:
      // FCM builds aps from the notification when the payload has none; one
      // that is there must be an object.
      guard let aps = root["message"]?["apns"]?["payload"]?["aps"], !aps.isObject, !aps.isPlaceholder else {
        return []
      }
      return [
        finding(
          at: aps, "\"aps\" in apns.payload must be an object, found \(article(aps.typeName)); FCM rejects the message",
          help: "write \"aps\": {…}, or leave it out for FCM to build from the notification")
      ]
    default:
      return []
    }
  }

  private static func check(payload: Node, what: String, otherwise: String = "") -> [Finding] {
    // Asked by its type first: an array kept as its bytes stays unbuilt.
    guard payload.isObject else {
      return [
        finding(
          at: payload,
          "\(what) must be a JSON object with an \"aps\" dictionary, found \(article(payload.typeName))\(otherwise)",
          help: "wrap it: {\"aps\": {\"alert\": \"…\"}}")
      ]
    }
    guard let aps = payload["aps"] else {
      return [
        finding(
          atStartOf: payload,
          "\(what) has no \"aps\" dictionary; APNs needs one, and custom keys go beside it\(otherwise)",
          help: "add \"aps\": {…} at the top level")
      ]
    }
    guard aps.isObject else {
      return [
        finding(
          at: aps, "\"aps\" must be an object, found \(article(aps.typeName))",
          help: "write \"aps\": {\"alert\": \"…\"}")
      ]
    }
    return []
  }
}
