import ArgumentParser
import PushLintCore
import PushLintSwiftSource

/// `pushlint project`: what pushlint believes the app is, for debugging a
/// surprising finding.
struct Project: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "project",
    abstract: "Show what pushlint read: files and kinds, Xcode targets, categories, unresolved registrations.")

  @Argument(
    help: ArgumentHelp(
      "Files or directories, as for lint (default: the configuration's include, or .).", valueName: "path"))
  var paths: [String] = []

  @Option(name: [.customShort("f"), .long], help: "text (the default) or json.")
  var format: String = "text"

  @Option(
    name: [.customShort("c"), .customLong("config"), .customLong("config-file")],
    help: ArgumentHelp("Use this configuration file instead of discovering .pushlint.yml.", valueName: "file"))
  var configFile: String?

  @Flag(help: "Ignore any .pushlint.yml.")
  var noConfig = false

  @Flag(help: "List every file read and skipped, not only the counts of those skipped.")
  var verbose = false

  func validate() throws {
    guard ["text", "json"].contains(format) else {
      throw ValidationError("--format takes text or json for project, not '\(format)'")
    }
  }

  func run() throws {
    let currentDirectory = Paths.currentDirectory()
    let configuration: Configuration
    do throws(ConfigurationError) {
      configuration = try commandLineConfiguration(
        configFile: configFile, noConfig: noConfig, currentDirectory: currentDirectory)
    } catch {
      for each in error.all { FileHandle.standardError.write(CommandLineNotice.error(each) + "\n") }
      terminate(ExitStatus.usage)
    }
    var linter = Linter(configuration: configuration)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = configFile == nil && !noConfig
    let (projects, errors) = linter.describeProjects(paths: paths, currentDirectory: currentDirectory)
    FileHandle.standardOutput.write(
      format == "json"
        ? ProjectReporter.json(projects, errors: errors) : ProjectReporter.text(projects, verbose: verbose))
    for error in errors { FileHandle.standardError.write(CommandLineNotice.fileError(error) + "\n") }
    if !errors.isEmpty { terminate(ExitStatus.usage) }
  }

}

/// The configuration a command runs under: none with --no-config, the file
/// --config names, or the nearest .pushlint.yml above the current directory.
func commandLineConfiguration(
  configFile: String?, noConfig: Bool, currentDirectory: String
) throws(ConfigurationError) -> Configuration {
  if noConfig { return Configuration(directory: currentDirectory) }
  if let configFile { return try Configuration.load(file: configFile, currentDirectory: currentDirectory) }
  if let discovered = Configuration.discover(from: currentDirectory) {
    return try Configuration.load(
      file: Paths.relative(discovered, to: currentDirectory) ?? discovered, currentDirectory: currentDirectory)
  }
  return Configuration(directory: currentDirectory)
}
