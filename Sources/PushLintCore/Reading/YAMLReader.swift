import CYAML

/// One document of a YAML stream.
public struct YAMLDocumentResult: Sendable {
  public var index: Int
  public var result: ReadResult
}

/// Reads YAML through libyaml's event API, so every key and value keeps its
/// own position, and builds the JSON tree the document stands for.
///
/// Scalars are resolved with the YAML 1.2 core schema, the one that agrees
/// with JSON: `true`/`false` (any of three casings) are booleans, `null`, `~`
/// and the empty scalar are null, decimal, `0o` octal and `0x` hex integers and
/// decimal floats are numbers, and everything else (quoted or not) is a
/// string. Where YAML 1.1 readers (PyYAML, Ruby, libyaml-based tools) read a
/// plain scalar differently — `yes`, `on`, `010`, `1:30`, `2024-01-01` — the
/// value is still read the 1.2 way and `yaml-ambiguous-value` says so.
public enum YAMLReader {
  /// How many nodes aliases may add to one document when expanded. A
  /// payload needs a few dozen; a billion-laughs file wants 10^9.
  public static let maxExpandedNodes = 100_000

  public static func read(_ bytes: [UInt8]) -> [YAMLDocumentResult] {
    bytes.withUnsafeBufferPointer { read($0) }
  }

  public static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [YAMLDocumentResult] {
    var leading: [Finding] = []
    var body = bytes
    if let problem = EncodingCheck.firstProblem(in: bytes) {
      let lines = LineIndex(bytes: Array(bytes))
      leading.append(
        Finding(
          rule: .invalidEncoding, span: SourceSpan(at: lines.position(ofOffset: problem.offset)),
          reason: problem))
      guard problem.isRecoverable else {
        return [YAMLDocumentResult(index: 0, result: ReadResult(root: nil, findings: leading))]
      }
      body = UnsafeBufferPointer(rebasing: bytes[3...])
    }
    var builder = YAMLTreeBuilder(bytes: bytes, bodyOffset: bytes.count - body.count)
    var documents = builder.run(body)
    if documents.isEmpty {
      documents = [YAMLDocumentResult(index: 0, result: ReadResult(root: nil, findings: []))]
    }
    documents[0].result.findings.insert(contentsOf: leading, at: 0)
    return documents
  }
}

private struct YAMLTreeBuilder {
  /// An open sequence or mapping, mutated in place so appending never copies.
  struct Frame {
    var isMapping: Bool
    var start: SourcePosition
    var pointer: String
    var anchor: String?
    var elements: [Node] = []
    var members: [Member] = []
    var pendingKey: (String, SourceSpan)?
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let bodyOffset: Int
  var documents: [YAMLDocumentResult] = []
  var findings: [Finding] = []
  var stack: [Frame] = []
  var root: Node?
  var anchors: [String: (node: Node, count: Int)] = [:]
  var nodeCount = 0
  /// Set when the current document failed; its remaining events are skipped.
  var failed = false
  /// Set when reading must stop altogether (libyaml's cost per token grows
  /// with flow nesting, so a too-deep stream is not read any further).
  var aborted = false

  init(bytes: UnsafeBufferPointer<UInt8>, bodyOffset: Int) {
    self.bytes = bytes
    self.bodyOffset = bodyOffset
  }

  /// libyaml counts characters; marks arrive in increasing order, so the
  /// byte offset is found by moving a cursor forward, never by rescanning.
  var cursorCharacter = 0
  var cursorByte = 0

  mutating func position(_ mark: yaml_mark_t) -> SourcePosition {
    let target = Int(mark.index)
    if target < cursorCharacter {
      cursorCharacter = 0
      cursorByte = 0
    }
    while cursorCharacter < target && bodyOffset + cursorByte < bytes.count {
      cursorByte += 1
      while bodyOffset + cursorByte < bytes.count && bytes[bodyOffset + cursorByte] & 0xC0 == 0x80 {
        cursorByte += 1
      }
      cursorCharacter += 1
    }
    let line = Int(mark.line) + 1
    // A byte-order mark before the body takes no column, as in editors.
    let column = Int(mark.column) + 1
    return SourcePosition(line: line, column: column, offset: bodyOffset + cursorByte)
  }

