import ArgumentParser
import PushLintCore
import PushLintSwiftSource

// The values are listed here rather than by the protocol's defaults for a
// raw-valued enum: those go through a key path and generic collections,
// whose first use at every start looks their conformances up at run time,
// each a scan of every conformance record in the binary. The same strings
// result: each case's raw value, and no descriptions besides.
extension ReportFormat: ExpressibleByArgument {
  public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
  public static var allValueDescriptions: [String: String] { [:] }
  public var defaultValueDescription: String { rawValue }
}

extension ColumnUnit: ExpressibleByArgument {
  public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
  public static var allValueDescriptions: [String: String] { [:] }
  public var defaultValueDescription: String { rawValue }
}

struct Lint: ParsableCommand {
  // Named here: derived from the type, the name would cost a reflective
  // String(describing:) of it at every start.
  static let configuration: CommandConfiguration = {
    var configuration = CommandConfiguration(
      commandName: "lint",
      abstract: "Lint files and directories (the default command).")
    // A lint that names no subcommand is parsed by this command alone
    // (`PushLint.defaultCommand`). As the root of a parse, a command first
    // reads the arguments twice more, as swift-argument-parser's requests
    // for a completion script, whose reflection and type lookups cost about
    // a third of a small run's start; a command with a super command is
    // spared them. `pushlint --generate-completion-script` still reaches the
    // root, `PushLint`, which has none and answers it. The name also makes
    // this command's own usage line read `pushlint lint`.
    configuration._superCommandName = "pushlint"
    return configuration
  }()

  @Argument(
    help: "Files and directories to lint; '-' reads standard input. Default: the configuration's include, else '.'.")
  var paths: [String] = []

  @Option(
    name: [.customShort("f"), .long],
    help:
      "Output format: text, pretty, json, sarif or github (default: github on GitHub Actions, pretty on a terminal, text otherwise)."
  )
  var format: ReportFormat?

  @Option(name: [.customShort("o"), .long], help: "Write the report to this file instead of standard output.")
  var output: String?

  @Option(
    help:
      "What columns count in text, json and github output: characters (the default), bytes (vim, Emacs) or utf16 (VS Code)."
  )
  // Optional rather than defaulted, here and in --jobs: the help says the
  // default, and a defaulted option costs swift-argument-parser a few type
  // lookups at every start, each a scan of every conformance in the binary.
  var columnUnit: ColumnUnit?

  @Flag(help: "No colour in pretty output (NO_COLOR is honoured too).")
  var noColor = false

  @Option(
    name: [.customShort("c"), .customLong("config")],
    help: "Use this configuration file instead of discovering .pushlint.yml.")
  var configFile: String?

  @Flag(help: "Ignore any .pushlint.yml.")
  var noConfig = false

  @Option(help: "Lowest severity that fails the run: error, warning, note (or info) or never.")
  var failOn: String?

  @Option(parsing: .unconditional, help: "Also fail when there are more warnings than this.")
  var maxWarnings: Int?

  @Option(
    name: .customLong("rule"),
    help: ArgumentHelp(
      "Set a rule's level (off, note or info, warning, error); repeatable.", valueName: "name=severity"))
  var ruleSettings: [String] = []

  @Option(
    help: ArgumentHelp(
      "Run only these rules: names or families such as fcm-*, comma-separated; replaces the configuration's select.",
      valueName: "rules"))
  var select: [String] = []

  @Option(
    help: ArgumentHelp("Run these rules too, beside the selected ones.", valueName: "rules"))
  var extendSelect: [String] = []

  @Option(help: ArgumentHelp("Turn these rules off (names or families, comma-separated).", valueName: "rules"))
  var ignore: [String] = []

  @Option(
    help: ArgumentHelp(
      "Leave out walked files matching this glob; replaces the configuration's exclude; repeatable.",
      valueName: "glob"))
  var exclude: [String] = []

  @Option(
    help: ArgumentHelp("Leave out walked files matching this glob, besides those excluded already.", valueName: "glob"))
  var extendExclude: [String] = []

  @Flag(help: "Print how many findings each rule has instead of the findings (text or json).")
  var statistics = false

  @Option(
    name: .customLong("target"),
    help: ArgumentHelp("Minimum OS version, e.g. ios=15.0; repeatable.", valueName: "platform=version"))
  var targetSettings: [String] = []

