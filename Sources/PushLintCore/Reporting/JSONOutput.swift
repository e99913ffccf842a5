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
  /// is also safe inside JavaScript and terminals.
  static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          output += "\\u" + hex4(scalar.value).lowercased()
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
