/// A fixed set of names, looked up by their bytes. The schema looks up every
/// member of every object it validates, and hashing a `String` (SipHash) cost
/// more than the rest of the validation of a member.
struct NameTable: Sendable {
  private let names: [String]
  /// Open addressing: a position in `names`, or -1 for an empty slot.
  private let slots: [Int32]
  private let mask: Int

  /// The first of repeated names is the one found.
  init(_ names: [String]) {
    var size = 8
    while size < names.count * 4 { size *= 2 }
    var slots = [Int32](repeating: -1, count: size)
    for (position, name) in names.enumerated() {
      var slot = NameTable.hash(name) & (size - 1)
      var repeated = false
      while slots[slot] >= 0 {
        if names[Int(slots[slot])] == name {
          repeated = true
          break
        }
        slot = (slot + 1) & (size - 1)
      }
      if !repeated { slots[slot] = Int32(position) }
    }
    self.names = names
    self.slots = slots
    mask = size - 1
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

  /// The length and three of the bytes, mixed: a table holds a few dozen
  /// names, which these tell apart nearly always, and a name that shares
  /// its slot costs a comparison. Any key a document holds is looked up,
  /// so a lookup must not walk every byte of a long one.
  static func hash(_ name: String) -> Int {
    var name = name
    return name.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last else { return 0 }
      var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
      hash ^= UInt64(first) | UInt64(bytes[bytes.count / 2]) << 8 | UInt64(last) << 16
      hash &*= 0xBF58_476D_1CE4_E5B9
      return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }
  }
}
