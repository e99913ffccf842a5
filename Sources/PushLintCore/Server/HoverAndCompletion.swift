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
        // The rule's document, up to its examples: what, why, how to fix.
        let markdown = description.markdown
        let document = markdown.firstRange(of: "\n## Triggering").map { String(markdown[..<$0.lowerBound]) } ?? markdown
        sections.append("**\(diagnostic.rule)** (pushlint): \(description.summary)\n\n" + document)
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
    guard let uri = params?["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
      let at = offset(params?["position"], in: document.text)
    else { return .array([]) }
    // A JSON document being typed rarely parses: its text up to the cursor,
    // closed, says where the cursor is.
    var partialKey: String?
    if tree(document) == nil, Paths.fileName(document.path).hasSuffix("json") || document.path.hasSuffix(".apns") {
      let closed = Self.closedJSONPrefix(document.text.bytes, upTo: at)
      document.text = DocumentText(closed.bytes, countsUTF16: countsUTF16)
      partialKey = closed.partialKey
    }
    guard let (root, rootPlace) = tree(document),
      let (object, place, valueKey) = innermost(at: at, in: root, place: rootPlace)
    else { return .array([]) }
    var items: [JSONOutput] = []
    if let valueKey, let spec = navigation.spec(of: valueKey, in: place)?.spec {
      for value in spec.values ?? [] {
        items.append(.object([("label", .string(value.description)), ("kind", .int(12))]))
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
