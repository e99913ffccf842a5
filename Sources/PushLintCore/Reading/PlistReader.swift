/// Reads property lists into the same tree as JSON: dictionaries become
/// objects, arrays arrays, `<integer>`/`<real>` numbers, `<true/>`/`<false/>`
/// booleans, and strings strings. `<date>` becomes its ISO 8601 text and
/// `<data>` its base64 text, since JSON has neither.
public enum PlistReader {
  public static func isBinary(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 8 && Array(bytes[0..<6]) == Array("bplist".utf8)
  }

  public static func read(_ bytes: [UInt8]) -> ReadResult {
    if isBinary(bytes) {
      var reader = BinaryPlistReader(bytes: bytes)
      return reader.read()
    }
    return bytes.withUnsafeBufferPointer { buffer in
      if let problem = EncodingCheck.firstProblem(in: buffer), !problem.isRecoverable {
        let position = LineIndex(bytes: bytes).position(ofOffset: problem.offset)
        return ReadResult(
          root: nil,
          findings: [Finding(rule: .invalidEncoding, span: SourceSpan(at: position), reason: problem)])
      }
      var reader = XMLPlistReader(bytes: buffer, lines: LineIndex(bytes: bytes))
      return reader.read()
    }
  }
}

/// A syntax error at a byte offset, which the text readers (XML plists,
/// `.strings`) turn into a positioned `syntax-error`.
struct OffsetSyntaxError: Error {
  var offset: Int
  var problem: any FindingReason
}

