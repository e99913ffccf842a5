/// A fix's changes spelled in a file's own syntax and style: a JSON string
/// as JSON writes it, a YAML value in the quotes it had (or none, where the
/// text stays a string without them), a plist value in its element.
public enum FixSpelling {
  /// The edits `fix` makes to `source`, in order; nil when a change cannot
  /// be spelled there (a span that does not hold what the fix expects, or a
  /// format fixes are not written in).
  public static func edits(of fix: Fix, in source: [UInt8]) -> [Edit]? {
    var edits: [Edit] = []
    for change in fix.changes {
      switch change {
      case .replaceValue(let span, let scalar):
        guard let original = text(at: span, in: source),
          let spelled = spell(scalar, replacing: original, format: fix.format)
        else { return nil }
        edits.append(Edit(span: span, replacement: spelled))
      case .removeMember(let key, let value):
        guard let edit = removal(key: key, value: value, in: source, format: fix.format) else { return nil }
        edits.append(edit)
      case .quote(let span):
        guard let original = text(at: span, in: source), let written = writtenText(original, format: fix.format),
          let spelled = spell(.string(written), replacing: original, format: fix.format)
        else { return nil }
        edits.append(Edit(span: span, replacement: spelled))
      case .moveOut(let key, let value, let beside):
        guard let removal = removal(key: key, value: value, in: source, format: fix.format),
          let insertion = insertion(key: key, value: value, after: beside, in: source, format: fix.format)
        else { return nil }
        edits += [removal, insertion]
      case .renameKey(let span, let name):
        guard let original = text(at: span, in: source),
          let spelled = spellKey(name, replacing: original, format: fix.format)
        else { return nil }
        edits.append(Edit(span: span, replacement: spelled))
      case .removeTrailingComma(let span):
        guard fix.format == .json, text(at: span, in: source) == [UInt8(ascii: ",")] else { return nil }
        edits.append(Edit(span: span, replacement: ""))
      }
    }
    edits.sort { $0.start < $1.start }
    for index in edits.indices.dropFirst() where edits[index].start < edits[index - 1].end { return nil }
    return edits
  }

  /// The edit that takes a member out: in a block (YAML, a plist, JSON one
  /// member a line) its whole lines; in a flow (`{"a": 1, "b": 2}`) the
  /// member with the comma after it, or before it when it is the last.
  static func removal(key: SourceSpan, value: SourceSpan, in source: [UInt8], format: SourceFormat) -> Edit? {
    var start = key.start.offset
    var end = value.end.offset
    guard [.json, .yaml, .plist].contains(format), start >= 0, start < end, end <= source.count else { return nil }
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    // What stands before the key on its line, and after the value on its.
    var lineStart = start
    while lineStart > 0 && isBlank(source[lineStart - 1]) { lineStart -= 1 }
    var lineEnd = end
    while lineEnd < source.count && isBlank(source[lineEnd]) { lineEnd += 1 }
    let ownsLineStart = lineStart == 0 || source[lineStart - 1] == UInt8(ascii: "\n")
    if format != .json && ownsLineStart
      && (lineEnd == source.count || source[lineEnd] == UInt8(ascii: "\n")
        || (format == .yaml && source[lineEnd] == UInt8(ascii: "#")))
    {
      // Whole lines: from the key's line start through the value's line break.
      while lineEnd < source.count && source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      if lineEnd < source.count { lineEnd += 1 }
      return Edit(span: span(lineStart, lineEnd, key), replacement: "")
    }
    if format == .plist { return Edit(span: span(start, end, key), replacement: "") }
    // A flow member: its comma after it (and the space up to the next key),
    // or, for the last one, the comma before it.
    var after = end
    while after < source.count && (isBlank(source[after]) || source[after] == UInt8(ascii: "\n")) { after += 1 }
    if after < source.count && source[after] == UInt8(ascii: ",") {
      after += 1
      while after < source.count && (isBlank(source[after]) || source[after] == UInt8(ascii: "\n")) { after += 1 }
      end = after
    } else {
      var before = start
      while before > 0 && (isBlank(source[before - 1]) || source[before - 1] == UInt8(ascii: "\n")) { before -= 1 }
      if before > 0 && source[before - 1] == UInt8(ascii: ",") { start = before - 1 }
    }
    return Edit(span: span(start, end, key), replacement: "")
  }

