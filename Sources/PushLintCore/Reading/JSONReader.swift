import CByteScan

/// The result of reading one document: its tree (nil when it could not be
/// read) and what the reader found on the way.
public struct ReadResult: Sendable {
  public var root: Node?
  public var findings: [Finding]
  /// The root's size as compact JSON, when the reader could count it while
  /// reading (the JSON reader does): saves measuring the tree again.
  public var compactSize: Int?
  /// Whether the reader saw every object's keys and none repeats (the JSON
  /// reader checks while reading), so `duplicate-key` need not walk the tree.
  public var keysAreUnique = false

  public init(root: Node?, findings: [Finding]) {
    self.root = root
    self.findings = findings
  }
}

/// Limits every reader applies, so no input can exhaust the stack or memory.
public enum ReaderLimits {
  /// Deeper nesting is a `syntax-error`; no APNs payload comes near it.
  public static let maxDepth = 512
  /// Longer strings (or keys, or plist text) are a `syntax-error`: a payload
  /// is 4 KB, and nothing pushlint reads needs more.
  public static let maxStringBytes = 16 << 20

}

/// A strict RFC 8259 reader. It works on bytes, runs in linear time and keeps
/// its own stack, so a 100,000-deep array is one diagnostic, not a crash.
public struct JSONReader {
  /// A language server message: one JSON text whose strings (a document's
  /// text) may be as long as the message.
  static func readMessage(_ bytes: [UInt8]) -> Node? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer, firstLine: 1, baseOffset: 0)
      scanner.maxStringBytes = Int.max
      return try? scanner.parseDocument()
    }
  }

  /// Reads one JSON text. `firstLine` and `baseOffset` place it inside a
  /// larger file (a JSON Lines line).
  public static func read(
    _ bytes: [UInt8], firstLine: Int = 1, baseOffset: Int = 0, deferringAllBut eagerKeys: EagerKeys? = nil,
    deferringARootThatIsNoObject: Bool = false
  ) -> ReadResult {
    read(
      bytes, firstLine: firstLine, baseOffset: baseOffset, deferringAllBut: eagerKeys,
      deferringARootThatIsNoObject: deferringARootThatIsNoObject, keyNames: nil)
  }

  /// With `keyNames` (a schema's, `PushSchema.keyNames`), an object's key
  /// that is one of them is the table's string, and its member knows where
  /// (`Member.schemaKey`).
  ///
  /// With `toleratingTrailingCommas` (an `.apns` file, which the Simulator
  /// reads with a parser that takes them), a comma before a closer is a
  /// warning with a fix, and the read goes on; nothing is deferred then.
  static func read(
    _ bytes: [UInt8], firstLine: Int = 1, baseOffset: Int = 0, deferringAllBut eagerKeys: EagerKeys? = nil,
    deferringARootThatIsNoObject: Bool = false, keyNames: NameTable?, toleratingTrailingCommas: Bool = false
  ) -> ReadResult {
    bytes.withUnsafeBufferPointer {
      read(
        $0, owner: JSONScanner.Owner(array: bytes, offset: 0), firstLine: firstLine, baseOffset: baseOffset,
        deferringAllBut: eagerKeys, deferringARootThatIsNoObject: deferringARootThatIsNoObject, keyNames: keyNames,
        toleratingTrailingCommas: toleratingTrailingCommas)
    }
  }

  /// With `deferringAppData`, the values of top-level keys other than those
  /// that make a document a payload, envelope, FCM message or categories file
  /// (a payload's app data, which no rule reads) are checked as they are
  /// read but built only when something asks for them (`DeferredJSON`).
  ///
  /// With `deferringARootThatIsNoObject`, a root that is an array or a
  /// scalar is checked and kept as its bytes the same way: no kind of
  /// document pushlint reads is one, so nothing but a walk over it would
  /// build it (a fixture of twenty million numbers costs its bytes).
  public static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, baseOffset: Int = 0,
    deferringAllBut eagerKeys: EagerKeys? = nil, deferringARootThatIsNoObject: Bool = false
  ) -> ReadResult {
    read(
      bytes, owner: nil, firstLine: firstLine, baseOffset: baseOffset, deferringAllBut: eagerKeys,
      deferringARootThatIsNoObject: deferringARootThatIsNoObject, keyNames: nil, toleratingTrailingCommas: false)
  }

  /// `owner`, the array `bytes` are, or nil when they are part of a buffer
  /// that must not outlive the read (values kept as bytes are then copied).
  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, owner: JSONScanner.Owner?, firstLine: Int, baseOffset: Int,
    deferringAllBut eagerKeys: EagerKeys?, deferringARootThatIsNoObject: Bool, keyNames: NameTable?,
    toleratingTrailingCommas: Bool
  ) -> ReadResult {
    var findings: [Finding] = []
    var start = 0
    let isCleanASCII = EncodingCheck.isCleanASCII(bytes)
    if !isCleanASCII, let problem = EncodingCheck.firstProblem(in: bytes) {
      // Before parsing, only a scan from the start knows the line of a byte.
      let position = JSONScanner(bytes: bytes, firstLine: firstLine, baseOffset: baseOffset)
        .slowPosition(at: problem.offset)
      findings.append(
        Finding(
          rule: .invalidEncoding, span: SourceSpan(at: position), reason: problem))
      guard problem.isRecoverable else { return ReadResult(root: nil, findings: findings) }
      start = 3
    }
    var scanner = JSONScanner(
      bytes: bytes, firstLine: firstLine, baseOffset: baseOffset, isASCII: isCleanASCII ? true : nil)
    scanner.index = start
    scanner.setOwner(owner)
    // Values kept as bytes are checked later by scans that take no
    // trailing comma: a read that lets them pass defers nothing.
    let eagerKeys = toleratingTrailingCommas ? nil : eagerKeys
    scanner.eagerKeys = eagerKeys
    scanner.keyNames = keyNames
    scanner.defersARootThatIsNoObject = deferringARootThatIsNoObject && !toleratingTrailingCommas
    scanner.toleratesTrailingCommas = toleratingTrailingCommas
    scanner.defersLargeContainers = eagerKeys != nil && bytes.count >= JSONScanner.largeContainerBytes
    // A byte-order mark takes no column: editors do not show it, so the
    // first character after it is column 1.
    scanner.lineStart = start
    scanner.columnCacheOffset = start
    scanner.columnCacheValue = 1
    func noteTrailingCommas() {
      for (span, closer) in scanner.trailingCommas {
        findings.append(
          Finding(
            rule: .syntaxError, span: span, reason: SyntaxErrorRule.JSONProblem.toleratedTrailingComma(closer: closer),
            severity: .warning, fix: SyntaxErrorRule.trailingCommaRemoval(span)))
      }
    }
    do {
      let root = try scanner.parseDocument()
      noteTrailingCommas()
      var result = ReadResult(root: root, findings: findings)
      result.compactSize = bytes.count - start - scanner.insignificantBytes - scanner.escapeSavings
      result.keysAreUnique = !scanner.sawRepeatedKey
      return result
    } catch {
      noteTrailingCommas()
      findings.append(
        Finding(rule: .syntaxError, span: error.span, reason: error.problem))
      return ReadResult(root: nil, findings: findings)
    }
  }
}

