import CByteScan

/// A value the JSON reader checked but did not build: a payload's app data
/// (every top-level key but `aps`), which APNs passes to the app untouched
/// and no rule reads. In a JSON Lines run it is most of the nodes: building
/// and releasing them would be most of the reading. Long strings inside the
/// values it builds (an alert's body) are kept the same way (`JSONScanner.keptString`).
///
/// The reader has checked everything the tree would have told: the syntax,
/// the string limits, the nesting depth, repeated keys, and the compact size.
/// Whatever asks for the value (a walk over the whole tree, a message
/// listing the largest strings) gets it built from these bytes, with the
/// positions and pointers the reader would have given it.
///
/// Only the value's bytes are kept: its node's span says where they start.
/// They are a range of the array the reader was given (a file read whole,
/// a payload validated in process, a JSON Lines line copied out of its
/// batch), so app data of 200 MB costs no second 200 MB; and a copy of
/// their own where it was given a part of a larger buffer, which must not
/// outlive the read. (A struct around an array: a class here would make
/// every copy of a node's value dearer.)
struct DeferredJSON: Sendable {
  /// The array the bytes are in, and where: 32-bit bounds keep the value
  /// as small as a `String`, and files are refused long before 4 GiB.
  private let source: [UInt8]
  private let start: UInt32
  private let count: UInt32

  /// The bytes `range` of `source`, shared; a copy of them if `source` is
  /// too large for 32-bit bounds.
  init(in source: [UInt8], range: Range<Int>) {
    if range.upperBound <= Int(UInt32.max) {
      self.source = source
      start = UInt32(range.lowerBound)
    } else {
      self.source = Array(source[range])
      start = 0
    }
    count = UInt32(range.count)
  }

  /// A copy of `bytes`.
  init(copying bytes: UnsafeBufferPointer<UInt8>) {
    source = Array(bytes)
    start = 0
    count = UInt32(bytes.count)
  }

