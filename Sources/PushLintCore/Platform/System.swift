#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
#else
  #error("pushlint builds on Linux (Glibc) and macOS (Darwin)")
#endif

/// Every call pushlint makes into the C library, for Linux and macOS alike:
/// the rest of the code imports neither Glibc nor Darwin.
public enum System {
  // MARK: Process

  /// Online cores: how many files or lines are worked on at once.
  public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  public static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// An environment variable's value (nil when unset).
  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Ends the process; pushlint writes its output unbuffered, so nothing is lost.
  public static func exit(_ code: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(code)
    #else
      Darwin.exit(code)
    #endif
  }

  // MARK: Descriptors

  public static let standardInput: Int32 = 0
  public static let standardOutput: Int32 = 1
  public static let standardError: Int32 = 2

  /// Writes all of `bytes`; false when the descriptor refuses them.
  @discardableResult
  public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return false }
      written += count
    }
    return true
  }

  /// Whether `descriptor` has input to read (or has reached its end)
  /// within `milliseconds`: how the language server tells a burst of
  /// edits from a pause.
  public static func hasInput(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) > 0
  }

  /// Up to `count` bytes from `descriptor`: empty at its end or on an error.
  public static func readChunk(_ descriptor: Int32, count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    let result = buffer.withUnsafeMutableBytes { read(descriptor, into: $0.baseAddress!, count: count) }
    guard case .success(let read) = result, read > 0 else { return [] }
    return Array(buffer.prefix(read))
  }

  /// A failed call's `errno`.
  struct ErrorCode: Error {
    var code: Int32
  }

  /// Reads up to `count` bytes into `buffer`, retrying on interruption: the
  /// number read (0 at the end), or the error.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, ErrorCode> {
    while true {
      let result = systemRead(descriptor, buffer, count)
      if result >= 0 { return .success(result) }
      if errno != EINTR { return .failure(ErrorCode(code: errno)) }
    }
  }

  /// All of a descriptor's bytes, up to `limit` (nil past it).
  public static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8]?, FileError> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let result = chunk.withUnsafeMutableBytes { read(descriptor, into: $0.baseAddress!, count: $0.count) }
      switch result {
      case .failure(let error): return .failure(FileError(path: "", .system(systemError(error.code))))
      case .success(0): return .success(bytes)
      case .success(let count):
        bytes.append(contentsOf: chunk[0..<count])
        if bytes.count > limit { return .success(nil) }
      }
    }
  }

  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  // MARK: Files

  enum EntryType {
    case file, directory, other, missing
  }

  /// What a file is, for telling a directory cycle from a repeated visit.
  struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  static func status(_ path: String, followLinks: Bool) -> (EntryType, Identity?, Int32) {
    var info = stat()
    let result = followLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { return (.missing, nil, errno) }
    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    return (entryType(mode: info.st_mode), identity, 0)
  }

  private static func entryType(mode: mode_t) -> EntryType {
    switch mode & S_IFMT {
    case S_IFREG: .file
    case S_IFDIR: .directory
    default: .other
    }
  }

  /// What an `errno` value means: the common ones by name, the rest in the
  /// C library's words.
  static func systemError(_ code: Int32) -> SystemError {
    switch code {
    case ENOENT: .noSuchFile
    case EACCES: .permissionDenied
    case ELOOP: .symbolicLinkLoop
    case ENOTDIR: .notADirectory
    default: .other(String(cString: strerror(code)))
    }
  }

  /// Opens `path` for reading, only when it is a regular file (reading a
  /// FIFO or device could block forever): its descriptor, which the caller
  /// closes, and its size; or why not.
  static func openRegularFile(_ path: String) -> Result<(descriptor: Int32, size: Int), FileError> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(FileError(path: path, .system(systemError(errno)))) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let problem = FileProblem.system(systemError(errno))
      close(descriptor)
      return .failure(FileError(path: path, problem))
    }
    switch entryType(mode: info.st_mode) {
    case .file: return .success((descriptor, Int(info.st_size)))
    case .directory:
      close(descriptor)
      return .failure(FileError(path: path, .isDirectory))
    default:
      close(descriptor)
      return .failure(FileError(path: path, .notRegularFile))
    }
  }

  /// Writes `bytes` to a new file at `path` (replacing what is there).
  public static func writeFile(_ bytes: [UInt8], to path: String) -> Result<Void, FileError> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return .failure(FileError(path: path, .system(systemError(errno)))) }
    defer { close(descriptor) }
    guard write(bytes, to: descriptor) else { return .failure(FileError(path: path, .system(systemError(errno)))) }
    return .success(())
  }

  /// Writes `bytes` to a file beside `path` and renames it over `path`, so
  /// no reader ever sees half a file; a file replaced keeps its permissions.
  public static func writeFileAtomically(_ bytes: [UInt8], to path: String) -> Result<Void, FileError> {
    let temporary = "\(path).pushlint-\(getpid())"
    if case .failure(let error) = writeFile(bytes, to: temporary) { return .failure(error) }
    var info = stat()
    if stat(path, &info) == 0 { chmod(temporary, info.st_mode & 0o7777) }
    guard rename(temporary, path) == 0 else {
      let problem = FileProblem.system(systemError(errno))
      unlink(temporary)
      return .failure(FileError(path: path, problem))
    }
    return .success(())
  }

  /// A directory's entries, without `.` and `..`, unsorted, each with its
  /// type when the directory says it (then a walk needs no `stat` per
  /// file); nil for symbolic links and file systems that do not say.
  static func directoryEntries(_ path: String) -> Result<[(name: String, type: EntryType?)], FileError> {
    guard let directory = opendir(path) else { return .failure(FileError(path: path, .system(systemError(errno)))) }
    defer { closedir(directory) }
    var entries: [(name: String, type: EntryType?)] = []
    // The name is read where it lies: `d_name` taken as a value copies the
    // whole array, past the end of an entry the C library sized to its name
    // (the last entry of its buffer ends there). A C struct's field is
    // stored, so its offset is known.
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(directory) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
      guard name != "." && name != ".." else { continue }
      let type: EntryType?
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): type = .file
      case Int32(DT_DIR): type = .directory
      default: type = nil
      }
      entries.append((name, type))
    }
    return .success(entries)
  }

  // MARK: Memory

  /// The offset of the first `byte` in `count` bytes at `base`.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, count: Int) -> Int? {
    guard let found = memchr(base, Int32(byte), count) else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// `memcmp`: negative, zero or positive as the bytes at `first` sort
  /// before, with or after those at `second`.
  @inline(__always)
  static func compare(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Int32 {
    memcmp(first, second, count)
  }

  // MARK: Threads

  /// A count that threads advance in turn: how workers share out the items
  /// of a parallel map, a run of items at a time.
  final class SharedCounter: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value = 0

    init() {
      lock.initialize(to: pthread_mutex_t())
      precondition(pthread_mutex_init(lock, nil) == 0, "no mutex")
    }

    deinit {
      pthread_mutex_destroy(lock)
      lock.deallocate()
    }

    /// The count before `step` is added to it.
    func advance(by step: Int) -> Int {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      let before = value
      value += step
      return before
    }
  }

  /// A flag each thread sets for itself.
  struct ThreadFlag: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
      var key = pthread_key_t()
      precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
      self.key = key
    }

    var isSet: Bool { pthread_getspecific(key) != nil }

    func set(_ value: Bool) {
      pthread_setspecific(key, value ? UnsafeRawPointer(bitPattern: 1) : nil)
    }
  }
}
