import ArgumentParser
import PushLintCore
import PushLintSwiftSource

/// `pushlint init`: writes a commented `.pushlint.yml` for the repository.
struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a commented .pushlint.yml for this repository (targets and context from what it holds).")

  @Argument(help: ArgumentHelp("The repository's folder.", valueName: "directory"))
  var directory: String = "."

  @Flag(help: "Print the configuration instead of writing it.")
  var stdout = false

  @Flag(help: "Replace an existing .pushlint.yml.")
  var force = false

  func run() throws {
    let root = Paths.absolute(directory, from: Paths.currentDirectory())
    let file = Paths.join(root, Configuration.fileName)
    var linter = Linter(configuration: Configuration(directory: root))
    linter.registrationReaders.append(SwiftRegistrationReader())
    let text = linter.draftConfiguration(directory: root)
    if stdout {
      FileHandle.standardOutput.write(text)
      return
    }
    if !force, Paths.exists(file) || Paths.exists(Paths.join(root, ".pushlint.yaml")) {
      FileHandle.standardError.write(CommandLineNotice.configurationExists(in: directory) + "\n")
      terminate(ExitStatus.usage)
    }
    if case .failure(let error) = System.writeFileAtomically(Array(text.utf8), to: file) {
      FileHandle.standardError.write(CommandLineNotice.cannotWrite(file, error) + "\n")
      terminate(ExitStatus.usage)
    }
    FileHandle.standardError.write(
      CommandLineNotice.wrote(Paths.relative(file, to: Paths.currentDirectory()) ?? file) + "\n")
  }
}
