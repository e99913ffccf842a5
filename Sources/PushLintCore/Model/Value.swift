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
  /// Where the reader found `key` among the schema's key names
  /// (`PushSchema.keyNames`), by its bytes; -1 when it did not look or the
  /// key is none of them. The schema finds the key's spec by it
  /// (`DictionarySchema.spec(for:schemaKey:)`), which checks it against
  /// `key`: a member whose key is changed after reading is still found.
  var schemaKey: Int32

  public init(key: String, keySpan: SourceSpan, value: Node) {
    self.init(key: key, keySpan: keySpan, value: value, schemaKey: -1)
  }

  init(key: String, keySpan: SourceSpan, value: Node, schemaKey: Int32) {
    self.key = key
    self.keySpan = keySpan
    self.value = value
    self.schemaKey = schemaKey
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
    // An open-addressed table of member indices, hashed and compared as a
    // `[String: Int]` would, in 8 bytes a key rather than a dictionary's
    // hundred: a wide object's keys are already held by its members.
    var size = 64
    while size < count * 2 { size *= 2 }
    let mask = size - 1
    var slots = [Int32](repeating: -1, count: size)
    withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        var slot = buffer[index].key.hashValue & mask
        while true {
          let earlier = Int(slots[slot])
          if earlier < 0 {
            slots[slot] = Int32(index)
            break
          }
          if buffer[earlier].key == buffer[index].key {
            repeats.append((index, earlier))
            break
          }
          slot = (slot + 1) & mask
        }
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

extension Node {
  /// The pointer of a child reached by `token` (an object key or array index).
  public static func pointer(_ parent: String, appending token: String) -> String {
    // Nearly every document is a payload, and every reader makes the
    // pointer of each container for its children: `aps`'s and its alert's
    // are written out here rather than built each time.
    if parent.isEmpty {
      if token.utf8.count == 3 && token == "aps" { return "/aps" }
    } else if token.utf8.count == 5 && parent.utf8.count == 4 && token == "alert" && parent == "/aps" {
      return "/aps/alert"
    }
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
