/// Small path helpers on `/`-separated strings; pushlint never needs more.
public enum Paths {
  /// Whether anything (a file, a directory, a link's target) is at `path`.
  public static func exists(_ path: String) -> Bool {
    if case .missing = FileSystem.status(path).0 { return false }
    return true
  }

  public static func currentDirectory() -> String {
    System.currentDirectory() ?? "."
  }

  /// Joins and removes `.`, `..` and repeated slashes.
  public static func normalize(_ path: String) -> String {
    // Every named path and every file of a walk passes here: the
    // components are found as byte ranges ("/" is one byte in UTF-8), not
    // as Characters.
    var path = path
    return path.withUTF8 { bytes -> String in
      let slash = UInt8(ascii: "/")
      let dot = UInt8(ascii: ".")
      let isAbsolute = bytes.first == slash
      var parts: [Range<Int>] = []
      func isDots(_ part: Range<Int>, _ count: Int) -> Bool {
        part.count == count && bytes[part].allSatisfy { $0 == dot }
      }
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != slash { end += 1 }
        let part = start..<end
        start = end + 1
        if part.isEmpty || isDots(part, 1) { continue }
        if isDots(part, 2) {
          if let last = parts.last, !isDots(last, 2) {
            parts.removeLast()
            continue
          }
          if isAbsolute { continue }
        }
        parts.append(part)
      }
      if parts.isEmpty { return isAbsolute ? "/" : "." }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 1)
      for (index, part) in parts.enumerated() {
        if index > 0 || isAbsolute { result.append(slash) }
        result.append(contentsOf: bytes[part])
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  public static func absolute(_ path: String, from base: String) -> String {
    normalize(path.hasPrefix("/") ? path : base + "/" + path)
  }

  public static func join(_ directory: String, _ name: String) -> String {
    if directory == "." { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `path` relative to `base` when it lies below it; nil otherwise. Both absolute and normalized.
  public static func relative(_ path: String, to base: String) -> String? {
    if path == base { return "." }
    let prefix = base == "/" ? "/" : base + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return String(path.dropFirst(prefix.count))
  }

  /// Whether `path` is `folder` or under it, not merely a name that starts
  /// like it (/repo2 is not under /repo). Both absolute and normalized.
  static func isWithin(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? folder : folder + "/")
  }

  // Both search the UTF-8 bytes: '/' is one byte, never part of another
  // character, and a search by Character costs a grapheme walk per step.
  public static func directoryName(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    if slash == path.utf8.startIndex { return "/" }
    return String(path[..<slash])
  }

  public static func fileName(_ path: String) -> String {
    var end = path.utf8.endIndex
    while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
      end = path.utf8.index(before: end)
    }
    guard end > path.utf8.startIndex else { return path }
    let start = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
    return String(path[start..<end])
  }
}
