import PushLintCore

enum StandardInput {
  static func read() -> Result<[UInt8], FileError> {
    switch System.readAll(System.standardInput, limit: FileLimits.maxFileSize) {
    case .success(let bytes?): return .success(bytes)
    case .success(nil):
      return .failure(
        FileError(path: "<stdin>", .standardInputTooLarge(limit: FileLimits.maxFileSize)))
    case .failure(let error): return .failure(FileError(path: "<stdin>", error.problem))
    }
  }
}
