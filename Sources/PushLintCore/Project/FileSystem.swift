/// Why a path could not be linted: exit status 2, other files still linted.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var problem: FileProblem
  public var description: String { "\(path): \(reason)" }

  public init(path: String, _ problem: FileProblem) {
    self.path = path
    self.problem = problem
  }
}

/// Why a file or directory could not be read, or a configured path not found.
/// Two problems are the same when they say the same. A configuration's
/// problem, which is large, is boxed (every read file carries room for a
/// problem); the others are held in place. A box is pointed at with the case
/// in the pointer's spare bits, which LeakSanitizer cannot follow, and a
/// file's problem is made on whichever thread read it: boxed, the problem of
/// a file that a worker thread refused read as leaked at the command line's
/// exit, where the results are still held.
public enum FileProblem: Sendable, Hashable {
  case system(SystemError)
  case isDirectory
  case notRegularFile
  case tooLarge(size: Int, limit: Int)
  case standardInputTooLarge(limit: Int)
  /// A path the configuration's `key` names without a wildcard matches nothing.
  case configuredPathMissing(key: String, configuration: String)
  indirect case configuration(ConfigurationProblem)

  public static func == (lhs: FileProblem, rhs: FileProblem) -> Bool { lhs.described == rhs.described }

  public func hash(into hasher: inout Hasher) { hasher.combine(described) }
}

/// An `errno` value: the common ones by name, the rest in the C library's words.
public enum SystemError: Sendable, Hashable {
  case noSuchFile
  case permissionDenied
  case symbolicLinkLoop
  case notADirectory
  case other(String)
}

public enum FileLimits {
  /// A larger file is refused with a message instead of being read into
  /// memory. JSON Lines files stream, so they are not bound by it, and JSON
  /// files have their own limit.
  public static let maxFileSize = 256 << 20
  /// A larger `.json` or `.apns` file is refused. The JSON reader keeps what
  /// no rule reads (app data, large containers, a root that is no object)
  /// as its bytes, so a document of any shape costs a few times its size at
  /// most; the readers of the other formats build a tree of all of it.
  public static let maxJSONFileSize = 1 << 30

  /// The limit for a file named with `fileExtension` (`fileExtension(_:)`).
  public static func maxFileSize(forExtension fileExtension: String) -> Int {
    fileExtension == "json" || fileExtension == "apns" ? maxJSONFileSize : maxFileSize
  }
  /// The limit for a file at `path`, by its extension: standard input named
  /// with `--stdin-filename` has the limit of the file it stands for.
  public static func maxFileSize(forPath path: String) -> Int {
    maxFileSize(forExtension: fileExtension(path))
  }
  /// The longest JSON Lines line read; a longer one is a `syntax-error`.
  public static let maxLineLength = 16 << 20
}

/// The file system as the engine needs it, over `System`'s calls.
enum FileSystem {
  typealias EntryType = System.EntryType
  typealias Identity = System.Identity

  static func status(_ path: String, followLinks: Bool = true) -> (EntryType, Identity?, Int32) {
    System.status(path, followLinks: followLinks)
  }

  static func systemError(_ code: Int32) -> SystemError { System.systemError(code) }

  /// Reads a whole regular file, refusing anything that is not one (a FIFO
  /// would block forever) and anything over the size limit.
  static func readFile(_ path: String, limit: Int = FileLimits.maxFileSize) -> Result<[UInt8], FileError> {
    let descriptor: Int32
    let size: Int
    switch System.openRegularFile(path) {
    case .success(let opened): (descriptor, size) = opened
    case .failure(let error): return .failure(error)
    }
    defer { System.close(descriptor) }
    guard size <= limit else {
      return .failure(
        FileError(path: path, .tooLarge(size: size, limit: limit)))
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    reading: while filled < size {
      let result = bytes.withUnsafeMutableBytes { buffer in
        System.read(descriptor, into: buffer.baseAddress! + filled, count: size - filled)
      }
      switch result {
      case .failure(let error): return .failure(FileError(path: path, .system(systemError(error.code))))
      case .success(0): break reading
      case .success(let count): filled += count
      }
    }
    // The file shrank while it was read.
    if filled < size { bytes.removeLast(size - filled) }
    return .success(bytes)
  }

  /// The entries of a directory, sorted, without `.` and `..`.
  static func list(_ path: String) -> Result<[String], FileError> {
    entries(path).map { $0.map(\.name) }
  }

  /// A directory's entries in byte order of their names, each with its type
  /// when the directory says it.
  static func entries(_ path: String) -> Result<[(name: String, type: EntryType?)], FileError> {
    System.directoryEntries(path).map { entries in
      entries.sorted { lhs, rhs in
        var left = lhs.name
        var right = rhs.name
        return left.withUTF8 { a in
          right.withUTF8 { b in
            let common = min(a.count, b.count)
            let order = common == 0 ? 0 : System.compare(a.baseAddress!, b.baseAddress!, count: common)
            return order != 0 ? order < 0 : a.count < b.count
          }
        }
      }
    }
  }
}

/// File reading for callers outside the engine (the pretty format's source
/// lines), with the engine's refusals and size limit.
public enum SourceFiles {
  public static func read(_ path: String) -> Result<[UInt8], FileError> { FileSystem.readFile(path) }

  /// A file's text as diagnostics position it: UTF-16 `.strings` files are
  /// read as their UTF-8 text, as the reader did.
  public static func text(_ path: String) -> Result<[UInt8], FileError> {
    let result = read(path)
    guard case .success(let bytes) = result, SourceFormat.from(fileName: path) == .strings,
      case .text(let text) = StringsFileReader.decode(bytes)
    else { return result }
    return .success(text)
  }
}
