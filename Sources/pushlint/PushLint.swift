import ArgumentParser
import PushLintCore

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

/// Exit statuses, as the README documents them.
enum ExitStatus {
  static let clean: Int32 = 0
  static let findings: Int32 = 1
  static let usage: Int32 = 2
  static let internalError: Int32 = 3
}

/// Ends the process; all output is written unbuffered, so nothing is lost.
func terminate(_ code: Int32) -> Never {
  System.exit(code)
}

struct FileHandle {
  let descriptor: Int32
  static let standardError = FileHandle(descriptor: System.standardError)
  static let standardOutput = FileHandle(descriptor: System.standardOutput)

  func write(_ text: String) {
    System.write(Array(text.utf8), to: descriptor)
  }
}
