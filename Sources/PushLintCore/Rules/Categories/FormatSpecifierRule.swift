enum FormatSpecifierRule: Rule {
  static let documentKinds: Set<DocumentKind>? = [.categories]

  /// The conversions in a format string that are not in `allowed`, with
  /// positional forms (`%1$u`) accepted and `%%` a literal percent.
  static func unsupported(in format: String, allowed: Set<Character>) -> [String] {
    var found: [String] = []
    let characters = Array(format)
    var index = 0
    while index < characters.count {
      guard characters[index] == "%" else {
        index += 1
        continue
      }
      var end = index + 1
      if end < characters.count && characters[end] == "%" {
        index = end + 1
        continue
      }
      var position = end
      while position < characters.count && characters[position].isNumber { position += 1 }
      if position < characters.count && characters[position] == "$" && position > end { end = position + 1 }
      // Flags, width, precision and length modifiers, then the conversion.
      var conversion = end
      while conversion < characters.count && "-+ #0123456789.lhqLzjt'".contains(characters[conversion]) {
        conversion += 1
      }
      let specifier = String(characters[index..<min(conversion + 1, characters.count)])
      if conversion >= characters.count || conversion != end || !allowed.contains(characters[conversion]) {
        found.append(specifier)
      }
      index = conversion + 1
    }
    return found
  }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    forEachCategory(of: document) { category in
      for (key, allowed, words) in [
        ("categorySummaryFormat", Set<Character>(["u", "@"]), "%u (the count) and %@ (the summary argument)"),
        ("hiddenPreviewsBodyPlaceholder", Set<Character>(["u"]), "%u (the count)"),
      ] {
        guard let value = category[key], let text = value.stringValue else { continue }
        let bad = Self.unsupported(in: text, allowed: allowed)
        guard !bad.isEmpty else { continue }
        findings.append(
          finding(
            at: value,
            "\"\(key)\" uses \(bad.map { "\"\($0)\"" }.joined(separator: ", ")); the system fills only \(words), positional forms such as %1$u included",
            help: "use \(words)"))
      }
    }
    return findings
  }
}
