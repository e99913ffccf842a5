enum DuplicateKeyRule: Rule {

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // In an .xcconfig file a later line overrides an earlier one by design.
    guard let root = document.root, !document.readerFacts.keysAreUnique, document.format != .xcconfig else { return [] }
    var findings: [Finding] = []
    // A translation repeated with the same text (translation files gather
    // such repeats) loses nothing; one repeated with another text does.
    visit(root, ignoringSameText: document.kind == .localization, format: document.format, into: &findings)
    return findings
  }

  private static func visit(
    _ node: Node, ignoringSameText: Bool, format: SourceFormat, into findings: inout [Finding]
  ) {
    if let members = node.members {
      for (index, first) in members.repeatedKeys() {
        let member = members[index]
        let earlier = members[first]
        if ignoringSameText, let text = member.value.stringValue, text == earlier.value.stringValue { continue }
        let place =
          earlier.keySpan == .fileStart
          ? "earlier in the file" : "at line \(earlier.keySpan.start.line), column \(earlier.keySpan.start.column)"
        findings.append(
          finding(
            atKeyOf: member,
            "duplicate key \"\(member.key)\"; the first is \(place), and readers silently keep only one of them",
            help: "remove one of the two, or merge them into one",
            // Most readers keep the last: the first goes, though it may be
            // the one the author meant.
            fix: [.json, .yaml, .plist].contains(format)
              ? Fix(
                title: "remove the first \"\(member.key)\"", applicability: .unsafe,
                changes: [.removeMember(key: earlier.keySpan, value: earlier.value.span)], format: format) : nil))
      }
    }
    node.forEachChild { child in
      if child.isContainer && !child.keysAreKnownUnique {
        visit(child, ignoringSameText: ignoringSameText, format: format, into: &findings)
      }
    }
  }
}
