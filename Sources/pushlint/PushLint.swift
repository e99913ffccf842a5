import ArgumentParser
import PushLintCore

@main
struct PushLint: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pushlint",
    abstract: "Lint Apple push notification payloads, categories, extension plists and entitlements.",
    version: PushLintInfo.fullVersion,
    subcommands: [Lint.self, Rules.self, Project.self, Init.self, Schema.self, LanguageServerCommand.self],
    defaultSubcommand: Lint.self
  )

  /// swift-argument-parser exits 64 on a usage error; pushlint's contract says 2.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // `pushlint --help` is asked by people who want to lint: show the lint
    // command's options (the default command) and then the subcommands.
    if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
      FileHandle.standardOutput.write(
        Lint.helpMessage(for: Lint.self, columns: nil)
          .replacingFirst(
            "OVERVIEW: Lint files and directories (the default command).", with: "OVERVIEW: \(configuration.abstract)"
          )
          .replacingFirst("USAGE: pushlint lint ", with: "USAGE: pushlint ")
          + "\nSUBCOMMANDS:\n  \("lint (default)".padding(to: 22))  \(Lint.configuration.abstract)\n"
          + "  \("rules".padding(to: 22))  \(Rules.configuration.abstract)\n"
          + "  \("project".padding(to: 22))  \(Project.configuration.abstract)\n"
          + "  \("init".padding(to: 22))  \(Init.configuration.abstract)\n"
          + "\n  See 'pushlint rules --help'. Shell completions: pushlint --generate-completion-script bash|zsh|fish\n")
      terminate(ExitStatus.clean)
    }
    do {
      let setAside = ManyPaths.setAside(arguments)
      let parsed = setAside?.arguments ?? arguments
      var command = try defaultCommand(parsing: parsed) ?? parseAsRoot(parsed)
      if let paths = setAside?.paths, var lint = command as? Lint {
        lint.paths += paths
        command = lint
      }
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      let message = suggestingByEditDistance(fullMessage(for: error), arguments: arguments)
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

extension PushLint {
  /// A lint that names no subcommand, parsed by the lint command alone.
  /// Parsed through the root, the same arguments are first read as the
  /// root's (for a completion-script request) and the subcommand's, with
  /// their reflection and type lookups: most of a small run's start. Nil
  /// when they name a subcommand or the lint command refuses them: the
  /// root then parses them again, and words the error as it always does.
  static func defaultCommand(parsing arguments: [String]) -> Lint? {
    if let first = arguments.first, namesSubcommand(first) { return nil }
    // The root's flag: refused by the lint command after a parse of its own.
    if arguments == ["--version"] { return nil }
    return (try? Lint.parseAsRoot(arguments)) as? Lint
  }

  /// Whether `argument`, first on the command line, names a subcommand
  /// (`lint` included) or `help`: a path spelt so is the subcommand.
  static func namesSubcommand(_ argument: String) -> Bool {
    argument == "help" || configuration.subcommands.contains { $0.configuration.commandName == argument }
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

extension String {
  /// The string with its first `target` replaced (the tests import no Foundation).
  func replacingFirst(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while !rest.isEmpty {
      if rest.hasPrefix(target) { return result + replacement + rest.dropFirst(target.count) }
      result.append(rest.removeFirst())
    }
    return result
  }
}

extension PushLint {
  /// swift-argument-parser suggests an option for an unknown one by its own
  /// measure (`--bogus` → `--jobs`); pushlint's did-you-mean is the one its
  /// rules and keys use: edit distance, within a third of the word.
  static func suggestingByEditDistance(_ message: String, arguments: [String]) -> String {
    guard let match = message.firstMatch(of: /Unknown option '(--?[^']+)'\.(?: Did you mean '[^']+'\?)?/) else {
      return message
    }
    let unknown = String(match.1)
    let help: String
    switch arguments.first {
    case "rules": help = Rules.helpMessage(for: Rules.self, columns: nil)
    case "project": help = Project.helpMessage(for: Project.self, columns: nil)
    case "init": help = Init.helpMessage(for: Init.self, columns: nil)
    default: help = Lint.helpMessage(for: Lint.self, columns: nil)
    }
    let options = Array(Set(help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.0) })).sorted()
    let hint = Suggestion.nearest(to: unknown, in: options).map { " Did you mean '\($0)'?" } ?? ""
    var rewritten = message
    rewritten.replaceSubrange(match.range, with: "Unknown option '\(unknown)'.\(hint)")
    return rewritten
  }
}
