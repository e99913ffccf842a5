#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a path could not be linted: exit status 2, other files still linted.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

public enum FileLimits {
  /// A larger file is refused with a message instead of being read into memory.
  /// JSON Lines files stream, so they are not bound by it.
  public static let maxFileSize = 256 << 20
  /// The longest JSON Lines line read; a longer one is a `syntax-error`.
  public static let maxLineLength = 16 << 20
}

enum FileSystem {
  enum EntryType {
    case file, directory, other, missing
  }

  struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  static func status(_ path: String, followLinks: Bool = true) -> (EntryType, Identity?, Int32) {
    var info = stat()
    let result = followLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { return (.missing, nil, errno) }
    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (.file, identity, 0)
    case S_IFDIR: return (.directory, identity, 0)
    default: return (.other, identity, 0)
    }
  }

  static func errorText(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case EACCES: "permission denied"
    case ELOOP: "too many levels of symbolic links"
    case ENOTDIR: "a component of the path is not a directory"
    default: String(cString: strerror(code))
    }
  }

  /// Reads a whole regular file, refusing anything that is not one (a FIFO
  /// would block forever) and anything over the size limit.
  /// Opens `path` for reading, only when it is a regular file (reading a
  /// FIFO or device could block forever): its descriptor, which the caller
  /// closes, and its size.
  static func openRegularFile(_ path: String) -> Result<(descriptor: Int32, size: Int), FileError> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(FileError(path: path, reason: errorText(errno))) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = errorText(errno)
      close(descriptor)
      return .failure(FileError(path: path, reason: reason))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      let kind =
        info.st_mode & S_IFMT == S_IFDIR
        ? "is a directory" : "is not a regular file (a FIFO, socket or device); not read"
      return .failure(FileError(path: path, reason: kind))
    }
    return .success((descriptor, Int(info.st_size)))
  }

  static func readFile(_ path: String, limit: Int = FileLimits.maxFileSize) -> Result<[UInt8], FileError> {
    let descriptor: Int32
    let size: Int
    switch openRegularFile(path) {
    case .success(let opened): (descriptor, size) = opened
    case .failure(let error): return .failure(error)
    }
    defer { close(descriptor) }
    guard size <= limit else {
      return .failure(
        FileError(
          path: path, reason: "the file is \(size) bytes, over the \(limit >> 20) MiB limit pushlint reads; not linted")
      )
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + filled, size - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(FileError(path: path, reason: errorText(errno)))
      }
      if count == 0 { break }
      filled += count
    }
    if filled < size { bytes.removeLast(size - filled) }
    return .success(bytes)
  }

  /// The entries of a directory, sorted, without `.` and `..`.
  static func list(_ path: String) -> Result<[String], FileError> {
    entries(path).map { $0.map(\.name) }
  }

  /// A directory's entries in byte order of their names, each with its type
  /// when the directory says it (then a walk needs no `stat` per file); nil
  /// for symbolic links and file systems that do not say.
  static func entries(_ path: String) -> Result<[(name: String, type: EntryType?)], FileError> {
    guard let directory = opendir(path) else { return .failure(FileError(path: path, reason: errorText(errno))) }
    defer { closedir(directory) }
    var entries: [(name: String, type: EntryType?)] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      guard name != "." && name != ".." else { continue }
      let type: EntryType?
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): type = .file
      case Int32(DT_DIR): type = .directory
      default: type = nil
      }
      entries.append((name, type))
    }
    entries.sort { lhs, rhs in
      var left = lhs.name
      var right = rhs.name
      return left.withUTF8 { a in
        right.withUTF8 { b in
          let common = min(a.count, b.count)
          let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
          return order != 0 ? order < 0 : a.count < b.count
        }
      }
    }
    return .success(entries)
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
