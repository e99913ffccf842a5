enum PushTypeMismatchRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    if let push = document.push, push.declaredPushType == "mdm" { return mdmMismatches(push) }
    guard let push = document.push, push.declaredPushType != nil || push.isBroadcast, let aps = push.aps else {
      return []
    }
    var findings: [Finding] = []
    if push.isBroadcast {
      findings += broadcastMismatches(push, aps: aps, in: document)
    }
    guard let declared = push.declaredPushType else { return findings }
    // A broadcast has priorities of its own (10, 5 or 1) [BCAST].
    if !push.isBroadcast, let documented = context.schema.pushTypes[declared]?.priorities,
      let priority = push.headers["apns-priority"], let text = priority.text, !documented.contains(text),
      !priority.isTemplated(in: document)
    {
      findings.append(
        finding(
          at: priority.valueSpan, pointer: priority.pointer,
          "Apple documents apns-priority \(documented.map { "\"\($0)\"" }.joined(separator: " or ")) for \(declared) pushes, found \"\(text)\"",
          help: "write \"\(documented[0])\"", severity: .warning,
          // Which priority the push needs, only its author knows.
          fix: priority.rewrite(as: documented[0], .unsafe, in: document)))
    }
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
      // Push-to-start asks for the new activity's update token or channel
      // (iOS 18); any other event ignores them [LA].
      if aps.hasMember("input-push-token") || aps.hasMember("input-push-channel"), aps["event"]?.stringValue != "start"
      {
        aps.forEachMember { member in
          guard member.key == "input-push-token" || member.key == "input-push-channel" else { return }
          findings.append(
            finding(
              atKeyOf: member,
              "\"\(member.key)\" belongs to a push-to-start payload (\"event\": \"start\"); this push does not start a Live Activity, so it is ignored",
              help: "remove it, or send it with \"event\": \"start\"", severity: .warning))
        }
      }
    case "widgets", "controls":
      // The whole payload is {"aps": {"content-changed": true}} [WPUSH] [CTRL].
      if aps["content-changed"]?.boolValue != true {
        findings.append(
          finding(
            atStartOf: aps,
            "a \(declared) push needs \"content-changed\": true in aps; without it nothing is reloaded",
            help: "write {\"aps\": {\"content-changed\": true}}"))
      }
      aps.forEachMember { member in
        guard ["alert", "sound", "badge"].contains(member.key) else { return }
        findings.append(
          finding(
            atKeyOf: member, "a \(declared) push only tells the system to reload; it shows no \"\(member.key)\"",
            help: "send the \(member.key) in an alert push of its own"))
      }
    default:
      break
    }
    return findings
  }

  /// A broadcast updates or ends the Live Activities subscribed to its
  /// channel; starting one takes a push-to-start push to a device
  /// (`input-push-channel`) [BCAST in rules/schema.yaml].
  static func broadcastMismatches(_ push: PushInfo, aps: Node, in document: Document) -> [Finding] {
    var findings: [Finding] = []
    if let declared = push.declaredPushType, declared != "liveactivity", let header = push.headers["apns-push-type"] {
      findings.append(
        finding(
          at: header.valueSpan, pointer: header.pointer,
          "a broadcast push (apns-channel-id) updates Live Activities; its push type is \"liveactivity\", not \"\(declared)\"",
          help: "write \"liveactivity\"",
          // The channel may be what is wrong instead.
          fix: header.rewrite(as: "liveactivity", .unsafe, in: document)))
    }
    if let event = aps["event"], event.stringValue == "start" {
      findings.append(
        finding(
          at: event,
          "a broadcast push cannot start a Live Activity; it updates or ends the ones subscribed to its channel",
          help: "start it with a push-to-start push to a device, with \"input-push-channel\" in aps"))
    }
    return findings
  }

  /// An MDM push carries `{"mdm": "<PushMagic>"}` and nothing the device
  /// reads besides: the device checks in with its MDM server only when the
  /// value is the PushMagic string it enrolled with [MDM].
  ///
  /// [MDM] https://developer.apple.com/documentation/devicemanagement/sending-mdm-commands-to-a-device
  static func mdmMismatches(_ push: PushInfo) -> [Finding] {
    guard let payload = push.payload, payload.isObject, !payload.isPlaceholder else { return [] }
    guard let mdm = payload["mdm"] else {
      return [
        finding(
          atStartOf: payload,
          "an mdm push's payload is {\"mdm\": \"<PushMagic>\"}; this one has no \"mdm\", so the device does not check in",
          help: "send {\"mdm\": \"<the PushMagic string from the device's TokenUpdate>\"}")
      ]
    }
    guard mdm.stringValue == nil, !mdm.isPlaceholder else { return [] }
    return [
      finding(
        at: mdm, "\"mdm\" must be the device's PushMagic string, found \(article(mdm.typeName))",
        help: "send {\"mdm\": \"<PushMagic>\"}")
    ]
  }
}
