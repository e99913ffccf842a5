enum DuplicateKeyRule: Rule {

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // In an .xcconfig file a later line overrides an earlier one by design;
    // an Xcode project is Xcode's to write, and it accepts an object a
    // merge left twice.
    guard let root = document.root, !document.readerFacts.keysAreUnique, document.format != .xcconfig,
      document.kind != .xcodeProject
    else { return [] }
    var findings: [Finding] = []
    if document.kind == .appInfoPlist || document.kind == .extensionInfoPlist {
      // An Info.plist is the app's own: of its keys, only those the
      // notification checks read are judged (a repeated privacy text is
      // not a push's business).
      report(root, onlyKeys: infoPlistKeysRead, ignoringSameText: false, format: document.format, into: &findings)
      for member in root.members ?? [] where member.key == "NSExtension" && member.value.isContainer {
        visit(member.value, ignoringSameText: false, format: document.format, into: &findings)
      }
      return findings
    }
    // A translation repeated with the same text (translation files gather
    // such repeats) loses nothing; one repeated with another text does.
    visit(root, ignoringSameText: document.kind == .localization, format: document.format, into: &findings)
    return findings
  }

  /// The top-level keys of an Info.plist that the project context reads
  /// (`ProjectContext`): the app's identity, its background modes, and an
  /// extension's point and attributes.
  static let infoPlistKeysRead: Set<String> = [
    "CFBundleIdentifier", "CFBundlePackageType", "UIBackgroundModes", "NSExtension",
  ]

  private static func visit(
    _ node: Node, ignoringSameText: Bool, format: SourceFormat, into findings: inout [Finding]
  ) {
    report(node, onlyKeys: nil, ignoringSameText: ignoringSameText, format: format, into: &findings)
    node.forEachChild { child in
      if child.isContainer && !child.keysAreKnownUnique {
        visit(child, ignoringSameText: ignoringSameText, format: format, into: &findings)
      }
    }
  }

  /// The repeated keys of `node` itself (of `onlyKeys`, when given).
  private static func report(
    _ node: Node, onlyKeys: Set<String>?, ignoringSameText: Bool, format: SourceFormat,
    into findings: inout [Finding]
  ) {
    if let members = node.members {
      for (index, first) in members.repeatedKeys() where onlyKeys?.contains(members[index].key) ?? true {
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
  }
}
