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
      for each in error.all { FileHandle.standardError.write("pushlint: \(each)\n") }
      terminate(ExitStatus.usage)
    }
    var linter = Linter(configuration: configuration)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = configFile == nil && !noConfig
    let (projects, errors) = linter.describeProjects(paths: paths, currentDirectory: currentDirectory)
    FileHandle.standardOutput.write(format == "json" ? Self.json(projects, errors: errors) : Self.text(projects))
    for error in errors { FileHandle.standardError.write("pushlint: \(error.path): \(error.reason)\n") }
    if !errors.isEmpty { terminate(ExitStatus.usage) }
  }

  static func json(_ projects: [ProjectDescription], errors: [FileError]) -> String {
    func strings(_ values: [String]) -> JSONOutput { .array(values.map(JSONOutput.string)) }
    func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    let items = projects.map { project -> JSONOutput in
      .object([
        ("root", .string(project.root)), ("config", optional(project.configuration)),
        ("files", .array(project.files.map { .object([("path", .string($0.path)), ("kind", .string($0.kind))]) })),
        (
          "skipped",
          .array(project.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })
        ),
        (
          "targets",
          .array(
            project.targets.map { target in
              .object([
                ("name", .string(target.name)), ("productType", .string(target.productType)),
                ("bundleIdentifier", optional(target.bundleIdentifiers.first)),
                ("bundleIdentifiers", strings(target.bundleIdentifiers)),
                ("infoPlist", optional(target.infoPlist)), ("entitlements", optional(target.entitlements)),
                ("dependencies", strings(target.dependencies)),
              ])
            })
        ),
        (
          "categories",
          .array(
            project.categories.map { category in
              var members: [(String, JSONOutput)] = [
                ("identifier", .string(category.identifier)), ("path", .string(category.path)),
                ("line", .int(category.line)), ("options", strings(category.options)),
                (
                  "actions",
                  .array(
                    (category.actions ?? []).map { action in
                      .object([
                        ("identifier", .string(action.identifier)), ("options", strings(action.options)),
                        ("textInput", .bool(action.textInput)), ("conditional", .bool(action.conditional)),
                        ("icon", action.icon.map(JSONOutput.string) ?? .null),
                      ])
                    })
                ),
              ]
              if let reason = category.actionsUnresolved { members.append(("actionsUnresolved", .string(reason))) }
              return .object(members)
            })
        ),
        (
          "extensions",
          .array(
            project.extensions.map { .object([("path", .string($0.path)), ("categories", strings($0.categories))]) })
        ),
        (
          "unresolved",
          .array(
            project.unresolved.map {
              .object([("path", .string($0.path)), ("line", .int($0.line)), ("reason", .string($0.reason))])
            })
        ),
      ])
    }
    return JSONOutput.object([("version", .int(1)), ("projects", .array(items))]).serialized() + "\n"
  }

  static func text(_ projects: [ProjectDescription]) -> String {
    var output = ""
    for project in projects {
      output +=
        "project \(project.root)\(project.configuration.map { " (configuration \($0))" } ?? " (no configuration)")\n"
      // Sounds are read for the payloads that name them, not linted: the
      // count of files is the one a lint of the same paths gives.
      let linted = project.files.filter { $0.kind != "sound" }
      let sounds = project.files.filter { $0.kind == "sound" }
      output += "  files (\(linted.count)):\n"
      for file in linted { output += "    \(file.path)  \(file.kind)\n" }
      if linted.isEmpty { output += "    (none)\n" }
      if !sounds.isEmpty {
        output += "  sounds (\(sounds.count)):\n"
        for file in sounds { output += "    \(file.path)\n" }
      }
      if !project.skipped.isEmpty {
        output += "  skipped:\n"
        for file in project.skipped { output += "    \(file.path)  \(file.reason)\n" }
      }
      if !project.targets.isEmpty {
        output += "  targets:\n"
        for target in project.targets {
          let identifiers =
            target.bundleIdentifiers.isEmpty ? "no bundle identifier" : target.bundleIdentifiers.joined(separator: ", ")
          output += "    \(target.name)  \(target.productKind)  \(identifiers)\n"
          if let plist = target.infoPlist { output += "      Info.plist: \(plist)\n" }
          if let entitlements = target.entitlements { output += "      entitlements: \(entitlements)\n" }
          if !target.dependencies.isEmpty { output += "      embeds: \(target.dependencies.joined(separator: ", "))\n" }
        }
      }
      output += "  categories:\n"
      for category in project.categories {
        let options = category.options.isEmpty ? "" : " [\(category.options.joined(separator: ", "))]"
        output += "    \(category.identifier)\(options)  \(category.path):\(category.line)\n"
        if let reason = category.actionsUnresolved { output += "      actions not known statically: \(reason)\n" }
        for action in category.actions ?? [] {
          var notes = action.options
          if action.textInput { notes.append("text input") }
          if action.conditional { notes.append("conditional") }
          if let icon = action.icon { notes.append(icon) }
          output += "      \(action.identifier)\(notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")\n"
        }
      }
      if project.categories.isEmpty { output += "    (none)\n" }
      if !project.extensions.isEmpty {
        output += "  content extensions:\n"
        for item in project.extensions { output += "    \(item.path)  \(item.categories.joined(separator: ", "))\n" }
      }
      if !project.unresolved.isEmpty {
        output += "  unresolved:\n"
        for item in project.unresolved { output += "    \(item.path):\(item.line)  \(item.reason)\n" }
      }
    }
    return output
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
