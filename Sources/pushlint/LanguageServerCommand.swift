import ArgumentParser
import PushLintCore
import PushLintSwiftSource

struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the Language Server Protocol server on standard input and output.")

  func run() throws {
    let server = LanguageServer { root in
      // Each file under the .pushlint.yml nearest to it, as a run over it.
      var linter = Linter(configuration: Configuration(directory: root), jobs: 0)
      linter.registrationReaders.append(SwiftRegistrationReader())
      linter.usesNearestConfiguration = true
      return linter
    }
    var reader = MessageReader.reading(System.standardInput)
    func send(_ messages: [JSONOutput]) {
      for message in messages {
        System.write(MessageFraming.frame(message.serialized(indent: nil)), to: System.standardOutput)
      }
    }
    while server.exitCode == nil, let frame = reader.next() {
      if case .message(let body) = frame { send(server.handle(body)) }
      // Diagnostics wait for a pause in the input: a burst of edits is
      // linted once, at its end.
      if !reader.hasBufferedMessage && !System.hasInput(System.standardInput, within: 5) { send(server.flush()) }
    }
    // The end of input without `exit` is an exit without `shutdown`.
    terminate(server.exitCode ?? 1)
  }
}