  /// Calls `body` with the value's bytes, and the array and offset they are at.
  func withBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, JSONScanner.Owner) throws -> Result
  ) rethrows -> Result {
    try source.withUnsafeBufferPointer { whole in
      try body(
        UnsafeBufferPointer(rebasing: whole[Int(start)..<Int(start) + Int(count)]),
        JSONScanner.Owner(array: source, offset: Int(start)))
    }
  }

  /// How many bytes the value takes in the file.
  var byteCount: Int { Int(count) }

  /// Its type, told by its first byte.
  var type: JSONType {
    switch count == 0 ? nil : source[Int(start)] {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
    case UInt8(ascii: "n"): .null
    default: .number
    }
  }

  /// The value, read again: `start` is where its bytes begin in the file,
  /// `parent` and `token` give its pointer.
  func build(start: SourcePosition, parent: String, token: String?) -> StoredValue {
    if let string = plainString { return .string(string) }
    return reading(from: start) { scanner throws(JSONSyntaxError) in
      try scanner.parseSubtree(parent: parent, token: token).stored
    } ?? .null
  }

  /// The value when it is a string without escapes (a long string the
  /// reader kept, `JSONScanner.keptString`), made from its bytes
  /// without a scanner; nil for any other value.
  private var plainString: String? {
    guard count >= 2, source[Int(start)] == UInt8(ascii: "\"") else { return nil }
    return source.withUnsafeBufferPointer { whole in
      let closingQuote = Int(start) + Int(count) - 1
      // Checked bytes: the first quote, backslash or control byte after the
      // opening quote is the closing quote, or the string has an escape.
      guard pushlint_first_special_string_byte(whole.baseAddress!, closingQuote + 1, Int(start) + 1) == closingQuote
      else { return nil }
      return String(utf8Bytes: UnsafeBufferPointer(rebasing: whole[Int(start) + 1..<closingQuote]))
    }
  }

  /// Calls `body` with each string value in the value, in document order:
  /// its size in compact JSON without its quotes (`CompactJSON.stringSize`
  /// less 2) and a way to make its pointer. No node is built, and a pointer
  /// only when `body` asks for one, so the largest strings of a large value
  /// cost one scan of its bytes. `start` is where the value begins in the
  /// file and `pointer` is its own.
  func forEachString(start: SourcePosition, pointer: String, _ body: (Int, () -> String) -> Void) {
    _ = reading(from: start) { scanner throws(JSONSyntaxError) in
      let bytes = scanner.bytes
      let keys = scanner
      // Each open container with its current key (the offset of its opening
      // quote) or its current index.
      var containers: [(isObject: Bool, token: Int)] = []
      var expectingKey = false
      func pointerHere() -> String {
        var result = pointer
        for container in containers {
          guard container.isObject else {
            result = Node.pointer(result, appending: String(container.token))
            continue
          }
          var key = keys
          key.index = container.token
          result = Node.pointer(result, appending: (try? key.parseString()) ?? "")
        }
        return result
      }
      // The bytes were checked when they were deferred: every structural
      // byte outside a string is where JSON puts it.
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "{"):
          containers.append((true, -1))
          expectingKey = true
        case UInt8(ascii: "["):
          containers.append((false, 0))
          expectingKey = false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          containers.removeLast()
        case UInt8(ascii: ","):
          if containers[containers.count - 1].isObject {
            expectingKey = true
          } else {
            containers[containers.count - 1].token += 1
          }
        case UInt8(ascii: ":"):
          expectingKey = false
        case UInt8(ascii: "\""):
          let (end, size) = Self.compactString(in: bytes, from: index + 1)
          if expectingKey {
            containers[containers.count - 1].token = index
          } else {
            body(size, pointerHere)
          }
          index = end
        default:
          break
        }
        index += 1
      }
    }
  }

  /// The closing quote of the checked string whose text begins at `start`,
  /// and the size of that text in compact JSON: escapes as JSON needs them,
  /// UTF-8 otherwise (what `CompactJSON.stringSize` gives of its value).
  private static func compactString(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, size: Int) {
    var index = start
    var size = 0
    while true {
      let next = pushlint_first_special_string_byte(bytes.baseAddress!, bytes.count, index)
      size += next - index
      index = next
      // A checked string holds no raw control character: a quote or a backslash.
      guard bytes[index] == UInt8(ascii: "\\") else { return (index, size) }
      switch bytes[index + 1] {
      case UInt8(ascii: "u"):
        let value = hexValue(bytes, at: index + 2)
        if (0xD800...0xDBFF).contains(value) {
          // A surrogate pair (checked whole): one scalar past U+FFFF.
          size += 4
          index += 12
        } else {
          size += compactSize(ofScalar: value)
          index += 6
        }
      case UInt8(ascii: "/"):
        size += 1
        index += 2
      default:
        size += 2
        index += 2
      }
    }
  }

  /// The four hex digits at `start`, checked when the value was deferred.
  private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
    bytes[start..<start + 4].reduce(0) { $0 << 4 | (JSONScanner.hexValue($1) ?? 0) }
  }

  /// A scalar up to U+FFFF in compact JSON: a quote, a backslash and the
  /// control characters with a short escape take two bytes, other control
  /// characters six (`\u00XX`), the rest their UTF-8.
  private static func compactSize(ofScalar value: UInt32) -> Int {
    switch value {
    case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D: 2
    case ..<0x20: 6
    case ..<0x80: 1
    case ..<0x800: 2
    default: 3
    }
  }

  /// `read` given a scanner over the bytes placed where they begin in the
  /// file (`start`); nil if they no longer read, which cannot be: the
  /// reader checked them before deferring them.
  private func reading<Result>(
    from start: SourcePosition, _ read: (inout JSONScanner) throws(JSONSyntaxError) -> Result
  ) -> Result? {
    withBytes { bytes, owner in
      var scanner = Self.scanner(over: bytes, owner: owner, from: start)
      do throws(JSONSyntaxError) {
        return try read(&scanner)
      } catch {
        assertionFailure("a deferred JSON value did not read again: \(error.problem.message)")
        return nil
      }
    }
  }

  /// A scanner over `bytes` placed where they begin in the file (`start`).
  private static func scanner(
    over bytes: UnsafeBufferPointer<UInt8>, owner: JSONScanner.Owner, from start: SourcePosition
  ) -> JSONScanner {
    var scanner = JSONScanner(bytes: bytes, firstLine: start.line, baseOffset: start.offset)
    scanner.setOwner(owner)
    scanner.defersLargeContainers = bytes.count >= JSONScanner.largeContainerBytes
    scanner.largeContainerDepth = 1
    // Columns on the first line count on from the value's own column.
    scanner.lineStart = 1 - start.column
    scanner.columnCacheOffset = 0
    scanner.columnCacheValue = start.column
    return scanner
  }

  /// Calls `body` with each member of a deferred object, built one at a
  /// time, in source order: what walks a large value reads it through,
  /// holding one member at a time rather than all of them. `start` is where
  /// the object begins in the file and `pointer` is its own.
  func forEachMember(start: SourcePosition, pointer: String, _ body: (Member) throws -> Void) rethrows {
    try forEachChild(
      start: start, isObject: true,
      read: { scanner, _ in
        guard let (key, keySpan, _) = try? scanner.parseKey(),
          let value = Self.child(&scanner, parent: pointer, token: key)
        else { return nil }
        return Member(key: key, keySpan: keySpan, value: value)
      }, body)
  }

  /// The child value at the scanner's index, `token` of the container at
  /// `parent`, as the deferred container built would hold it: a large
  /// container in it is kept as its bytes.
  private static func child(_ scanner: inout JSONScanner, parent: String, token: String) -> Node? {
    scanner.skipWhitespace()
    if let (deferred, span) = scanner.largeContainerKeptAsBytes(depth: 1) {
      return Node(stored: .deferred(deferred), span: span, parent: parent, token: token)
    }
    return try? scanner.parseSubtree(parent: parent, token: token)
  }

  /// The last member named `key` of a deferred object (as `Node.member`
  /// finds it), built alone: the other members' values are skipped.
  func lastMember(named key: String, start: SourcePosition, pointer: String) -> Member? {
    lastMember(named: key, start: start) { scanner, name, keySpan in
      Self.child(&scanner, parent: pointer, token: name).map { Member(key: name, keySpan: keySpan, value: $0) }
    }
  }

  /// The last member named `key` of this object, made by `read` from a
  /// scanner at its value (white space passed); the other members' values
  /// are skipped, and their keys, when plain ASCII, passed by their bytes.
  fileprivate func lastMember(
    named key: String, start: SourcePosition, read: (inout JSONScanner, String, SourceSpan) -> Member?
  ) -> Member? {
    var found: Member?
    let asciiKey = KeyBytes(key)
    // Each member read is the one named `key`, or nil for another, skipped.
    forEachChild(
      start: start, isObject: true,
      read: { scanner, _ -> Member?? in
        if scanner.skipKey(ifPlainAndNot: asciiKey) {
          return scanner.skipValue(depth: 1, checkingKeys: false) ? .some(nil) : nil
        }
        guard let (name, keySpan, _) = try? scanner.parseKey() else { return nil }
        scanner.skipWhitespace()
        guard name.isSameKey(as: key) else {
          return scanner.skipValue(depth: 1, checkingKeys: false) ? .some(nil) : nil
        }
        return read(&scanner, name, keySpan).map { .some($0) }
      }
    ) { member in
      if let member { found = member }
    }
    return found
  }

  /// Calls `body` with each element of a deferred array, built one at a
  /// time, in source order (as `forEachMember` does).
  func forEachElement(start: SourcePosition, pointer: String, _ body: (Node) throws -> Void) rethrows {
    try forEachChild(
      start: start, isObject: false,
      read: { scanner, position in Self.child(&scanner, parent: pointer, token: String(position)) }, body)
  }

  /// The children of a deferred container, each read by `read` from a
  /// scanner at its start (with its position among them) and handed to
  /// `body` before the next is read. `read` gives nil only if the checked
  /// bytes no longer read, which cannot be.
  fileprivate func forEachChild<Child>(
    start: SourcePosition, isObject: Bool, read: (inout JSONScanner, Int) -> Child?, _ body: (Child) throws -> Void
  ) rethrows {
    guard type == (isObject ? .object : .array) else { return }
    try withBytes { bytes, owner in
      var scanner = Self.scanner(over: bytes, owner: owner, from: start)
      let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      scanner.index = 1
      scanner.skipWhitespace()
      var position = 0
      while scanner.index < bytes.count && bytes[scanner.index] != closer {
        guard let child = read(&scanner, position) else {
          assertionFailure("a deferred JSON value did not read again")
          return
        }
        try body(child)
        position += 1
        scanner.skipWhitespace()
        guard scanner.index < bytes.count, bytes[scanner.index] == UInt8(ascii: ",") else { return }
        scanner.index += 1
        scanner.skipWhitespace()
      }
    }
  }
}

