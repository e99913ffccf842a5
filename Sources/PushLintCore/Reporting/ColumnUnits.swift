/// What a column counts. pushlint counts Unicode scalars (characters);
/// vim's and Emacs' `%c` count bytes, and VS Code and LSP count UTF-16 code
/// units, so each integration asks for its own.
public enum ColumnUnit: String, Sendable, CaseIterable {
  case characters
  case bytes
  case utf16

  /// Diagnostics with their columns counted in `unit`. `source` gives a
  /// file's bytes as the diagnostics position them (nil leaves that file's
  /// columns as they are).
  public static func convert(
    _ diagnostics: [Diagnostic], to unit: ColumnUnit, source: (String) -> [UInt8]?
  ) -> [Diagnostic] {
    guard unit != .characters else { return diagnostics }
    var files: [String: [UInt8]?] = [:]
    return diagnostics.map { diagnostic in
      let bytes: [UInt8]?
      if let cached = files[diagnostic.path] {
        bytes = cached
      } else {
        bytes = source(diagnostic.path)
        files[diagnostic.path] = bytes
      }
      guard let bytes else { return diagnostic }
      var converted = diagnostic
      converted.span.start.column = column(of: diagnostic.span.start, in: bytes, unit: unit)
      converted.span.end.column = column(of: diagnostic.span.end, in: bytes, unit: unit)
      return converted
    }
  }

  /// The 1-based column of `position` in `unit`, counted from the start of
  /// its line (after a byte-order mark, which editors do not show).
  static func column(of position: SourcePosition, in bytes: [UInt8], unit: ColumnUnit) -> Int {
    let offset = min(max(0, position.offset), bytes.count)
    var lineStart = offset
    while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    if lineStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) && offset >= 3 { lineStart = 3 }
    switch unit {
    case .characters: return position.column
    case .bytes: return offset - lineStart + 1
    case .utf16:
      var units = 0
      for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 {
        // A four-byte sequence is a scalar outside the Basic Multilingual
        // Plane: two UTF-16 units.
        units += byte >= 0xF0 ? 2 : 1
      }
      return units + 1
    }
  }
}
