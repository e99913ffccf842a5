func article(_ typeName: String) -> String {
  let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
  if typeName == "null" { return "null" }
  return (vowels.contains(typeName.first ?? "x") ? "an " : "a ") + typeName
}

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

  var pushType: String { push.isBroadcast ? "broadcast" : push.pushType }

  var largestStrings: String {
    guard let payload = push.sentPayload else { return "" }
    return CompactJSON.largestStrings(in: payload, count: 3)
      .map { "\($0.pointer.isEmpty ? "/" : $0.pointer) (\($0.bytes) bytes)" }
      .joined(separator: ", ")
  }
}
