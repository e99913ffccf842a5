#if canImport(Glibc)
  import Glibc
#endif

/// Finding bytes in bytes with memchr: the readers and the walk search every
/// file (for `{{`, `categories`, line breaks), so a search byte by byte in
/// Swift would cost more than the reading.
enum ByteSearch {
  /// The offset of the first `needle` in `bytes[start..<end]` (`end` defaults to the end).
  static func firstIndex(
    of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil
  ) -> Int? {
    let end = min(end ?? bytes.count, bytes.count)
    guard let base = bytes.baseAddress, let first = needle.first else { return nil }
    var start = max(0, start)
    while start + needle.count <= end {
      guard let found = memchr(base + start, Int32(first), end - start) else { return nil }
      let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      guard index + needle.count <= end else { return nil }
      if needle.count == 1 || memcmp(base + index, needle, needle.count) == 0 { return index }
      start = index + 1
    }
    return nil
  }

  static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int? {
    bytes.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start, to: end) }
  }

  static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
    firstIndex(of: Array(needle.utf8), in: bytes) != nil
  }

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Skips whole eight-byte words from `start` until `marks` flags a byte,
  /// and returns that byte's offset; past the last whole word, the offset
  /// where the bytes left to the caller's byte-by-byte scan begin. `marks`
  /// maps a little-endian word to one with the high bit set in the bytes to
  /// stop at, exactly for the lowest of them (the borrow tricks below).
  @inline(__always)
  static func firstMarkedByte(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ marks: (UInt64) -> UInt64
  ) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var offset = start
    while offset + 8 <= bytes.count {
      let marked = marks(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) & highBits
      if marked != 0 { return offset + marked.trailingZeroBitCount / 8 }
      offset += 8
    }
    return offset
  }

  /// The high bit of each byte that is zero (a zero byte borrows into it).
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }

  /// The high bit of each byte below `limit` (at most 0x80).
  @inline(__always)
  static func bytesBelow(_ limit: UInt8, _ word: UInt64) -> UInt64 { (word &- ones &* UInt64(limit)) & ~word }
}
