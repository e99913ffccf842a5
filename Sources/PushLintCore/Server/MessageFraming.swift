/// The Language Server Protocol's base protocol: each message a JSON body
/// after a `Content-Length` header and a blank line.
public struct MessageReader {
  public enum Frame: Sendable {
    case message([UInt8])
    /// A header block without a usable `Content-Length`: dropped, and the
    /// reader goes on with the next one.
    case malformedHeader
  }

  /// A body longer than this is refused unread (the size limit of a linted file).
  static let maxBody = FileLimits.maxFileSize + (1 << 20)
  let read: () -> [UInt8]
  var buffer: [UInt8] = []
  var start = 0
  var ended = false

  /// Reads from `read`, which returns an empty array at the end of input.
  public init(read: @escaping () -> [UInt8]) {
    self.read = read
  }

  public static func reading(_ descriptor: Int32) -> MessageReader {
    MessageReader { System.readChunk(descriptor, count: 1 << 16) }
  }

  /// Whether a whole message is already buffered.
  public var hasBufferedMessage: Bool {
    guard let (headerEnd, length) = header() else { return false }
    return length.map { buffer.count - headerEnd >= $0 } ?? true
  }

  /// The next message, or nil at the end of input.
  public mutating func next() -> Frame? {
    while true {
      if let (headerEnd, length) = header() {
        guard let length, length <= Self.maxBody else {
          start = headerEnd
          compact()
          return .malformedHeader
        }
        while buffer.count - headerEnd < length {
          guard fill() else { return nil }
        }
        let body = Array(buffer[headerEnd..<(headerEnd + length)])
        start = headerEnd + length
        compact()
        return .message(body)
      }
      guard fill() else { return nil }
    }
  }

  /// Where the buffered header block ends and the length it gives (nil
  /// length: no Content-Length in it); nil when no whole block is buffered.
  func header() -> (end: Int, length: Int?)? {
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
        let text = String(decoding: buffer[start..<index], as: UTF8.self)
        var length: Int?
        for line in text.split(separator: "\r\n") {
          let parts = line.split(separator: ":", maxSplits: 1)
          if parts.count == 2, parts[0].lowercased() == "content-length" {
            length = Int(String(parts[1]).trimmingCharacters(in: " \t"))
          }
        }
        return (index + 4, length.flatMap { $0 >= 0 ? $0 : nil })
      }
      index += 1
    }
    return nil
  }

  mutating func fill() -> Bool {
    guard !ended else { return false }
    let chunk = read()
    if chunk.isEmpty {
      ended = true
      return false
    }
    buffer += chunk
    return true
  }

  mutating func compact() {
    if start > 1 << 16 || start == buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }
}

public enum MessageFraming {
  /// `body` with its header, ready to write.
  public static func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
  }
}
