/// Reads `.strings` files (the old-style property list text format Xcode
/// writes as `"key" = "value";`) into an object of strings, every key and
/// value positioned. Files are UTF-8 or UTF-16 (either byte order, with or
/// without a byte-order mark); UTF-16 is decoded first and positions are
/// lines and columns of the text, as in every other format.
public enum StringsFileReader {
  public static func read(_ bytes: [UInt8]) -> ReadResult {
    let text: [UInt8]
    switch decode(bytes) {
    case .text(let decoded): text = decoded
    case .unreadable(let finding): return ReadResult(root: nil, findings: [finding])
    }
    return text.withUnsafeBufferPointer { buffer in
      var parser = StringsParser(bytes: buffer, lines: LineIndex(bytes: text))
      return parser.read()
    }
  }

  /// Reads a whole old-style property list (the text format of
  /// `project.pbxproj`): dictionaries `{ key = value; }`, arrays `( a, b )`,
  /// data `<0fbd>` and strings, every node positioned.
  public static func readPropertyList(_ bytes: [UInt8]) -> ReadResult {
    let text: [UInt8]
    switch decode(bytes) {
    case .text(let decoded): text = decoded
    case .unreadable(let finding): return ReadResult(root: nil, findings: [finding])
    }
    return text.withUnsafeBufferPointer { buffer in
      var parser = StringsParser(bytes: buffer, lines: LineIndex(bytes: text))
      return parser.readPropertyList()
    }
  }

  enum Decoded {
    case text([UInt8])
    case unreadable(Finding)
  }

  /// The file as UTF-8 without a byte-order mark.
  static func decode(_ bytes: [UInt8]) -> Decoded {
    if let bigEndian = utf16ByteOrder(bytes) {
      let start =
        bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF) ? 2 : 0
      guard (bytes.count - start) % 2 == 0 else {
        return .unreadable(
          Finding(rule: .invalidEncoding, span: .fileStart, reason: InvalidEncodingRule.StringsProblem.oddUTF16Length))
      }
      var units: [UInt16] = []
      units.reserveCapacity((bytes.count - start) / 2)
      var index = start
      while index + 1 < bytes.count {
        let first = UInt16(bytes[index])
        let second = UInt16(bytes[index + 1])
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
        index += 2
      }
      var utf8: [UInt8] = []
      utf8.reserveCapacity(units.count)
      var iterator = units.makeIterator()
      var decoder = UTF16()
      var line = 1
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
          if scalar == "\n" { line += 1 }
          if scalar.value == 0 { return .unreadable(nulFinding(line: line)) }
          utf8.append(contentsOf: UTF8.encode(scalar)!)
        case .emptyInput: break loop
        case .error:
          let position = SourcePosition(line: line, column: 1, offset: utf8.count)
          return .unreadable(
            Finding(
              rule: .invalidEncoding, span: SourceSpan(at: position),
              reason: InvalidEncodingRule.StringsProblem.unpairedSurrogate(line: line)))
        }
      }
      return .text(droppingByteOrderMarks(utf8))
    }
    let clean = bytes.withUnsafeBufferPointer { EncodingCheck.firstProblem(in: $0) }
    if let problem = clean, !problem.isRecoverable {
      let position = LineIndex(bytes: bytes).position(ofOffset: problem.offset)
      let reason: InvalidEncodingRule.StringsProblem
      switch problem.kind {
      case .nulByte: return .unreadable(nulFinding(line: position.line))
      case .invalidUTF8(let byte): reason = .notUTF8OrUTF16(byte: byte)
      default: reason = .other(problem)
      }
      return .unreadable(Finding(rule: .invalidEncoding, span: SourceSpan(at: position), reason: reason))
    }
    return .text(droppingByteOrderMarks(bytes))
  }

  /// Text without the U+FEFF characters it starts with. Translation
  /// platforms export tables with the byte-order mark written twice (the
  /// second one as text), and Xcode and Foundation read such a table as if
  /// it were written once.
  static func droppingByteOrderMarks(_ text: [UInt8]) -> [UInt8] {
    var start = 0
    while text.count - start >= 3, text[start] == 0xEF, text[start + 1] == 0xBB, text[start + 2] == 0xBF {
      start += 3
    }
    return start == 0 ? text : Array(text[start...])
  }

  private static func nulFinding(line: Int) -> Finding {
    Finding(
      rule: .invalidEncoding, span: SourceSpan(at: SourcePosition(line: line, column: 1, offset: 0)),
      reason: InvalidEncodingRule.StringsProblem.nul(line: line))
  }

  /// UTF-16 by its byte-order mark, or (as Xcode also accepts) by a NUL in
  /// the first two bytes of text that starts with an ASCII character.
  static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
    guard bytes.count >= 2 else { return nil }
    if bytes[0] == 0xFF && bytes[1] == 0xFE { return false }
    if bytes[0] == 0xFE && bytes[1] == 0xFF { return true }
    if bytes[0] == 0 && bytes[1] != 0 && bytes[1] < 0x80 { return true }
    if bytes[1] == 0 && bytes[0] != 0 && bytes[0] < 0x80 { return false }
    return nil
  }
}

