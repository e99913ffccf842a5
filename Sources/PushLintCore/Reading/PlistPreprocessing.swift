/// Xcode runs an Info.plist through the C preprocessor when its target sets
/// `INFOPLIST_PREPROCESS`, so such a plist may hold `#if`, `#ifdef`,
/// `#include` and `#define` lines between its elements. They are read as the
/// preprocessor reads them with nothing defined beyond what the file itself
/// `#define`s (the build's `INFOPLIST_PREPROCESSOR_DEFINITIONS` are not
/// known here), and every line it would drop is blanked, its line break
/// kept, so that positions stay those of the file.
enum PlistPreprocessing {
  static let directives: Set<String> = [
    "if", "ifdef", "ifndef", "elif", "else", "endif", "include", "import", "define", "undef", "error", "warning",
    "pragma", "line",
  ]

  /// The directive of a line (its name and the rest of the line), or nil.
  static func directive(_ line: ArraySlice<UInt8>) -> (name: String, argument: String)? {
    var index = line.startIndex
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard index < line.endIndex, line[index] == UInt8(ascii: "#") else { return nil }
    index += 1
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    var end = index
    while end < line.endIndex, ASCII.isLetter(line[end]) { end += 1 }
    let name = String(decoding: line[index..<end], as: UTF8.self)
    guard directives.contains(name) else { return nil }
    return (name, String(decoding: line[end...], as: UTF8.self).trimmingSpaces())
  }

  /// Whether any line is a preprocessor directive: the common case costs a
  /// search for `#`.
  static func hasDirectives(_ bytes: [UInt8]) -> Bool {
    guard bytes.contains(UInt8(ascii: "#")) else { return false }
    return lines(of: bytes).contains { directive(bytes[$0]) != nil }
  }

  /// The text as the preprocessor leaves it, same length, same lines.
  static func apply(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    var defined: [String: String] = [:]
    // Each open conditional: whether its current branch is kept, and
    // whether one of its branches has been.
    var stack: [(keeping: Bool, taken: Bool)] = []
    func active() -> Bool { stack.allSatisfy(\.keeping) }
    for range in lines(of: bytes) {
      guard let (name, argument) = directive(bytes[range]) else {
        if !active() { blank(range, in: &output) }
        continue
      }
      blank(range, in: &output)
      switch name {
      case "if", "ifdef", "ifndef":
        let value: Bool
        switch name {
        case "ifdef": value = defined[firstWord(argument)] != nil
        case "ifndef": value = defined[firstWord(argument)] == nil
        default:
          var condition = ConditionEvaluator(text: argument, defined: defined)
          value = condition.evaluate()
        }
        stack.append((value, value))
      case "elif":
        guard let last = stack.popLast() else { continue }
        var condition = ConditionEvaluator(text: argument, defined: defined)
        let value = !last.taken && condition.evaluate()
        stack.append((value, last.taken || value))
      case "else":
        guard let last = stack.popLast() else { continue }
        stack.append((!last.taken, true))
      case "endif":
        _ = stack.popLast()
      case "define" where active():
        let word = firstWord(argument)
        defined[word] = String(argument.dropFirst(word.count)).trimmingSpaces()
      case "undef" where active():
        defined[firstWord(argument)] = nil
      default:
        break
      }
    }
    return output
  }

  private static func blank(_ range: Range<Int>, in bytes: inout [UInt8]) {
    for index in range where bytes[index] != 0x0D { bytes[index] = 0x20 }
  }

  /// Line ranges without their `\n`.
  private static func lines(of bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      ranges.append(start..<index)
      start = index + 1
    }
    ranges.append(start..<bytes.count)
    return ranges
  }

  private static func firstWord(_ text: String) -> String {
    String(decoding: text.utf8.prefix { ASCII.isWordByte($0) }, as: UTF8.self)
  }
}

/// A `#if` condition: numbers, macros, `defined`, `!`, `&&`, `||`,
/// comparisons of numbers and parentheses. A name not defined is 0, as the
/// preprocessor has it; what cannot be read is false.
private struct ConditionEvaluator {
  var tokens: [String]
  var position = 0
  let defined: [String: String]

  init(text: String, defined: [String: String]) {
    self.defined = defined
    var tokens: [String] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 {
        index += 1
      } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
        break
      } else if ASCII.isWordByte(byte) {
        let start = index
        while index < bytes.count, ASCII.isWordByte(bytes[index]) { index += 1 }
        tokens.append(String(decoding: bytes[start..<index], as: UTF8.self))
      } else {
        let pair = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
        if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
          tokens.append(pair)
          index += 2
        } else {
          tokens.append(String(UnicodeScalar(byte)))
          index += 1
        }
      }
    }
    // A condition longer than any real one is not read (and its `!` and
    // parentheses cannot nest deeper than this).
    self.tokens = tokens.count > 256 ? [] : tokens
  }

  mutating func evaluate() -> Bool {
    guard let value = or(), position == tokens.count else { return false }
    return value != 0
  }

  private mutating func next() -> String? {
    guard position < tokens.count else { return nil }
    defer { position += 1 }
    return tokens[position]
  }

  private func peek() -> String? { position < tokens.count ? tokens[position] : nil }

  private mutating func or() -> Int? {
    guard var value = and() else { return nil }
    while peek() == "||" {
      position += 1
      guard let right = and() else { return nil }
      value = (value != 0 || right != 0) ? 1 : 0
    }
    return value
  }

  private mutating func and() -> Int? {
    guard var value = comparison() else { return nil }
    while peek() == "&&" {
      position += 1
      guard let right = comparison() else { return nil }
      value = (value != 0 && right != 0) ? 1 : 0
    }
    return value
  }

  private mutating func comparison() -> Int? {
    guard let left = unary() else { return nil }
    guard let operation = peek(), ["==", "!=", "<", ">", "<=", ">="].contains(operation) else { return left }
    position += 1
    guard let right = unary() else { return nil }
    let result: Bool
    switch operation {
    case "==": result = left == right
    case "!=": result = left != right
    case "<": result = left < right
    case ">": result = left > right
    case "<=": result = left <= right
    default: result = left >= right
    }
    return result ? 1 : 0
  }

  private mutating func unary() -> Int? {
    guard let token = next() else { return nil }
    switch token {
    case "!":
      return unary().map { $0 == 0 ? 1 : 0 }
    case "(":
      let value = or()
      return next() == ")" ? value : nil
    case "defined":
      let parenthesized = peek() == "("
      if parenthesized { position += 1 }
      guard let name = next() else { return nil }
      if parenthesized && next() != ")" { return nil }
      return defined[name] != nil ? 1 : 0
    default:
      if let number = Int(token) { return number }
      guard let first = token.utf8.first, ASCII.isLetter(first) || first == UInt8(ascii: "_") else {
        return nil
      }
      // A macro is its number; defined empty or as text, or not defined, 0.
      return defined[token].flatMap { Int($0) } ?? 0
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    let bytes = Array(utf8)
    let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } ?? bytes.count
    let end = bytes.lastIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }.map { $0 + 1 } ?? start
    return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
  }
}