struct JSONSyntaxError: Error {
  var span: SourceSpan
  var problem: SyntaxErrorRule.JSONProblem
}

struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The array `bytes` are in, from `offset` on.
  struct Owner {
    var array: [UInt8]
    var offset: Int
  }
  /// Where `bytes` are an array's (a file read whole), the values kept as
  /// bytes share it rather than copy their part (`DeferredJSON`). Kept as
  /// two fields, not an optional `Owner`: binding one copied it for each value.
  mutating func setOwner(_ owner: Owner?) {
    ownerBytes = owner?.array ?? []
    ownerOffset = owner?.offset ?? -1
  }
  /// The owner's array, empty when there is none.
  private(set) var ownerBytes: [UInt8] = []
  /// Where `bytes` start in `ownerBytes`; -1 when there is no owner.
  private(set) var ownerOffset = -1
  let firstLine: Int
  let baseOffset: Int
  var index = 0
  var line: Int
  var lineStart = 0
  // Positions are asked for in increasing order, so each column is counted
  // from the last one instead of from the line start: linear on one huge line.
  var columnCacheOffset = 0
  var columnCacheValue = 1
  /// Bytes known to be ASCII (and not NUL), where a column is a byte count.
  var asciiRunStart = 0
  var asciiRunEnd = 0
  /// White space outside strings, which compact JSON drops.
  var insignificantBytes = 0
  /// Bytes that strings' escapes take beyond JSON's shortest spelling
  /// (`\u00e9` for `é`), which a server's encoder would not write.
  var escapeSavings = 0
  /// Whether some object has a key twice.
  var sawRepeatedKey = false
  /// Whether a comma before a container's closer is let pass (and noted in
  /// `trailingCommas`) instead of stopping the read: the Simulator's reader
  /// of `.apns` files takes it.
  var toleratesTrailingCommas = false
  /// The trailing commas let pass, in order.
  var trailingCommas: [(span: SourceSpan, closer: Character)] = []
  /// Longer strings are a syntax error (`ReaderLimits`); a language server
  /// message, which carries a whole document, may hold longer ones.
  var maxStringBytes = ReaderLimits.maxStringBytes
  /// Whether app data at the top level is deferred (`JSONReader.read`).
  var eagerKeys: EagerKeys?
  /// The keys the schema knows (`PushSchema.keyNames`): an object's key
  /// that is one is the table's string, with its position for the schema's
  /// lookup (`Member.schemaKey`).
  var keyNames: NameTable?
  /// Whether a root that is no object is kept as its bytes (`JSONReader.read`).
  var defersARootThatIsNoObject = false
  /// Whether a large container (`largeContainerBytes`) inside at least
  /// `largeContainerDepth - 1` others (never the root) is checked and kept
  /// as its bytes (`deferLargeContainer`).
  var defersLargeContainers = false
  /// In a document, 2: a top-level value and what it holds (a categories
  /// file's `categories`, whose elements its rules read one by one, and the
  /// classifier until one is a category); in a deferred value built, 1.
  var largeContainerDepth = 2
  /// The end of the last container found small: those inside it are not
  /// measured again.
  var knownSmallUntil = 0
  /// The end of the last large object of few members: the objects inside
  /// it are not measured again.
  var knownNarrowUntil = 0
  /// The commas between the outermost container's children in the last
  /// scan that skipped a value.
  var outerCommas = 0

  /// In ASCII text a column is a byte count, with nothing to scan.
  let isASCII: Bool

  /// `isASCII` when the caller has already scanned the bytes.
  init(bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, baseOffset: Int, isASCII: Bool? = nil) {
    self.bytes = bytes
    self.firstLine = firstLine
    self.baseOffset = baseOffset
    self.line = firstLine
    self.isASCII = isASCII ?? EncodingCheck.isASCII(bytes)
  }

  // MARK: Positions

  /// The line and column of `offset`. Inlined for the common cases: ASCII
  /// text, and an offset past the last asked for on its line with only
  /// ASCII between them; the rest counts characters out of line.
  @inline(__always)
  mutating func position(at offset: Int) -> SourcePosition {
    if offset >= lineStart && offset <= bytes.count {
      if isASCII {
        return SourcePosition(line: line, column: offset - lineStart + 1, offset: baseOffset + offset)
      }
      if columnCacheOffset >= lineStart && columnCacheOffset <= offset && columnCacheOffset >= asciiRunStart
        && offset <= asciiRunEnd
      {
        columnCacheValue += offset - columnCacheOffset
        columnCacheOffset = offset
        return SourcePosition(line: line, column: columnCacheValue, offset: baseOffset + offset)
      }
    }
    return countedPosition(at: offset)
  }

  @inline(never)
  private mutating func countedPosition(at offset: Int) -> SourcePosition {
    guard offset >= lineStart else { return slowPosition(at: offset) }
    if isASCII {
      return SourcePosition(line: line, column: min(offset, bytes.count) - lineStart + 1, offset: baseOffset + offset)
    }
    if columnCacheOffset < lineStart || columnCacheOffset > offset {
      columnCacheOffset = lineStart
      columnCacheValue = 1
    }
    var column = columnCacheValue
    let end = min(offset, bytes.count)
    if end > columnCacheOffset, let base = bytes.baseAddress {
      if columnCacheOffset >= asciiRunStart && end <= asciiRunEnd {
        column += end - columnCacheOffset
      } else {
        column += pushlint_count_scalar_starts(base, columnCacheOffset, end)
        // The ASCII from here on, where the next positions are a
        // subtraction: text in other scripts sits in a few strings.
        asciiRunStart = end
        asciiRunEnd = pushlint_end_of_clean_ascii(base, bytes.count, end)
      }
    }
    columnCacheOffset = end
    columnCacheValue = column
    return SourcePosition(line: line, column: column, offset: baseOffset + offset)
  }

  /// Something after the document's one value; a second object or array
  /// suggests a file of JSON Lines. Out of line: the parser never takes it
  /// for a valid file.
  @inline(never)
  mutating func trailingValueError(at index: Int) -> JSONSyntaxError {
    let nextValue = bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
    return error(at: index, .trailingValue(met(at: index), looksLikeJSONLines: nextValue))
  }

  /// For positions the forward cursor cannot give: an earlier line, or before parsing.
  /// Out of line: it is the cold path of `position(at:)`, which the parser inlines.
  @inline(never)
  func slowPosition(at offset: Int) -> SourcePosition {
    var currentLine = firstLine
    var column = 1
    let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    for cursor in (hasByteOrderMark && offset >= 3 ? 3 : 0)..<min(offset, bytes.count) {
      if bytes[cursor] == UInt8(ascii: "\n") {
        currentLine += 1
        column = 1
      } else if bytes[cursor] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourcePosition(line: currentLine, column: column, offset: baseOffset + offset)
  }

  mutating func error(at offset: Int, _ problem: SyntaxErrorRule.JSONProblem) -> JSONSyntaxError {
    let start = position(at: offset)
    var end = start
    if offset < bytes.count {
      end = SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + scalarLength(at: offset))
    }
    return JSONSyntaxError(span: SourceSpan(start: start, end: end), problem: problem)
  }

  func scalarLength(at offset: Int) -> Int {
    let byte = bytes[offset]
    let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    return min(length, bytes.count - offset)
  }

  /// Whether the character at `offset` is a typographic quote (“ ” ‘ ’), as
  /// word processors and chat apps put into pasted payloads.
  func isTypographicQuote(at offset: Int) -> Bool {
    guard offset + 2 < bytes.count, bytes[offset] == 0xE2, bytes[offset + 1] == 0x80 else { return false }
    return (0x98...0x9D).contains(bytes[offset + 2])
  }

  /// The character at `offset`, or the end of the file.
  func met(at offset: Int) -> MetCharacter {
    MetCharacter(bytes, at: offset)
  }

  // MARK: Structure

  /// An open container. Its children wait on a scratch stack until it closes.
  private struct Frame {
    var isObject: Bool
    var start: SourcePosition
    var pointer: String
    /// Where this container's children start on their scratch stack.
    var firstChild: Int
    var childCount = 0
    var key = ""
    var keySpan = SourceSpan.fileStart
    var schemaKey: Int32 = -1
  }

  /// Array indices as pointer tokens, spelled once.
  private static let indexTokens = (0..<64).map { String($0) }

  private static func indexToken(_ index: Int) -> String {
    index < indexTokens.count ? indexTokens[index] : String(index)
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> Node {
    if let eagerKeys, defersLargeContainers {
      skipWhitespace()
      if let root = wideRoot(eagerKeys: eagerKeys) { return root }
    }
    if defersARootThatIsNoObject {
      let saved = self
      skipWhitespace()
      if index < bytes.count && bytes[index] != UInt8(ascii: "{"), let (deferred, span) = deferValue(depth: 0) {
        skipWhitespace()
        if index == bytes.count { return Node(stored: .deferred(deferred), span: span, parent: "", token: nil) }
      }
      // Read as usual: the reader says what is wrong.
      self = saved
    }
    return try parseValue(parent: "", token: nil, isSubtree: false)
  }

  /// The value at `index`, `token` of the container at `parent`, and nothing
  /// after it: how a deferred value is built.
  mutating func parseSubtree(parent: String, token: String?) throws(JSONSyntaxError) -> Node {
    try parseValue(parent: parent, token: token, isSubtree: true)
  }

  private mutating func parseValue(
    parent: String, token: String?, isSubtree: Bool
  ) throws(JSONSyntaxError) -> Node {
    // A subtree that is one string, number or literal (a deferred object's
    // member built alone) needs none of the containers' stacks.
    if isSubtree {
      skipWhitespace()
      if index < bytes.count && bytes[index] != UInt8(ascii: "{") && bytes[index] != UInt8(ascii: "[") {
        return try scalar(parent: parent, token: token)
      }
    }
    // A payload's open containers and their children fit in one temporary
    // allocation, carved into the three stacks. It is too large for the
    // machine stack, so it is one malloc per document rather than three.
    let memberBytes = Self.roundedUp(MemoryLayout<Member>.stride * 32)
    let elementBytes = Self.roundedUp(MemoryLayout<Node>.stride * 32)
    let frameBytes = MemoryLayout<Frame>.stride * 16
    return try withUnsafeTemporaryAllocation(
      byteCount: memberBytes + elementBytes + frameBytes, alignment: 16
    ) { raw throws(JSONSyntaxError) in
      let base = raw.baseAddress!
      var members = ChildStack(
        storage: UnsafeMutableBufferPointer(start: base.bindMemory(to: Member.self, capacity: 32), count: 32))
      var elements = ChildStack(
        storage: UnsafeMutableBufferPointer(
          start: (base + memberBytes).bindMemory(to: Node.self, capacity: 32), count: 32))
      var stack = ScratchStack(
        storage: UnsafeMutableBufferPointer(
          start: (base + memberBytes + elementBytes).bindMemory(to: Frame.self, capacity: 16), count: 16))
      return try parseValue(
        stack: &stack, members: &members, elements: &elements, parent: parent, token: token, isSubtree: isSubtree)
    }
  }

  /// `byteCount` rounded up to a multiple of 16, the alignment of what follows it.
  private static func roundedUp(_ byteCount: Int) -> Int { (byteCount + 15) & ~15 }

  private mutating func parseValue(
    stack: inout ScratchStack<Frame>, members: inout ChildStack<Member>, elements: inout ChildStack<Node>,
    parent: String, token: String?, isSubtree: Bool
  ) throws(JSONSyntaxError) -> Node {
    skipWhitespace()
    guard index < bytes.count else {
      throw error(at: index, .emptyFile)
    }
    // The value about to be read is `token` in the container at `parent`
    // (the root has no token). Only containers get a pointer string of
    // their own; other nodes share their parent's.
    var parent = parent
    var token = token
    // Each value is handed to its container where it is made (`attach`):
    // kept in one variable for all of them, every node would be built aside
    // and copied into it.
    while true {
      // Parse one value (or open a container) as `token` of `parent`.
      skipWhitespace()
      guard index < bytes.count else {
        throw error(at: index, .endOfFile(expectingKey: false))
      }
      // App data at the top level, or a large container inside a top-level
      // value, is checked and kept as its bytes.
      let keptAsBytes =
        if let eagerKeys, stack.count == 1, stack[0].isObject, !eagerKeys.contains(stack[0].key) {
          deferValue(depth: stack.count)
        } else {
          largeContainerKeptAsBytes(depth: stack.count)
        }
      if let (deferred, span) = keptAsBytes {
        if let root = try attach(
          Node(stored: .deferred(deferred), span: span, parent: parent, token: token), stack: &stack,
          members: &members, elements: &elements, isSubtree: isSubtree)
        {
          return root
        }
      } else {
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = bytes[index] == UInt8(ascii: "{")
          if stack.count >= ReaderLimits.maxDepth {
            throw error(at: index, .nestingTooDeep(limit: ReaderLimits.maxDepth))
          }
          let start = position(at: index)
          index += 1
          skipWhitespace()
          let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if index < bytes.count && bytes[index] == closer {
            index += 1
            if let root = try attach(
              Node(
                value: isObject ? .object([]) : .array([]), span: SourceSpan(start: start, end: position(at: index)),
                parent: parent, token: token), stack: &stack, members: &members, elements: &elements,
              isSubtree: isSubtree)
            {
              return root
            }
          } else {
            let own = token.map { Node.pointer(parent, appending: $0) } ?? parent
            if isObject {
              let (key, keySpan, schemaKey) = try parseKey()
              stack.push(
                Frame(
                  isObject: true, start: start, pointer: own, firstChild: members.count, key: key, keySpan: keySpan,
                  schemaKey: schemaKey))
              token = key
            } else {
              stack.push(Frame(isObject: false, start: start, pointer: own, firstChild: elements.count))
              token = Self.indexToken(0)
            }
            parent = own
            continue
          }
        case UInt8(ascii: "\""):
          let start = position(at: index)
          let stored: StoredValue =
            if let kept = keptString() { .deferred(kept) } else { .string(try parseString()) }
          if let root = try attach(
            Node(
              stored: stored, span: SourceSpan(start: start, end: position(at: index)), parent: parent, token: token),
            stack: &stack, members: &members, elements: &elements, isSubtree: isSubtree)
          {
            return root
          }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = position(at: index)
          let number = try parseNumber()
          if let root = try attach(
            Node(
              value: .number(number), span: SourceSpan(start: start, end: position(at: index)), parent: parent,
              token: token), stack: &stack, members: &members, elements: &elements, isSubtree: isSubtree)
          {
            return root
          }
        default:
          let start = position(at: index)
          let value = try parseLiteral()
          if let root = try attach(
            Node(stored: value, span: SourceSpan(start: start, end: position(at: index)), parent: parent, token: token),
            stack: &stack, members: &members, elements: &elements, isSubtree: isSubtree)
          {
            return root
          }
        }
      }
      // After a value: the next one in its container, or the container's
      // end (each container that ends is handed to its own).
      while true {
        let top = stack.count - 1
        skipWhitespace()
        let closer = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
          let commaPosition = position(at: index)
          index += 1
          skipWhitespace()
          if index < bytes.count && bytes[index] == closer {
            let closing: Character = stack[top].isObject ? "}" : "]"
            let problem = trailingComma(at: commaPosition, closer: closing)
            guard toleratesTrailingCommas else { throw problem }
            trailingCommas.append((problem.span, closing))
            continue
          }
          if stack[top].isObject {
            let (nextKey, nextKeySpan, nextSchemaKey) = try parseKey()
            stack[top].key = nextKey
            stack[top].keySpan = nextKeySpan
            stack[top].schemaKey = nextSchemaKey
            token = nextKey
          } else {
            token = Self.indexToken(stack[top].childCount)
          }
          parent = stack[top].pointer
          break
        }
        if index < bytes.count && bytes[index] == closer {
          index += 1
          let frame = stack.removeLast()
          let value: StoredValue
          if frame.isObject {
            let closed = members.popArray(from: frame.firstChild)
            if !sawRepeatedKey && !closed.repeatedKeys().isEmpty { sawRepeatedKey = true }
            value = .object(closed)
          } else {
            value = .array(elements.popArray(from: frame.firstChild))
          }
          if let root = try attach(
            Node(stored: value, span: SourceSpan(start: frame.start, end: position(at: index)), pointer: frame.pointer),
            stack: &stack, members: &members, elements: &elements, isSubtree: isSubtree)
          {
            return root
          }
          continue
        }
        throw frameEnd(isObject: stack[top].isObject)
      }
    }
  }

  /// The string, number or literal at `index`, `token` of the container at
  /// `parent`: the node the loop below makes of it.
  private mutating func scalar(parent: String, token: String?) throws(JSONSyntaxError) -> Node {
    let start = position(at: index)
    let stored: StoredValue
    switch bytes[index] {
    case UInt8(ascii: "\""): stored = .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): stored = .number(try parseNumber())
    default: stored = try parseLiteral()
    }
    return Node(stored: stored, span: SourceSpan(start: start, end: position(at: index)), parent: parent, token: token)
  }

  /// Adds a finished value to the open container, or returns it when it is
  /// the whole document (after checking nothing follows) or `isSubtree`.
  @inline(__always)
  private mutating func attach(
    _ node: consuming Node, stack: inout ScratchStack<Frame>, members: inout ChildStack<Member>,
    elements: inout ChildStack<Node>, isSubtree: Bool
  ) throws(JSONSyntaxError) -> Node? {
    guard !stack.isEmpty else {
      if isSubtree { return node }
      skipWhitespace()
      // What follows a whole value, a stray typographic quote included, is
      // text after the one value the file holds.
      if index < bytes.count { throw trailingValueError(at: index) }
      return node
    }
    let top = stack.count - 1
    if stack[top].isObject {
      members.push(
        Member(key: stack[top].key, keySpan: stack[top].keySpan, value: node, schemaKey: stack[top].schemaKey))
    } else {
      elements.push(node)
    }
    stack[top].childCount += 1
    return nil
  }

  private mutating func frameEnd(isObject: Bool) -> JSONSyntaxError {
    unexpectedInContainer(isObject: isObject)
  }

  private mutating func trailingComma(at comma: SourcePosition, closer: Character) -> JSONSyntaxError {
    JSONSyntaxError(
      span: SourceSpan(
        start: comma, end: SourcePosition(line: comma.line, column: comma.column + 1, offset: comma.offset + 1)),
      problem: .trailingComma(closer: closer))
  }

  private mutating func unexpectedInContainer(isObject: Bool) -> JSONSyntaxError {
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "/"): return commentError()
      case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        return error(at: index, .expectedSeparator(inObject: isObject, found: met(at: index), commaMissing: true))
      default: break
      }
    }
    return error(at: index, .expectedSeparator(inObject: isObject, found: met(at: index), commaMissing: false))
  }

  private mutating func commentError() -> JSONSyntaxError {
    error(at: index, .comment)
  }

  /// The key at `index` and its colon: the key, its span, and its
  /// position in `keyNames` (-1 when it is none of them, or there are none).
  mutating func parseKey() throws(JSONSyntaxError) -> (key: String, span: SourceSpan, schemaKey: Int32) {
    guard index < bytes.count else {
      throw error(at: index, .endOfFile(expectingKey: true))
    }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      let start = position(at: index)
      var schemaKey: Int32 = -1
      let key: String
      index += 1
      let contentStart = index
      skipPlainStringBytes()
      if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
        // A key the schema knows is the table's string, not one made of its bytes.
        if let keyNames,
          let position = keyNames.position(of: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        {
          key = keyNames.name(at: position)
          schemaKey = Int32(position)
          index += 1
        } else {
          key = try plainString(from: contentStart)
        }
      } else {
        index = contentStart - 1
        key = try parseString()
      }
      let keySpan = SourceSpan(start: start, end: position(at: index))
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        if index < bytes.count && bytes[index] == UInt8(ascii: "/") { throw commentError() }
        throw error(at: index, .expectedColon(key: key, found: met(at: index)))
      }
      index += 1
      return (key, keySpan, schemaKey)
    case UInt8(ascii: "'"):
      throw error(at: index, .singleQuotes)
    case UInt8(ascii: "/"):
      throw commentError()
    case 0xE2 where isTypographicQuote(at: index):
      throw error(at: index, .typographicQuote(met(at: index)))
    default:
      throw error(at: index, .expectedKey(found: met(at: index), closesObject: bytes[index] == UInt8(ascii: "}")))
    }
  }

  /// Inlined for the common case, the next byte not white space (compact
  /// JSON has none): it is asked between every two tokens.
  @inline(__always)
  mutating func skipWhitespace() {
    if index < bytes.count && bytes[index] > UInt8(ascii: " ") { return }
    skipWhitespaceBytes()
  }

  @inline(never)
  private mutating func skipWhitespaceBytes() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
        insignificantBytes += 1
      case UInt8(ascii: "\n"):
        index += 1
        insignificantBytes += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  // MARK: Scalars

  private mutating func parseLiteral() throws(JSONSyntaxError) -> StoredValue {
    let start = index
    if isTypographicQuote(at: index) {
      throw error(at: index, .typographicQuote(met(at: index)))
    }
    switch bytes[index] {
    case UInt8(ascii: "'"):
      throw error(at: index, .singleQuotes)
    case UInt8(ascii: "/"):
      throw commentError()
    case UInt8(ascii: "+"):
      throw error(at: index, .plusSign)
    case UInt8(ascii: "."):
      throw error(at: index, .leadingDecimalPoint)
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
      throw error(at: index, .expectedValue(found: met(at: index)))
    default: break
    }
    var end = index
    while end < bytes.count, ASCII.isWordByte(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[start..<end], as: UTF8.self)
    switch word {
    case "true":
      index = end
      return .bool(true)
    case "false":
      index = end
      return .bool(false)
    case "null":
      index = end
      return .null
    case "NaN", "Infinity", "inf", "nan":
      throw error(at: start, .notANumber(word: word))
    case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil", "undefined":
      let fix = word.lowercased() == "true" ? "true" : word.lowercased() == "false" ? "false" : "null"
      throw error(at: start, .capitalizedLiteral(word: word, literal: fix))
    case "":
      throw error(at: start, .expectedValue(found: met(at: start)))
    default:
      throw error(at: start, .unquotedWord(word: word))
    }
  }

  /// Static, and given the bytes: a debug build copies the whole scanner
  /// (and retains what it holds) to call a method of it from a mutating
  /// one, for every digit of every number.
  private static func isDigit(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
  }

  /// Checks the number at `index` and moves past it; whether it has neither
  /// a fraction nor an exponent.
  mutating func scanNumber() throws(JSONSyntaxError) -> Bool {
    let start = index
    var isWhole = true
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
      if index < bytes.count && bytes[index] == UInt8(ascii: "I") {
        throw error(at: start, .notANumber(word: "-Infinity"))
      }
      guard Self.isDigit(bytes, index) else {
        throw error(at: index, .expectedDigitAfterMinus(found: met(at: index)))
      }
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if Self.isDigit(bytes, index) {
        throw error(at: index - 1, .leadingZero)
      }
    } else {
      while Self.isDigit(bytes, index) { index += 1 }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard Self.isDigit(bytes, index) else {
        throw error(at: index, .expectedFractionDigit(found: met(at: index)))
      }
      while Self.isDigit(bytes, index) { index += 1 }
      isWhole = false
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard Self.isDigit(bytes, index) else {
        throw error(at: index, .expectedExponentDigit(found: met(at: index)))
      }
      while Self.isDigit(bytes, index) { index += 1 }
      isWhole = false
    }
    return isWhole
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> NumberValue {
    let start = index
    let isWhole = try scanNumber()
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    if isWhole {
      // Up to 15 digits a Double holds the integer exactly: no need for strtod.
      let negative = bytes[start] == UInt8(ascii: "-")
      let digitsStart = negative ? start + 1 : start
      if index - digitsStart <= 15 {
        var magnitude = 0
        for offset in digitsStart..<index { magnitude = magnitude * 10 + Int(bytes[offset] &- UInt8(ascii: "0")) }
        let value = Double(magnitude)
        return NumberValue(literal: literal, isWhole: true, doubleValue: negative ? -value : value)
      }
      return NumberValue(literal: literal, isWhole: true, doubleValue: Double(literal) ?? 0)
    }
    return NumberValue(jsonLiteral: literal)
  }

  /// Reads a string whose opening quote is at `index`; leaves `index` after the closing quote.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let contentStart = index
    skipPlainStringBytes()
    // Fast path: no escapes.
    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") { return try plainString(from: contentStart) }
    if let string = unescapedString(contentStart: contentStart) { return string }
    var buffer = Array(bytes[contentStart..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        if buffer.count > maxStringBytes {
          throw error(at: contentStart - 1, .stringTooLong(limitBytes: maxStringBytes))
        }
        let string = String(decoding: buffer, as: UTF8.self)
        escapeSavings += index - contentStart - (CompactJSON.stringSize(string) - 2)
        index += 1
        return string
      case UInt8(ascii: "\\"):
        try parseEscape(into: &buffer)
      case 0..<0x20:
        throw controlCharacter(at: index)
      default:
        buffer.append(byte)
        index += 1
      }
    }
    throw error(at: index, .unterminatedString)
  }

  /// The string from `contentStart` to the closing quote at `index`, which
  /// holds no escape, with `index` past the quote.
  @inline(__always)
  private mutating func plainString(from contentStart: Int) throws(JSONSyntaxError) -> String {
    if index - contentStart > maxStringBytes {
      throw error(at: contentStart - 1, .stringTooLong(limitBytes: maxStringBytes))
    }
    let string = String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    index += 1
    return string
  }

  /// Strings with escapes of up to this many bytes unescaped are read in
  /// one pass, on the machine stack.
  private static let onePassStringBytes = 1024

  /// A string with escapes, with `index` on its first backslash: unescaped
  /// up to its closing quote in one pass into a buffer, then copied into
  /// the string; past `onePassStringBytes`, in two passes, its end found,
  /// then its content unescaped into the string's own storage. Nil, with
  /// `index` unmoved, for anything the byte-by-byte reading below must
  /// word: a control byte, a broken escape, the end of the file, a string
  /// past the limit.
  private mutating func unescapedString(contentStart: Int) -> String? {
    guard let base = bytes.baseAddress else { return nil }
    var onePassEnd = 0
    var onePassExtra = 0
    var onePassWritten = -1
    let onePass = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.onePassStringBytes) {
      scratch -> String? in
      onePassWritten = pushlint_unescape_json_string_to_end(
        base, bytes.count, contentStart, scratch.baseAddress!, scratch.count, &onePassEnd, &onePassExtra)
      guard onePassWritten >= 0 else { return nil }
      return String(utf8Bytes: UnsafeBufferPointer(rebasing: scratch[..<onePassWritten]))
    }
    if let onePass, onePassWritten <= maxStringBytes {
      escapeSavings += onePassEnd - contentStart - (onePass.utf8.count + onePassExtra)
      index = onePassEnd + 1
      return onePass
    }
    let end = pushlint_json_string_end(base, bytes.count, index)
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    var written = -1
    var extra = 0
    let string = String(unsafeUninitializedCapacity: end - contentStart) { out in
      written = pushlint_unescape_json_string(base, contentStart, end, out.baseAddress!, &extra)
      return max(written, 0)
    }
    guard written >= 0, written <= maxStringBytes else { return nil }
    // Repairing ill-formed UTF-8 changes only bytes above 0x7F, which
    // compact JSON writes as they are: the extra bytes stay as counted.
    escapeSavings += end - contentStart - (string.utf8.count + extra)
    index = end + 1
    return string
  }

  /// Moves `index` to the first quote, backslash or control byte of a
  /// string's content (or to the end).
  @inline(__always)
  mutating func skipPlainStringBytes() {
    guard let base = bytes.baseAddress else { return }
    index = pushlint_first_special_string_byte(base, bytes.count, index)
  }

  private mutating func controlCharacter(at offset: Int) -> JSONSyntaxError {
    let byte = bytes[offset]
    return error(at: offset, byte == UInt8(ascii: "\n") ? .lineBreakInString : .controlCharacterInString(byte))
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else {
      throw error(at: escapeStart, .unterminatedEscape)
    }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
      buffer.append(byte)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let first = try parseHex4(escapeStart: escapeStart)
      var scalarValue = first
      if (0xD800...0xDBFF).contains(first) {
        let lowStart = index + 1
        if lowStart + 1 < bytes.count && bytes[lowStart] == UInt8(ascii: "\\")
          && bytes[lowStart + 1] == UInt8(ascii: "u")
        {
          index = lowStart + 1
          let second = try parseHex4(escapeStart: lowStart)
          guard (0xDC00...0xDFFF).contains(second) else {
            throw loneSurrogate(first, at: escapeStart)
          }
          scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
          throw loneSurrogate(first, at: escapeStart)
        }
      } else if (0xDC00...0xDFFF).contains(first) {
        throw loneSurrogate(first, at: escapeStart)
      }
      // Written in place: a `\u` escape costs no allocation.
      UTF8.encode(Unicode.Scalar(scalarValue)!) { buffer.append($0) }
    default:
      throw error(at: escapeStart, .invalidEscape(found: met(at: index)))
    }
    index += 1
  }

  /// Reads the four hex digits after `\u` (with `index` on the `u`); leaves
  /// `index` on the last digit.
  private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      index += 1
      guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
        throw error(at: escapeStart, .invalidUnicodeEscape)
      }
      value = value << 4 | digit
    }
    return value
  }

  private mutating func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONSyntaxError {
    error(at: offset, .loneSurrogate(value))
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
