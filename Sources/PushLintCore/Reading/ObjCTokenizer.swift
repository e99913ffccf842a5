/// Objective-C's tokens, as far as notification registrations need them:
/// identifiers, string literals (`@"…"`, adjacent ones joined), numbers and
/// punctuation, with comments dropped, `#define`s collected and the code of
/// `#if 0` branches left out. Not a parser: registrations are one shape of
/// message send, which `ObjCRegistrationReader` reads from these tokens.
struct ObjCToken: Equatable {
  enum Kind: Equatable {
    case identifier
    case string
    case number
    case punctuation
  }
  var kind: Kind
  var text: String
  var start: Int
  var end: Int
}

struct ObjCTokens {
  var tokens: [ObjCToken] = []
  /// `#define NAME tokens…`, in file order.
  var macros: [(name: String, body: [ObjCToken])] = []

  /// Longer than any real source line; a longer literal is cut, never held whole.
  static let maxLiteral = 4096

  init(_ bytes: [UInt8]) {
    var index = 0
    let count = bytes.count
    var atLineStart = true
    /// For each open `#if`: whether its current branch is dead, and whether
    /// one of its branches was certainly taken.
    var conditions: [(dead: Bool, taken: Bool)] = []
    var dead: Bool { conditions.contains { $0.dead } }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0C {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
        while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      }
      if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        while index + 1 < count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        index = min(count, index + 2)
        continue
      }
      if byte == UInt8(ascii: "#") && atLineStart {
        // A directive runs to the end of the line, continued by backslashes.
        var end = index
        while end < count && bytes[end] != UInt8(ascii: "\n") {
          if bytes[end] == UInt8(ascii: "\\"), end + 1 < count, bytes[end + 1] == UInt8(ascii: "\n") { end += 1 }
          end += 1
        }
        let line = ObjCTokens(directive: Array(bytes[(index + 1)..<end]), offset: index + 1)
        let words = line.tokens
        switch words.first?.text {
        case "if", "ifdef", "ifndef":
          let known = words.first?.text == "if" ? Self.literalCondition(Array(words.dropFirst())) : nil
          conditions.append((dead: known == false, taken: known == true))
        case "elif", "else":
          if var last = conditions.popLast() {
            let known = words.first?.text == "else" ? true : Self.literalCondition(Array(words.dropFirst()))
            last.dead = last.taken || known == false
            if known == true { last.taken = true }
            conditions.append(last)
          }
        case "endif":
          _ = conditions.popLast()
        case "define" where !dead:
          if words.count >= 2, words[1].kind == .identifier {
            // A function-like macro is not a constant.
            let isFunction = words.count > 2 && words[2].text == "(" && words[2].start == words[1].end
            if !isFunction { macros.append((words[1].text, Array(words.dropFirst(2)))) }
          }
        default: break
        }
        index = end
        continue
      }
      atLineStart = false
      let start = index
      if byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "@") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "\"")
      {
        if byte == UInt8(ascii: "@") { index += 1 }
        index += 1
        var literal: [UInt8] = []
        while index < count && bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\n") {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < count {
            let escaped = bytes[index + 1]
            if literal.count < Self.maxLiteral {
              literal.append(escaped == UInt8(ascii: "n") ? 0x0A : escaped == UInt8(ascii: "t") ? 0x09 : escaped)
            }
            index += 2
            continue
          }
          if literal.count < Self.maxLiteral { literal.append(bytes[index]) }
          index += 1
        }
        index = min(count, index + 1)
        if dead { continue }
        let text = String(decoding: literal, as: UTF8.self)
        // "a" @"b": adjacent literals are one string.
        if let last = tokens.last, last.kind == .string {
          tokens[tokens.count - 1].text += text
          tokens[tokens.count - 1].end = index
        } else {
          tokens.append(ObjCToken(kind: .string, text: text, start: start, end: index))
        }
        continue
      }
      if byte == UInt8(ascii: "'") {
        index += 1
        while index < count && bytes[index] != UInt8(ascii: "'") && bytes[index] != UInt8(ascii: "\n") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(count, index + 1)
        continue
      }
      if isIdentifierByte(byte) {
        while index < count && isIdentifierByte(bytes[index]) { index += 1 }
        if dead { continue }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let isNumber = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        tokens.append(ObjCToken(kind: isNumber ? .number : .identifier, text: text, start: start, end: index))
        continue
      }
      index += 1
      if dead { continue }
      tokens.append(
        ObjCToken(kind: .punctuation, text: String(UnicodeScalar(byte)), start: start, end: index))
    }
  }

  /// The tokens of one directive line (its offsets from `offset` in the file).
  private init(directive bytes: [UInt8], offset: Int) {
    var line = bytes
    for index in line.indices where line[index] == UInt8(ascii: "\\") { line[index] = UInt8(ascii: " ") }
    var inner = ObjCTokens(line)
    for index in inner.tokens.indices {
      inner.tokens[index].start += offset
      inner.tokens[index].end += offset
    }
    self = inner
  }

  /// `0`, `1`, `false`, `true` (and their negation); nil for anything the build decides.
  static func literalCondition(_ tokens: [ObjCToken]) -> Bool? {
    var tokens = tokens[...]
    var negated = false
    while tokens.first?.text == "!" {
      negated.toggle()
      tokens = tokens.dropFirst()
    }
    if tokens.first?.text == "(" && tokens.last?.text == ")" { tokens = tokens.dropFirst().dropLast() }
    guard tokens.count == 1, let only = tokens.first else { return nil }
    let value: Bool? =
      switch only.text {
      case "0", "false", "NO": false
      case "1", "true", "YES": true
      default: nil
      }
    return value.map { $0 != negated }
  }
}
