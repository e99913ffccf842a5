import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// A scratch directory that removes itself.
final class ScratchDirectory {
  let path: String

  init() {
    var template = Array("/tmp/pushlint-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = made.map { String(cString: $0) } ?? "/tmp/pushlint-test"
  }

  deinit { _ = run("/bin/rm", ["-rf", path]) }

  func write(_ relative: String, _ text: String) { write(relative, bytes: Array(text.utf8)) }

  func write(_ relative: String, bytes: [UInt8]) {
    let full = path + "/" + relative
    _ = run("/bin/mkdir", ["-p", Paths.directoryName(full)])
    let descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    writeBytes(descriptor, bytes)
    close(descriptor)
  }
}

struct ProcessResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs a program and collects its output (through files, so neither pipe can fill up).
@discardableResult
func run(
  _ executable: String, _ arguments: [String], in directory: String? = nil, input: String? = nil
) -> ProcessResult {
  let outputFile = "/tmp/pushlint-out-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  var command = ""
  if let directory { command += "cd '\(directory)' && " }
  command += ([executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
    separator: " ")
  if let input {
    let inputFile = outputFile + ".in"
    let descriptor = open(inputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let bytes = Array(input.utf8)
    writeBytes(descriptor, bytes)
    close(descriptor)
    command += " < '\(inputFile)'"
  } else {
    command += " < /dev/null"
  }
  command += " > '\(outputFile).1' 2> '\(outputFile).2'"
  let status = system(command)
  func slurp(_ path: String) -> String {
    guard case .success(let bytes) = FileSystem.readFile(path) else { return "" }
    unlink(path)
    return String(decoding: bytes, as: UTF8.self)
  }
  unlink(outputFile + ".in")
  let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ProcessResult(
    status: exitStatus, standardOutput: slurp(outputFile + ".1"), standardError: slurp(outputFile + ".2"))
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

/// The built `pushlint` beside the test binary.
let pushlintBinary: String = {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  let executable = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
  var directory = Paths.directoryName(executable)
  // swift test runs <build>/debug/<package>PackageTests.xctest
  while directory != "/" && FileSystem.status(directory + "/pushlint").0 != .file {
    directory = Paths.directoryName(directory)
  }
  return directory + "/pushlint"
}()
