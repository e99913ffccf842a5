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
    var spare: [UInt8] = []
    return next(reusing: &spare)
  }

  /// The same, read from a file into `spare` (taken from the caller) when
  /// it is an earlier batch's bytes that nothing else holds. A buffer made
  /// for each batch is new memory, which the allocator, with several
  /// threads at work, often maps afresh: a page fault for each of its pages.
  mutating func next(reusing spare: inout [UInt8]) -> Result<LineBatch, FileError>? {
    guard !finished else { return nil }
    let bufferOffset = carried.isEmpty ? readOffset : carriedOffset
    let searchFrom = carried.count
    var buffer: [UInt8]
    switch nextBytes(after: carried, reusing: &spare) {
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
  private mutating func nextBytes(after prefix: [UInt8], reusing spare: inout [UInt8]) -> Result<[UInt8], FileError> {
    switch source {
    case .memory(let bytes):
      let count = min(readSize, bytes.count - readOffset)
      defer { readOffset += count }
      return .success(prefix + bytes[readOffset..<(readOffset + count)])
    case .file(let descriptor):
      let wanted = prefix.count + readSize
      var buffer: [UInt8] = []
      swap(&buffer, &spare)
      var filled = prefix.count
      var failure: Int32?
      if buffer.capacity >= wanted {
        // A full read writes over the bytes of the batch before last: only
        // their tail is cut or filled in to the read's length.
        if buffer.count < wanted {
          buffer.append(contentsOf: repeatElement(0, count: wanted - buffer.count))
        } else {
          buffer.removeLast(buffer.count - wanted)
        }
        buffer.withUnsafeMutableBufferPointer { bytes in
          _ = UnsafeMutableBufferPointer(rebasing: bytes[..<prefix.count]).update(fromContentsOf: prefix)
          (filled, failure) = fill(bytes, from: filled, descriptor: descriptor)
        }
        buffer.removeLast(wanted - filled)
      } else {
        buffer = [UInt8](unsafeUninitializedCapacity: wanted) { bytes, initialized in
          _ = bytes.initialize(fromContentsOf: prefix)
          (filled, failure) = fill(bytes, from: filled, descriptor: descriptor)
          initialized = filled
        }
      }
      if let failure { return .failure(FileError(path: "", .system(FileSystem.systemError(failure)))) }
      readOffset += filled - prefix.count
      return .success(buffer)
    }
  }

  /// Reads into `bytes` from `start` until it is full or the file ends
  /// (short reads would make small batches): how far it is filled, and
  /// the error that stopped it.
  private func fill(
    _ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, descriptor: Int32
  ) -> (filled: Int, failure: Int32?) {
    var filled = start
    while filled < bytes.count {
      switch System.read(descriptor, into: bytes.baseAddress! + filled, count: bytes.count - filled) {
      case .failure(let error): return (filled, error.code)
      case .success(0): return (filled, nil)
      case .success(let count): filled += count
      }
    }
    return (filled, nil)
  }
}
