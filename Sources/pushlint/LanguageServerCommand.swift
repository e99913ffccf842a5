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
    // Lints wait for a pause in the input (a burst of edits is linted
    // once, at its end) and run beside the messages that keep coming.
    let lints = BackgroundLints()
    while server.exitCode == nil {
      let wait: Int32 = lints.isBusy ? 10 : server.hasPendingLints ? 5 : -1
      if reader.hasBufferedMessage || System.hasInput(System.standardInput, within: wait) {
        guard let frame = reader.next() else { break }
        if case .message(let body) = frame { send(server.handle(body)) }
      } else {
        while lints.hasRoom, let job = server.nextLint(skipping: lints.running) {
          if job.isQuick {
            send(server.finish(job, job.run()))
          } else {
            lints.start(job)
          }
        }
      }
      for (job, diagnostics) in lints.takeFinished() { send(server.finish(job, diagnostics)) }
    }
    // The end of input without `exit` is an exit without `shutdown`.
    terminate(server.exitCode ?? 1)
  }
}
