/// A fixed set of names, looked up by their bytes. The schema looks up every
/// member of every object it validates, and hashing a `String` (SipHash) cost
/// more than the rest of the validation of a member.
struct NameTable: Sendable {
  private let names: [String]
  /// Open addressing: a position in `names`, or -1 for an empty slot.
  private let slots: [Int32]
  private let mask: Int
  /// The names' UTF-8, one after another, and where each starts (one more
  /// than the names, for the end of the last): a reader compares a key's
  /// bytes with them without making a string of it. Made for a table of
  /// distinct names (`init(distinct:)`), the one a reader is given; empty
  /// in the others, which a schema looks up by text.
  private let utf8: [UInt8]
  private let starts: [Int32]

  /// The first of repeated names is the one found.
  init(_ names: [String]) {
    self.init(names, distinct: false)
  }

  /// The names once each, in the order first met: a repeated name is left
  /// out, and positions count the names kept.
  init(distinct names: [String]) {
    self.init(names, distinct: true)
  }

  private init(_ names: [String], distinct: Bool) {
    var size = 8
    while size < names.count * 4 { size *= 2 }
    var slots = [Int32](repeating: -1, count: size)
    var kept: [String] = []
    for name in names {
      var slot = NameTable.hash(name) & (size - 1)
      var repeated = false
      while slots[slot] >= 0 {
        if kept[Int(slots[slot])] == name {
          repeated = true
          break
        }
        slot = (slot + 1) & (size - 1)
      }
      if !repeated { slots[slot] = Int32(kept.count) }
      if !repeated || !distinct { kept.append(name) }
    }
    let names = kept
    var utf8: [UInt8] = []
    var starts: [Int32] = []
    if distinct {
      starts.append(0)
      for name in names {
        utf8.append(contentsOf: name.utf8)
        starts.append(Int32(utf8.count))
      }
    }
    self.names = names
    self.slots = slots
    mask = size - 1
    self.utf8 = utf8
    self.starts = starts
  }

  var count: Int { names.count }

  func name(at position: Int) -> String { names[position] }

  /// `position`, a reader's word for where `key` is (`Member.schemaKey`),
  /// when the name there is `key`; nil for -1, a position past the table,
  /// or one from another table or of a key changed since.
  @inline(__always)
  func confirmed(_ position: Int32, for key: String) -> Int? {
    let position = Int(position)
    return position >= 0 && position < names.count && names[position] == key ? position : nil
  }

  func position(of name: String) -> Int? {
    var slot = NameTable.hash(name) & mask
    while true {
      let position = Int(slots[slot])
      if position < 0 { return nil }
      if names[position] == name { return position }
      slot = (slot + 1) & mask
    }
  }

  /// The position of the name spelled by `bytes`, as `position(of:)` finds
  /// it for the same text.
  func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    if starts.isEmpty { return position(of: String(decoding: bytes, as: UTF8.self)) }
    var slot = NameTable.hash(bytes) & mask
    return utf8.withUnsafeBufferPointer { utf8 in
      while true {
        let position = Int(slots[slot])
        if position < 0 { return nil }
        let start = Int(starts[position])
        let count = Int(starts[position + 1]) - start
        if count == bytes.count
          && (count == 0 || ByteSearch.same(utf8.baseAddress! + start, bytes.baseAddress!, count: count))
        {
          return position
        }
        slot = (slot + 1) & mask
      }
    }
  }

  static func hash(_ name: String) -> Int {
    var name = name
    return name.withUTF8(hash)
  }

  /// The length and three of the bytes, mixed: a table holds a few dozen
  /// names, which these tell apart nearly always, and a name that shares
  /// its slot costs a comparison. Any key a document holds is looked up,
  /// so a lookup must not walk every byte of a long one.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    hash ^= UInt64(first) | UInt64(bytes[bytes.count / 2]) << 8 | UInt64(last) << 16
    hash &*= 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: hash ^ (hash >> 31))
  }
}