/// A large root object (a payload of many top-level keys) kept as its
/// bytes, but for the members whose keys the reader builds at once
/// (`EagerKeys`: `aps` and the like), built as the tree would hold them.
/// As a tree, each of its members took some 150 bytes (a key, its span and
/// a node) for perhaps 20 of JSON; kept so, the root costs its bytes and
/// the members a rule reads.
///
/// The other members are found by a scan when asked for, each handed out
/// as the reader would have made it: its value kept as bytes. The reader
/// keeps a root so only when the whole root checked without a repeated key
/// (`JSONScanner.wideRoot`), so every key in it is unique, and a member is
/// a built one when its key is the next built one's.
///
/// A struct of the two arrays, not a class: a class among the cases of
/// `StoredValue` made copying every node dearer (3% of a JSON Lines run).
struct WideObject: Sendable {
  let whole: DeferredJSON
  /// The members the reader built, in source order.
  let built: [Member]

  /// Calls `body` with each member in source order: a built one as it is,
  /// another with its value kept as bytes. `start` is where the object
  /// begins in the file and `pointer` is its own.
  func forEachMember(start: SourcePosition, pointer: String, _ body: (Member) throws -> Void) rethrows {
    var next = 0
    try whole.forEachChild(
      start: start, isObject: true,
      read: { scanner, _ -> Member? in
        guard let (key, keySpan, _) = try? scanner.parseKey() else { return nil }
        scanner.skipWhitespace()
        if next < built.count && built[next].key.isSameKey(as: key) {
          guard scanner.skipValue(depth: 1, checkingKeys: false) else { return nil }
          next += 1
          return built[next - 1]
        }
        return scanner.keptMember(key: key, keySpan: keySpan, parent: pointer)
      }, body)
  }

  /// Every member, in source order (as `forEachMember` hands them out).
  func allMembers(start: SourcePosition, pointer: String) -> [Member] {
    var members: [Member] = []
    forEachMember(start: start, pointer: pointer) { members.append($0) }
    return members
  }

  /// The member named `key` (keys are unique): a built one found among
  /// them, another by a scan that skips the other members' values (as is
  /// one asked for and absent).
  func lastMember(named key: String, start: SourcePosition, pointer: String) -> Member? {
    if let index = built.lastIndex(named: key) { return built[index] }
    return whole.lastMember(named: key, start: start) { scanner, name, keySpan in
      scanner.keptMember(key: name, keySpan: keySpan, parent: pointer)
    }
  }
}

