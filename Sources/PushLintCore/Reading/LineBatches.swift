/// Lines of a JSON Lines file, one read's worth: the lines lie back to back
/// in `bytes`, so a batch costs one buffer rather than an array per line.
struct LineBatch: Sendable {
  struct Line: Sendable {
    /// 1-based line number in the file.
    var number: Int
    /// Byte offset of the line's start in the file.
    var offset: Int
    /// Where the line's bytes are in `bytes` (without the line break).
    var range: Range<Int>
    /// Longer than `FileLimits.maxLineLength`: its bytes were not kept.
    var tooLong: Bool
  }

  var bytes: [UInt8]
  var lines: [Line]
}

/// Reads a JSON Lines file (or bytes already in memory) a batch at a time:
/// each batch is one read of up to `readSize` bytes, plus the start of a line
/// the previous read cut off. The caller pulls batches, so it can read the
/// next while the last is checked.
struct LineBatchReader {
  private enum Source {
    case file(Int32)
    case memory([UInt8])
  }

  private static let lineBreak: [UInt8] = [UInt8(ascii: "\n")]

  private let source: Source
  private let readSize: Int
  /// Bytes read into memory so far (file offset of the next read).
  private var readOffset = 0
  /// The start of a line cut by the last read, and the line's file offset.
  private var carried: [UInt8] = []
  private var carriedOffset = 0
  private var lineNumber = 1
  /// Inside a line already reported as too long: its bytes are dropped up to
  /// its line break.
  private var skippingLongLine = false
  private var finished = false

  /// A reader of the file at `path`, when it is a regular file.
  static func reading(_ path: String, readSize: Int = 4 << 20) -> Result<LineBatchReader, FileError> {
    System.openRegularFile(path).map { LineBatchReader(source: .file($0.descriptor), readSize: readSize) }
  }

  init(bytes: [UInt8], readSize: Int = 4 << 20) {
    self.init(source: .memory(bytes), readSize: readSize)
  }

  private init(source: Source, readSize: Int) {
    self.source = source
    self.readSize = max(1, readSize)
  }

  /// Closes the file: nothing more is read. Reading to the end does it too.
  mutating func finish() {
    if case .file(let descriptor) = source, !finished { System.close(descriptor) }
    finished = true
  }

  /// The next batch (it may hold no line while a long line is being read),
  /// nil at the end of the input. A read error ends the input too.
  mutating func next() -> Result<LineBatch, FileError>? {
    guard !finished else { return nil }
    let bufferOffset = carried.isEmpty ? readOffset : carriedOffset
    let searchFrom = carried.count
    var buffer: [UInt8]
    switch nextBytes(after: carried) {
    case .success(let bytes): buffer = bytes
    case .failure(let error):
      finish()
      return .failure(error)
    }
    carried = []
    let count = buffer.count - searchFrom
    var lines: [LineBatch.Line] = []
    if count == 0 {
      finish()
      if !buffer.isEmpty && !skippingLongLine {
        lines.append(line(number: lineNumber, offset: bufferOffset, range: 0..<buffer.count))
      }
      return lines.isEmpty ? nil : .success(LineBatch(bytes: buffer, lines: lines))
    }
    var start = 0
    buffer.withUnsafeBufferPointer { bytes in
      var cursor = searchFrom
      while let newline = ByteSearch.firstIndex(of: Self.lineBreak, in: bytes, from: cursor) {
        if skippingLongLine {
          skippingLongLine = false
        } else {
          lines.append(line(number: lineNumber, offset: bufferOffset + start, range: start..<newline))
        }
        lineNumber += 1
        start = newline + 1
        cursor = start
      }
    }
    if !skippingLongLine {
      if buffer.count - start > FileLimits.maxLineLength {
        lines.append(
          LineBatch.Line(number: lineNumber, offset: bufferOffset + start, range: start..<start, tooLong: true))
        skippingLongLine = true
      } else {
        carried = Array(buffer[start...])
        carriedOffset = bufferOffset + start
      }
    }
    if start < buffer.count { buffer.removeLast(buffer.count - start) }
    return .success(LineBatch(bytes: buffer, lines: lines))
  }

  /// A line found whole; one over the limit keeps no bytes.
  private func line(number: Int, offset: Int, range: Range<Int>) -> LineBatch.Line {
    let tooLong = range.count > FileLimits.maxLineLength
    return LineBatch.Line(
      number: number, offset: offset, range: tooLong ? range.lowerBound..<range.lowerBound : range, tooLong: tooLong)
  }

  /// `prefix` followed by up to `readSize` bytes of the input (none at its end).
  private mutating func nextBytes(after prefix: [UInt8]) -> Result<[UInt8], FileError> {
    switch source {
    case .memory(let bytes):
      let count = min(readSize, bytes.count - readOffset)
      defer { readOffset += count }
      return .success(prefix + bytes[readOffset..<(readOffset + count)])
    case .file(let descriptor):
      var failure: Int32?
      let readSize = readSize
      let buffer = [UInt8](unsafeUninitializedCapacity: prefix.count + readSize) { bytes, initialized in
        _ = bytes.initialize(fromContentsOf: prefix)
        initialized = prefix.count
        // Fill the whole read size when the file has it: short reads would
        // make small batches.
        while initialized < prefix.count + readSize {
          let result = System.read(
            descriptor, into: bytes.baseAddress! + initialized, count: prefix.count + readSize - initialized)
          switch result {
          case .failure(let error):
            failure = error.code
            return
          case .success(0): return
          case .success(let count): initialized += count
          }
        }
      }
      if let failure { return .failure(FileError(path: "", .system(FileSystem.systemError(failure)))) }
      readOffset += buffer.count - prefix.count
      return .success(buffer)
    }
  }
}
