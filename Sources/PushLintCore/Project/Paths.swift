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

  public static func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  public static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
