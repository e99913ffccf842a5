/// The categories source code gives to notification contents it builds or
/// changes: `content.categoryIdentifier = "CHAT"` in Swift,
/// `self.bestAttemptContent.categoryIdentifier = @"CHAT";` or
/// `[content setCategoryIdentifier:@"CHAT"]` in Objective-C. A notification
/// service extension often sets the category of every push it handles this
/// way, for the content extension that claims it (a notification carries
/// the category it is given, whether or not the app registers it; iOS 12's
/// `notificationActions` lets the content extension supply its actions).
///
/// Read from the bytes without a parse, for string literals only: a
/// category given by a constant or an expression is not seen, so the rules
/// that use this list only ever hold a finding back because of it.
enum AssignedCategories {
  static let property = Array("categoryIdentifier".utf8)
  static let setter = Array("setCategoryIdentifier:".utf8)

  /// The literal categories assigned in `bytes`, in order, each once.
  static func literals(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    var seen: Set<String> = []
    bytes.withUnsafeBufferPointer { buffer in
      for (needle, isSetter) in [(property, false), (setter, true)] {
        var start = 0
        while let index = ByteSearch.firstIndex(of: needle, in: buffer, from: start) {
          start = index + needle.count
          // `setCategoryIdentifier:` also holds `CategoryIdentifier`; the
          // property is a word of its own (`.categoryIdentifier`).
          if !isSetter, index > 0, ByteSearch.isWordByte(buffer[index - 1]) { continue }
          guard !isInLineComment(buffer, at: index),
            let literal = literal(in: buffer, after: start, isSetter: isSetter),
            seen.insert(literal).inserted
          else { continue }
          found.append(literal)
        }
      }
    }
    return found
  }

  /// The string literal given at `position`: after `=` (not `==`) for the
  /// property, at once for the setter; an Objective-C literal's `@` is
  /// skipped. Nil for anything but a literal without escapes on one line.
  private static func literal(in bytes: UnsafeBufferPointer<UInt8>, after position: Int, isSetter: Bool) -> String? {
    var index = skipSpaces(bytes, from: position)
    if !isSetter {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
      index += 1
      guard index < bytes.count, bytes[index] != UInt8(ascii: "=") else { return nil }
      index = skipSpaces(bytes, from: index)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "@") { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let first = index + 1
    var end = first
    // A category is a short identifier: a longer run is not one.
    while end < bytes.count, end - first <= 256 {
      switch bytes[end] {
      case UInt8(ascii: "\""):
        guard end > first else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
      case UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
      default: end += 1
      }
    }
    return nil
  }

  private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    return index
  }

  /// Whether `//` comes before `index` on its line (outside a string, as far
  /// as a line tells: a quote count before it that is odd means inside one).
  /// Only the last 512 bytes before it are looked at: a longer line is not
  /// code a person wrote.
  private static func isInLineComment(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var lineStart = index
    while lineStart > 0, index - lineStart < 512, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var quotes = 0
    var position = lineStart
    while position + 1 < index {
      if bytes[position] == UInt8(ascii: "\"") { quotes += 1 }
      if quotes % 2 == 0, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") {
        return true
      }
      position += 1
    }
    return false
  }
}