  mutating func span(_ event: yaml_event_t) -> SourceSpan {
    SourceSpan(start: position(event.start_mark), end: position(event.end_mark))
  }

  mutating func run(_ body: UnsafeBufferPointer<UInt8>) -> [YAMLDocumentResult] {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return [] }
    defer { yaml_parser_delete(&parser) }
    if let base = body.baseAddress {
      yaml_parser_set_input_string(&parser, base, body.count)
    } else {
      var empty: UInt8 = 0
      yaml_parser_set_input_string(&parser, &empty, 0)
    }
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        reportParserError(parser)
        finishDocument()
        return documents
      }
      defer { yaml_event_delete(&event) }
      if aborted {
        finishDocument()
        return documents
      }
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return documents
      case YAML_DOCUMENT_START_EVENT:
        startDocument()
      case YAML_DOCUMENT_END_EVENT:
        finishDocument()
      default:
        if !failed { handle(event) }
      }
    }
  }

  mutating func startDocument() {
    stack = []
    root = nil
    anchors = [:]
    nodeCount = 0
    failed = false
    findings = []
  }

  mutating func finishDocument() {
    let result = ReadResult(root: failed ? nil : root, findings: findings)
    documents.append(YAMLDocumentResult(index: documents.count, result: result))
    startDocument()
  }

  mutating func fail(_ span: SourceSpan, _ problem: SyntaxErrorRule.YAMLProblem) {
    findings.append(Finding(rule: .syntaxError, span: span, reason: problem))
    failed = true
    stack = []
  }

  mutating func reportParserError(_ parser: yaml_parser_t) {
    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
    let context = parser.context.map { String(cString: $0) }
    let contextPosition = position(parser.context_mark)
    let at: SourcePosition
    if parser.error == YAML_READER_ERROR {
      at = LineIndex(bytes: Array(bytes)).position(ofOffset: bodyOffset + parser.problem_offset)
    } else {
      at = position(parser.problem_mark)
    }
    fail(
      SourceSpan(at: at),
      .parser(problem: problem, context: context, line: contextPosition.line, column: contextPosition.column))
  }

  /// The pointer the next child of the innermost container gets.
  func childPointer() -> String {
    let (parent, token) = childPointerParts()
    return token.map { Node.pointer(parent, appending: $0) } ?? parent
  }

  /// The next child's pointer as its parent's and its own token, which a
  /// scalar node keeps unjoined until a finding names it.
  func childPointerParts() -> (parent: String, token: String?) {
    guard let frame = stack.last else { return ("", nil) }
    if !frame.isMapping { return (frame.pointer, String(frame.elements.count)) }
    if let key = frame.pendingKey { return (frame.pointer, key.0) }
    return (frame.pointer, nil)
  }

  var expectsKey: Bool {
    guard let frame = stack.last else { return false }
    return frame.isMapping && frame.pendingKey == nil
  }

  mutating func handle(_ event: yaml_event_t) {
    let eventSpan = span(event)
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      if scalar.length > ReaderLimits.maxStringBytes {
        fail(eventSpan, .stringTooLong(limitBytes: ReaderLimits.maxStringBytes))
        aborted = true
        return
      }
      let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
      let tag = scalar.tag.map { String(cString: $0) }
      let anchor = scalar.anchor.map { String(cString: $0) }
      if let tag { reportTag(tag, at: eventSpan) }
      if expectsKey {
        if text == "<<" && scalar.style == YAML_PLAIN_SCALAR_STYLE {
          findings.append(
            Finding(
              rule: .yamlAmbiguousValue, span: eventSpan, reason: YAMLAmbiguousValueRule.Problem.mergeKey,
              pointer: childPointer()))
        }
        setPendingKey(text, eventSpan)
        return
      }
      let (parent, token) = childPointerParts()
      let value: StoredValue
      if scalar.style == YAML_PLAIN_SCALAR_STYLE && tag == nil {
        if let note = YAMLScalarResolution.versionDifference(text) {
          findings.append(
            Finding(
              rule: .yamlAmbiguousValue, span: eventSpan, reason: note,
              pointer: token.map { Node.pointer(parent, appending: $0) } ?? parent))
        }
        value = YAMLScalarResolution.resolvePlain(text)
      } else {
        value = YAMLScalarResolution.resolveTagged(text, tag: tag)
      }
      add(Node(stored: value, span: eventSpan, parent: parent, token: token), anchor: anchor, count: 1)
    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
      let isMapping = event.type == YAML_MAPPING_START_EVENT
      let anchorPointer = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
      let tagPointer = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
      if let tag = tagPointer.map({ String(cString: $0) }) { reportTag(tag, at: eventSpan) }
      if expectsKey {
        fail(eventSpan, .collectionAsKey(isMapping: isMapping))
        return
      }
      if stack.count >= ReaderLimits.maxDepth {
        fail(eventSpan, .nestingTooDeep(limit: ReaderLimits.maxDepth))
        aborted = true
        return
      }
      let anchor = anchorPointer.map { String(cString: $0) }
      let pointer = childPointer()
      stack.append(Frame(isMapping: isMapping, start: eventSpan.start, pointer: pointer, anchor: anchor))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = stack.popLast() else { return }
      let node = Node(
        value: frame.isMapping ? .object(frame.members.trimmedToSize()) : .array(frame.elements.trimmedToSize()),
        span: SourceSpan(start: frame.start, end: eventSpan.end), pointer: frame.pointer)
      add(node, anchor: frame.anchor, count: 0, subtreeCount: frame.anchor == nil ? 0 : countNodes(node))
    case YAML_ALIAS_EVENT:
      let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
      guard let target = anchors[name] else {
        fail(eventSpan, .undefinedAlias(name: name))
        return
      }
      if expectsKey {
        guard let key = target.node.stringValue else {
          fail(eventSpan, .aliasKeyNotString(name: name))
          return
        }
        setPendingKey(key, eventSpan)
        return
      }
      nodeCount += target.count
      guard nodeCount <= YAMLReader.maxExpandedNodes else {
        fail(eventSpan, .aliasExpansion(limit: YAMLReader.maxExpandedNodes))
        return
      }
      add(repointed(target.node, to: childPointer()), anchor: nil, count: 0)
    default:
      break
    }
  }

  mutating func reportTag(_ tag: String, at span: SourceSpan) {
    findings.append(
      Finding(
        rule: .yamlAmbiguousValue, span: span, reason: YAMLAmbiguousValueRule.Problem.explicitTag(tag),
        pointer: childPointer()))
  }

  mutating func setPendingKey(_ key: String, _ keySpan: SourceSpan) {
    guard expectsKey else { return }
    stack[stack.count - 1].pendingKey = (key, keySpan)
  }

  /// Adds a completed node to its container (or makes it the root) and
  /// remembers it under its anchor.
  mutating func add(_ node: Node, anchor: String?, count: Int, subtreeCount: Int? = nil) {
    if let anchor { anchors[anchor] = (node, subtreeCount ?? count) }
    guard !stack.isEmpty else {
      root = node
      return
    }
    let top = stack.count - 1
    if !stack[top].isMapping {
      stack[top].elements.append(node)
    } else if let key = stack[top].pendingKey {
      stack[top].members.append(Member(key: key.0, keySpan: key.1, value: node))
      stack[top].pendingKey = nil
    }
  }
}

private func countNodes(_ node: Node) -> Int {
  switch node.stored {
  case .array(let elements): return 1 + elements.reduce(0) { $0 + countNodes($1) }
  case .object(let members): return 1 + members.reduce(0) { $0 + countNodes($1.value) }
  default: return 1
  }
}

/// An aliased subtree, with pointers as seen from where the alias stands.
/// Positions stay those of the anchor: that is where the text is.
private func repointed(_ node: Node, to pointer: String) -> Node {
  var copy = node
  copy.pointer = pointer
  switch node.stored {
  case .array(let elements):
    copy.value = .array(elements.enumerated().map { repointed($1, to: pointer + "/\($0)") })
  case .object(let members):
    copy.value = .object(
      members.map {
        Member(
          key: $0.key, keySpan: $0.keySpan, value: repointed($0.value, to: Node.pointer(pointer, appending: $0.key)))
      })
  default:
    break
  }
  return copy
}
