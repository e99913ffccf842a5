/// What a file is before it is parsed: its format, and whether it may hold
/// payloads or project context.
extension DocumentClassifier {
  /// Whether a file's documents can be payloads (and so templates): JSON or
  /// YAML, but not a String Catalog, which is JSON and always localization.
  static func mayHoldPayloads(_ format: SourceFormat, fileExtension: String) -> Bool {
    (format == .json || format == .yaml) && !Localizations.isFileExtension(fileExtension)
  }

  /// Whether JSON or YAML text may hold a document of the project context:
  /// only a categories file can, and its key is spelled out (or escaped, so
  /// any backslash counts too). Everything else is read when it is checked.
  static func mayBeContext(_ bytes: [UInt8]) -> Bool {
    ByteSearch.contains("\\", in: bytes) || ByteSearch.contains("categories", in: bytes)
  }

  /// The format of a file: from its name, else (for a file named explicitly) from its first bytes.
  static func format(of bytes: [UInt8], path: String) -> SourceFormat {
    format(of: bytes, fileExtension: fileExtension(path))
  }

  /// The same, with the path's `fileExtension(_:)` worked out already.
  static func format(of bytes: [UInt8], fileExtension: String) -> SourceFormat {
    if let format = SourceFormat.from(fileExtension: fileExtension) {
      // A .strings file may also be a property list in XML or binary form
      // (as Xcode compiles it, and as some translation tools export it);
      // Foundation reads either, and so does pushlint.
      if format == .strings, PlistReader.isBinary(bytes) || startsWithXML(bytes) { return .plist }
      return format
    }
    if PlistReader.isBinary(bytes) { return .plist }
    switch firstSignificantByte(bytes) {
    case UInt8(ascii: "<"): return .plist
    case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
    default: return .yaml
    }
  }

  /// The first byte after any byte-order mark and white space.
  static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
  }

  /// Whether text starts with `<` (an XML property list), after any
  /// byte-order mark and white space.
  static func startsWithXML(_ bytes: [UInt8]) -> Bool { firstSignificantByte(bytes) == UInt8(ascii: "<") }

  /// Whether unparseable text looks like it was meant for pushlint: it has
  /// `aps` or `apns` as a key (the word, then an optional closing quote and
  /// `:`), an APNs header name (`apns-…`), or both `categories` and
  /// `identifier` as keys, as a categories file does (a shop's product
  /// listing has `categories` alone). A word in running text ("other
  /// categories" in a localization file) is not enough.
  static func mentionsPush(_ bytes: [UInt8]) -> Bool {
    hasKey(["aps", "apns"], in: bytes) || (hasKey(["categories"], in: bytes) && hasKey(["identifier"], in: bytes))
  }

  /// Whether text holds the directives of another tool's templates, which
  /// it renders before the text is JSON or YAML at all: Go's and Helm's
  /// (`{{ .Values.x }}`, `{{- if … }}`, `{{ include … }}`), Mustache's
  /// and Handlebars' sections (`{{#items}}`), Jinja's, Liquid's and
  /// Twig's (`{% if %}`), ERB's and EJS's (`<%= x %>`), and `${x}`. A
  /// walked file that holds them and does not parse is no mistake of its
  /// own.
  static func holdsAnotherToolsDirectives(_ bytes: [UInt8]) -> Bool {
    for marker in [
      "{{-", "-}}", "{{ .", "{{.", "{{#", "{{/", "{{^", "{{ include", "{{ if", "{{ range", "{%", "<%", "${",
    ] {
      if ByteSearch.contains(marker, in: bytes) { return true }
    }
    return false
  }

  /// Whether a text fails to parse at another tool's `{{…}}` placeholder:
  /// the reader stopped on one of its two braces (`= {{minimumVersion}};`
  /// in a project file that a project generator such as Mason fills).
  /// No property list, project file or JSON text has `{{` where a value or
  /// key starts.
  static func failsAtPlaceholder(_ bytes: [UInt8], at offset: Int) -> Bool {
    let open = UInt8(ascii: "{")
    func isPlaceholder(at start: Int) -> Bool {
      start >= 0 && start + 1 < bytes.count && bytes[start] == open && bytes[start + 1] == open
    }
    return isPlaceholder(at: offset) || isPlaceholder(at: offset - 1)
  }

  private static func hasKey(_ words: [String], in bytes: [UInt8]) -> Bool {
    for word in words {
      let needle = Array(word.utf8)
      var start = 0
      while let index = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
        start = index + 1
        let before = index == 0 ? 0x20 : bytes[index - 1]
        guard !ASCII.isWordByte(before) else { continue }
        var after = index + needle.count
        // An APNs header name as a key (`apns-topic:`), not any word that
        // starts so (a volume named `apns-certs` in a deployment).
        if word == "apns", after < bytes.count, bytes[after] == UInt8(ascii: "-") {
          while after < bytes.count, ASCII.isWordByte(bytes[after]) || bytes[after] == UInt8(ascii: "-") { after += 1 }
        }
        if after < bytes.count, bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'") { after += 1 }
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return true }
      }
    }
    return false
  }
}