private struct XMLPlistReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineIndex
  var index = 0

  struct Tag {
    var name: String
    var start: Int
    var end: Int
    var isClosing: Bool
    var isEmpty: Bool
  }

  /// An open element; containers are mutated in place so appending never copies.
  struct Frame {
    enum Kind { case dict, array, plist }
    var kind: Kind
    var start: Int
    var pointer: String = ""
    var members: [Member] = []
    var elements: [Node] = []
    var key: (String, SourceSpan)?
  }

  init(bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex) {
    self.bytes = bytes
    self.lines = lines
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
  }

  mutating func read() -> ReadResult {
    do {
      let root = try parse()
      return ReadResult(root: root, findings: [])
    } catch {
      let start = lines.position(ofOffset: error.offset)
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .syntaxError, span: SourceSpan(start: start, end: start), reason: error.problem)
        ])
    }
  }

  func span(_ start: Int, _ end: Int) -> SourceSpan {
    SourceSpan(start: lines.position(ofOffset: start), end: lines.position(ofOffset: end))
  }

  func startsWith(_ text: String, at offset: Int) -> Bool {
    let utf8 = Array(text.utf8)
    guard offset + utf8.count <= bytes.count else { return false }
    for (position, byte) in utf8.enumerated() where bytes[offset + position] != byte { return false }
    return true
  }

  func find(_ text: String, from offset: Int) -> Int? {
    var cursor = offset
    let first = text.utf8.first!
    while cursor < bytes.count {
      if bytes[cursor] == first && startsWith(text, at: cursor) { return cursor }
      cursor += 1
    }
    return nil
  }

  /// Skips white space, comments, processing instructions and the DOCTYPE.
  /// Returns the offset of non-space text found before the next tag, if any.
  mutating func skipMisc() throws(OffsetSyntaxError) -> Int? {
    var strayText: Int?
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
      {
        index += 1
      } else if startsWith("<!--", at: index) {
        guard let end = find("-->", from: index + 4) else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.PlistProblem.unterminatedComment)
        }
        index = end + 3
      } else if startsWith("<?", at: index) {
        guard let end = find("?>", from: index + 2) else {
          throw OffsetSyntaxError(
            offset: index, problem: SyntaxErrorRule.PlistProblem.unterminatedProcessingInstruction)
        }
        index = end + 2
      } else if startsWith("<!DOCTYPE", at: index) {
        var depth = 0
        var cursor = index
        while cursor < bytes.count {
          if bytes[cursor] == UInt8(ascii: "[") { depth += 1 }
          if bytes[cursor] == UInt8(ascii: "]") { depth -= 1 }
          if bytes[cursor] == UInt8(ascii: ">") && depth <= 0 { break }
          cursor += 1
        }
        guard cursor < bytes.count else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.PlistProblem.unterminatedDoctype)
        }
        index = cursor + 1
      } else if byte == UInt8(ascii: "<") {
        return strayText
      } else {
        if strayText == nil { strayText = index }
        index += 1
      }
    }
    return strayText
  }

  mutating func readTag() throws(OffsetSyntaxError) -> Tag {
    let start = index
    index += 1
    var isClosing = false
    if index < bytes.count && bytes[index] == UInt8(ascii: "/") {
      isClosing = true
      index += 1
    }
    let nameStart = index
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard !name.isEmpty else {
      throw OffsetSyntaxError(offset: start, problem: SyntaxErrorRule.PlistProblem.noElementName)
    }
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      } else if byte == UInt8(ascii: "<") {
        throw OffsetSyntaxError(
          offset: start, problem: SyntaxErrorRule.PlistProblem.tagNotClosed(name: name, showsSlash: false))
      }
      index += 1
    }
    guard index < bytes.count else {
      throw OffsetSyntaxError(
        offset: start, problem: SyntaxErrorRule.PlistProblem.tagNotClosed(name: name, showsSlash: isClosing))
    }
    let isEmpty = bytes[index - 1] == UInt8(ascii: "/") && !isClosing
    index += 1
    return Tag(name: name, start: start, end: index, isClosing: isClosing, isEmpty: isEmpty)
  }

  func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"),
      UInt8(ascii: "."):
      return true
    default:
      return false
    }
  }

  /// Reads character data up to `</name>` and consumes that closing tag.
  mutating func readText(closing name: String, openedAt start: Int) throws(OffsetSyntaxError) -> String {
    var text: [UInt8] = []
    while index < bytes.count {
      if startsWith("<![CDATA[", at: index) {
        guard let end = find("]]>", from: index + 9) else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.PlistProblem.unterminatedCDATA)
        }
        text.append(contentsOf: bytes[(index + 9)..<end])
        index = end + 3
      } else if startsWith("<!--", at: index) {
        guard let end = find("-->", from: index + 4) else {
          throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.PlistProblem.unterminatedComment)
        }
        index = end + 3
      } else if bytes[index] == UInt8(ascii: "<") {
        let tag = try readTag()
        guard tag.isClosing, tag.name == name else {
          throw OffsetSyntaxError(
            offset: tag.start,
            problem: SyntaxErrorRule.PlistProblem.mismatchedClose(
              expected: name, openedLine: lines.position(ofOffset: start).line, found: tag.name,
              foundIsClosing: tag.isClosing))
        }
        return String(decoding: text, as: UTF8.self)
      } else if bytes[index] == UInt8(ascii: "&") {
        text.append(contentsOf: try readEntity())
      } else {
        text.append(bytes[index])
        index += 1
      }
      if text.count > ReaderLimits.maxStringBytes {
        throw OffsetSyntaxError(
          offset: start, problem: SyntaxErrorRule.PlistProblem.stringTooLong(limitBytes: ReaderLimits.maxStringBytes))
      }
    }
    throw OffsetSyntaxError(offset: start, problem: SyntaxErrorRule.PlistProblem.neverClosed(name: name))
  }

  mutating func readEntity() throws(OffsetSyntaxError) -> [UInt8] {
    let start = index
    guard let end = find(";", from: index), end - index <= 12 else {
      throw OffsetSyntaxError(
        offset: start, problem: SyntaxErrorRule.PlistProblem.strayAmpersand)
    }
    let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    index = end + 1
    guard let text = XMLEntity.text(of: name) else {
      throw OffsetSyntaxError(
        offset: start, problem: SyntaxErrorRule.PlistProblem.unknownEntity(name: name))
    }
    return Array(text.utf8)
  }

  mutating func parse() throws(OffsetSyntaxError) -> Node? {
    var stack: [Frame] = []
    var root: Node?
    while true {
      if let stray = try skipMisc() {
        throw OffsetSyntaxError(offset: stray, problem: SyntaxErrorRule.PlistProblem.textOutsideElements)
      }
      guard index < bytes.count else { break }
      let tag = try readTag()
      if tag.isClosing {
        try close(tag, stack: &stack, root: &root)
        if tag.name == "plist" {
          guard let root else {
            throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.emptyPlist)
          }
          return root
        }
        continue
      }
      if tag.name == "plist" {
        guard stack.isEmpty, root == nil else {
          throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.plistNotOutermost)
        }
        if tag.isEmpty {
          throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.emptyPlistTag)
        }
        stack.append(Frame(kind: .plist, start: tag.start))
        continue
      }
      if tag.name == "key" {
        guard let top = stack.last, top.kind == .dict else {
          throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.keyOutsideDict)
        }
        if let key = top.key {
          throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.twoKeys(key: key.0))
        }
        let text = tag.isEmpty ? "" : try readText(closing: "key", openedAt: tag.start)
        stack[stack.count - 1].key = (text, span(tag.start, index))
        continue
      }
      let pointer = try childPointer(for: tag, stack: stack, root: root)
      switch tag.name {
      case "dict", "array":
        if stack.count >= ReaderLimits.maxDepth {
          throw OffsetSyntaxError(
            offset: tag.start, problem: SyntaxErrorRule.PlistProblem.nestingTooDeep(limit: ReaderLimits.maxDepth))
        }
        if tag.isEmpty {
          let value: StoredValue = tag.name == "dict" ? .object([]) : .array([])
          deliver(Node(stored: value, span: span(tag.start, tag.end), pointer: pointer), stack: &stack, root: &root)
        } else {
          stack.append(Frame(kind: tag.name == "dict" ? .dict : .array, start: tag.start, pointer: pointer))
        }
      case "true", "false":
        if !tag.isEmpty { _ = try readText(closing: tag.name, openedAt: tag.start) }
        let node = Node(stored: .bool(tag.name == "true"), span: span(tag.start, index), pointer: pointer)
        deliver(node, stack: &stack, root: &root)
      case "string", "integer", "real", "date", "data":
        let text = tag.isEmpty ? "" : try readText(closing: tag.name, openedAt: tag.start)
        let value = try scalarValue(tag.name, text, at: tag.start)
        deliver(Node(stored: value, span: span(tag.start, index), pointer: pointer), stack: &stack, root: &root)
      default:
        throw OffsetSyntaxError(
          offset: tag.start, problem: SyntaxErrorRule.PlistProblem.unknownElement(name: tag.name))
      }
    }
    if let frame = stack.last {
      throw OffsetSyntaxError(offset: frame.start, problem: SyntaxErrorRule.PlistProblem.elementNeverClosed)
    }
    guard root != nil else {
      throw OffsetSyntaxError(offset: 0, problem: SyntaxErrorRule.PlistProblem.noValue)
    }
    return root
  }

  /// The pointer of a value element about to be read.
  func childPointer(for tag: Tag, stack: [Frame], root: Node?) throws(OffsetSyntaxError) -> String {
    guard let top = stack.last, top.kind != .plist else {
      if root != nil {
        throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.secondTopLevelValue)
      }
      return ""
    }
    if top.kind == .array { return top.pointer + "/\(top.elements.count)" }
    guard let key = top.key else {
      throw OffsetSyntaxError(
        offset: tag.start, problem: SyntaxErrorRule.PlistProblem.valueWhereKeyExpected(name: tag.name))
    }
    return Node.pointer(top.pointer, appending: key.0)
  }

  /// Handles a closing tag: completes the innermost container.
  mutating func close(_ tag: Tag, stack: inout [Frame], root: inout Node?) throws(OffsetSyntaxError) {
    guard let frame = stack.popLast() else {
      throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.closesNothing(name: tag.name))
    }
    switch frame.kind {
    case .dict:
      guard tag.name == "dict" else { throw mismatched(tag, expected: "dict", openedAt: frame.start) }
      if let key = frame.key {
        throw OffsetSyntaxError(offset: tag.start, problem: SyntaxErrorRule.PlistProblem.keyWithoutValue(key: key.0))
      }
      let node = Node(
        stored: .object(frame.members.trimmedToSize()), span: span(frame.start, tag.end), pointer: frame.pointer)
      deliver(node, stack: &stack, root: &root)
    case .array:
      guard tag.name == "array" else { throw mismatched(tag, expected: "array", openedAt: frame.start) }
      let node = Node(
        stored: .array(frame.elements.trimmedToSize()), span: span(frame.start, tag.end), pointer: frame.pointer)
      deliver(node, stack: &stack, root: &root)
    case .plist:
      guard tag.name == "plist" else { throw mismatched(tag, expected: "plist", openedAt: frame.start) }
      if let stray = try skipMisc() {
        throw OffsetSyntaxError(offset: stray, problem: SyntaxErrorRule.PlistProblem.textAfterPlist)
      }
      if index < bytes.count {
        throw OffsetSyntaxError(offset: index, problem: SyntaxErrorRule.PlistProblem.contentAfterPlist)
      }
    }
  }

  func mismatched(_ tag: Tag, expected: String, openedAt start: Int) -> OffsetSyntaxError {
    OffsetSyntaxError(
      offset: tag.start,
      problem: SyntaxErrorRule.PlistProblem.mismatchedClose(
        expected: expected, openedLine: lines.position(ofOffset: start).line, found: tag.name, foundIsClosing: true))
  }

  func deliver(_ node: Node, stack: inout [Frame], root: inout Node?) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let top = stack.count - 1
    switch stack[top].kind {
    case .dict:
      if let key = stack[top].key {
        stack[top].members.append(Member(key: key.0, keySpan: key.1, value: node))
        stack[top].key = nil
      }
    case .array:
      stack[top].elements.append(node)
    case .plist:
      root = node
    }
  }

  func scalarValue(_ element: String, _ text: String, at offset: Int) throws(OffsetSyntaxError) -> StoredValue {
    let trimmed = text.trimmingCharacters(in: " \t\r\n")
    switch element {
    case "integer":
      let isHex = trimmed.lowercased().hasPrefix("0x")
      if isHex, let value = UInt64(trimmed.dropFirst(2), radix: 16) {
        return .number(NumberValue(literal: String(value), isWhole: true, doubleValue: Double(value)))
      }
      if !isHex, !trimmed.isEmpty, let value = Double(trimmed),
        trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") })
      {
        let literal = trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed
        return .number(NumberValue(literal: literal, isWhole: true, doubleValue: value))
      }
      throw OffsetSyntaxError(offset: offset, problem: SyntaxErrorRule.PlistProblem.notWholeNumber(text: trimmed))
    case "real":
      if let value = Double(trimmed), value.isFinite {
        let number = NumberValue(jsonLiteral: String(value))
        return .number(NumberValue(literal: number.literal, isWhole: number.isWhole, doubleValue: value))
      }
      throw OffsetSyntaxError(offset: offset, problem: SyntaxErrorRule.PlistProblem.notFiniteNumber(text: trimmed))
    case "data":
      return .string(trimmed.filter { !$0.isWhitespace })
    case "date":
      return .string(trimmed)
    default:
      return .string(text)
    }
  }
}

extension String {
  func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    var slice = Substring(self)
    while let first = slice.first, characters.contains(first) { slice.removeFirst() }
    while let last = slice.last, characters.contains(last) { slice.removeLast() }
    return String(slice)
  }
}

/// XML's five predefined entities and its numeric character references.
enum XMLEntity {
  /// The text an entity's name (between `&` and `;`) stands for, or nil.
  static func text(of name: some StringProtocol) -> String? {
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      let number =
        name.hasPrefix("#x")
        ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
      return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
  }
}
