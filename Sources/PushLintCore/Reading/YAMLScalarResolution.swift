/// How a YAML scalar becomes a JSON value, and where YAML 1.1 would disagree.
enum YAMLScalarResolution {
  /// A plain, untagged scalar under the YAML 1.2 core schema.
  static func resolvePlain(_ text: String) -> StoredValue {
    // Most plain scalars are words: only five letters or fewer can be a null
    // or a boolean, and a number never starts with a letter.
    if text.utf8.count <= 5 {
      switch text {
      case "", "~", "null", "Null", "NULL": return .null
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      default: break
      }
    }
    if let first = text.utf8.first, isASCIILetter(first) { return .string(text) }
    if let number = number(text) { return .number(number) }
    return .string(text)
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// A quoted or tagged scalar: quoted is always a string; the standard tags
  /// are honoured so `!!int "3"` is the number it says.
  static func resolveTagged(_ text: String, tag: String?) -> StoredValue {
    switch tag {
    case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
      if let number = number(text) { return .number(number) }
    case "tag:yaml.org,2002:bool":
      if case .bool(let bool) = resolvePlain(text) { return .bool(bool) }
    case "tag:yaml.org,2002:null":
      return .null
    default:
      break
    }
    return .string(text)
  }

  /// Decimal, `0o` octal and `0x` hex integers and decimal floats, converted
  /// to their JSON spelling.
  static func number(_ text: String) -> NumberValue? {
    let scalars = Array(text.utf8)
    guard !scalars.isEmpty else { return nil }
    var sign = ""
    var body = scalars[...]
    if body.first == UInt8(ascii: "-") || body.first == UInt8(ascii: "+") {
      if body.first == UInt8(ascii: "-") { sign = "-" }
      body = body.dropFirst()
    }
    guard !body.isEmpty else { return nil }
    let bodyText = String(decoding: body, as: UTF8.self)
    if bodyText.hasPrefix("0o") || bodyText.hasPrefix("0x") {
      guard sign.isEmpty, let value = UInt64(bodyText.dropFirst(2), radix: bodyText.hasPrefix("0o") ? 8 : 16) else {
        return nil
      }
      return NumberValue(literal: String(value), isWhole: true, doubleValue: Double(value))
    }
    if body.allSatisfy(isDigit) {
      var digits = bodyText.drop { $0 == "0" }
      if digits.isEmpty { digits = "0" }
      // `String(digits)`: a string and a substring joined go through the
      // generic `+`, whose first use looks its conformances up at run time.
      let literal = (digits == "0" ? "" : sign) + String(digits)
      return NumberValue(literal: literal, isWhole: true, doubleValue: Double(literal) ?? 0)
    }
    // [0-9]* ( . [0-9]* )? ( [eE] [-+]? [0-9]+ )?  with at least one digit before the exponent.
    var index = body.startIndex
    var integerDigits = ""
    while index < body.endIndex, isDigit(body[index]) {
      integerDigits.append(Character(Unicode.Scalar(body[index])))
      index += 1
    }
    var fractionDigits = ""
    var hasPoint = false
    if index < body.endIndex, body[index] == UInt8(ascii: ".") {
      hasPoint = true
      index += 1
      while index < body.endIndex, isDigit(body[index]) {
        fractionDigits.append(Character(Unicode.Scalar(body[index])))
        index += 1
      }
    }
    guard !(integerDigits.isEmpty && fractionDigits.isEmpty) else { return nil }
    var exponent = ""
    if index < body.endIndex, body[index] == UInt8(ascii: "e") || body[index] == UInt8(ascii: "E") {
      index += 1
      var exponentSign = ""
      if index < body.endIndex, body[index] == UInt8(ascii: "-") || body[index] == UInt8(ascii: "+") {
        if body[index] == UInt8(ascii: "-") { exponentSign = "-" }
        index += 1
      }
      var exponentDigits = ""
      while index < body.endIndex, isDigit(body[index]) {
        exponentDigits.append(Character(Unicode.Scalar(body[index])))
        index += 1
      }
      guard !exponentDigits.isEmpty else { return nil }
      exponent = "e" + exponentSign + exponentDigits
    }
    guard index == body.endIndex, hasPoint || !exponent.isEmpty else { return nil }
    var integerPart = String(integerDigits.drop { $0 == "0" })
    if integerPart.isEmpty { integerPart = "0" }
    let literal =
      sign + integerPart + (hasPoint ? "." + (fractionDigits.isEmpty ? "0" : fractionDigits) : "") + exponent
    return NumberValue(jsonLiteral: literal)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Why a plain scalar means something else to a YAML 1.1 reader, if it does.
  static func versionDifference(_ text: String) -> YAMLAmbiguousValueRule.Problem? {
    // A word of four letters or more is none of the cases below: not a
    // YAML 1.1 boolean (three at most), nor a special float or a number
    // (those start with a digit, a sign or a dot) unless it ends in `.inf`.
    if text.utf8.count > 3, let first = text.utf8.first, isASCIILetter(first), !text.hasSuffix(".inf") {
      return nil
    }
    // Nor is a plain decimal, the commonest scalar after a word.
    if isPlainDecimal(text) { return nil }
    let lower = text.lowercased()
    if ["y", "n", "yes", "no", "on", "off"].contains(lower) {
      let truth = ["y", "yes", "on"].contains(lower)
      return .yaml11Boolean(text: text, truth: truth)
    }
    if text == ".inf" || text == ".Inf" || text == ".INF" || text.hasSuffix("-.inf") || text.hasSuffix("+.inf")
      || lower == ".nan"
    {
      return .specialFloat(text: text)
    }
    guard let first = text.unicodeScalars.first, "0123456789+-.".unicodeScalars.contains(first) else { return nil }
    if matches(text, pattern0) {
      let digits = text.filter { $0 != "_" && $0 != "+" && $0 != "-" }
      return .leadingZero(text: text, octalValue: Int(digits, radix: 8))
    }
    if matches(text, pattern1) {
      return .base60(text: text)
    }
    if matches(text, pattern2) {
      return .timestamp(text: text)
    }
    if matches(text, pattern3) || matches(text, pattern4) && text.contains("_") {
      return .yaml11Number(text: text)
    }
    if matches(text, pattern5) {
      return .yaml12Octal(text: text)
    }
    if matches(text, pattern6)
      || matches(text, pattern7)
    {
      return .yaml12Exponent(text: text)
    }
    return nil
  }

  /// `12`, `0`, `1.25`, `0.5`: decimals both versions read alike, checked
  /// by hand because most numeric scalars are these.
  private static func isPlainDecimal(_ text: String) -> Bool {
    let bytes = text.utf8
    guard let first = bytes.first, isDigit(first) else { return false }
    var seenPoint = false
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
        if seenPoint { return false }
        seenPoint = true
      } else if !isDigit(byte) {
        return false
      }
    }
    let second = bytes.dropFirst().first
    let leadingZero = first == UInt8(ascii: "0") && second != nil && second != UInt8(ascii: ".")
    return !leadingZero && bytes.last != UInt8(ascii: ".")
  }

  // Compiled once: a large YAML file has a plain scalar on every line.
  nonisolated(unsafe) private static let pattern0 = try! Regex(#"^[-+]?0[0-9_]+$"#)
  nonisolated(unsafe) private static let pattern1 = try! Regex(#"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$"#)
  nonisolated(unsafe) private static let pattern2 = try! Regex(#"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?$"#)
  nonisolated(unsafe) private static let pattern3 = try! Regex(#"^[-+]?0b[01_]+$"#)
  nonisolated(unsafe) private static let pattern4 = try! Regex(#"^[-+]?[0-9][0-9_]*(\.[0-9_]*)?$"#)
  nonisolated(unsafe) private static let pattern5 = try! Regex(#"^0o[0-7]+$"#)
  nonisolated(unsafe) private static let pattern6 = try! Regex(#"^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)[eE][0-9]+$"#)
  nonisolated(unsafe) private static let pattern7 = try! Regex(#"^[-+]?[0-9]+[eE][-+][0-9]+$"#)

  private static func matches(_ text: String, _ pattern: Regex<AnyRegexOutput>) -> Bool {
    (try? pattern.wholeMatch(in: text)) != nil
  }
}
