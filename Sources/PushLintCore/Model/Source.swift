import CByteScan

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
/// are a binary search plus a scan of at most `columnStep` bytes of one line.
public struct LineIndex: Sendable {
  /// Byte offset at which each line starts; `lineStarts[0] == 0`.
  public private(set) var lineStarts: [Int]
  let bytes: [UInt8]
  private let firstLine: Int
  /// Where the first line's text starts: after a byte-order mark, which
  /// takes no column (editors do not show it).
  private let textStart: Int
  /// The column at each multiple of `columnStep` that falls inside a line
  /// longer than it (0 elsewhere): a lookup scans from the nearest one
  /// before it. Without them, each lookup on a long line scanned it from
  /// its start, and a property list written on one line took time growing
  /// with the square of its length.
  private let columnMarks: [UInt32]
  static let columnStep = 1024

  public init(bytes: [UInt8], firstLine: Int = 1, baseOffset: Int = 0) {
    self.bytes = bytes
    self.firstLine = firstLine
    let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.textStart = textStart
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
        starts.append(index + 1)
      }
    }
    lineStarts = starts
    var marks: [UInt32] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let step = Self.columnStep
      for line in starts.indices {
        let begin = line == 0 ? textStart : starts[line]
        let end = line + 1 < starts.count ? starts[line + 1] - 1 : buffer.count
        guard end - begin > step else { continue }
        if marks.isEmpty { marks = Array(repeating: 0, count: buffer.count / step + 1) }
        var counted = begin
        var column = 1
        var mark = begin / step + 1
        while mark * step <= end {
          column += pushlint_count_scalar_starts(base, counted, mark * step)
          counted = mark * step
          marks[mark] = UInt32(clamping: column)
          mark += 1
        }
      }
    }
    columnMarks = marks
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
    let mark = offset / Self.columnStep
    if mark * Self.columnStep > index, mark < columnMarks.count, columnMarks[mark] != 0 {
      index = mark * Self.columnStep
      column = Int(columnMarks[mark])
    }
    if index < offset {
      column += bytes.withUnsafeBufferPointer { pushlint_count_scalar_starts($0.baseAddress!, index, offset) }
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

extension Node {
  /// The positions in the tree (each value's start and end, each key's;
  /// values kept as bytes built a child at a time) that are not the line
  /// and column `lines` works out from their offsets, each with the one it
  /// works out: none, where the reader counts right. For the tests and the
  /// fuzz target.
  func positionsOffTheirOffsets(in lines: LineIndex) -> [(found: SourcePosition, expected: SourcePosition)] {
    var off: [(found: SourcePosition, expected: SourcePosition)] = []
    func check(_ position: SourcePosition) {
      let expected = lines.position(ofOffset: position.offset)
      if expected.line != position.line || expected.column != position.column { off.append((position, expected)) }
    }
    func walk(_ node: Node) {
      check(node.span.start)
      check(node.span.end)
      node.forEachMember { member in
        check(member.keySpan.start)
        check(member.keySpan.end)
      }
      node.forEachChild(walk)
    }
    walk(self)
    return off
  }
}
