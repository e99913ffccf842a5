import CByteScan

/// Finding bytes in bytes with `memchr` and the C byte scans: the readers
/// and the walk search every file (for `{{`, `categories`, line breaks), so
/// a search byte by byte in Swift would cost more than the reading.
enum ByteSearch {
  /// The offset of the first `needle` in `bytes[start..<end]` (`end` defaults to the end).
  static func firstIndex(
    of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil
  ) -> Int? {
    let end = min(end ?? bytes.count, bytes.count)
    guard let base = bytes.baseAddress, let first = needle.first else { return nil }
    var start = max(0, start)
    while start + needle.count <= end {
      guard let found = System.firstIndex(of: first, in: base + start, count: end - start) else { return nil }
      let index = start + found
      guard index + needle.count <= end else { return nil }
      if needle.count == 1 || System.compare(base + index, needle, count: needle.count) == 0 { return index }
      start = index + 1
    }
    return nil
  }

  static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int? {
    bytes.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start, to: end) }
  }

  /// The offset of the first two bytes in a row that are both `byte`.
  static func firstPair(of byte: UInt8, in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let found = pushlint_first_byte_pair(base, buffer.count, 0, byte)
      return found < buffer.count ? found : nil
    }
  }

  /// Whether a byte may be part of a Swift or Objective-C identifier (a
  /// letter, a digit, `_`, or a byte of a non-ASCII character): a name
  /// found in source text is a word of its own when neither byte beside it is.
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || byte >= 0x80
      || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
    firstIndex(of: Array(needle.utf8), in: bytes) != nil
  }

  /// Whether the `count` bytes at `one` and at `other` are the same. Keys
  /// and names are short, and `memcmp` through a call costs more than a
  /// comparison of a few words: up to 16 bytes, two loads from each side
  /// that overlap in the middle cover them all.
  @inline(__always)
  static func same(_ one: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, count: Int) -> Bool {
    let first = UnsafeRawPointer(one)
    let second = UnsafeRawPointer(other)
    switch count {
    case ...0: return true
    case 1...3:
      return one[0] == other[0] && one[count / 2] == other[count / 2] && one[count - 1] == other[count - 1]
    case 4...8:
      return first.loadUnaligned(as: UInt32.self) == second.loadUnaligned(as: UInt32.self)
        && first.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == second.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    case 9...16:
      return first.loadUnaligned(as: UInt64.self) == second.loadUnaligned(as: UInt64.self)
        && first.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == second.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    default:
      return System.compare(one, other, count: count) == 0
    }
  }
}

/// Byte classes the readers share.
enum ASCII {
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  /// A letter, digit or underscore: a byte of a word as C spells its names.
  static func isWordByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }
}