  /// The edit that writes the member at `key`…`value`, as it is written
  /// there, as the next member after `beside`. In a flow (all of JSON) it
  /// follows `beside`'s value after a comma, on a line of its own at
  /// `beside`'s indentation when `beside` starts its line; in a YAML block
  /// it is the line after `beside`'s value, indented as `beside`, with the
  /// comment that followed it on its line. A YAML member moves only when it
  /// is written on one line, where its indentation cannot matter.
  static func insertion(
    key: SourceSpan, value: SourceSpan, after beside: Fix.MemberSpans, in source: [UInt8], format: SourceFormat
  ) -> Edit? {
    guard format == .json || format == .yaml, let keyText = text(at: key, in: source),
      let valueText = text(at: value, in: source), text(at: beside.key, in: source) != nil,
      beside.value.end.offset <= source.count, key.end.offset <= value.start.offset
    else { return nil }
    let newline = UInt8(ascii: "\n")
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    let between = source[key.end.offset..<value.start.offset]
    if format == .yaml && (between.contains(newline) || valueText.contains(newline)) { return nil }
    let member =
      String(decoding: keyText, as: UTF8.self)
      + (between.contains(newline) ? ": " : String(decoding: between, as: UTF8.self))
      + String(decoding: valueText, as: UTF8.self)
    // `beside`'s indentation, when it starts its line, and the line end in use.
    var lineStart = beside.key.start.offset
    while lineStart > 0 && isBlank(source[lineStart - 1]) { lineStart -= 1 }
    let ownsLine = lineStart == 0 || source[lineStart - 1] == newline
    let indent = String(decoding: source[lineStart..<beside.key.start.offset], as: UTF8.self)
    let lineBreak =
      source[beside.key.start.offset...].firstIndex(of: newline).map {
        $0 > 0 && source[$0 - 1] == 0x0D ? "\r\n" : "\n"
      } ?? "\n"
    // What follows `beside`'s value tells a flow (a comma or the closing
    // brace) from a YAML block (the next key, or the end).
    var next = beside.value.end.offset
    while next < source.count {
      if isBlank(source[next]) || source[next] == newline || source[next] == 0x0D {
        next += 1
      } else if format == .yaml && source[next] == UInt8(ascii: "#") {
        while next < source.count && source[next] != newline { next += 1 }
      } else {
        break
      }
    }
    let isFlow = next < source.count && (source[next] == UInt8(ascii: ",") || source[next] == UInt8(ascii: "}"))
    if isFlow {
      let at = beside.value.end.offset
      return Edit(
        span: span(at, at, beside.value), replacement: "," + (ownsLine ? lineBreak + indent : " ") + member)
    }
    guard format == .yaml, ownsLine else { return nil }
    // A comment after the member on its line moves with it.
    var after = value.end.offset
    while after < source.count && isBlank(source[after]) { after += 1 }
    var comment = ""
    if after < source.count && source[after] == UInt8(ascii: "#") {
      var end = after
      while end < source.count && source[end] != newline && source[end] != 0x0D { end += 1 }
      comment = String(decoding: source[value.end.offset..<end], as: UTF8.self)
    }
    let line = indent + member + comment
    // The value's last line: its end may be reported at the next key.
    var last = beside.value.end.offset
    while last > beside.value.start.offset
      && (isBlank(source[last - 1]) || source[last - 1] == newline || source[last - 1] == 0x0D)
    {
      last -= 1
    }
    guard let lineEnd = source[last...].firstIndex(of: newline) else {
      return Edit(span: span(source.count, source.count, beside.value), replacement: lineBreak + line)
    }
    return Edit(span: span(lineEnd + 1, lineEnd + 1, beside.value), replacement: line + lineBreak)
  }

  /// A span of byte offsets; lines and columns are the key's, for reports.
  static func span(_ start: Int, _ end: Int, _ key: SourceSpan) -> SourceSpan {
    SourceSpan(
      start: SourcePosition(line: key.start.line, column: key.start.column, offset: start),
      end: SourcePosition(line: key.end.line, column: key.end.column, offset: end))
  }

