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
    var walk: LineWalk?
    var output = ""
    for diagnostic in report.diagnostics {
      let location = "\(SafeText.escape(diagnostic.path)):\(diagnostic.span.start.line):\(diagnostic.span.start.column)"
      // Appended piece by piece: a chain of `+` would build each
      // intermediate string first.
      output += paint(location, "1")
      output += ": "
      output += paint(diagnostic.severity.gccWord, severityCode(diagnostic.severity))
      output += ": "
      output += paint(SafeText.escape(diagnostic.message), "1")
      output += " "
      output += paint("[\(diagnostic.rule)]", "2")
      output += "\n"
      if indexes[diagnostic.path] == nil, let bytes = source(diagnostic.path) {
        indexes[diagnostic.path] = LineIndex(bytes: bytes)
      }
      if let index = indexes[diagnostic.path], diagnostic.span.start.line <= index.lineCount {
        let number = String(diagnostic.span.start.line)
        let gutter = String(repeating: " ", count: number.count + 2)
        let line = index.lineBytes(diagnostic.span.start.line)
        if walk?.path != diagnostic.path || walk?.line != diagnostic.span.start.line {
          walk = LineWalk(path: diagnostic.path, line: diagnostic.span.start.line, bytes: line)
        }
        let (shown, underline) = excerpt(line, diagnostic: diagnostic, walk: &walk!)
        output += paint(" \(number) | ", "2")
        output += shown
        output += "\n"
        output += paint("\(gutter)| ", "2")
        output += paint(underline, severityCode(diagnostic.severity))
        output += "\n"
        if let help = diagnostic.help {
          output += paint("\(gutter)= ", "2")
          output += paint("help", "1")
          output += ": "
          output += SafeText.escape(help)
          output += "\n"
        }
        // Spelled from the bytes already read for the excerpt.
        if let fix = diagnostic.fix, let edits = FixSpelling.edits(of: fix, in: index.bytes) {
          output += fixLines(fix, edits, in: index.bytes, gutter: gutter)
        }
      } else if let help = diagnostic.help {
        output += "  = " + paint("help", "1") + ": " + SafeText.escape(help) + "\n"
      }
    }
    return output
  }

  /// A fix under its finding: one replacement as "old → new"; a fix of
  /// several edits, or one that only removes or only inserts, by its title
  /// with each edit on a line of its own.
  func fixLines(_ fix: Fix, _ edits: [Edit], in bytes: [UInt8], gutter: String) -> String {
    let heading = paint("\(gutter)= ", "2") + paint("fix", "1") + " (\(fix.applicability.rawValue)): "
    func replaced(_ edit: Edit) -> String {
      SafeText.escape(String(decoding: bytes[edit.start..<edit.end], as: UTF8.self))
    }
    if edits.count == 1, let edit = edits.first, edit.start < edit.end, !edit.replacement.isEmpty {
      return heading + replaced(edit) + " → " + paint(SafeText.escape(edit.replacement), "32") + "\n"
    }
    var lines = heading + SafeText.escape(fix.title) + "\n"
    for edit in edits {
      let change =
        edit.start == edit.end
        ? "insert " + paint(SafeText.escape(edit.replacement), "32")
        : edit.replacement.isEmpty
          ? "remove " + paint(replaced(edit), "31")
          : replaced(edit) + " → " + paint(SafeText.escape(edit.replacement), "32")
      lines += paint("\(gutter)  ", "2") + "  " + change + "\n"
    }
    return lines
  }

  /// Where the excerpts of one line have got to. Findings come sorted, so
  /// the many findings of one long line (a minified file) each walk on from
  /// the last one's window instead of from the line's start.
  struct LineWalk {
    var path: String
    var line: Int
    /// Characters in the line, counted once.
    var count: Int
    /// Where the line's first character starts: continuation bytes before
    /// it belong to none.
    let firstOffset: Int
    /// A character index and the byte offset it starts at.
    var character = 0
    var offset: Int

    init(path: String, line: Int, bytes: ArraySlice<UInt8>) {
      self.path = path
      self.line = line
      count = bytes.withUnsafeBufferPointer { buffer in
        var count = 0
        for byte in buffer where byte & 0xC0 != 0x80 { count += 1 }
        return count
      }
      firstOffset = bytes.firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.endIndex
      offset = firstOffset
    }
  }

  /// The line as shown (escaped, tabs expanded, windowed) and its underline.
  /// A character is what a column counts: a byte that does not continue a
  /// UTF-8 sequence, with its continuation bytes. Only the window's
  /// characters are decoded.
  func excerpt(_ line: ArraySlice<UInt8>, diagnostic: Diagnostic, walk: inout LineWalk) -> (String, String) {
    let count = walk.count
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
    if walk.character > from { (walk.character, walk.offset) = (0, walk.firstOffset) }
    var character = walk.character
    var offset = walk.offset
    if character < from, offset < line.endIndex {
      // On to the window's first character: one pass over bytes.
      (character, offset) = line.withUnsafeBufferPointer { buffer in
        var reached = character
        var index = offset - line.startIndex + 1
        while index < buffer.count {
          if buffer[index] & 0xC0 != 0x80 {
            reached += 1
            if reached == from { break }
          }
          index += 1
        }
        return (reached, line.startIndex + index)
      }
      (walk.character, walk.offset) = (character, offset)
    }
    let windowStart = offset
    var shownCount = 0
    while offset < line.endIndex, character < to {
      offset = Self.characterEnd(line, from: offset)
      character += 1
      shownCount += 1
    }
    var shown = from > 0 ? "…" : ""
    var underline = from > 0 ? " " : ""
    let window = String(decoding: line[windowStart..<offset], as: UTF8.self)
    if !SafeText.needsEscape(window) && window.unicodeScalars.count == shownCount {
      // Each character shows as itself, one column wide (a tab or a broken
      // sequence would not): the window and its underline are made whole.
      shown += window
      let shownEnd = from + shownCount
      let caretStart = min(max(start, from), shownEnd)
      underline += String(repeating: " ", count: caretStart - from)
      underline += String(repeating: "^", count: max(0, min(end, shownEnd) - caretStart))
    } else {
      var characterStart = windowStart
      for index in from..<(from + shownCount) {
        let next = Self.characterEnd(line, from: characterStart)
        let character = String(decoding: line[characterStart..<next], as: UTF8.self)
        characterStart = next
        let text = character == "\t" ? "    " : SafeText.escape(character)
        shown += text
        let width = text.unicodeScalars.count
        underline += String(repeating: index >= start && index < end ? "^" : " ", count: width)
      }
    }
    if to < count { shown += "…" }
    if start >= to {
      underline += "^"
    }
    while underline.hasSuffix(" ") { underline.removeLast() }
    return (shown, underline)
  }

  /// Where the character starting at `start` ends: after its continuation bytes.
  private static func characterEnd(_ line: ArraySlice<UInt8>, from start: Int) -> Int {
    var end = start + 1
    while end < line.endIndex, line[end] & 0xC0 == 0x80 { end += 1 }
    return end
  }
}