extension DeferredJSON {
  /// The members of this object (a root the reader checked whole) that
  /// `eagerKeys` names, built as the reader builds them: a large container
  /// inside one kept as its bytes, the value itself not. Nil if they do
  /// not read, which cannot be: they were checked.
  func builtMembers(named eagerKeys: EagerKeys, start: SourcePosition, pointer: String) -> [Member]? {
    var built: [Member] = []
    var failed = false
    forEachChild(
      start: start, isObject: true,
      read: { scanner, _ -> Bool? in
        guard let (key, keySpan, _) = try? scanner.parseKey() else {
          failed = true
          return nil
        }
        scanner.skipWhitespace()
        guard eagerKeys.contains(key) else {
          if scanner.skipValue(depth: 1, checkingKeys: false) { return true }
          failed = true
          return nil
        }
        guard let value = try? scanner.parseSubtree(parent: pointer, token: key) else {
          failed = true
          return nil
        }
        built.append(Member(key: key, keySpan: keySpan, value: value))
        return true
      }
    ) { _ in }
    return failed ? nil : built
  }
}

/// The top-level keys whose values a reader that defers the rest builds at
/// once: the stage after it says which (`DocumentClassifier.keysItReads`).
public struct EagerKeys: Sendable {
  let contains: @Sendable (String) -> Bool

  public init(_ contains: @escaping @Sendable (String) -> Bool) {
    self.contains = contains
  }
}

extension JSONScanner {
  /// Checks the value at `index` without building it and returns it
  /// deferred; nil, with nothing consumed, when the parser should read it
  /// itself (it is broken, or has something only the tree can judge).
  /// `depth` is the number of containers open around it.
  mutating func deferValue(depth: Int) -> (DeferredJSON, SourceSpan)? {
    let saved = place
    let start = position(at: index)
    guard skipValue(depth: depth) else {
      goBack(to: saved)
      return nil
    }
    let span = SourceSpan(start: start, end: position(at: index))
    return (kept(saved.index..<index), span)
  }

  /// Strings of this many bytes or more are kept as their bytes inside
  /// the values a document builds: free text (an alert's body, its
  /// arguments) is long, nothing but a schema's length limit reads most of
  /// it, and identifiers (categories, sounds, keys of the app's localized
  /// formats), which rules read, are shorter.
  static let keptStringBytes = 64

  /// The string at `index` kept as its bytes when it is long
  /// (`keptStringBytes`), in a document read from an array with its app
  /// data deferred (`eagerKeys`): its bytes are shared, and checked here as
  /// the parser would check them (the file is UTF-8 already; escapes are
  /// measured, their savings counted, and a string with one the measure
  /// refuses, such as a lone surrogate, is left to the parser). Nil, with
  /// nothing consumed, for any other string: the parser reads it, and says
  /// what is wrong.
  @inline(__always)
  mutating func keptString() -> DeferredJSON? {
    guard eagerKeys != nil, ownerOffset >= 0, let base = bytes.baseAddress else { return nil }
    let contentStart = index + 1
    let plainEnd = pushlint_first_special_string_byte(base, bytes.count, contentStart)
    guard plainEnd < bytes.count else { return nil }
    var end = plainEnd
    var length = plainEnd - contentStart
    var savings = 0
    if bytes[plainEnd] == UInt8(ascii: "\\") {
      var extra = 0
      var hasNonASCII = false
      let rest = pushlint_measure_json_string_to_end(base, bytes.count, plainEnd, &end, &extra, &hasNonASCII)
      guard rest >= 0 else { return nil }
      length += rest
      savings = end - contentStart - (length + extra)
    }
    guard bytes[end] == UInt8(ascii: "\""), end - contentStart >= Self.keptStringBytes, length <= maxStringBytes
    else { return nil }
    escapeSavings += savings
    let string = kept(index..<end + 1)
    index = end + 1
    return string
  }

