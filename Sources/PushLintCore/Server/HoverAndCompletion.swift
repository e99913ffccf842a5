/// What the server tells about a place in a document: hover (a key's
/// meaning, a finding's rule) and completion (the keys an object lacks, the
/// values a key takes), both from the catalog.
extension LanguageServer {
  /// The document's first tree and the place its root is in the catalog.
  func tree(_ document: OpenDocument) -> (root: Node, place: SchemaNavigation.Place)? {
    let (linter, _, relative) = linting(document)
    let read = linter.documents(of: document.text.bytes, path: relative, absolutePath: document.path)
    for candidate in read {
      if let node = candidate.root, let place = navigation.rootPlace(kind: candidate.kind, path: document.path) {
        return (node, place)
      }
    }
    return nil
  }

  func hover(_ params: Node?) -> JSONOutput {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
      let at = offset(params?["position"], in: document.text)
    else { return .null }
    var sections: [String] = []
    var span: SourceSpan?
    if let (root, place) = tree(document), let found = key(at: at, in: root, place: place) {
      sections.append(navigation.describe(found.name, spec: found.spec, in: found.place))
      span = found.span
    }
    for diagnostic in diagnostics(uri) where diagnostic.span.start.offset <= at && at <= diagnostic.span.end.offset {
      if let description = RuleCatalog.standard.description(of: diagnostic.rule) {
        sections.append(LanguageServerWords.ruleHover(diagnostic.rule, description))
      }
    }
    guard !sections.isEmpty else { return .null }
    var members: [(String, JSONOutput)] = [
      (
        "contents",
        .object([("kind", .string("markdown")), ("value", .string(sections.joined(separator: "\n\n---\n\n")))])
      )
    ]
    if let span { members.append(("range", range(span, in: document.text))) }
    return .object(members)
  }

  /// The key at `offset`, found from the root down with the place of each
  /// object on the way.
  func key(
    at offset: Int, in node: Node, place: SchemaNavigation.Place
  ) -> (
    name: String, spec: KeySpec?, place: SchemaNavigation.Place, span: SourceSpan
  )? {
    if let members = node.members {
      for member in members {
        if member.keySpan.start.offset <= offset && offset < member.keySpan.end.offset {
          return (member.key, navigation.spec(of: member.key, in: place)?.spec, place, member.keySpan)
        }
        if member.value.span.start.offset <= offset && offset < member.value.span.end.offset,
          let inner = navigation.place(ofValueOf: member.key, in: place)
        {
          return key(at: offset, in: member.value, place: inner)
        }
      }
    } else if let elements = node.elements {
      for element in elements where element.span.start.offset <= offset && offset < element.span.end.offset {
        return key(at: offset, in: element, place: place)
      }
    }
    return nil
  }

  func completion(_ params: Node?) -> JSONOutput {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
      let at = offset(params?["position"], in: document.text),
      let (object, place, valueKey, partialKey) = completionContext(document, at: at)
    else { return .array([]) }
    var items: [JSONOutput] = []
    if let valueKey, let spec = navigation.spec(of: valueKey, in: place)?.spec {
      // Written as the document writes values: JSON's literals, YAML's
      // plain scalars where they read back the same.
      let isYAML = SourceFormat.from(fileName: document.path) == .yaml
      for value in spec.values ?? [] {
        var label = value.description
        if isYAML, case .string(let text) = value { label = FixSpelling.yamlString(text, replacing: []) }
        items.append(.object([("label", .string(label)), ("kind", .int(12))]))
      }
      for value in spec.itemValues ?? [] { items.append(.object([("label", .string(value)), ("kind", .int(12))])) }
      return .array(items)
    }
    var present = Set((object.members ?? []).map(\.key))
    if let partialKey { present.remove(partialKey) }
    for (name, spec) in navigation.keys(of: place) where !present.contains(name) {
      var item: [(String, JSONOutput)] = [("label", .string(name)), ("kind", .int(10))]
      if let spec, spec.deprecated != nil { item.append(("tags", .array([.int(1)]))) }
      item.append(
        (
          "documentation",
          .object([
            ("kind", .string("markdown")), ("value", .string(navigation.describe(name, spec: spec, in: place))),
          ])
        ))
      items.append(.object(item))
    }
    return .array(items)
  }

  /// Where completion is asked: the object the cursor is in, its place,
  /// the key whose value the cursor is in (for values), and the key being
  /// typed (not yet one of the object's).
  func completionContext(
    _ document: OpenDocument, at offset: Int
  ) -> (
    object: Node, place: SchemaNavigation.Place, valueKey: String?, partialKey: String?
  )? {
    func context(
      _ text: [UInt8], at offset: Int, partialKey: String?
    ) -> (
      Node, SchemaNavigation.Place, String?, String?
    )? {
      var edited = document
      edited.text = DocumentText(text, countsUTF16: countsUTF16)
      guard let (root, rootPlace) = tree(edited),
        let (object, place, valueKey) = innermost(at: offset, in: root, place: rootPlace)
      else { return nil }
      return (object, place, valueKey, partialKey)
    }
    let bytes = document.text.bytes
    let format = SourceFormat.from(fileName: document.path)
    // A YAML document being typed may not parse, or parse as something
    // else (a key typed without its colon is its parent's value): its text
    // up to the cursor, the cursor's line made whole, says where it is.
    if format == .yaml, let closed = Self.closedYAMLPrefix(bytes, upTo: offset),
      let found = context(closed.bytes, at: closed.offset, partialKey: closed.partialKey)
    {
      return found
    }
    if let found = context(bytes, at: offset, partialKey: nil) { return found }
    // A JSON document being typed rarely parses: its text up to the
    // cursor, closed, says where the cursor is.
    guard format == .json else { return nil }
    let closed = Self.closedJSONPrefix(bytes, upTo: offset)
    return context(closed.bytes, at: offset, partialKey: closed.partialKey)
  }