  @Flag(help: "Read one document from standard input.")
  var stdin = false

  @Option(help: "The name standard input is linted as: its format, kind and configuration.")
  var stdinFilename: String?

  @Flag(
    help:
      "Skip named files that are no payload, envelope, FCM message, categories file, plist or entitlements, as a directory walk does (for hooks that pass every changed file)."
  )
  var skipUnrelated = false

  @Flag(
    name: [.customShort("q"), .long],
    help: "Report errors only (the summary and the exit status still count everything).")
  var quiet = false

  @Flag(
    help:
      "Exit 0 when there is nothing to lint, for hooks that may be handed no payload; without it a run that lints nothing exits 2."
  )
  var allowNoFiles = false

  @Option(
    help: ArgumentHelp(
      "Record today's findings (by rule, file and JSON Pointer, not line) in this file, and exit 0.",
      valueName: "file"))
  var writeBaseline: String?

  @Option(help: ArgumentHelp("Report only findings that this baseline file does not hold.", valueName: "file"))
  var baseline: String?

  @Option(help: ArgumentHelp("How many files to lint at once; 0, the default, means one per core.", valueName: "n"))
  var jobs: Int?

  @Flag(help: "Apply the safe fixes to the files, then report what remains.")
  var fix = false

  @Flag(help: "With --fix or --diff, also apply the fixes that may change what is sent.")
  var unsafeFixes = false

  @Flag(
    help: "Print what --fix would change as a unified diff and write nothing; exit 1 when there is something to fix.")
  var diff = false

  func validate() throws {
    if stdinFilename != nil && !readsStandardInput {
      throw ValidationError("--stdin-filename goes with --stdin or '-'")
    }
    if noConfig && configFile != nil { throw ValidationError("--config and --no-config cannot be combined") }
    if (fix || diff) && readsStandardInput {
      throw ValidationError("--fix and --diff change files; they do not take standard input")
    }
    if fix && diff { throw ValidationError("--diff shows what --fix would do; give one of them") }
    if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings takes a number of 0 or more") }
    if let jobs, jobs < 0 { throw ValidationError("--jobs takes a number of 0 or more") }
    if statistics, let format, format != .text, format != .json {
      throw ValidationError("--statistics prints text or json, not \(format.rawValue)")
    }
    if let failOn, FailOn(name: failOn) == nil {
      let hint = Suggestion.nearest(to: failOn, in: ["error", "warning", "note", "info", "never"]).map {
        "; did you mean '\($0)'?"
      }
      throw ValidationError("--fail-on takes error, warning, note (or info) or never, not '\(failOn)'\(hint ?? "")")
    }
  }

  var readsStandardInput: Bool { stdin || paths.contains("-") }

