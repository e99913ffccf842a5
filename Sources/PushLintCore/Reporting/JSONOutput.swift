/// JSON for reports, written by hand so key order and bytes never vary.
public indirect enum JSONOutput: Sendable {
  case string(String)
  case int(Int)
  /// A number written as the schema writes it: whole numbers without a point.
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  public func serialized(indent: Int? = 2) -> String {
    var output = ""
    write(into: &output, indent: indent, level: 0)
    return output
  }

  func write(into output: inout String, indent: Int?, level: Int) {
    switch self {
    case .string(let text): JSONOutput.writeString(text, into: &output)
    case .int(let value): output += String(value)
    case .number(let value): output += SchemaValue.number(value).description
    case .bool(let value): output += value ? "true" : "false"
    case .null: output += "null"
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent, level + 1)
        element.write(into: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent, level)
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent, level + 1)
        JSONOutput.writeString(member.0, into: &output)
        output += indent == nil ? ":" : ": "
        member.1.write(into: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent, level)
      output += "}"
    }
  }

  private func newline(_ output: inout String, _ indent: Int?, _ level: Int) {
    guard let indent else { return }
    output += "\n" + String(repeating: " ", count: indent * level)
  }

  /// Escapes as RFC 8259 requires, plus U+2028/U+2029 and DEL so the text
  /// is also safe inside JavaScript and terminals. Runs of text that need
  /// no escape are copied whole.
  static func writeString(_ text: String, into output: inout String) {
    output += "\""
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      var index = 0
      func flush(upTo end: Int) {
        if end > start { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
      }
      while index < bytes.count {
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
        flush(upTo: index)
        output += escape
        index += length
        start = index
      }
      flush(upTo: index)
    }
    output += "\""
  }
}