  /// Moves past the key at `index` and its colon when it is plain ASCII
  /// (no escape) and not `key`'s bytes: true then. False, with nothing
  /// consumed, where the key must be read as a string to be compared (it
  /// has an escape or a byte past ASCII, or `key` is not ASCII: a string
  /// not in ASCII may equal one that is), or it is the key sought.
  /// Checked bytes only: the key is a string followed by a colon.
  mutating func skipKey(ifPlainAndNot key: KeyBytes) -> Bool {
    guard let sought = key.bytes, index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
    let contentStart = index + 1
    var end = contentStart
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      if byte >= 0x80 || byte == UInt8(ascii: "\\") { return false }
      end += 1
    }
    guard end < bytes.count else { return false }
    if end - contentStart == sought.count {
      var same = true
      for offset in 0..<sought.count where bytes[contentStart + offset] != sought[offset] {
        same = false
        break
      }
      if same { return false }
    }
    let saved = index
    index = end + 1
    guard skipColon() else {
      index = saved
      return false
    }
    return true
  }

  /// The value at `index`, `token` `key` of the object at `parent`, as a
  /// member whose value is kept as its bytes, as the reader kept it; nil if
  /// it does not read.
  mutating func keptMember(key: String, keySpan: SourceSpan, parent: String) -> Member? {
    guard let (deferred, span) = deferValue(depth: 1) else { return nil }
    return Member(
      key: key, keySpan: keySpan, value: Node(stored: .deferred(deferred), span: span, parent: parent, token: key))
  }

  /// The document's root, at `index`, kept as a `WideObject` when it is a
  /// large object of many members (as `largeContainerBytes` and
  /// `wideObjectMembers` say) that checks whole, nothing after it; nil,
  /// with nothing consumed, otherwise: the parser reads it.
  mutating func wideRoot(eagerKeys: EagerKeys) -> Node? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    let saved = place
    guard let (whole, span) = deferValue(depth: 0),
      span.end.offset - span.start.offset >= Self.largeContainerBytes, outerCommas + 1 >= Self.wideObjectMembers
    else {
      goBack(to: saved)
      return nil
    }
    skipWhitespace()
    guard index == bytes.count, let built = whole.builtMembers(named: eagerKeys, start: span.start, pointer: "")
    else {
      goBack(to: saved)
      return nil
    }
    return Node(stored: .wide(WideObject(whole: whole, built: built)), span: span, pointer: "")
  }

  /// The bytes `range` of the scanner's, kept: shared with the array they
  /// are in when the scanner knows it.
  private func kept(_ range: Range<Int>) -> DeferredJSON {
    guard ownerOffset >= 0 else { return DeferredJSON(copying: UnsafeBufferPointer(rebasing: bytes[range])) }
    return DeferredJSON(in: ownerBytes, range: ownerOffset + range.lowerBound..<ownerOffset + range.upperBound)
  }

  /// Containers this large are kept as bytes inside a top-level value (and
  /// inside a deferred value built), arrays and objects of many members: no
  /// payload comes near it (APNs takes 4 KB), while a fixture's array of
  /// five million numbers would cost some 200 bytes a number as nodes.
  static let largeContainerBytes = 64 << 10
  /// An object this large is kept as bytes when it has this many members
  /// or more: one that is large for a large value in it (an alert around a
  /// large `loc-args`) is built, rules read its members one by one, and the
  /// large value in it is kept as bytes itself.
  static let wideObjectMembers = 1024

  /// The container at `index`, inside `depth` others, kept as its bytes
  /// when this scanner defers large containers there and it is large
  /// (`deferLargeContainer`); nil, with nothing consumed, otherwise.
  @inline(__always)
  mutating func largeContainerKeptAsBytes(depth: Int) -> (DeferredJSON, SourceSpan)? {
    guard defersLargeContainers, depth >= 1, index >= knownSmallUntil, index < bytes.count else {
      return nil
    }
    switch bytes[index] {
    case UInt8(ascii: "[") where depth >= largeContainerDepth - 1: break
    // Rules read an object by its keys, a member at a time: a top-level
    // value's own object (an `aps` of a million keys) is kept as bytes too.
    case UInt8(ascii: "{") where index >= knownNarrowUntil && depth >= largeContainerDepth - 1: break
    default: return nil
    }
    return deferLargeContainer(depth: depth)
  }

  /// The container at `index`, deferred when it is large (as
  /// `largeContainerBytes` says); nil, with nothing consumed, when it is
  /// not, or when the parser should read it. The containers inside one that
  /// is small are not measured again, nor the objects inside a large object
  /// of few members. A scan refused once (a repeated key, broken syntax) is
  /// not tried again in the document: the tree is built, as for any small
  /// document.
  mutating func deferLargeContainer(depth: Int) -> (DeferredJSON, SourceSpan)? {
    let saved = place
    let start = position(at: index)
    let isObject = bytes[index] == UInt8(ascii: "{")
    guard skipValue(depth: depth) else {
      goBack(to: saved)
      defersLargeContainers = false
      return nil
    }
    guard index - saved.index >= Self.largeContainerBytes else {
      knownSmallUntil = index
      goBack(to: saved)
      return nil
    }
    if isObject && outerCommas + 1 < Self.wideObjectMembers {
      // A top-level value's own object is measured once, whatever it
      // holds: the objects inside it are measured as before.
      if depth >= largeContainerDepth { knownNarrowUntil = index }
      goBack(to: saved)
      return nil
    }
    let span = SourceSpan(start: start, end: position(at: index))
    return (kept(saved.index..<index), span)
  }

  /// Where a scan is and what it has counted: what a scan that gives up
  /// goes back to.
  struct Place: Equatable {
    var index, insignificantBytes, escapeSavings, line, lineStart: Int
  }

  var place: Place {
    Place(
      index: index, insignificantBytes: insignificantBytes, escapeSavings: escapeSavings, line: line,
      lineStart: lineStart)
  }

  mutating func goBack(to place: Place) {
    index = place.index
    insignificantBytes = place.insignificantBytes
    escapeSavings = place.escapeSavings
    line = place.line
    lineStart = place.lineStart
  }

  /// Moves past the value at `index` as the parser would read it, counting
  /// what the compact size needs, and building nothing. False for anything
  /// the parser must see: a syntax error, a key that repeats, or nesting
  /// past the reader's limit.
  /// With `checkingKeys` false, keys are only read as strings (escapes,
  /// any text, any number of them), for a scan that needs no repeats told.
  fileprivate mutating func skipValue(depth: Int, checkingKeys: Bool = true, inOnePass: Bool = true) -> Bool {
    if inOnePass && skipValueInOnePass(depth: depth, checkingKeys: checkingKeys) { return true }
    let saved = place
    // Values nest a few levels: the scan's stacks fit on the machine stack.
    // A value nested deeper is scanned again with room for any depth the
    // reader accepts, an object's first keys at each level included.
    switch skipValue(depth: depth, checkingKeys: checkingKeys, levels: 64, keyRoom: 64) {
    case .skipped: return true
    case .refused: return false
    case .outOfRoom:
      goBack(to: saved)
      let levels = ReaderLimits.maxDepth + 1
      return skipValue(
        depth: depth, checkingKeys: checkingKeys, levels: levels, keyRoom: levels * (Self.maxKeysCompared + 1))
        == .skipped
    }
  }

  /// The common case of `skipValue` in one loop in C: plain keys, small
  /// objects, shallow nesting. False, with nothing moved or counted, where
  /// the value needs the scan below (which also says what is wrong).
  private mutating func skipValueInOnePass(depth: Int, checkingKeys: Bool) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var state = pushlint_json_skip()
    state.index = index
    let maxStringBytes = min(maxStringBytes, ReaderLimits.maxStringBytes)
    guard
      pushlint_skip_json_value(
        base, bytes.count, depth, ReaderLimits.maxDepth, maxStringBytes, checkingKeys, &state)
    else { return false }
    index = state.index
    insignificantBytes += state.insignificant_bytes
    escapeSavings += state.escape_savings
    if state.newlines > 0 {
      line += state.newlines
      lineStart = state.line_start
    }
    outerCommas = state.outer_commas
    return true
  }

  /// The value at the start of `bytes` skipped in one pass and by the
  /// scan, each as where it ended, what it counted and how many commas it
  /// met directly inside (nil where it refused): where the one pass
  /// accepts a value, the scan must end alike. For the tests and the fuzz
  /// target.
  static func skipBothWays(
    _ bytes: UnsafeBufferPointer<UInt8>, depth: Int, checkingKeys: Bool
  ) -> (
    onePass: (Place, commas: Int)?, scan: (Place, commas: Int)?
  ) {
    func skip(inOnePass: Bool) -> (Place, commas: Int)? {
      var scanner = JSONScanner(bytes: bytes, firstLine: 1, baseOffset: 0)
      if inOnePass {
        guard scanner.skipValueInOnePass(depth: depth, checkingKeys: checkingKeys) else { return nil }
      } else {
        guard scanner.skipValue(depth: depth, checkingKeys: checkingKeys, inOnePass: false) else { return nil }
      }
      return (scanner.place, scanner.outerCommas)
    }
    return (skip(inOnePass: true), skip(inOnePass: false))
  }

  private enum SkipOutcome {
    case skipped, refused, outOfRoom
  }

  /// `skipValue` with room for `levels` open containers and `keyRoom` keys
  /// and markers in the key stack.
  private mutating func skipValue(depth: Int, checkingKeys: Bool, levels: Int, keyRoom: Int) -> SkipOutcome {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (levels + 63) / 64) { objects in
      objects.initialize(repeating: 0)
      return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: keyRoom) { keys in
        skipValue(depth: depth, checkingKeys: checkingKeys, objects: objects, keys: keys)
      }
    }
  }

  private mutating func skipValue(
    depth: Int, checkingKeys: Bool, objects: UnsafeMutableBufferPointer<UInt64>,
    keys: UnsafeMutableBufferPointer<Range<Int>>
  ) -> SkipOutcome {
    outerCommas = 0
    // The keys of the open objects, each object's after a marker (a
    // negative range: a key's range may be empty, `""`).
    let marker = Self.keyMarker
    var keyCount = 0
    // The keys of an open object (by level) with many keys, as a table of
    // where they are while they are plain ASCII, or as strings.
    var manyKeys: [Int: ManyKeys] = [:]
    // Bit n of `objects`: the container open at level n is an object.
    func isObject(at level: Int) -> Bool { objects[level >> 6] & (1 << UInt64(level & 63)) != 0 }
    var level = 0
    while true {
      skipWhitespace()
      guard index < bytes.count else { return .refused }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth + level < ReaderLimits.maxDepth else { return .refused }
        guard level < objects.count * 64 else { return .outOfRoom }
        let isObject = byte == UInt8(ascii: "{")
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          index += 1
          break
        }
        if isObject {
          objects[level >> 6] |= 1 << UInt64(level & 63)
          if checkingKeys {
            guard keyCount < keys.count else { return .outOfRoom }
            keys[keyCount] = marker
            keyCount += 1
            guard skipKey(keys: keys, count: &keyCount, many: &manyKeys, level: level) else {
              return .refused
            }
          } else {
            guard skipAnyKey() else { return .refused }
          }
        } else {
          objects[level >> 6] &= ~(1 << UInt64(level & 63))
        }
        level += 1
        continue
      case UInt8(ascii: "\""):
        guard skipString() else { return .refused }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard (try? scanNumber()) != nil else { return .refused }
      case UInt8(ascii: "t"):
        guard skipLiteral("true") else { return .refused }
      case UInt8(ascii: "f"):
        guard skipLiteral("false") else { return .refused }
      case UInt8(ascii: "n"):
        guard skipLiteral("null") else { return .refused }
      default:
        return .refused
      }
      // A value is complete: close what ends after it, or go on to the next.
      while level > 0 {
        skipWhitespace()
        guard index < bytes.count else { return .refused }
        let inObject = isObject(at: level - 1)
        let closer = inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if bytes[index] == UInt8(ascii: ",") {
          if level == 1 { outerCommas += 1 }
          index += 1
          skipWhitespace()
          guard index < bytes.count, bytes[index] != closer else { return .refused }
          if inObject {
            guard
              checkingKeys
                ? skipKey(keys: keys, count: &keyCount, many: &manyKeys, level: level - 1)
                : skipAnyKey()
            else { return .refused }
          }
          break
        }
        guard bytes[index] == closer else { return .refused }
        index += 1
        if inObject && checkingKeys {
          repeat { keyCount -= 1 } while keys[keyCount] != marker
          if !manyKeys.isEmpty { manyKeys[level - 1] = nil }
        }
        level -= 1
      }
      if level == 0 { return .skipped }
    }
  }

  /// A key and its colon; false if it repeats an earlier key of its object
  /// (the object open at `level`). The first keys of an object, while they
  /// are plain ASCII, are compared as bytes in `keys` (ranges after the
  /// object's marker); past `maxKeysCompared`, in a table of where they
  /// are (`KeyTable`, 8 bytes a key). At a key with an escape or a byte
  /// that is not ASCII, the object's keys become strings in a set: `String`
  /// equality is the tree's (canonical equivalence, by which a key not in
  /// ASCII may equal one that is).
  private mutating func skipKey(
    keys: UnsafeMutableBufferPointer<Range<Int>>, count: inout Int, many: inout [Int: ManyKeys], level: Int
  ) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
    let contentStart = index + 1
    var end = contentStart
    var plain = true
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20 else { return false }
      if byte >= 0x80 || byte == UInt8(ascii: "\\") {
        plain = false
        break
      }
      end += 1
    }
    guard end < bytes.count else { return false }
    // The object's first key in the stack, once its keys there are counted.
    var first = count
    let held = many.isEmpty ? nil : many.removeValue(forKey: level)
    if plain, case .table(var table)? = held {
      guard table.insert(contentStart..<end, in: bytes) else { return false }
      many[level] = .table(table)
      index = end + 1
    } else if plain && held == nil {
      let key = contentStart..<end
      while keys[first - 1].lowerBound >= 0 {
        first -= 1
        let other = keys[first]
        if other.count == key.count && sameBytes(other.lowerBound, key.lowerBound, count: key.count) { return false }
      }
      if count - first >= Self.maxKeysCompared || count == keys.count {
        // Too many to compare each with all: the object's keys go in a
        // table (of 32-bit offsets), or in a set past them.
        if bytes.count < Int(Int32.max) {
          var table = KeyTable()
          for earlier in keys[first..<count] { _ = table.insert(earlier, in: bytes) }
          _ = table.insert(key, in: bytes)
          many[level] = .table(table)
        } else {
          var set = Set(keys[first..<count].map { String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[$0])) })
          set.insert(String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[key])))
          many[level] = .strings(set)
        }
        count = first
      } else {
        keys[count] = key
        count += 1
      }
      index = end + 1
    } else {
      let key: String
      if plain {
        key = String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[contentStart..<end]))
        index = end + 1
      } else {
        // The parser reads the escapes and counts what they save.
        guard let parsed = try? parseString() else { return false }
        key = parsed
      }
      var set: Set<String>
      switch held {
      case .strings(let strings)?:
        set = strings
      case .table(let table)?:
        set = Set(table.ranges(in: bytes).map { String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[$0])) })
      case nil:
        while keys[first - 1].lowerBound >= 0 { first -= 1 }
        set = Set(keys[first..<count].map { String(utf8Bytes: UnsafeBufferPointer(rebasing: bytes[$0])) })
        count = first
      }
      guard set.insert(key).inserted else { return false }
      many[level] = .strings(set)
    }
    return skipColon()
  }

  /// The keys of an object too many to compare each with all the others.
  enum ManyKeys {
    /// Plain ASCII keys, where they are.
    case table(KeyTable)
    /// Keys as strings, once one is not plain ASCII (or the text is too
    /// large for the table's offsets).
    case strings(Set<String>)
  }

  /// The colon after a key.
  @inline(__always)
  private mutating func skipColon() -> Bool {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
    index += 1
    return true
  }

  /// Before an object's keys in the key stack: a key's range may be empty
  /// (`""`), never negative.
  private static let keyMarker = -1..<(-1)

  /// The keys of one object compared byte by byte before they go in a set.
  private static let maxKeysCompared = 16

  /// A key, any string, and its colon.
  private mutating func skipAnyKey() -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), skipString() else { return false }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
    index += 1
    return true
  }

  /// What a JSON text's top level is, found without building anything: the
  /// keys of its root object that `keeping` keeps, or that its root is no
  /// object. Nil when the text is not well-formed, or not plain UTF-8, or
  /// nests deeper than a scan follows: the reader says what it is then.
  /// Once the keys kept so far are `enough`, they are the answer at once,
  /// the rest of the text unscanned (the reader reads it next).
  static func topLevel(
    of bytes: UnsafeBufferPointer<UInt8>, keeping: (String) -> Bool, enough: ([String]) -> Bool = { _ in false }
  ) -> TopLevel? {
    var scanner = JSONScanner(bytes: bytes, firstLine: 1, baseOffset: 0)
    scanner.skipWhitespace()
    guard scanner.index < bytes.count else { return nil }
    var keys: [String] = []
    let isObject = bytes[scanner.index] == UInt8(ascii: "{")
    if isObject {
      scanner.index += 1
      scanner.skipWhitespace()
      if scanner.index < bytes.count && bytes[scanner.index] == UInt8(ascii: "}") {
        scanner.index += 1
      } else {
        while true {
          guard scanner.index < bytes.count, bytes[scanner.index] == UInt8(ascii: "\""),
            let key = try? scanner.parseString()
          else { return nil }
          if keeping(key) {
            keys.append(key)
            if enough(keys) { return .object(keys: keys) }
          }
          scanner.skipWhitespace()
          guard scanner.index < bytes.count, bytes[scanner.index] == UInt8(ascii: ":") else { return nil }
          scanner.index += 1
          guard scanner.skipValue(depth: 1, checkingKeys: false) else { return nil }
          scanner.skipWhitespace()
          guard scanner.index < bytes.count else { return nil }
          if bytes[scanner.index] == UInt8(ascii: "}") {
            scanner.index += 1
            break
          }
          guard bytes[scanner.index] == UInt8(ascii: ",") else { return nil }
          scanner.index += 1
          scanner.skipWhitespace()
        }
      }
    } else {
      guard scanner.skipValue(depth: 0, checkingKeys: false) else { return nil }
    }
    scanner.skipWhitespace()
    guard scanner.index == bytes.count,
      EncodingCheck.isCleanASCII(bytes) || EncodingCheck.firstProblem(in: bytes) == nil
    else { return nil }
    return isObject ? .object(keys: keys) : .notAnObject
  }

  enum TopLevel: Equatable {
    case object(keys: [String])
    case notAnObject
  }

  /// Whether the `count` bytes at `first` and at `second` are the same.
  @inline(__always)
  private func sameBytes(_ first: Int, _ second: Int, count: Int) -> Bool {
    let base = bytes.baseAddress!
    return ByteSearch.same(base + first, base + second, count: count)
  }

  /// A string value. One with an escape is measured unescaped, for what
  /// the escapes add to the compact size; the parser reads any it cannot
  /// measure (a broken escape, a control byte, text that is not UTF-8).
  private mutating func skipString() -> Bool {
    let quote = index
    index += 1
    let contentStart = index
    skipPlainStringBytes()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      guard index - contentStart <= ReaderLimits.maxStringBytes else { return false }
      index += 1
      return true
    case UInt8(ascii: "\\"):
      if skipEscapedString(contentStart: contentStart) { return true }
      index = quote
      return (try? parseString()) != nil
    default:
      return false
    }
  }

  /// A string with escapes, with `index` on its first backslash, measured
  /// as `parseString` would read it, building nothing; false, with `index`
  /// unmoved, where the parser must read it.
  private mutating func skipEscapedString(contentStart: Int) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var end = 0
    var extra = 0
    var hasNonASCII = false
    let length = pushlint_measure_json_string_to_end(base, bytes.count, contentStart, &end, &extra, &hasNonASCII)
    guard length >= 0, length <= maxStringBytes else { return false }
    // Ill-formed UTF-8 is repaired in a string, which changes its length.
    if hasNonASCII && pushlint_first_invalid_utf8(base, end, contentStart) != end { return false }
    escapeSavings += end - contentStart - (length + extra)
    index = end + 1
    return true
  }

  /// `true`, `false` or `null`, spelled exactly and not the start of a longer word.
  private mutating func skipLiteral(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      System.compare(bytes.baseAddress! + index, word.utf8Start, count: count) == 0,
      index + count == bytes.count || !ASCII.isWordByte(bytes[index + count])
    else { return false }
    index += count
    return true
  }
}

