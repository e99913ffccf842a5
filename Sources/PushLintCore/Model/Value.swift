/// A number as written: its literal text (kept so `1`, `1.0` and `1e0` stay
/// distinguishable) and whether it is a whole number.
public struct NumberValue: Hashable, Sendable {
  /// JSON spelling of the number (YAML numbers are converted to it).
  public var literal: String
  public var isWhole: Bool
  public var doubleValue: Double

  public init(literal: String, isWhole: Bool, doubleValue: Double) {
    self.literal = literal
    self.isWhole = isWhole
    self.doubleValue = doubleValue
  }

  /// Parses a JSON number literal that the reader has already validated.
  public init(jsonLiteral literal: String) {
    self.literal = literal
    self.doubleValue = Double(literal) ?? .nan
    let hasFraction = literal.utf8.contains(UInt8(ascii: "."))
    let hasExponent = literal.utf8.contains { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    if !hasFraction && !hasExponent {
      isWhole = true
    } else {
      isWhole = doubleValue.isFinite && doubleValue.rounded(.towardZero) == doubleValue
    }
  }

  public var intValue: Int? {
    guard isWhole, doubleValue.isFinite, abs(doubleValue) < 9.0e15 else { return nil }
    return Int(doubleValue)
  }
}

/// One member of an object, with the key's own span. Objects keep every
/// member in source order, duplicates included, so `duplicate-key` can see them.
public struct Member: Sendable {
  public var key: String
  public var keySpan: SourceSpan
  public var value: Node

  public init(key: String, keySpan: SourceSpan, value: Node) {
    self.key = key
    self.keySpan = keySpan
    self.value = value
  }
}

extension String {
  /// `==` for object keys, which differ in length far more often than not:
  /// String's comparison is called out of line for any key over 15 bytes.
  @inline(__always)
  func isSameKey(as other: String) -> Bool {
    utf8.count == other.utf8.count && self == other
  }
}

extension [Member] {
  /// The index of the last member with `key`, compared as `isSameKey`
  /// does, with the key's length taken once.
  @inline(__always)
  func lastIndex(named key: String) -> Int? {
    let length = key.utf8.count
    var index = endIndex
    while index > startIndex {
      index -= 1
      if self[index].key.utf8.count == length && self[index].key == key { return index }
    }
    return nil
  }

  /// For each member whose key appeared before, its index and the index of
  /// the first member with that key. Small objects (nearly all) are compared
  /// pairwise, which is cheaper than hashing every key.
  func repeatedKeys() -> [(index: Int, first: Int)] {
    guard count > 1 else { return [] }
    var repeats: [(index: Int, first: Int)] = []
    if count <= 16 {
      // Through the buffer, so comparing keys copies no member.
      withUnsafeBufferPointer { buffer in
        for index in 1..<buffer.count {
          for earlier in 0..<index where buffer[earlier].key == buffer[index].key {
            repeats.append((index, earlier))
            break
          }
        }
      }
      return repeats
    }
    var first: [String: Int] = [:]
    for (index, member) in enumerated() {
      if let earlier = first[member.key] {
        repeats.append((index, earlier))
      } else {
        first[member.key] = index
      }
    }
    return repeats
  }
}

/// A value as a rule or a library user sees it.
public enum Value: Sendable {
  case null
  case bool(Bool)
  case number(NumberValue)
  case string(String)
  case array([Node])
  case object([Member])
  /// A template placeholder where a value goes (`"badge": {{count}}`): any
  /// value once filled. Holds the placeholder as written.
  case placeholder(String)
}

/// What a node holds: a `Value`, or app data the JSON reader checked but
/// did not build (`DeferredJSON`), which is built when it is asked for.
/// Only the readers and the analyses that measure whole trees see it;
/// everything else goes through `Node.value` and the accessors.
enum StoredValue: Sendable {
  case null
  case bool(Bool)
  case number(NumberValue)
  case string(String)
  case array([Node])
  case object([Member])
  case placeholder(String)
  case deferred(DeferredJSON)

  @inline(__always)
  init(_ value: Value) {
    switch value {
    case .null: self = .null
    case .bool(let bool): self = .bool(bool)
    case .number(let number): self = .number(number)
    case .string(let string): self = .string(string)
    case .array(let elements): self = .array(elements)
    case .object(let members): self = .object(members)
    case .placeholder(let text): self = .placeholder(text)
    }
  }
}

/// `Optional` for a stored field of a struct of several fields (`Node`,
/// `Document`). With a `Swift.Optional` of a type holding references among
/// them, the compiler builds each value of the struct aside and copies it
/// whole into place (a retain and release of every string and array in it);
/// an enum of its own lays out the same without that copy.
enum Slot<Wrapped> {
  case empty
  case filled(Wrapped)

