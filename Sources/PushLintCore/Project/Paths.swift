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
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == ".." && isAbsolute { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
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
