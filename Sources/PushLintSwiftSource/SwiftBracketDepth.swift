/// How deeply a Swift file nests square brackets, found before it is parsed.
///
/// swift-syntax's parser looks ahead at each `[` whether it starts a type
/// (`[Int]`, `[5 of Int]`) before reading it as an array, and each look
/// ahead tries the brackets inside it twice: its time doubles with every
/// bracket open at once. Twenty take a fifth of a second, thirty several
/// minutes. Source written by people nests a handful; a file past
/// `SwiftBracketDepth.limit` is left unparsed, its registrations unknown.
enum SwiftBracketDepth {
  /// Open square brackets a file may nest and still be parsed: at most
  /// some tens of milliseconds of look-ahead.
  static let limit = 16

  /// The offset of the first `[` that opens more than `limit` at once, in
  /// code (string literals and comments are skipped, the code inside a
  /// string's interpolation is not); nil when there is none.
  static func firstTooDeep(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstTooDeep(in: $0) }
  }

  private enum Context {
    /// Code, with the parentheses open in it: inside an interpolation, the
    /// `)` that closes none of them returns to the string.
    case code(parentheses: Int)
    /// A string literal: its `#`s (raw strings) and whether it is `"""`.
    case string(hashes: Int, multiline: Bool)
  }

  private static func firstTooDeep(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var contexts: [Context] = [.code(parentheses: 0)]
    var open = 0
    var index = 0
    func at(_ offset: Int, _ character: Unicode.Scalar) -> Bool {
      offset < bytes.count && bytes[offset] == UInt8(ascii: character)
    }
    func count(_ character: Unicode.Scalar, from offset: Int) -> Int {
      var end = offset
      while at(end, character) { end += 1 }
      return end - offset
    }
    while index < bytes.count {
      switch contexts[contexts.count - 1] {
      case .code(let parentheses):
        let byte = bytes[index]
        if byte == UInt8(ascii: "/") && at(index + 1, "/") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else if byte == UInt8(ascii: "/") && at(index + 1, "*") {
          // Block comments nest in Swift.
          var depth = 1
          index += 2
          while index < bytes.count && depth > 0 {
            if at(index, "/") && at(index + 1, "*") {
              depth += 1
              index += 2
            } else if at(index, "*") && at(index + 1, "/") {
              depth -= 1
              index += 2
            } else {
              index += 1
            }
          }
        } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
          let hashes = count("#", from: index)
          if at(index + hashes, "\"") {
            let multiline = count("\"", from: index + hashes) >= 3
            contexts.append(.string(hashes: hashes, multiline: multiline))
            index += hashes + (multiline ? 3 : 1)
          } else {
            index += max(hashes, 1)
          }
        } else {
          switch byte {
          case UInt8(ascii: "["):
            open += 1
            if open > limit { return index }
          case UInt8(ascii: "]"):
            open = max(0, open - 1)
          case UInt8(ascii: "("):
            contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
          case UInt8(ascii: ")"):
            if parentheses > 0 {
              contexts[contexts.count - 1] = .code(parentheses: parentheses - 1)
            } else if contexts.count > 1 {
              contexts.removeLast()
            }
          default: break
          }
          index += 1
        }
      case .string(let hashes, let multiline):
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") && count("#", from: index + 1) >= hashes {
          let after = index + 1 + hashes
          if at(after, "(") {
            contexts.append(.code(parentheses: 0))
          }
          index = after + 1
        } else if byte == UInt8(ascii: "\"") && (!multiline || count("\"", from: index) >= 3) {
          let quotes = multiline ? 3 : 1
          if count("#", from: index + quotes) >= hashes {
            contexts.removeLast()
            index += quotes + hashes
          } else {
            index += 1
          }
        } else if byte == UInt8(ascii: "\n") && !multiline {
          // An unterminated string ends with its line, as the parser reads it.
          contexts.removeLast()
          index += 1
        } else {
          index += 1
        }
      }
    }
    return nil
  }
}