  @inline(__always)
  init(_ optional: Wrapped?) {
    if let optional { self = .filled(optional) } else { self = .empty }
  }

  @inline(__always)
  var value: Wrapped? {
    if case .filled(let wrapped) = self { return wrapped }
    return nil
  }
}

extension Slot: Sendable where Wrapped: Sendable {}

/// A positioned value: what every reader produces and every rule inspects.
public struct Node: Sendable {
  /// The value, built when the reader deferred it.
  public var value: Value {
    get {
      switch stored {
      case .null: .null
      case .bool(let bool): .bool(bool)
      case .number(let number): .number(number)
      case .string(let string): .string(string)
      case .array(let elements): .array(elements)
      case .object(let members): .object(members)
      case .placeholder(let text): .placeholder(text)
      case .deferred: builtValue().value
      }
    }
    set { stored = StoredValue(newValue) }
  }
  var stored: StoredValue
  public var span: SourceSpan
  /// The node's pointer, or with `pointerToken` its parent's: a reader
  /// then shares one parent string among the children instead of building a
  /// string per node, and the pointer is spelled out only when a finding
  /// names it.
  private var pointerBase: String
  private var pointerToken: Slot<String>

  /// RFC 6901 JSON Pointer of this node inside its document.
  public var pointer: String {
    get { pointerToken.value.map { Node.pointer(pointerBase, appending: $0) } ?? pointerBase }
    set {
      pointerBase = newValue
      pointerToken = .empty
    }
  }

  public init(value: Value, span: SourceSpan, pointer: String) {
    self.init(stored: StoredValue(value), span: span, pointer: pointer)
  }

  init(stored: StoredValue, span: SourceSpan, pointer: String) {
    self.stored = stored
    self.span = span
    self.pointerBase = pointer
    self.pointerToken = .empty
  }

  /// A node whose pointer is `parent` followed by `token` (unescaped), or
  /// `parent` itself without a token.
  public init(value: Value, span: SourceSpan, parent: String, token: String?) {
    self.init(stored: StoredValue(value), span: span, parent: parent, token: token)
  }

  init(stored: StoredValue, span: SourceSpan, parent: String, token: String?) {
    self.stored = stored
    self.span = span
    self.pointerBase = parent
    self.pointerToken = Slot(token)
  }

  /// The node with a deferred value built (each time it is asked); the node
  /// itself otherwise. What reads a value's contents without the accessors
  /// below (a `switch` over `value`) reads them from here.
  var built: Node {
    guard case .deferred = stored else { return self }
    return builtValue()
  }

  /// Kept out of line: the accessors are inlined everywhere, and this is
  /// the path they nearly never take. Each accessor has its own `built…`
  /// helper below: asking the built node's accessor instead made the
  /// accessors recursive, and the optimizer stopped inlining them.
  @inline(never)
  private func builtValue() -> Node {
    guard case .deferred(let deferred) = stored else { return self }
    var node = self
    node.stored = deferred.build(start: span.start, parent: pointerBase, token: pointerToken.value)
    return node
  }

  public var members: [Member]? {
    if case .object(let members) = stored { return members }
    if case .deferred = stored { return builtMembers() }
    return nil
  }

  @inline(never)
  private func builtMembers() -> [Member]? {
    if case .object(let members) = builtValue().stored { return members }
    return nil
  }

  public var elements: [Node]? {
    if case .array(let elements) = stored { return elements }
    if case .deferred = stored { return builtElements() }
    return nil
  }

  @inline(never)
  private func builtElements() -> [Node]? {
    if case .array(let elements) = builtValue().stored { return elements }
    return nil
  }

  public var stringValue: String? {
    if case .string(let string) = stored { return string }
    if case .deferred = stored { return builtStringValue() }
    return nil
  }

  @inline(never)
  private func builtStringValue() -> String? {
    if case .string(let string) = builtValue().stored { return string }
    return nil
  }

  public var numberValue: NumberValue? {
    if case .number(let number) = stored { return number }
    if case .deferred = stored { return builtNumberValue() }
    return nil
  }

  @inline(never)
  private func builtNumberValue() -> NumberValue? {
    if case .number(let number) = builtValue().stored { return number }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let bool) = stored { return bool }
    if case .deferred = stored { return builtBoolValue() }
    return nil
  }

  @inline(never)
  private func builtBoolValue() -> Bool? {
    if case .bool(let bool) = builtValue().stored { return bool }
    return nil
  }

  /// Asked without building a deferred value (nor copying the members).
  public var isObject: Bool {
    switch stored {
    case .object: true
    case .deferred(let deferred): deferred.type == .object
    default: false
    }
  }