  func run() throws {
    let currentDirectory = Paths.currentDirectory()
    // `pushlint rul` is a misspelled subcommand more likely than a file, and
    // `pushlint --no-config project` a subcommand named after options.
    for path in paths where !path.contains("/") && !path.contains(".") && path != "-" {
      guard !Paths.exists(Paths.absolute(path, from: currentDirectory)) else { continue }
      if path != "help", PushLint.namesSubcommand(path) {
        FileHandle.standardError.write(CommandLineNotice.subcommandAfterOptions(path) + "\n")
        terminate(ExitStatus.usage)
      }
      guard
        let command = ["rules", "lint", "help"].first(where: { path.count >= 3 && $0.hasPrefix(path) })
          ?? Suggestion.nearest(to: path, in: ["rules", "lint", "help"])
      else { continue }
      FileHandle.standardError.write(CommandLineNotice.subcommandMistakenForPath(path, command: command) + "\n")
      terminate(ExitStatus.usage)
    }
    var configuration: Configuration
    var overlay: ConfigurationOverlay
    do {
      overlay = try commandLineOverlay()
      configuration = try loadConfiguration(currentDirectory: currentDirectory)
      overlay.apply(to: &configuration)
    } catch let error as ConfigurationError {
      for each in error.all { FileHandle.standardError.write(CommandLineNotice.error(each) + "\n") }
      terminate(ExitStatus.usage)
    }
    var linter = Linter(configuration: configuration, jobs: jobs ?? 0)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = configFile == nil && !noConfig
    linter.skipsUnrelatedFiles = skipUnrelated
    // With a baseline, findings are dropped after it is applied, not before:
    // an old warning must not count as a new one.
    if quiet && baseline == nil { linter.reportsAtLeast = .error }
    linter.commandLine = overlay
    var (report, standardInput) = lintedReport(linter, currentDirectory: currentDirectory)
    if fix || diff {
      let fixes = fixFiles(linter, report: report, currentDirectory: currentDirectory)
      if diff { finishDiff(fixes) }
      // What remains is reported and judged: the files are linted again.
      (report, standardInput) = lintedReport(linter, currentDirectory: currentDirectory)
      report.fixed = fixes.fixed
      report.fixesWithheld = fixes.withheld
      report.dropFixes(heldBack: fixes.heldBack)
      report.fileErrors += fixes.errors
    }
    if let writeBaseline { recordBaselineAndExit(report, to: writeBaseline) }
    let outcome = gate(failOn: configuration.failOn, currentDirectory: currentDirectory).apply(to: report)
    report = outcome.report
    emit(report, standardInput: standardInput, currentDirectory: currentDirectory)
    if report.documents == 0 && report.fileErrors.isEmpty && !allowNoFiles {
      // A CI gate pointed at the wrong path must not pass forever.
      let searched = readsStandardInput ? "standard input" : (paths.isEmpty ? "." : paths.joined(separator: ", "))
      FileHandle.standardError.write(TextReporter.nothingToLint(in: searched, emptyFiles: report.emptyFiles) + "\n")
      terminate(ExitStatus.usage)
    }
    for notice in outcome.notices { FileHandle.standardError.write(notice + "\n") }
    FileHandle.standardError.write(TextReporter.summary(report, baselined: outcome.baselined) + "\n")
    switch outcome.verdict {
    case .passed: terminate(ExitStatus.clean)
    case .failed: terminate(ExitStatus.findings)
    case .unreadable: terminate(ExitStatus.usage)
    }
  }

  /// What the linter finds in standard input and the paths, and what
  /// standard input held (the pretty format shows its lines).
  func lintedReport(_ linter: Linter, currentDirectory: String) -> (LintReport, [UInt8]?) {
    guard readsStandardInput else { return (linter.lint(paths: paths, currentDirectory: currentDirectory), nil) }
    var report: LintReport
    let standardInput: [UInt8]
    switch readStandardInput() {
    case .success(let bytes):
      standardInput = bytes
      // Named with --stdin-filename, it is linted under that file's
      // nearest .pushlint.yml, as the file itself would be.
      report = linter.report(bytes: bytes, path: stdinFilename ?? "<stdin>", currentDirectory: currentDirectory)
    case .failure(let error):
      FileHandle.standardError.write(CommandLineNotice.error(error) + "\n")
      terminate(ExitStatus.usage)
    }
    let others = paths.filter { $0 != "-" }
    if !others.isEmpty {
      report.add(linter.lint(paths: others, currentDirectory: currentDirectory))
      report.diagnostics.sort(by: Diagnostic.reportOrder)
    }
    return (report, standardInput)
  }

  /// `--write-baseline`: today's findings recorded, and a clean exit.
  func recordBaselineAndExit(_ report: LintReport, to file: String) -> Never {
    let recorded = Baseline(diagnostics: report.diagnostics)
    if case .failure(let error) = System.writeFile(Array(recorded.serialized().utf8), to: file) {
      FileHandle.standardError.write(CommandLineNotice.cannotWrite(SafeText.escape(file), error) + "\n")
      terminate(ExitStatus.usage)
    }
    FileHandle.standardError.write(recorded.recordedNotice(findings: report.diagnostics.count, file: file) + "\n")
    terminate(report.fileErrors.isEmpty ? ExitStatus.clean : ExitStatus.usage)
  }

