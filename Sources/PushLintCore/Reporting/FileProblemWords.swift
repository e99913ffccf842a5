/// How a run says why a file was not read.
extension FileError {
  public var reason: String { problem.described }
}

extension FileProblem {
  public var described: String {
    switch self {
    case .system(.noSuchFile): "no such file or directory"
    case .system(.permissionDenied): "permission denied"
    case .system(.symbolicLinkLoop): "too many levels of symbolic links"
    case .system(.notADirectory): "a component of the path is not a directory"
    case .system(.other(let text)): text
    case .isDirectory: "is a directory"
    case .notRegularFile: "is not a regular file (a FIFO, socket or device); not read"
    case .tooLarge(let size, let limit):
      "the file is \(size) bytes, over the \(Self.mebibytes(limit)) limit pushlint reads; not linted"
    case .standardInputTooLarge(let limit): "standard input is over the \(Self.mebibytes(limit)) limit"
    case .configuredPathMissing(let key, let configuration):
      "no such file or directory (from \(key) in \(configuration))"
    case .configuration(let problem): problem.message
    }
  }
}

extension FileProblem {
  /// A size limit in MiB, or GiB when it is a whole number of them.
  static func mebibytes(_ limit: Int) -> String {
    limit >= 1 << 30 && limit % (1 << 30) == 0 ? "\(limit >> 30) GiB" : "\(limit >> 20) MiB"
  }
}
