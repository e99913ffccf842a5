/// A value of the wrong JSON type for its key.
enum ValueTypeRule: SchemaRule {
  enum Problem: FindingReason {
    /// `key` holds a type Apple does not document, which devices still
    /// take in part (`note` says how).
    case undocumented(key: String, found: FoundValue, expected: ExpectedType, note: String)
    case wrongType(key: String, found: FoundValue, expected: ExpectedType)
    /// An element of the array `key` is not of `itemType`.
    case wrongItem(key: String, found: FoundValue, itemType: JSONType)
    /// The value of `member` in the dictionary `key` is not of `valuesType`.
    case wrongMemberValue(member: String, key: String, found: FoundValue, valuesType: JSONType, note: String?)

    var message: String {
      switch self {
      case .undocumented(let key, let found, let expected, let note):
        "\"\(key)\" is \(found.described), where Apple documents \(article(expected.types[0].rawValue)): \(note)"
      case .wrongType(let key, let found, let expected):
        "\"\(key)\" must be \(expected.described), found \(found.described)"
      case .wrongItem(let key, let found, let itemType):
        "\"\(key)\" must hold only \(itemType.rawValue)s, found \(found.described)"
      case .wrongMemberValue(let member, let key, let found, let valuesType, let note):
        "\"\(member)\" in \"\(key)\" must be \(article(valuesType.rawValue)), found \(found.described)"
          + (note.map { " (\($0))" } ?? "")
      }
    }

    var help: String? {
      switch self {
      case .undocumented(_, let found, let expected, _), .wrongType(_, let found, let expected):
        Self.fix(found, expected: expected)
      case .wrongItem(_, let found, let type), .wrongMemberValue(_, _, let found, let type, _):
        type == .string ? "quote it: \"\(found.plainText)\"" : nil
      }
    }

    static func fix(_ found: FoundValue, expected: ExpectedType) -> String? {
      switch found {
      case .string(let text) where expected.types.contains(.number) && Double(text) != nil:
        "write \(text) without quotes"
      case .bool(let flag) where expected.values?.contains(.number(1)) == true:
        flag ? "write 1" : "remove the key"
      case .number where expected.types == [.string], .bool where expected.types == [.string]:
        "quote it: \"\(found.plainText)\""
      case .string where expected.types.contains(.array):
        "write an array: [\"…\"]"
      default:
        nil
      }
    }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .valueType(let problem) = problem { problem } else { nil }
  }
}

extension ExpectedType {
  /// "a string or null", "the number 1".
  var described: String {
    if let values, types == [.number] { return "the number " + values.spelledAsAlternatives }
    return types.map { $0 == .null ? "null" : article($0.rawValue) }.joined(separator: " or ")
  }
}

extension ValueTypeRule.Problem: FixableProblem {
  /// The value written as the type the key takes, where that keeps what it
  /// says: `"3"` as 3, `true` as 1 where 1 is the only value, 5 as `"5"`.
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix? {
    let change: Fix.Change?
    switch self {
    case .undocumented(_, let found, let expected, _), .wrongType(_, let found, let expected):
      change = Self.retyped(found, expected: expected, at: span)
    case .wrongItem(_, let found, let type), .wrongMemberValue(_, _, let found, let type, _):
      change = type == .string ? Self.quoted(found, at: span) : nil
    }
    guard let change, let title = help else { return nil }
    return Fix(title: title, applicability: .safe, changes: [change], format: format)
  }

  static func retyped(_ found: FoundValue, expected: ExpectedType, at span: SourceSpan) -> Fix.Change? {
    switch found {
    case .string(let text) where expected.types.contains(.number):
      guard let literal = jsonNumberLiteral(text) else { return nil }
      return .replaceValue(span, with: .number(literal))
    case .bool(true) where expected.values?.contains(.number(1)) == true:
      return .replaceValue(span, with: .number("1"))
    case .number, .bool:
      return expected.types == [.string] ? quoted(found, at: span) : nil
    default:
      return nil
    }
  }

  /// A number or boolean as the string it is written as.
  static func quoted(_ found: FoundValue, at span: SourceSpan) -> Fix.Change? {
    switch found {
    case .number, .bool: .quote(span)
    default: nil
    }
  }

  /// `text` when it is a JSON number as written ("3", "-1.5"), so that
  /// unquoting it keeps its digits; nil otherwise (" 3", "0x1F", "1e").
  static func jsonNumberLiteral(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard let read = JSONReader.read(bytes).root?.numberValue, read.literal == text else { return nil }
    return text
  }
}
