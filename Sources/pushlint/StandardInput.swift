import PushLintCore

#if canImport(Glibc)
  import Glibc
#endif

enum StandardInput {
  nonisolated(unsafe) static var bytes: [UInt8]?

  static func read() -> Result<[UInt8], FileError> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(FileError(path: "<stdin>", reason: String(cString: strerror(errno))))
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > FileLimits.maxFileSize {
        return .failure(
          FileError(path: "<stdin>", reason: "standard input is over the \(FileLimits.maxFileSize >> 20) MiB limit"))
      }
    }
  }
}

enum ProcessInfo {
  static var environment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

enum SourceFile {
  static func write(_ text: String, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count <= 0 { return false }
      written += count
    }
    return true
  }
}
