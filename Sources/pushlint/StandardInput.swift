import PushLintCore

#if canImport(Glibc)
  import Glibc
#endif

enum StandardInput {
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
