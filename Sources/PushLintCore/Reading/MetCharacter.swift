/// What a reader met where it stopped: a character, the end of the file, or
/// a byte that starts no UTF-8 character. A fact of a syntax error, which
/// the syntax rules word (`described`).
enum MetCharacter: Sendable, Equatable {
  case endOfFile
  case scalar(Unicode.Scalar)
  case notUTF8(UInt8)

  init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    guard offset < bytes.count else {
      self = .endOfFile
      return
    }
    let byte = bytes[offset]
    if byte < 0x80 {
      self = .scalar(Unicode.Scalar(byte))
      return
    }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      self = .notUTF8(byte)
      return
    }
    self = .scalar(scalar)
  }
}
