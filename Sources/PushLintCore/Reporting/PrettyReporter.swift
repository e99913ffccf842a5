/// `pretty`: for people at a terminal. The gcc heading line, the source line
/// with the span underlined, and `help:` where there is a fix. Nothing from
/// an input file reaches the terminal raw: control characters are escaped.
public struct PrettyReporter {
  public var color: Bool
  /// The bytes of a file by its diagnostic path, or nil when it cannot be read.
  public var source: (String) -> [UInt8]?
  /// Longest stretch of a source line shown; longer lines are windowed around the span.
  static let window = 120

  public init(color: Bool, source: @escaping (String) -> [UInt8]?) {
    self.color = color
    self.source = source
  }

  func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

  func severityCode(_ severity: Severity) -> String {
    switch severity {
    case .error: "1;31"
    case .warning: "1;33"
    case .info: "1;36"
    }
  }

  public func render(_ report: LintReport) -> String {
    var indexes: [String: LineIndex] = [:]
    var output = ""
    for diagnostic in report.diagnostics {
      let location = "\(SafeText.escape(diagnostic.path)):\(diagnostic.span.start.line):\(diagnostic.span.start.column)"
      output += paint(location, "1") + ": " + paint(diagnostic.severity.gccWord, severityCode(diagnostic.severity))
      output += ": " + paint(SafeText.escape(diagnostic.message), "1") + " " + paint("[\(diagnostic.rule)]", "2") + "\n"
      if indexes[diagnostic.path] == nil, let bytes = source(diagnostic.path) {
        indexes[diagnostic.path] = LineIndex(bytes: bytes)
      }
      if let index = indexes[diagnostic.path], diagnostic.span.start.line <= index.lineCount {
        let number = String(diagnostic.span.start.line)
        let gutter = String(repeating: " ", count: number.count + 2)
        let (shown, underline) = excerpt(index.lineBytes(diagnostic.span.start.line), diagnostic: diagnostic)
        output += paint(" \(number) | ", "2") + shown + "\n"
        output += paint("\(gutter)| ", "2") + paint(underline, severityCode(diagnostic.severity)) + "\n"
        if let help = diagnostic.help {
          output += paint("\(gutter)= ", "2") + paint("help", "1") + ": " + SafeText.escape(help) + "\n"
        }
      } else if let help = diagnostic.help {
        output += "  = " + paint("help", "1") + ": " + SafeText.escape(help) + "\n"
      }
    }
    return output
  }

  /// The line as shown (escaped, tabs expanded, windowed) and its underline.
  /// A character is what a column counts: a byte that does not continue a
  /// UTF-8 sequence, with its continuation bytes. Only the window's
  /// characters are decoded, so a line of any length costs one pass over
  /// its bytes and no copy of it.
  func excerpt(_ line: ArraySlice<UInt8>, diagnostic: Diagnostic) -> (String, String) {
    let count = line.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    let start = max(0, diagnostic.span.start.column - 1)
    let end: Int
    if diagnostic.span.end.line == diagnostic.span.start.line {
      end = max(start + 1, diagnostic.span.end.column - 1)
    } else {
      end = max(start + 1, count)
    }
    var from = 0
    var to = count
    if count > Self.window {
      from = max(0, min(start - Self.window / 3, count - Self.window))
      to = min(count, from + Self.window)
    }
    var characters: [String] = []
    var character = -1
    var offset = line.startIndex
    while offset < line.endIndex, character < to {
      var next = offset + 1
      while next < line.endIndex, line[next] & 0xC0 == 0x80 { next += 1 }
      if line[offset] & 0xC0 != 0x80 { character += 1 }
      if character >= from, character < to { characters.append(String(decoding: line[offset..<next], as: UTF8.self)) }
      offset = next
    }
    var shown = from > 0 ? "…" : ""
    var underline = from > 0 ? " " : ""
    for (index, character) in zip(from..<to, characters) {
      let text = character == "\t" ? "    " : SafeText.escape(character)
      shown += text
      let width = text.unicodeScalars.count
      underline += String(repeating: index >= start && index < end ? "^" : " ", count: width)
    }
    if to < count { shown += "…" }
    if start >= to {
      underline += "^"
    }
    while underline.hasSuffix(" ") { underline.removeLast() }
    return (shown, underline)
  }
}
