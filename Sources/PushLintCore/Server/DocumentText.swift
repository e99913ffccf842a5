/// An open document's text, and positions in it as a client counts them:
/// lines from 0, characters in UTF-16 code units (the protocol's default)
/// or in bytes (when the client offers `utf-8`).
public struct DocumentText: Sendable {
  /// Where its lines start, found as for the files pushlint reads.
  let lines: LineIndex
  let countsUTF16: Bool

  public init(_ bytes: [UInt8], countsUTF16: Bool = true) {
    lines = LineIndex(bytes: bytes)
    self.countsUTF16 = countsUTF16
  }

  public var bytes: [UInt8] { lines.bytes }
  var lineStarts: [Int] { lines.lineStarts }

  /// The client's position of a byte offset.
  public func position(ofOffset offset: Int) -> (line: Int, character: Int) {
    let offset = min(max(0, offset), bytes.count)
    let line = lines.lineIndex(containing: offset)
    return (line, characters(from: lineStarts[line], to: offset))
  }

  /// The byte offset of a client's position (clamped to its line).
  public func offset(line: Int, character: Int) -> Int {
    guard line >= 0 else { return 0 }
    guard line < lineStarts.count else { return bytes.count }
    let lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    var offset = lineStarts[line]
    var counted = 0
    while offset < lineEnd && counted < character && bytes[offset] != UInt8(ascii: "\n") {
      let (length, units) = scalar(at: offset)
      counted += countsUTF16 ? units : length
      offset += length
    }
    return offset
  }

  /// The end of the text, as a position.
  public var end: (line: Int, character: Int) { position(ofOffset: bytes.count) }

  func characters(from start: Int, to end: Int) -> Int {
    guard countsUTF16 else { return end - start }
    var offset = start
    var units = 0
    while offset < end {
      let (length, count) = scalar(at: offset)
      units += count
      offset += length
    }
    return units
  }

  /// The UTF-8 length of the character at `offset` and its UTF-16 units.
  func scalar(at offset: Int) -> (length: Int, units: Int) {
    let byte = bytes[offset]
    let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    return (min(length, bytes.count - offset), length == 4 ? 2 : 1)
  }
}
