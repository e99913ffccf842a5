import CByteScan

/// JSON for reports, written by hand so key order and bytes never vary.
public enum JSONOutput: Sendable {
  case string(String)
  case int(Int)
  /// A number written as the schema writes it: whole numbers without a point.
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  public func serialized(indent: Int? = 2) -> String {
    // Written as bytes and decoded once: appending to a `String` piece by
    // piece checks and grows it at every piece, and a report of thousands
    // of findings is mostly small pieces.
    var output: [UInt8] = []
    write(into: &output, indent: indent, level: 0)
    return String(decoding: output, as: UTF8.self)
  }

  func write(into output: inout [UInt8], indent: Int?, level: Int) {
    switch self {
    case .string(let text): JSONOutput.writeString(text, into: &output)
    case .int(let value): output.append(contentsOf: String(value).utf8)
    case .number(let value): output.append(contentsOf: SchemaValue.number(value).description.utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .null: output.append(contentsOf: "null".utf8)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append(contentsOf: "[]".utf8)
        return
      }
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONOutput.newline(&output, indent, level + 1)
        element.write(into: &output, indent: indent, level: level + 1)
      }
      JSONOutput.newline(&output, indent, level)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output.append(contentsOf: "{}".utf8)
        return
      }
      output.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONOutput.newline(&output, indent, level + 1)
        JSONOutput.writeString(member.0, into: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        member.1.write(into: &output, indent: indent, level: level + 1)
      }
      JSONOutput.newline(&output, indent, level)
      output.append(UInt8(ascii: "}"))
    }
  }

  static func newline(_ output: inout [UInt8], _ indent: Int?, _ level: Int) {
    guard let indent else { return }
    output.append(UInt8(ascii: "\n"))
    var count = indent * level
    while count > 0 {
      let step = min(count, spaces.count)
      output.append(contentsOf: spaces[..<step])
      count -= step
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  /// `text` as a JSON string literal (`writeString`).
  static func stringLiteral(_ text: String) -> String {
    var output: [UInt8] = []
    writeString(text, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Escapes as RFC 8259 requires, plus U+2028/U+2029 and DEL so the text
  /// is also safe inside JavaScript and terminals. Runs of text that need
  /// no escape are found by a byte scan and copied whole.
  static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var start = 0
      var index = 0
      while true {
        index = pushlint_first_output_escape_candidate(base, bytes.count, index)
        guard index < bytes.count else { break }
        let byte = bytes[index]
        let escape: String
        var length = 1
        switch byte {
        case 0x22: escape = "\\\""
        case 0x5C: escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00..<0x20, 0x7F: escape = "\\u" + hex4(UInt32(byte)).lowercased()
        // U+2028 and U+2029 end a line in JavaScript.
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
          escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        default:
          index += 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(contentsOf: escape.utf8)
        index += length
        start = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    output.append(UInt8(ascii: "\""))
  }
}

/// Writes JSON byte for byte as `JSONOutput.serialized` writes it, piece by
/// piece: a report of thousands of findings is written without first being
/// built as a tree of thousands of small arrays.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  private let indent: Int?
  /// For each open container, how many members or elements it has so far.
  private var counts: [Int] = []

  init(indent: Int? = 2) {
    self.indent = indent
  }

  /// The text written, with a final line break.
  var text: String { String(decoding: bytes, as: UTF8.self) + "\n" }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"))
    body(&self)
    close(UInt8(ascii: "}"))
  }

  mutating func array(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "["))
    body(&self)
    close(UInt8(ascii: "]"))
  }

  /// The next member's key, inside an object; its value is written next.
  mutating func key(_ name: String) {
    next()
    JSONOutput.writeString(name, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
    if indent != nil { bytes.append(UInt8(ascii: " ")) }
  }

  /// The place of the next element, inside an array.
  mutating func element() {
    next()
  }

  mutating func member(_ name: String, _ value: JSONOutput) {
    key(name)
    write(value)
  }

  mutating func member(_ name: String, _ text: String) {
    member(name, .string(text))
  }

  mutating func member(_ name: String, _ number: Int) {
    member(name, .int(number))
  }

  mutating func write(_ value: JSONOutput) {
    value.write(into: &bytes, indent: indent, level: counts.count)
  }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    counts.append(0)
  }

  private mutating func close(_ bracket: UInt8) {
    if counts.removeLast() > 0 { JSONOutput.newline(&bytes, indent, counts.count) }
    bytes.append(bracket)
  }

  private mutating func next() {
    if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
    counts[counts.count - 1] += 1
    JSONOutput.newline(&bytes, indent, counts.count)
  }
}