/// The plain ASCII keys of one wide object, as the offsets of their first
/// bytes in an open-addressed table: a key ends at the next quote, and is
/// compared as bytes. Half full at most.
struct KeyTable {
  private var slots = [Int32](repeating: -1, count: 64)
  private var count = 0

  /// Adds the key at `range` of `bytes`; false if an equal key is in.
  mutating func insert(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if (count + 1) * 2 > slots.count { grow(in: bytes) }
    let mask = slots.count - 1
    var slot = Self.hash(range, in: bytes) & mask
    while slots[slot] >= 0 {
      let other = Int(slots[slot])
      if Self.same(range, at: other, in: bytes) { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(range.lowerBound)
    count += 1
    return true
  }

  /// The keys' ranges, in no order.
  func ranges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    slots.filter { $0 >= 0 }.map { Self.range(at: Int($0), in: bytes) }
  }

  private mutating func grow(in bytes: UnsafeBufferPointer<UInt8>) {
    let old = slots
    slots = [Int32](repeating: -1, count: old.count * 2)
    let mask = slots.count - 1
    for start in old where start >= 0 {
      var slot = Self.hash(Self.range(at: Int(start), in: bytes), in: bytes) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = start
    }
  }

  /// The key that starts at `start`: up to its closing quote.
  private static func range(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var end = start
    while bytes[end] != UInt8(ascii: "\"") { end += 1 }
    return start..<end
  }

  /// Whether the key at `other` is the bytes `range`, its quote after them.
  private static func same(_ range: Range<Int>, at other: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = range.count
    guard other + length < bytes.count, bytes[other + length] == UInt8(ascii: "\"") else { return false }
    let base = bytes.baseAddress!
    return ByteSearch.same(base + other, base + range.lowerBound, count: length)
  }

  /// FNV-1a over the key's bytes.
  private static func hash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for offset in range {
      hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }
}

/// A key sought by a scan, as its bytes when it is ASCII (nil otherwise:
/// it is compared as a string).
struct KeyBytes {
  let bytes: [UInt8]?

  init(_ key: String) {
    bytes = key.utf8.allSatisfy { $0 < 0x80 } ? Array(key.utf8) : nil
  }
}
