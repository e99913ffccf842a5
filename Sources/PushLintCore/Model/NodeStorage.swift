// How a node stores its value, in one place: the readers' speed tricks
// (deferred app data, shared pointer strings, `Slot`) live here and in the
// readers, behind the `Node` API every rule and analysis reads through, so
// a different storage (a tape of tokens over the source) replaces this file
// without touching them.

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
  /// A large root object kept as its bytes but for the members whose keys
  /// a reader builds at once (`WideObject`).
  case wide(WideObject)

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
      case .wide: .object(builtMembers() ?? [])
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

  /// For a deferred value: calls `body` with each string value in it, its
  /// size in compact JSON without quotes and a way to make its pointer,
  /// building no node. False, with nothing called, otherwise.
  func forEachDeferredString(_ body: (Int, () -> String) -> Void) -> Bool {
    guard case .deferred(let deferred) = stored else { return false }
    deferred.forEachString(start: span.start, pointer: pointer, body)
    return true
  }

  public var members: [Member]? {
    if case .object(let members) = stored { return members }
    if case .deferred = stored { return builtMembers() }
    if case .wide = stored { return builtMembers() }
    return nil
  }

  @inline(never)
  private func builtMembers() -> [Member]? {
    if case .wide(let wide) = stored { return wide.allMembers(start: span.start, pointer: pointer) }
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

  /// The number of elements of an array (nil for other values); a
  /// deferred array's are counted one at a time.
  public var elementCount: Int? {
    if case .array(let elements) = stored { return elements.count }
    guard case .deferred(let deferred) = stored, deferred.type == .array else { return nil }
    var count = 0
    deferred.forEachElement(start: span.start, pointer: pointer) { _ in count += 1 }
    return count
  }

  /// Asked without building a deferred value (nor copying the members).
  public var isObject: Bool {
    switch stored {
    case .object, .wide: true
    case .deferred(let deferred): deferred.type == .object
    default: false
    }
  }

  /// Whether the node is an object or an array (asked without copying either).
  public var isContainer: Bool {
    switch stored {
    case .object, .array, .wide: true
    case .deferred(let deferred): deferred.type == .object || deferred.type == .array
    default: false
    }
  }

  /// Whether the node is a string of at least one character. A string kept
  /// as its bytes is not built to be asked: it has one if its bytes hold
  /// more than its quotes (an escape stands for at least one character).
  public var hasText: Bool {
    if case .string(let string) = stored { return !string.isEmpty }
    if case .deferred(let deferred) = stored { return deferred.type == .string && deferred.byteCount > 2 }
    return false
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
    if case .wide = stored { return builtMember(key) }
    return nil
  }

  /// A deferred object's member is built alone.
  @inline(never)
  private func builtMember(_ key: String) -> Member? {
    if case .wide(let wide) = stored { return wide.lastMember(named: key, start: span.start, pointer: pointer) }
    guard case .deferred(let deferred) = stored else { return nil }
    return deferred.lastMember(named: key, start: span.start, pointer: pointer)
  }

  /// Whether the object has a member `key` (asked without copying it).
  @inline(__always)
  public func hasMember(_ key: String) -> Bool {
    if case .object(let members) = stored { return members.lastIndex(named: key) != nil }
    if case .deferred = stored { return builtMember(key) != nil }
    if case .wide = stored { return builtMember(key) != nil }
    return false
  }

  /// The value for `key`, found as `member(_:)` finds it; without copying
  /// the member around it.
  @inline(__always)
  public subscript(key: String) -> Node? {
    if case .object(let members) = stored { return members.lastIndex(named: key).map { members[$0].value } }
    if case .deferred = stored { return builtMember(key)?.value }
    if case .wide = stored { return builtMember(key)?.value }
    return nil
  }

  /// Whether the reader already knows every key inside this value is
  /// unique (app data it checked and left unbuilt), so nothing inside can
  /// be a duplicate.
  public var keysAreKnownUnique: Bool {
    if case .deferred = stored { return true }
    if case .wide = stored { return true }
    return false
  }

  /// Calls `body` with each member of an object, in source order (never,
  /// for other values), without copying the members out of their array.
  /// A deferred object's members are built one at a time.
  @inline(__always)
  public func forEachMember(_ body: (Member) throws -> Void) rethrows {
    if case .deferred(let deferred) = stored {
      try deferred.forEachMember(start: span.start, pointer: pointer, body)
      return
    }
    if case .wide(let wide) = stored {
      try wide.forEachMember(start: span.start, pointer: pointer, body)
      return
    }
    guard let members = storedMembers else { return }
    try members.withUnsafeBufferPointer { buffer in
      for index in buffer.indices { try body(buffer[index]) }
    }
  }

  /// Calls `body` with a pointer to each member of an object, in source
  /// order (never, for other values): where `forEachMember` hands each
  /// member over by value, copying it out of its array (a retain and
  /// release of each string and array in it), this reads it in place. A
  /// deferred object's members are built one at a time.
  @inline(__always)
  func forEachMemberInPlace(_ body: (UnsafePointer<Member>) throws -> Void) rethrows {
    if case .object(let members) = stored {
      try members.withUnsafeBufferPointer { buffer in
        for index in buffer.indices { try body(buffer.baseAddress! + index) }
      }
      return
    }
    try forEachMember { member in try withUnsafePointer(to: member) { try body($0) } }
  }

  /// Whether a member of an object satisfies `predicate`, asked in source
  /// order without copying the members out of their array.
  @inline(__always)
  public func containsMember(where predicate: (Member) throws -> Bool) rethrows -> Bool {
    if case .deferred = stored { return try deferredContainsMember(where: predicate) }
    if case .wide = stored { return try deferredContainsMember(where: predicate) }
    guard let members = storedMembers else { return false }
    return try members.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where try predicate(buffer[index]) { return true }
      return false
    }
  }

  /// Calls `body` with each element of an array, in order (never, for
  /// other values). A deferred array's elements are built one at a time.
  public func forEachElement(_ body: (Node) throws -> Void) rethrows {
    switch stored {
    case .array(let elements):
      try elements.withUnsafeBufferPointer { buffer in
        for index in buffer.indices { try body(buffer[index]) }
      }
    case .deferred(let deferred) where deferred.type == .array:
      try deferred.forEachElement(start: span.start, pointer: pointer, body)
    default:
      break
    }
  }

  /// Whether an element of an array satisfies `predicate`, asked in order
  /// and no further than the first that does (false for other values). A
  /// deferred array's elements are built one at a time: a large array none
  /// of whose elements does costs no tree.
  public func containsElement(where predicate: (Node) -> Bool) -> Bool {
    if case .array(let elements) = stored { return elements.contains(where: predicate) }
    guard case .deferred(let deferred) = stored, deferred.type == .array else { return false }
    struct Found: Error {}
    do {
      try deferred.forEachElement(start: span.start, pointer: pointer) { element in
        if predicate(element) { throw Found() }
      }
    } catch {
      return true
    }
    return false
  }

  private func deferredContainsMember(where predicate: (Member) throws -> Bool) rethrows -> Bool {
    var found = false
    try forEachMember { member in
      if !found, try predicate(member) { found = true }
    }
    return found
  }

  /// Calls `body` with each child: an array's elements, or an object's
  /// member values, in source order. A deferred value's children are built
  /// one at a time.
  @inline(__always)
  public func forEachChild(_ body: (Node) throws -> Void) rethrows {
    if case .deferred(let deferred) = stored {
      try deferred.forEachElement(start: span.start, pointer: pointer, body)
      try deferred.forEachMember(start: span.start, pointer: pointer) { try body($0.value) }
      return
    }
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
    if case .wide = stored { return builtMembers() }
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

extension JSONType {
  /// The node's type, asked without building a deferred value.
  init(of node: borrowing Node) {
    switch node.stored {
    case .string: self = .string
    case .number: self = .number
    case .bool: self = .boolean
    case .object: self = .object
    case .array: self = .array
    case .null: self = .null
    case .placeholder: self = .placeholder
    case .deferred(let deferred): self = deferred.type
    case .wide: self = .object
    }
  }
}

/// A document's optional parts, each a `Slot`: `Document` is built and
/// moved once per document, a million times for a JSON Lines file.
struct DocumentParts: Sendable {
  var root: Slot<Node>
  var push = Slot<PushInfo>.empty
  var template = Slot<TemplateInfo>.empty
  var code = Slot<CodeRegistrations>.empty
}
