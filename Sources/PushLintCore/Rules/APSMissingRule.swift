final class APSMissingRule: Rule {
  static let name = RuleName.apsMissing
  static let documentKinds: Set<DocumentKind>? = [.payload, .envelope]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let root = document.root else { return [] }
    switch document.kind {
    case .payload:
      return check(payload: root, what: "a payload")
    case .envelope:
      guard let payload = root["payload"] else { return [] }
      if let declared = document.push?.declaredPushType, context.schema.pushTypes[declared]?.noAPS == true {
        return []
      }
      return check(payload: payload, what: "the envelope's \"payload\"")
    default:
      return []
    }
  }

  private static func check(payload: Node, what: String) -> [Finding] {
    guard let members = payload.members else {
      return [
        Finding(
          rule: Self.name, span: payload.span,
          message: "\(what) must be a JSON object with an \"aps\" dictionary, found \(article(payload.typeName))",
          pointer: payload.pointer, help: "wrap it: {\"aps\": {\"alert\": \"…\"}}")
      ]
    }
    guard let aps = members.last(where: { $0.key == "aps" }) else {
      return [
        Finding(
          rule: Self.name, span: payload.openingSpan,
          message: "\(what) has no \"aps\" dictionary; APNs needs one, and custom keys go beside it",
          pointer: payload.pointer, help: "add \"aps\": {…} at the top level")
      ]
    }
    guard aps.value.isObject else {
      return [
        Finding(
          rule: Self.name, span: aps.value.span,
          message: "\"aps\" must be an object, found \(article(aps.value.typeName))",
          pointer: aps.value.pointer, help: "write \"aps\": {\"alert\": \"…\"}")
      ]
    }
    return []
  }
}

func article(_ typeName: String) -> String {
  let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
  if typeName == "null" { return "null" }
  return (vowels.contains(typeName.first ?? "x") ? "an " : "a ") + typeName
}