  /// The YAML text before the cursor's line, with that line up to the
  /// cursor made whole: a key being typed (or nothing yet, where a key is
  /// due) written as a key with a null value, an empty value after a colon
  /// written as null. Nil inside a flow collection or a comment, which the
  /// document as it stands answers better. `offset` is the cursor's in the
  /// new text.
  static func closedYAMLPrefix(
    _ bytes: [UInt8], upTo offset: Int
  ) -> (
    bytes: [UInt8], offset: Int, partialKey: String?
  )? {
    let end = min(max(0, offset), bytes.count)
    var lineStart = end
    while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var contentStart = lineStart
    while contentStart < end && bytes[contentStart] == 0x20 { contentStart += 1 }
    // A sequence item's mapping starts after its dash.
    while contentStart + 1 < end && bytes[contentStart] == UInt8(ascii: "-") && bytes[contentStart + 1] == 0x20 {
      contentStart += 2
      while contentStart < end && bytes[contentStart] == 0x20 { contentStart += 1 }
    }
    let content = Array(bytes[contentStart..<end])
    if content.contains(where: { "{}[]#\t".utf8.contains($0) }) { return nil }
    var closed = Array(bytes[0..<contentStart])
    if let colon = content.firstIndex(where: { $0 == UInt8(ascii: ":") }),
      colon + 1 == content.count || content[colon + 1] == 0x20
    {
      // A value being typed: the line as it is, null when nothing is typed yet.
      closed += content
      let typed = content[(colon + 1)...].contains { $0 != 0x20 }
      if !typed { closed += Array((colon + 1 == content.count ? " null" : "null").utf8) }
      return (closed, typed ? end : end + (colon + 1 == content.count ? 1 : 0), nil)
    }
    let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
    let partial = String(decoding: content.filter { !quotes.contains($0) }, as: UTF8.self)
    let key = Array(FixSpelling.jsonString(partial).utf8)
    closed += key + Array(": null".utf8)
    return (closed, contentStart + key.count - 1, partial)
  }

  /// The innermost object around `offset`, its place, and the key whose
  /// value `offset` is in (for value completion), if any.
  func innermost(
    at offset: Int, in node: Node, place: SchemaNavigation.Place
  ) -> (
    Node, SchemaNavigation.Place, String?
  )? {
    guard node.span.start.offset <= offset && offset <= node.span.end.offset else { return nil }
    if let members = node.members {
      for member in members where member.value.span.start.offset <= offset && offset <= member.value.span.end.offset {
        if member.value.isContainer, let inner = navigation.place(ofValueOf: member.key, in: place),
          let found = innermost(at: offset, in: member.value, place: inner)
        {
          return found
        }
        if !member.value.isContainer { return (node, place, member.key) }
      }
      return (node, place, nil)
    }
    if let elements = node.elements {
      for element in elements {
        if let found = innermost(at: offset, in: element, place: place) { return found }
      }
    }
    return nil
  }

  /// The JSON text before `offset`, closed so that it parses: an open
  /// string ended (a key being typed given a value), a value due after a
  /// colon or a member due after a comma stood in for, open containers
  /// closed.
  static func closedJSONPrefix(_ bytes: [UInt8], upTo offset: Int) -> (bytes: [UInt8], partialKey: String?) {
    let end = min(max(0, offset), bytes.count)
    var stack: [UInt8] = []
    var inString = false
    var escaped = false
    var stringStart = 0
    // The last byte outside strings that is not white space, and the one
    // before the last string began.
    var last: UInt8?
    var beforeString: UInt8?
    for index in 0..<end {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          last = byte
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringStart = index
        beforeString = last
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        stack.append(byte)
        last = byte
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !stack.isEmpty { stack.removeLast() }
        last = byte
      case 0x20, 0x09, 0x0A, 0x0D:
        break
      default:
        last = byte
      }
    }
    var closed = Array(bytes[0..<end])
    var partialKey: String?
    let inObject = stack.last == UInt8(ascii: "{")
    let stringIsKey = inObject && (beforeString == UInt8(ascii: "{") || beforeString == UInt8(ascii: ","))
    if inString {
      closed.append(UInt8(ascii: "\""))
      if stringIsKey {
        partialKey = String(decoding: bytes[(stringStart + 1)..<end], as: UTF8.self)
        closed += Array(": null".utf8)
      }
    } else if last == UInt8(ascii: "\""), stringIsKey {
      partialKey = String(
        decoding: bytes[
          (stringStart + 1)..<max(stringStart + 1, closed.lastIndex(of: UInt8(ascii: "\"")) ?? stringStart + 1)],
        as: UTF8.self)
      closed += Array(": null".utf8)
    } else if last == UInt8(ascii: ":") {
      closed += Array(" null".utf8)
    } else if last == UInt8(ascii: ",") || last == UInt8(ascii: "{") || last == UInt8(ascii: "[") {
      // A member or element is due: an empty one stands in for it, so the
      // cursor stays inside its container.
      if inObject {
        closed += Array(#""": null"#.utf8)
        partialKey = ""
      } else if last == UInt8(ascii: ",") {
        closed += Array("null".utf8)
      }
    }
    for opener in stack.reversed() {
      closed.append(opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
    return (closed, partialKey)
  }
}