private struct StringsParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineIndex
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex) {
    self.bytes = bytes
    self.lines = lines
  }

  mutating func read() -> ReadResult {
    do {
      return ReadResult(root: try parse(), findings: [])
    } catch {
      let position = lines.position(ofOffset: error.offset)
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .syntaxError, span: SourceSpan(at: position), reason: error.problem)
        ])
    }
  }

  mutating func readPropertyList() -> ReadResult {
    do throws(OffsetSyntaxError) {
      try skipTrivia()
      let root = try value(pointer: "", depth: 0)
      try skipTrivia()
      guard index >= bytes.count else {
        throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.StringsProblem.textAfterPropertyList)
      }
      return ReadResult(root: root, findings: [])
    } catch {
      let position = lines.position(ofOffset: error.offset)
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .syntaxError, span: SourceSpan(at: position), reason: error.problem)
        ])
    }
  }

  /// One value of a general old-style property list.
  mutating func value(pointer: String, depth: Int) throws(OffsetSyntaxError) -> Node {
    guard depth < ReaderLimits.maxDepth else {
      throw OffsetSyntaxError(
        offset: index, problem: SyntaxErrorRule.StringsProblem.nestingTooDeep(limit: ReaderLimits.maxDepth))
    }
    let start = index
    switch peek {
    case UInt8(ascii: "{"):
      index += 1
      var members: [Member] = []
      while true {
        try skipTrivia()
        guard let byte = peek else {
          throw OffsetSyntaxError(
            offset: start, problem: SyntaxErrorRule.StringsProblem.neverClosed(opener: "{", showsFix: true))
        }
        if byte == UInt8(ascii: "}") {
          index += 1
          break
        }
        let keyStart = index
        let key = try string(isKey: true)
        let keySpan = span(keyStart, index)
        try skipTrivia()
        guard peek == UInt8(ascii: "=") else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.StringsProblem.expectedEquals(key: key))
        }
        index += 1
        try skipTrivia()
        let child = try value(pointer: Node.pointer(pointer, appending: key), depth: depth + 1)
        try skipTrivia()
        guard peek == UInt8(ascii: ";") else {
          throw OffsetSyntaxError(
            offset: index, problem: SyntaxErrorRule.StringsProblem.expectedSemicolonAfterValue(key: key)
          )
        }
        index += 1
        members.append(Member(key: key, keySpan: keySpan, value: child))
      }
      return Node(stored: .object(members), span: span(start, index), pointer: pointer)
    case UInt8(ascii: "("):
      index += 1
      var elements: [Node] = []
      while true {
        try skipTrivia()
        guard let byte = peek else {
          throw OffsetSyntaxError(
            offset: start, problem: SyntaxErrorRule.StringsProblem.neverClosed(opener: "(", showsFix: true))
        }
        if byte == UInt8(ascii: ")") {
          index += 1
          break
        }
        elements.append(try value(pointer: "\(pointer)/\(elements.count)", depth: depth + 1))
        try skipTrivia()
        if peek == UInt8(ascii: ",") {
          index += 1
        } else if peek != UInt8(ascii: ")") {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.StringsProblem.expectedCommaOrParenthesis)
        }
      }
      return Node(stored: .array(elements), span: span(start, index), pointer: pointer)
    case UInt8(ascii: "<"):
      while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
      guard peek != nil else {
        throw OffsetSyntaxError(
          offset: start, problem: SyntaxErrorRule.StringsProblem.neverClosed(opener: "<", showsFix: false))
      }
      index += 1
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      return Node(stored: .string(text), span: span(start, index), pointer: pointer)
    default:
      let text = try string(isKey: false)
      return Node(stored: .string(text), span: span(start, index), pointer: pointer)
    }
  }

  func span(_ start: Int, _ end: Int) -> SourceSpan {
    SourceSpan(start: lines.position(ofOffset: start), end: lines.position(ofOffset: end))
  }

  /// `entry*`, optionally inside one pair of braces (the general
  /// old-style dictionary, which Foundation also accepts for .strings).
  mutating func parse() throws(OffsetSyntaxError) -> Node {
    try skipTrivia()
    var braced = false
    if peek == UInt8(ascii: "{") {
      braced = true
      index += 1
    }
    var members: [Member] = []
    while true {
      try skipTrivia()
      if index >= bytes.count {
        if braced {
          throw OffsetSyntaxError(
            offset: index, problem: SyntaxErrorRule.StringsProblem.neverClosed(opener: "{", showsFix: false))
        }
        break
      }
      if braced && peek == UInt8(ascii: "}") {
        index += 1
        try skipTrivia()
        guard index >= bytes.count else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.StringsProblem.textAfterClosingBrace)
        }
        break
      }
      if !members.isEmpty && peek == UInt8(ascii: ";") {
        // Foundation's reader ends the table at a key it cannot read and
        // keeps what came before: every entry after this point is lost.
        throw OffsetSyntaxError(
          offset: index,
          problem: SyntaxErrorRule.StringsProblem.secondSemicolon(key: members[members.count - 1].key))
      }
      let keyStart = index
      let key = try string(isKey: true)
      let keySpan = span(keyStart, index)
      var entryEnd = index
      try skipTrivia()
      var value = Node(stored: .string(key), span: keySpan, pointer: Node.pointer("", appending: key))
      if peek == UInt8(ascii: "=") {
        index += 1
        try skipTrivia()
        let valueStart = index
        let text = try string(isKey: false)
        value = Node(stored: .string(text), span: span(valueStart, index), pointer: value.pointer)
        entryEnd = index
        try skipTrivia()
      }
      guard peek == UInt8(ascii: ";") else {
        throw OffsetSyntaxError(
          offset: entryEnd,
          problem: SyntaxErrorRule.StringsProblem.expectedSemicolon(key: key, found: MetCharacter(bytes, at: index)))
      }
      index += 1
      members.append(Member(key: key, keySpan: keySpan, value: value))
    }
    let end = bytes.count
    return Node(stored: .object(members), span: span(0, end), pointer: "")
  }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Whitespace and C/C++ comments.
  mutating func skipTrivia() throws(OffsetSyntaxError) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        index += 1
      } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
        let start = index
        index += 2
        while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        guard index + 1 < bytes.count else {
          throw OffsetSyntaxError(offset: start, problem: SyntaxErrorRule.StringsProblem.unterminatedComment)
        }
        index += 2
      } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
      } else {
        return
      }
    }
  }

  static func isUnquotedByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  mutating func string(isKey: Bool) throws(OffsetSyntaxError) -> String {
    guard let first = peek else {
      throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.StringsProblem.endOfFile(expectingKey: isKey))
    }
    if first == UInt8(ascii: "\"") { return try quoted() }
    guard StringsParser.isUnquotedByte(first) else {
      throw OffsetSyntaxError(
        offset: index,
        problem: SyntaxErrorRule.StringsProblem.expectedString(isKey: isKey, found: MetCharacter(bytes, at: index)))
    }
    let start = index
    while let byte = peek, StringsParser.isUnquotedByte(byte) { index += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  mutating func quoted() throws(OffsetSyntaxError) -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ end: Int) {
      if end > runStart {
        scalars.append(
          contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
            .unicodeScalars)
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(index)
        index += 1
        return String(scalars)
      }
      if index - start > ReaderLimits.maxStringBytes {
        throw OffsetSyntaxError(
          offset: start, problem: SyntaxErrorRule.StringsProblem.stringTooLong(limitBytes: ReaderLimits.maxStringBytes))
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      flush(index)
      index += 1
      guard index < bytes.count else { break }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "a"): scalars.append("\u{07}")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "v"): scalars.append("\u{0B}")
      case UInt8(ascii: "U"):
        // As Foundation's reader: up to four hex digits make one UTF-16
        // unit (none at all, a NUL), and a high surrogate pairs with a
        // `\U` low surrogate after it. `\u` is no escape there: a "u".
        var value = hexUnit()
        if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "U")
        {
          let saved = index
          index += 2
          let low = hexUnit()
          if (0xDC00...0xDFFF).contains(low) {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
          }
        }
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) {
          value = value << 3 | UInt32(byte - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default:
        // \" \\ \' and any other character stand for themselves.
        index -= 1
        runStart = index
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        continue
      }
      runStart = index
    }
    throw OffsetSyntaxError(
      offset: start, problem: SyntaxErrorRule.StringsProblem.unterminatedString)
  }

  /// Up to four hexadecimal digits at `index`, read as one UTF-16 unit.
  mutating func hexUnit() -> UInt32 {
    var value: UInt32 = 0
    var digits = 0
    while digits < 4, index < bytes.count, let digit = hexValue(bytes[index]) {
      value = value << 4 | digit
      index += 1
      digits += 1
    }
    return value
  }

  func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
