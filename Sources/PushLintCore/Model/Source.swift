/// A place in a source file. Lines and columns are 1-based; a column counts
/// Unicode scalars from the start of its line (a byte-order mark takes none).
///
/// Every node of a tree holds two spans of two positions, so a position is
/// kept in 16 bytes: the line and column in 32 bits each (a line or column
/// past 2^31 − 1, which only a JSON Lines file of billions of lines would
/// reach, reads as 2^31 − 1), the offset whole.
public struct SourcePosition: Hashable, Comparable, Sendable {
  private var storedLine: Int32
  private var storedColumn: Int32
  /// Byte offset from the start of the file.
  public var offset: Int

  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }

  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  public init(line: Int, column: Int, offset: Int) {
    self.storedLine = Int32(clamping: line)
    self.storedColumn = Int32(clamping: column)
    self.offset = offset
  }

  public static let fileStart = SourcePosition(line: 1, column: 1, offset: 0)

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.storedLine, lhs.storedColumn, lhs.offset) < (rhs.storedLine, rhs.storedColumn, rhs.offset)
  }
}

/// A half-open range of source: `end` is the position just after the last character.
public struct SourceSpan: Hashable, Sendable {
  public var start: SourcePosition
  public var end: SourcePosition

  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = end
  }

  public init(at position: SourcePosition) {
    self.init(start: position, end: position)
  }

  public static let fileStart = SourceSpan(at: .fileStart)
}

/// Turns byte offsets into line/column positions. Built once per file; lookups
/// are a binary search plus a scan of one line.
public struct LineIndex: Sendable {
  /// Byte offset at which each line starts; `lineStarts[0] == 0`.
  public private(set) var lineStarts: [Int]
  let bytes: [UInt8]
  private let firstLine: Int
  /// Where the first line's text starts: after a byte-order mark, which
  /// takes no column (editors do not show it).
  private let textStart: Int

  public init(bytes: [UInt8], firstLine: Int = 1, baseOffset: Int = 0) {
    self.bytes = bytes
    self.firstLine = firstLine
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
        starts.append(index + 1)
      }
    }
    lineStarts = starts
  }

  public var lineCount: Int { lineStarts.count }

  /// The index in `lineStarts` of the line holding `offset` (clamped to the text).
  func lineIndex(containing offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  public func position(ofOffset offset: Int) -> SourcePosition {
    let offset = min(max(offset, 0), bytes.count)
    let low = lineIndex(containing: offset)
    var column = 1
    var index = low == 0 && offset >= textStart ? textStart : lineStarts[low]
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourcePosition(line: firstLine + low, column: column, offset: offset)
  }

  /// The byte offset of a 1-based line and character column, clamped to the line.
  public func offset(line: Int, column: Int) -> Int {
    let lineIndex = line - firstLine
    guard lineIndex >= 0, lineIndex < lineStarts.count else { return bytes.count }
    var index = lineIndex == 0 ? textStart : lineStarts[lineIndex]
    var remaining = column - 1
    while remaining > 0, index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      index += 1
      while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      remaining -= 1
    }
    return index
  }

  /// The bytes of a 1-based line, without its line break.
  public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
    let lineIndex = line - firstLine
    guard lineIndex >= 0, lineIndex < lineStarts.count else { return [] }
    let start = lineIndex == 0 ? textStart : lineStarts[lineIndex]
    var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return bytes[start..<max(start, end)]
  }
}