  /// The last step's settings: --quiet, fail-on, --max-warnings, the baseline.
  func gate(failOn configured: FailOn, currentDirectory: String) -> Gate {
    var gate = Gate()
    gate.quiet = quiet
    gate.failOn = configured
    gate.failOnFromCommandLine = failOn != nil
    gate.maxWarnings = maxWarnings
    guard let baseline else { return gate }
    switch SourceFiles.read(Paths.absolute(baseline, from: currentDirectory)) {
    case .failure(let error):
      FileHandle.standardError.write(CommandLineNotice.cannotReadBaseline(baseline, error) + "\n")
      terminate(ExitStatus.usage)
    case .success(let bytes):
      do { gate.baseline = try Baseline(bytes: bytes) } catch {
        FileHandle.standardError.write(CommandLineNotice.error("\(SafeText.escape(baseline)): \(error)") + "\n")
        terminate(ExitStatus.usage)
      }
    }
    return gate
  }

  /// The report in the chosen format, to standard output or `--output`,
  /// and the paths that could not be linted, to standard error.
  func emit(_ report: LintReport, standardInput: [UInt8]?, currentDirectory: String) {
    let toTerminal = output == nil && System.isTerminal(System.standardOutput)
    let chosen =
      format ?? (System.environment("GITHUB_ACTIONS") == "true" ? .github : toTerminal ? .pretty : .text)
    let color = toTerminal && !noColor && (System.environment("NO_COLOR") ?? "").isEmpty
    let rendered = ReportRendering.render(
      report, as: chosen, statistics: statistics, columnUnit: columnUnit ?? .characters, color: color,
      source: sourceText(standardInput: standardInput, currentDirectory: currentDirectory))
    if let output {
      if case .failure(let error) = System.writeFile(Array(rendered.utf8), to: output) {
        FileHandle.standardError.write(CommandLineNotice.cannotWrite(SafeText.escape(output), error) + "\n")
        terminate(ExitStatus.usage)
      }
    } else {
      FileHandle.standardOutput.write(rendered)
    }
    for error in report.fileErrors {
      FileHandle.standardError.write(CommandLineNotice.error(SafeText.escape(error.description)) + "\n")
    }
  }

  /// A reported file's text as its diagnostics position it (standard input
  /// from memory), for what reporters show or measure of the source.
  func sourceText(standardInput: [UInt8]?, currentDirectory: String) -> (String) -> [UInt8]? {
    let standardInputName = readsStandardInput ? (stdinFilename ?? "<stdin>") : nil
    return { path in
      if path == standardInputName { return standardInput }
      guard case .success(let bytes) = SourceFiles.text(Paths.absolute(path, from: currentDirectory)) else {
        return nil
      }
      return bytes
    }
  }

  func loadConfiguration(currentDirectory: String) throws -> Configuration {
    try commandLineConfiguration(configFile: configFile, noConfig: noConfig, currentDirectory: currentDirectory)
  }

  /// What the command line sets over every configuration file.
  func commandLineOverlay() throws -> ConfigurationOverlay {
    var overlay = ConfigurationOverlay()
    let ruleNames = RuleID.names
    for setting in ruleSettings {
      let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw ConfigurationError(file: "--rule", position: nil, .ruleOptionShape(setting: setting))
      }
      guard ruleNames.contains(parts[0]) else {
        throw ConfigurationError(
          file: "--rule", position: nil, .unknownRuleOption(name: parts[0], ruleNames: ruleNames))
      }
      guard let level = RuleSetting(parts[1]) else {
        throw ConfigurationError(file: "--rule", position: nil, .badLevelOption(rule: parts[0], text: parts[1]))
      }
      overlay.rules[parts[0]] = level
    }
    func patterns(_ values: [String], option: String) throws -> [String] {
      try RuleSelection.patterns(values, option: option, among: ruleNames)
    }
    if !select.isEmpty { overlay.select = try patterns(select, option: "--select") }
    overlay.extendSelect = try patterns(extendSelect, option: "--extend-select")
    overlay.ignore = try patterns(ignore, option: "--ignore")
    if !exclude.isEmpty { overlay.exclude = exclude.map(Glob.init) }
    overlay.extendExclude = extendExclude.map(Glob.init)
    for setting in targetSettings {
      let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let platform = Platform(rawValue: parts[0].lowercased()),
        let version = OSVersion(parts[1])
      else {
        throw ConfigurationError(file: "--target", position: nil, .targetOptionShape(setting: setting))
      }
      overlay.targets[platform] = version
    }
    overlay.failOn = failOn.flatMap(FailOn.init(name:))
    return overlay
  }

  func readStandardInput() -> Result<[UInt8], FileError> {
    StandardInput.read(named: stdinFilename)
  }
}