  /// The bytes at `span`, when the span lies in `source`.
  static func text(at span: SourceSpan, in source: [UInt8]) -> [UInt8]? {
    let start = span.start.offset
    let end = span.end.offset
    guard start >= 0, start < end, end <= source.count else { return nil }
    return Array(source[start..<end])
  }

  /// A scalar's text as written: a plist element's content (`<true/>` as
  /// "true"), the bytes themselves elsewhere.
  static func writtenText(_ original: [UInt8], format: SourceFormat) -> String? {
    let text = String(decoding: original, as: UTF8.self)
    guard format == .plist else { return text }
    if text == "<true/>" { return "true" }
    if text == "<false/>" { return "false" }
    let bytes = Array(text.utf8)
    guard let open = bytes.firstIndex(of: UInt8(ascii: ">")), let close = bytes.lastIndex(of: UInt8(ascii: "<")),
      open < close
    else { return nil }
    return String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
  }

  static func spell(_ scalar: Fix.Scalar, replacing original: [UInt8], format: SourceFormat) -> String? {
    switch format {
    case .json:
      return switch scalar {
      case .string(let text): jsonString(text)
      case .number(let literal): literal
      case .boolean(let value): String(value)
      }
    case .yaml:
      return switch scalar {
      case .string(let text): yamlString(text, replacing: original)
      case .number(let literal): literal
      case .boolean(let value): String(value)
      }
    case .plist:
      guard original.first == UInt8(ascii: "<") else { return nil }
      return switch scalar {
      case .string(let text): "<string>\(xmlEscaped(text))</string>"
      case .number(let literal):
        literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
          ? "<real>\(literal)</real>" : "<integer>\(literal)</integer>"
      case .boolean(let value): value ? "<true/>" : "<false/>"
      }
    default:
      return nil
    }
  }

  static func spellKey(_ name: String, replacing original: [UInt8], format: SourceFormat) -> String? {
    switch format {
    case .json: return original.first == UInt8(ascii: "\"") ? jsonString(name) : nil
    case .yaml: return yamlString(name, replacing: original)
    case .plist: return original.starts(with: Array("<key>".utf8)) ? "<key>\(xmlEscaped(name))</key>" : nil
    default: return nil
    }
  }

  /// `text` as a JSON string literal, escaped as pushlint's JSON output is.
  static func jsonString(_ text: String) -> String {
    JSONOutput.stringLiteral(text)
  }

  /// `text` as a YAML string in the style of the scalar it replaces: double
  /// quotes (JSON's escapes are YAML's), single quotes, or plain when the
  /// text reads back as the same string without quotes.
  static func yamlString(_ text: String, replacing original: [UInt8]) -> String {
    let hasControl = text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    switch original.first {
    case UInt8(ascii: "'") where !hasControl:
      return "'" + text.replacing("'", with: "''") + "'"
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return jsonString(text)
    default:
      return isPlainSafe(text) ? text : jsonString(text)
    }
  }

  /// Whether `text` written without quotes is read back, by YAML 1.1 and
  /// 1.2 readers alike, as this string: no indicator, no `: ` or ` #`, no
  /// flow punctuation, and nothing a reader takes for another type.
  static func isPlainSafe(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    if "-?:,[]{}#&*!|>'\"%@` ".unicodeScalars.contains(first) || last == " " { return false }
    if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || "[]{},".unicodeScalars.contains($0) }) { return false }
    guard case .string = YAMLScalarResolution.resolvePlain(text) else { return false }
    return YAMLScalarResolution.versionDifference(text) == nil
  }

  static func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// `source` with `edits` (in order, not overlapping) made.
  public static func apply(_ edits: [Edit], to source: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(source.count)
    var cursor = 0
    for edit in edits {
      result.append(contentsOf: source[cursor..<edit.start])
      result.append(contentsOf: Array(edit.replacement.utf8))
      cursor = edit.end
    }
    result.append(contentsOf: source[cursor...])
    return result
  }
}
