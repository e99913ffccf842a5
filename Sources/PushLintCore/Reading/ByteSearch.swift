/// Finding bytes in bytes with `memchr`: the readers and the walk search every
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

  static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
    firstIndex(of: Array(needle.utf8), in: bytes) != nil
  }
}
