/// A path glob as `.pushlint.yml` uses them: `*` and `?` within one path
/// segment, `**` across any number of segments, `[abc]` classes and `{a,b}`
/// alternatives. Patterns are matched against `/`-separated relative paths.
public struct Glob: Sendable, Hashable {
  public let pattern: String
  private let alternatives: [[UInt8]]

  public init(_ pattern: String) {
    self.pattern = pattern
    var text = pattern
    while text.hasPrefix("./") { text.removeFirst(2) }
    alternatives = Glob.expandBraces(text).map { Array($0.utf8) }
  }

  public var hasWildcards: Bool {
    pattern.contains { "*?[{".contains($0) }
  }

  /// The leading segments without wildcards: where a walk for it can start.
  public var literalPrefix: String {
    var segments: [Substring] = []
    for segment in pattern.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.contains(where: { "*?[{".contains($0) }) { break }
      segments.append(segment)
    }
    if segments.count == pattern.split(separator: "/", omittingEmptySubsequences: false).count {
      return pattern
    }
    return segments.joined(separator: "/")
  }

  public func matches(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    return alternatives.contains { Glob.match($0[...], bytes[...]) }
  }

  /// Whether the pattern matches `path` or any file below it (`push` for `push/**`).
  public func matchesDirectoryContents(_ path: String) -> Bool {
    matches(path + "/") || matches(path + "/x")
  }

  static func expandBraces(_ pattern: String) -> [String] {
    guard let open = pattern.firstIndex(of: "{"),
      let close = pattern[open...].firstIndex(of: "}")
    else { return [pattern] }
    let prefix = pattern[..<open]
    let suffix = pattern[pattern.index(after: close)...]
    return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
      .flatMap { expandBraces(String(prefix) + $0 + suffix) }
  }

  private static func match(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
    var p = pattern.startIndex
    var s = path.startIndex
    // Backtracking points for the last `*` (within a segment) seen.
    var starP = -1
    var starS = -1
    while s < path.endIndex || p < pattern.endIndex {
      if p < pattern.endIndex {
        let byte = pattern[p]
        if byte == UInt8(ascii: "*") {
          if p + 1 < pattern.endIndex && pattern[p + 1] == UInt8(ascii: "*") {
            // `**/` matches zero or more whole segments; a trailing `**` matches everything.
            var rest = p + 2
            if rest < pattern.endIndex && pattern[rest] == UInt8(ascii: "/") { rest += 1 }
            if rest == pattern.endIndex { return true }
            var candidate = s
            while true {
              if match(pattern[rest...], path[candidate...]) { return true }
              guard let slash = path[candidate...].firstIndex(of: UInt8(ascii: "/")) else { return false }
              candidate = slash + 1
            }
          }
          starP = p
          starS = s
          p += 1
          continue
        }
        if s < path.endIndex {
          if byte == UInt8(ascii: "?") && path[s] != UInt8(ascii: "/") {
            p += 1
            s += 1
            continue
          }
          if byte == UInt8(ascii: "["), let (matched, next) = matchClass(pattern, p, path[s]) {
            if matched {
              p = next
              s += 1
              continue
            }
          } else if byte == path[s] {
            p += 1
            s += 1
            continue
          }
        }
      }
      if starP >= 0 && starS < path.endIndex && path[starS] != UInt8(ascii: "/") {
        starS += 1
        s = starS
        p = starP + 1
        continue
      }
      return false
    }
    return true
  }

  /// Matches `byte` against the class starting at `start`; nil if the class is unterminated.
  private static func matchClass(_ pattern: ArraySlice<UInt8>, _ start: Int, _ byte: UInt8) -> (Bool, Int)? {
    var index = start + 1
    var negate = false
    if index < pattern.endIndex && (pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^")) {
      negate = true
      index += 1
    }
    var matched = false
    var first = true
    while index < pattern.endIndex && (first || pattern[index] != UInt8(ascii: "]")) {
      first = false
      if index + 2 < pattern.endIndex && pattern[index + 1] == UInt8(ascii: "-")
        && pattern[index + 2] != UInt8(ascii: "]")
      {
        if pattern[index] <= byte && byte <= pattern[index + 2] { matched = true }
        index += 3
      } else {
        if pattern[index] == byte { matched = true }
        index += 1
      }
    }
    guard index < pattern.endIndex else { return nil }
    return (matched != negate && byte != UInt8(ascii: "/"), index + 1)
  }
}
