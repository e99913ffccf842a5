import PushLintCore

enum StandardInput {
  /// Standard input, read whole up to the limit of the file it is named as
  /// (`--stdin-filename`), or unnamed up to the limit of files other than
  /// JSON: its format is then learnt from its bytes.
  static func read(named name: String?) -> Result<[UInt8], FileError> {
    let limit = name.map(FileLimits.maxFileSize(forPath:)) ?? FileLimits.maxFileSize
    switch System.readAll(System.standardInput, limit: limit) {
    case .success(let bytes?): return .success(bytes)
    case .success(nil): return .failure(FileError(path: "<stdin>", .standardInputTooLarge(limit: limit)))
    case .failure(let error): return .failure(FileError(path: "<stdin>", error.problem))
    }
  }
}
