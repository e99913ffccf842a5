/// How the schema rules name what they found and what the schema allows.
extension FoundValue {
  /// "the string \"…\"", "an object".
  var described: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .number(let literal): "the number \(literal)"
    case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    case .array: "an array"
    case .object: "an object"
    case .placeholder(let text): "the placeholder \(text)"
    }
  }

  /// The value as written, to be quoted in a fix.
  var plainText: String {
    switch self {
    case .number(let literal): literal
    case .bool(let value): String(value)
    case .null: "null"
    default: "…"
    }
  }
}

extension [SchemaValue] {
  /// "1, 2 or 3".
  var spelledAsAlternatives: String {
    let texts = map(\.description)
    guard texts.count > 1 else { return texts.first ?? "" }
    return texts.dropLast().joined(separator: ", ") + " or " + texts.last!
  }
}
