/// Finds `pushlint:` directives in a file's comments (`Suppression`). A
/// byte search comes first: most files have none.
enum SuppressionComments {
  static let marker = Array("pushlint:".utf8)

  /// The comment syntax of a format, or nil for one without comments (JSON).
  enum Syntax {
    case hash, xml, slashes

    init?(_ format: SourceFormat) {
      switch format {
      case .yaml: self = .hash
      case .plist, .storyboard: self = .xml
      case .swift, .objectiveC, .strings, .xcodeProject, .xcconfig: self = .slashes
      case .json, .jsonLines, .provisioningProfile: return nil
      }
    }
  }

  static func scan(_ bytes: [UInt8], format: SourceFormat) -> [Suppression] {
    guard let syntax = Syntax(format) else { return [] }
    var suppressions: [Suppression] = []
    var line = 1
    var lineStart = 0
    var counted = 0
    var from = 0
    while let found = ByteSearch.firstIndex(of: marker, in: bytes, from: from) {
      for offset in counted..<found where bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        lineStart = offset + 1
      }
      counted = found
      let lineEnd = bytes[found...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      from = found + marker.count
      guard let opening = commentOpening(before: found, in: bytes, lineStart: lineStart, syntax: syntax) else {
        continue
      }
      // A byte-order mark is no character of the first line.
      let textStart = lineStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStart
      let column = 1 + bytes[min(textStart, opening)..<opening].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
      var body = String(decoding: bytes[from..<lineEnd], as: UTF8.self)
      for closing in ["-->", "*/"] where syntax != .hash {
        if let range = body.firstRange(of: closing) { body = String(body[..<range.lowerBound]) }
      }
      suppressions.append(
        parse(body, at: SourceSpan(at: SourcePosition(line: line, column: column, offset: opening))))
    }
    return suppressions
  }

  /// Where the comment holding a marker at `offset` opens, if it is in one.
  static func commentOpening(before offset: Int, in bytes: [UInt8], lineStart: Int, syntax: Syntax) -> Int? {
    var end = offset
    while end > lineStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let before = bytes[lineStart..<end]
    switch syntax {
    case .hash:
      guard before.last == UInt8(ascii: "#") else { return nil }
      let hash = end - 1
      // A `#` opens a YAML comment at a line's start or after white space,
      // outside a quoted scalar.
      guard hash == lineStart || bytes[hash - 1] == 0x20 || bytes[hash - 1] == 0x09,
        !isInQuotes(bytes[lineStart..<hash])
      else { return nil }
      return hash
    case .xml:
      return before.count >= 4 && Array(before.suffix(4)) == Array("<!--".utf8) ? end - 4 : nil
    case .slashes:
      guard before.count >= 2 else { return nil }
      let opener = Array(before.suffix(2))
      return opener == Array("//".utf8) || opener == Array("/*".utf8) ? end - 2 : nil
    }
  }

  /// Whether the end of `text`, a YAML line's start, is inside a quoted
  /// scalar. A quote opens one only where a value can start (so the
  /// apostrophe of a plain `It's` opens nothing).
  static func isInQuotes(_ text: ArraySlice<UInt8>) -> Bool {
    var quote: UInt8?
    var previous: UInt8 = 0x20
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if let open = quote {
        if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == open {
          quote = nil
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"),
        [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(previous)
      {
        quote = byte
      }
      previous = byte
      index += 1
    }
    return quote != nil
  }

  /// `disable-next-line a, b -- reason`.
  static func parse(_ body: String, at span: SourceSpan) -> Suppression {
    var text = Substring(body)
    var reason: String?
    if let dashes = text.firstRange(of: "--") {
      reason = String(text[dashes.upperBound...]).trimmingCharacters(in: " \t\r")
      text = text[..<dashes.lowerBound]
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map(String.init)
    let directive = words.first ?? ""
    return Suppression(
      scope: Suppression.Scope(rawValue: directive), directive: directive, rules: Array(words.dropFirst()),
      reason: reason?.isEmpty == true ? nil : reason, span: span)
  }
}
