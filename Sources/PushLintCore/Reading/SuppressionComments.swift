/// Finds `pushlint:` directives in a file's comments (`Suppression`). A
/// byte search comes first: most files have none.
enum SuppressionComments {
  static let marker = Array("pushlint:".utf8)
  /// What ends a comment that does not end with its line.
  static let closings = [Array("-->".utf8), Array("*/".utf8)]

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

  /// One pass over the file whatever it holds: each line's end, columns
  /// and quotes are worked out once however many markers the line has, and
  /// a directive's text ends where the next directive's comment opens, so
  /// no byte is read for more than one directive.
  static func scan(_ bytes: [UInt8], format: SourceFormat) -> [Suppression] {
    guard let syntax = Syntax(format) else { return [] }
    var directives: [Directive] = []
    var line = 1
    var lineStart = 0
    var lineEnd = -1
    var counted = 0
    var columns = ColumnCount(at: 0, in: bytes)
    var quotes = QuoteScan(at: 0)
    var from = 0
    while let found = ByteSearch.firstIndex(of: marker, in: bytes, from: from) {
      for offset in counted..<found where bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        lineStart = offset + 1
      }
      counted = found
      if lineStart > columns.lineStart {
        columns = ColumnCount(at: lineStart, in: bytes)
        quotes = QuoteScan(at: lineStart)
      }
      from = found + marker.count
      guard
        let opening = commentOpening(before: found, in: bytes, lineStart: lineStart, syntax: syntax, quotes: &quotes)
      else { continue }
      if lineEnd < found { lineEnd = ByteSearch.firstIndex(of: [0x0A], in: bytes, from: found) ?? bytes.count }
      columns.advance(to: opening, in: bytes)
      directives.append(
        Directive(
          opening: opening, textStart: from, lineEnd: lineEnd,
          position: SourcePosition(line: line, column: columns.column, offset: opening)))
    }
    var suppressions: [Suppression] = []
    suppressions.reserveCapacity(directives.count)
    for (index, directive) in directives.enumerated() {
      var end = directive.lineEnd
      if index + 1 < directives.count { end = min(end, directives[index + 1].opening) }
      if syntax != .hash {
        for closing in Self.closings {
          if let found = ByteSearch.firstIndex(of: closing, in: bytes, from: directive.textStart, to: end) {
            end = found
          }
        }
      }
      let body = String(decoding: bytes[directive.textStart..<end], as: UTF8.self)
      suppressions.append(parse(body, at: SourceSpan(at: directive.position)))
    }
    return suppressions
  }

  /// A marker in a comment: where the comment opens, where the directive's
  /// text starts, and where its line ends.
  private struct Directive {
    var opening: Int
    var textStart: Int
    var lineEnd: Int
    var position: SourcePosition
  }

  /// The column of a line's offsets, counted on from the last one asked.
  private struct ColumnCount {
    let lineStart: Int
    var offset: Int
    var column = 1

    init(at lineStart: Int, in bytes: [UInt8]) {
      self.lineStart = lineStart
      // A byte-order mark is no character of the first line.
      offset = lineStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStart
    }

    mutating func advance(to target: Int, in bytes: [UInt8]) {
      while offset < target {
        if bytes[offset] & 0xC0 != 0x80 { column += 1 }
        offset += 1
      }
    }
  }

  /// Where the comment holding a marker at `offset` opens, if it is in
  /// one. `quotes` is the line's scan for quotes so far, carried on to the
  /// comment's `#`: the markers of one line are asked in order.
  private static func commentOpening(
    before offset: Int, in bytes: [UInt8], lineStart: Int, syntax: Syntax, quotes: inout QuoteScan
  ) -> Int? {
    var end = offset
    while end > lineStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let before = bytes[lineStart..<end]
    switch syntax {
    case .hash:
      guard before.last == UInt8(ascii: "#") else { return nil }
      let hash = end - 1
      // A `#` opens a YAML comment at a line's start or after white space,
      // outside a quoted scalar.
      guard hash == lineStart || bytes[hash - 1] == 0x20 || bytes[hash - 1] == 0x09 else { return nil }
      quotes.advance(to: hash, in: bytes)
      return quotes.isInQuotes ? nil : hash
    case .xml:
      return before.count >= 4 && Array(before.suffix(4)) == Array("<!--".utf8) ? end - 4 : nil
    case .slashes:
      guard before.count >= 2 else { return nil }
      let opener = Array(before.suffix(2))
      return opener == Array("//".utf8) || opener == Array("/*".utf8) ? end - 2 : nil
    }
  }

  /// Whether a YAML line, read from its start to `index`, is inside a
  /// quoted scalar. A quote opens one only where a value can start (so the
  /// apostrophe of a plain `It's` opens nothing).
  private struct QuoteScan {
    /// The next byte to read: one past the end after an escape that ended
    /// a stretch read.
    var index: Int
    var quote: UInt8?
    var previous: UInt8 = 0x20

    init(at start: Int) { index = start }

    var isInQuotes: Bool { quote != nil }

    mutating func advance(to end: Int, in bytes: [UInt8]) {
      while index < end {
        let byte = bytes[index]
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
    }
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
