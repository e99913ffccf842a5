import ArgumentParser
import PushLintCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct PushLint: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pushlint",
    abstract: "Lint Apple push notification payloads, categories, extension plists and entitlements.",
    version: PushLintInfo.version,
    subcommands: [Lint.self, Rules.self],
    defaultSubcommand: Lint.self
  )

  /// swift-argument-parser exits 64 on a usage error; pushlint's contract says 2.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      let message = fullMessage(for: error)
      if !message.isEmpty {
        FileHandle.standardError.write(message + "\n")
      }
      if code.rawValue == 64 || code == .validationFailure {
        terminate(2)
      }
      terminate(code.rawValue)
    }
  }
}

/// Exit statuses of `outputs.md`.
enum ExitStatus {
  static let clean: Int32 = 0
  static let findings: Int32 = 1
  static let usage: Int32 = 2
  static let internalError: Int32 = 3
}

/// Ends the process; all output is written unbuffered, so nothing is lost.
func terminate(_ code: Int32) -> Never {
  exit(code)
}

struct FileHandle {
  let descriptor: Int32
  static let standardError = FileHandle(descriptor: 2)
  static let standardOutput = FileHandle(descriptor: 1)

  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count <= 0 { return }
      written += count
    }
  }
}
