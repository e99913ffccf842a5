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

  /// FNV-1a over the UTF-8 bytes: names are short.
  static func hash(_ name: String) -> Int {
    var name = name
    return name.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
  }
}
