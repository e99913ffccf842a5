import CByteScan

/// What is wrong with a file's bytes before any parsing, per `invalid-encoding`.
public struct EncodingProblem: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case byteOrderMark
    case nulByte
    case invalidUTF8(byte: UInt8)
    case utf16(bigEndian: Bool)
  }
  public var kind: Kind
  /// Byte offset of the problem.
  public var offset: Int
  /// Whether the bytes can still be read as UTF-8 text (only a BOM allows it).
  public var isRecoverable: Bool { kind == .byteOrderMark }
}

public enum EncodingCheck {
  /// Whether every byte is below 0x80: the clean ASCII scan, sixteen bytes
  /// a step, gone on past each NUL, and ended at the first byte past ASCII
  /// (text in another script has one early).
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while true {
      index = endOfCleanASCII(in: bytes, from: index)
      if index >= bytes.count { return true }
      if bytes[index] >= 0x80 { return false }
      index += 1
    }
  }

  /// Whether every byte is below 0x80 and none is NUL: text with no encoding
  /// problem to look for.
  static func isCleanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    endOfCleanASCII(in: bytes, from: 0) == bytes.count
  }

  /// The offset of the first byte from `start` on that is NUL or not ASCII
  /// (`bytes.count` for none).
  private static func endOfCleanASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    return pushlint_end_of_clean_ascii(base, bytes.count, start)
  }

  /// The first encoding problem in `bytes`, or nil when they are clean UTF-8
  /// without BOM or NUL. A BOM is reported but the rest is still checked, and
  /// a later problem wins because it prevents reading at all.
  public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> EncodingProblem? {
    if bytes.count >= 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return EncodingProblem(kind: .utf16(bigEndian: false), offset: 0) }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return EncodingProblem(kind: .utf16(bigEndian: true), offset: 0) }
    }
    var start = 0
    var bom: EncodingProblem?
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      bom = EncodingProblem(kind: .byteOrderMark, offset: 0)
      start = 3
    }
    if let problem = firstInvalidByte(in: bytes, from: start) { return problem }
    return bom
  }

  private static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> EncodingProblem? {
    guard let base = bytes.baseAddress, start < bytes.count else { return nil }
    let index = pushlint_first_invalid_utf8(base, bytes.count, start)
    guard index < bytes.count else { return nil }
    let byte = bytes[index]
    return EncodingProblem(kind: byte == 0 ? .nulByte : .invalidUTF8(byte: byte), offset: index)
  }
}

extension String {
  /// UTF-8 bytes as a String, invalid sequences repaired as
  /// `String(decoding:as:)` does. Up to 15 ASCII bytes are packed in place
  /// without being validated again, which `String(decoding:as:)` did for
  /// every key and short value read and every file extension.
  init(utf8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
      target.initialize(from: source, count: bytes.count)
      return bytes.count
    }
  }
}
