/// Size as APNs measures it: the compact UTF-8 JSON of the payload as sent.
struct PayloadSize {
  var bytes: Int
  var limit: Int
  var push: PushInfo

  /// A function, not an initializer: an initializer takes its arguments
  /// owned, and copying a document and a rule context cost more than the rule.
  static func of(_ document: Document) -> PayloadSize? {
    // A template's size depends on its fill: template-too-large judges it.
    guard document.template == nil, let push = document.push, let bytes = push.sentSize else { return nil }
    return PayloadSize(bytes: bytes, limit: push.payloadLimit, push: push)
  }

  var pushType: String { push.pushType }

  var largestStrings: String {
    guard let payload = push.sentPayload else { return "" }
    return CompactJSON.largestStrings(in: payload, count: 3)
      .map { "\($0.pointer.isEmpty ? "/" : $0.pointer) (\($0.bytes) bytes)" }
      .joined(separator: ", ")
  }
}

final class PayloadTooLargeRule: Rule {
  static let name = "payload-too-large"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let size = PayloadSize.of(document), size.bytes > size.limit else { return [] }
    let push = size.push
    let largest = size.largestStrings
    return [
      Finding(
        rule: Self.name, span: push.anchor.openingSpan,
        message:
          "payload is \(size.bytes) bytes when sent as compact JSON, over the \(size.limit)-byte limit for \(size.pushType) pushes (APNs rejects it with PayloadTooLarge)"
          + (largest.isEmpty ? "" : "; largest strings: \(largest)"),
        pointer: push.anchor.pointer,
        help: "shorten the largest strings, or send an identifier and let a service extension fetch the content")
    ]
  }
}

final class PayloadNearLimitRule: Rule {
  static let name = "payload-near-limit"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let size = PayloadSize.of(document), size.bytes <= size.limit, size.bytes * 10 >= size.limit * 9
    else { return [] }
    let push = size.push
    return [
      Finding(
        rule: Self.name, span: push.anchor.openingSpan,
        message:
          "payload is \(size.bytes) of \(size.limit) bytes (\(size.bytes * 100 / size.limit)%); largest strings: \(size.largestStrings)",
        pointer: push.anchor.pointer)
    ]
  }
}

final class AlertEmptyRule: Rule {
  static let name = "alert-empty"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let alert = push.aps?["alert"] else { return [] }
    guard alert.stringValue != nil || alert.isObject, !push.showsAlert else { return [] }
    return [
      Finding(
        rule: Self.name, span: alert.span,
        message: "\"alert\" carries nothing to show: no title, subtitle, body or localization key with text",
        pointer: alert.pointer, help: "add a \"title\" or \"body\", or remove \"alert\" for a silent push")
    ]
  }
}

final class LocArgsWithoutKeyRule: Rule {
  static let name = "loc-args-without-key"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.pushType != "liveactivity", let alert = push.aps?["alert"],
      let members = alert.members
    else { return [] }
    var findings: [Finding] = []
    for (prefix, keyKey, argsKey) in alertLocalizationKeys {
      guard let args = members.last(where: { $0.key == argsKey }), !members.contains(where: { $0.key == keyKey })
      else { continue }
      findings.append(
        Finding(
          rule: Self.name, span: args.keySpan,
          message:
            "\"\(prefix)loc-args\" without \"\(prefix)loc-key\": the arguments fill the localized format that \"\(prefix)loc-key\" names, so the system cannot use them",
          pointer: args.value.pointer, help: "add \"\(prefix)loc-key\" naming the localized format"))
    }
    return findings
  }
}

final class MutableContentWithoutAlertRule: Rule {
  static let name = "mutable-content-without-alert"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let member = push.aps?.member("mutable-content"),
      member.value.numberValue?.doubleValue == 1, !push.showsAlert
    else { return [] }
    return [
      Finding(
        rule: Self.name, span: member.keySpan,
        message:
          "\"mutable-content\": 1 without an alert title, subtitle or body: the service extension only runs for visible alerts",
        pointer: member.value.pointer, help: "add an alert with a title or body, or remove \"mutable-content\"")
    ]
  }
}

final class LiveActivityIncompleteRule: Rule {
  static let name = "live-activity-incomplete"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.pushType == "liveactivity", let aps = push.aps else { return [] }
    // A handful of keys each: looked up in place rather than hashed into a set.
    func absent(_ keys: [String]) -> [String] { keys.filter { aps.member($0) == nil } }
    var missing = absent(["timestamp", "event"])
    var reason = "every liveactivity push needs \"timestamp\" and \"event\""
    if missing.isEmpty {
      switch aps["event"]?.stringValue {
      case "start":
        missing = absent(["attributes-type", "attributes", "content-state", "alert"])
        reason = "\"event\": \"start\" needs \"attributes-type\", \"attributes\", \"content-state\" and \"alert\""
      case "update":
        missing = absent(["content-state"])
        reason = "\"event\": \"update\" needs \"content-state\""
      default:
        break
      }
    }
    guard !missing.isEmpty else { return [] }
    return [
      Finding(
        rule: Self.name, span: aps.openingSpan,
        message: "\(reason); missing \(missing.map { "\"\($0)\"" }.joined(separator: ", "))",
        pointer: aps.pointer, help: "add \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) to aps")
    ]
  }
}

final class URLArgsMissingRule: Rule {
  static let name = "url-args-missing"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, let topic = push.topic, topic.hasPrefix("web."), let aps = push.aps,
      aps["url-args"] == nil
    else { return [] }
    return [
      Finding(
        rule: Self.name, span: aps.openingSpan,
        message: "a Safari website push (apns-topic \"\(topic)\") needs \"url-args\" in aps, even an empty array",
        pointer: aps.pointer, help: "add \"url-args\": [] (or the values your URL format string needs)")
    ]
  }
}
