/// How a syntax error names what it met: a character, never the bytes of
/// one. Visible characters are quoted (`'x'`, `'é'`); invisible ones, which
/// a quote would hide, go by code point and name (`U+FEFF (byte-order
/// mark)`, `U+00A0 (no-break space)`); only a byte that is no UTF-8 is
/// named as a byte.
extension MetCharacter {
  var described: String {
    switch self {
    case .endOfFile: "end of file"
    case .notUTF8(let byte): "byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8"
    case .scalar(let scalar): Self.describe(scalar)
    }
  }

  static func describe(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x0A: return "a line break"
    case 0x0D: return "a carriage return"
    case 0x09: return "a tab"
    case 0x22: return "a quote"
    case 0..<0x20, 0x7F: return "control character U+\(hex4(scalar.value))"
    case 0x20...0x7E: return "'\(Character(scalar))'"
    default: break
    }
    if let name = invisibleNames[scalar.value] { return "U+\(hex4(scalar.value)) (\(name))" }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned, .nonspacingMark, .enclosingMark:
      let name = scalar.properties.name?.lowercased()
      return "U+\(hex4(scalar.value))" + (name.map { " (\($0))" } ?? "")
    default:
      return "'\(Character(scalar))'"
    }
  }

  /// Names people know these by, where Unicode's differs.
  static let invisibleNames: [UInt32: String] = [
    0xFEFF: "byte-order mark",
    0x00A0: "no-break space",
    0x200B: "zero-width space",
    0xFFFD: "replacement character",
  ]
}

/// A reason worded as a message and its help in one switch.
protocol WordedProblem: FindingReason {
  var words: (message: String, help: String?) { get }
}

extension WordedProblem {
  var message: String { words.message }
  var help: String? { words.help }
}
