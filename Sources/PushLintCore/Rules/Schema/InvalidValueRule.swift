/// A value outside its key's allowed values, range or format. Besides the
/// schema validator's findings, it judges what the schema cannot say: in a
/// categories file, every identifier in `minimalActions` must be one of the
/// category's actions.
enum InvalidValueRule: SchemaRule {
  enum Problem: FindingReason {
    /// The string `text` is none of `allowed`; `isElement` when it is an
    /// element of the array `key`.
    case notAllowed(key: String, text: String, allowed: [String], isElement: Bool)
    case tooLong(key: String, bytes: Int, maxBytes: Int)
    /// A number none of the listed `values`.
    case notListed(key: String, literal: String, values: [SchemaValue], note: String?)
    /// Seconds since 1970 written as milliseconds.
    case milliseconds(key: String, literal: String, value: Double)
    case notWhole(key: String, literal: String)
    case outOfRange(key: String, literal: String, minimum: Double?, maximum: Double?, note: String?)
    case notAbove(key: String, literal: String, bound: Double)
    case fcmTopic(text: String)
    case fcmLabel(key: String, text: String)
    case empty(key: String)
    case notImageURL(key: String, text: String)
    case uuidCapitals(key: String, text: String)
    case notUUID(key: String, text: String)
    case notEpochSeconds(key: String, text: String)

    var suggestion: String? {
      if case .notAllowed(_, let text, let allowed, _) = self { return Suggestion.nearest(to: text, in: allowed) }
      return nil
    }

    var message: String {
      switch self {
      case .notAllowed(let key, let text, let allowed, let isElement):
        let base =
          isElement
          ? "\"\(key)\" cannot hold \"\(text)\"; its values are \(allowed.joined(separator: ", "))"
          : "\"\(key)\" cannot be \"\(text)\"; it is one of \(allowed.joined(separator: ", "))"
        return base + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
      case .tooLong(let key, let bytes, let maxBytes):
        return "\"\(key)\" is \(bytes) bytes; at most \(maxBytes) are allowed"
      case .notListed(let key, let literal, let values, let note):
        return "\"\(key)\" must be \(values.spelledAsAlternatives), found \(literal)\(note.map { "; \($0)" } ?? "")"
      case .milliseconds(let key, let literal, _):
        return "\"\(key)\" is \(literal), which reads as milliseconds; Apple wants seconds since 1970"
      case .notWhole(let key, let literal):
        return "\"\(key)\" must be a whole number, found \(literal)"
      case .outOfRange(let key, let literal, let minimum, let maximum, let note):
        switch (minimum, maximum) {
        case (let minimum?, let maximum?):
          return
            "\"\(key)\" must be between \(SchemaValue.number(minimum)) and \(SchemaValue.number(maximum)), found \(literal)"
        case (let minimum?, nil):
          return
            "\"\(key)\" must be \(SchemaValue.number(minimum)) or more, found \(literal)\(note.map { " (\($0))" } ?? "")"
        case (nil, let maximum?):
          return "\"\(key)\" must be \(SchemaValue.number(maximum)) or less, found \(literal)"
        default:
          return "\"\(key)\" is out of range"
        }
      case .notAbove(let key, let literal, let bound):
        return "\"\(key)\" must be greater than \(SchemaValue.number(bound)), found \(literal)"
      case .fcmTopic(let text):
        return "FCM topic names use only letters, digits and - _ . ~ %, found \"\(text)\"; FCM rejects the message"
      case .fcmLabel(let key, let text):
        return "\"\(key)\" is 1 to 50 letters, digits and - _ . ~ %, found \"\(text)\"; FCM rejects the message"
      case .empty(let key):
        return "\"\(key)\" is empty; FCM rejects the message"
      case .notImageURL(let key, let text):
        return "\"\(key)\" must be the URL of an image, found \"\(text)\""
      case .uuidCapitals(let key, let text):
        return
          "\"\(key)\" has capital letters; Apple documents the canonical UUID form as lowercase, found \"\(text)\""
      case .notUUID(let key, let text):
        return "\"\(key)\" must be a UUID (8-4-4-4-12 hex digits), found \"\(text)\""
      case .notEpochSeconds(let key, let text):
        return "\"\(key)\" must be whole seconds since 1970 (UTC), or 0 to deliver once, found \"\(text)\""
      }
    }

    var help: String? {
      switch self {
      case .notAllowed: suggestion.map { "write \"\($0)\"" }
      case .tooLong(_, _, let maxBytes): "shorten it to \(maxBytes) bytes"
      case .notListed(_, _, let values, _): "write \(values[0])"
      case .milliseconds(_, _, let value):
        // Past 10^16 milliseconds is no date a clock gives, and does not fit an Int.
        value < 1e16
          ? "divide it by 1000: \(Int(value / 1000))" : "write seconds since 1970, such as 1767225600"
      case .notWhole, .outOfRange, .notAbove: nil
      case .fcmTopic: "rename the topic, e.g. \"news-sports\""
      case .fcmLabel: "write a label such as \"spring-sale\""
      case .empty(let key): "give the device's \(key)"
      case .notImageURL: "write an https:// URL"
      case .uuidCapitals(_, let text): "write it in lowercase: \"\(text.lowercased())\""
      case .notUUID: "write a UUID such as \"123e4567-e89b-12d3-a456-4266554400a0\""
      case .notEpochSeconds: "write a UNIX time such as \"1767225600\""
      }
    }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .invalidValue(let problem) = problem { problem } else { nil }
  }

  static func otherFindings(_ document: Document, context: RuleContext) -> [Finding] {
    guard document.kind == .categories, let root = document.root else { return [] }
    return unknownMinimalActions(root)
  }

  static func unknownMinimalActions(_ root: Node) -> [Finding] {
    var findings: [Finding] = []
    root["categories"]?.forEachElement { category in
      let actions = Set(category["actions"]?.elements?.compactMap { $0["identifier"]?.stringValue } ?? [])
      for reference in category["minimalActions"]?.elements ?? [] {
        guard let identifier = reference.stringValue, !actions.contains(identifier) else { continue }
        let suggestion = Suggestion.nearest(to: identifier, in: actions.sorted())
        findings.append(
          finding(
            at: reference,
            "\"minimalActions\" names \"\(identifier)\", which is not an action of this category"
              + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
            help: suggestion.map { "write \"\($0)\"" }))
      }
    }
    return findings
  }
}

extension InvalidValueRule.Problem: FixableProblem {
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix? {
    let scalar: Fix.Scalar
    let applicability: Fix.Applicability
    switch self {
    case .notAllowed(_, let text, _, _):
      guard let suggestion else { return nil }
      scalar = .string(suggestion)
      // A word with one close value is a typo; a digit or two ("7" for
      // "5") is a different setting, which only the author can choose.
      applicability = text.count >= 4 || text.lowercased() == suggestion.lowercased() ? .safe : .unsafe
    case .uuidCapitals(_, let text):
      scalar = .string(text.lowercased())
      applicability = .safe
    case .milliseconds(_, _, let value) where value < 1e16:
      scalar = .number(String(Int(value / 1000)))
      applicability = .unsafe
    case .notListed(_, _, let values, _):
      guard case .number(let first) = values[0] else { return nil }
      scalar = .number(SchemaValue.number(first).description)
      applicability = .unsafe
    default:
      return nil
    }
    guard let title = help else { return nil }
    return Fix(title: title, applicability: applicability, changes: [.replaceValue(span, with: scalar)], format: format)
  }
}