  /// Whether the node is an object or an array (asked without copying either).
  public var isContainer: Bool {
    switch stored {
    case .object, .array: true
    case .deferred(let deferred): deferred.type == .object || deferred.type == .array
    default: false
    }
  }

  /// Whether a template fills this value in (so its type and value are unknown).
  public var isPlaceholder: Bool {
    if case .placeholder = stored { return true }
    return false
  }

  /// The member for `key`; when a key repeats, the last one wins, as in most JSON readers.
  /// Always inlined: rules ask a few dozen times a document, and out of line
  /// each call would copy the whole member it finds.
  @inline(__always)
  public func member(_ key: String) -> Member? {
    if case .object(let members) = stored { return members.lastIndex(named: key).map { members[$0] } }
    if case .deferred = stored { return builtMember(key) }
    return nil
  }

  @inline(never)
  private func builtMember(_ key: String) -> Member? {
    guard case .object(let members) = builtValue().stored else { return nil }
    return members.lastIndex(named: key).map { members[$0] }
  }

  /// Whether the object has a member `key` (asked without copying it).
  @inline(__always)
  public func hasMember(_ key: String) -> Bool {
    if case .object(let members) = stored { return members.lastIndex(named: key) != nil }
    if case .deferred = stored { return builtMember(key) != nil }
    return false
  }

  /// The value for `key`, found as `member(_:)` finds it; without copying
  /// the member around it.
  @inline(__always)
  public subscript(key: String) -> Node? {
    if case .object(let members) = stored { return members.lastIndex(named: key).map { members[$0].value } }
    if case .deferred = stored { return builtMember(key)?.value }
    return nil
  }

  /// Whether the reader already knows every key inside this value is
  /// unique (app data it checked and left unbuilt), so nothing inside can
  /// be a duplicate.
  public var keysAreKnownUnique: Bool {
    if case .deferred = stored { return true }
    return false
  }

  /// Calls `body` with each member of an object, in source order (never,
  /// for other values), without copying the members out of their array.
  @inline(__always)
  public func forEachMember(_ body: (Member) throws -> Void) rethrows {
    guard let members = storedMembers else { return }
    try members.withUnsafeBufferPointer { buffer in
      for index in buffer.indices { try body(buffer[index]) }
    }
  }

  /// Whether a member of an object satisfies `predicate`, asked in source
  /// order without copying the members out of their array.
  @inline(__always)
  public func containsMember(where predicate: (Member) throws -> Bool) rethrows -> Bool {
    guard let members = storedMembers else { return false }
    return try members.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where try predicate(buffer[index]) { return true }
      return false
    }
  }

  /// Calls `body` with each child: an array's elements, or an object's
  /// member values, in source order.
  @inline(__always)
  public func forEachChild(_ body: (Node) throws -> Void) rethrows {
    if let elements = storedElements {
      try elements.withUnsafeBufferPointer { buffer in
        for index in buffer.indices { try body(buffer[index]) }
      }
    } else {
      try forEachMember { try body($0.value) }
    }
  }

  /// The members, built when deferred; nil for other values.
  @inline(__always)
  private var storedMembers: [Member]? {
    if case .object(let members) = stored { return members }
    if case .deferred = stored { return builtMembers() }
    return nil
  }

  @inline(__always)
  private var storedElements: [Node]? {
    if case .array(let elements) = stored { return elements }
    if case .deferred = stored { return builtElements() }
    return nil
  }

  /// Name of the JSON type, as messages say it.
  public var typeName: String { JSONType(of: self).rawValue }
}

extension Node {
  /// The pointer of a child reached by `token` (an object key or array index).
  public static func pointer(_ parent: String, appending token: String) -> String {
    var token = token
    let plain = token.withUTF8 { bytes in
      !bytes.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
    }
    if plain { return joined(parent, token) }
    var escaped = ""
    escaped.reserveCapacity(token.utf8.count)
    for character in token.unicodeScalars {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return parent + "/" + escaped
  }

  /// `parent/token` in one allocation: readers make one pointer per node.
  static func joined(_ parent: String, _ token: String) -> String {
    var parent = parent
    var token = token
    let count = parent.utf8.count + 1 + token.utf8.count
    return parent.withUTF8 { head in
      token.withUTF8 { tail in
        String(unsafeUninitializedCapacity: count) { buffer in
          let base = buffer.baseAddress!
          if let headBase = head.baseAddress { base.initialize(from: headBase, count: head.count) }
          base[head.count] = UInt8(ascii: "/")
          if let tailBase = tail.baseAddress { (base + head.count + 1).initialize(from: tailBase, count: tail.count) }
          return count
        }
      }
    }
  }
}
