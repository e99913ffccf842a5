/// The engine: read → classify → check → report, one file at a time and
/// files in parallel, with the output sorted so it never depends on timing.
public struct Linter: Sendable {
  public var configuration: Configuration
  public var registry: RuleRegistry
  /// The rule documents, for each rule's default severity. Read on first
  /// use: parsing them is a tenth of linting one clean file.
  public var catalog: RuleCatalog {
    get { customCatalog ?? .standard }
    set { customCatalog = newValue }
  }
  private var customCatalog: RuleCatalog?
  public var schema: PushSchema
  /// How many files are linted at once; 0 means one per core.
  public var jobs: Int
  /// Lint each file with the nearest `.pushlint.yml` above it (off when the
  /// command line names the configuration, or says --no-config).
  public var usesNearestConfiguration = false
  /// Judge files named on the command line as a directory walk judges them:
  /// files of no kind pushlint lints are skipped (for hooks that pass every
  /// changed file).
  public var skipsUnrelatedFiles = false
  /// Findings below this severity are dropped as they are found
  /// (`--quiet`): they take no room under the per-file limit, which would
  /// otherwise hide an error behind a file's first 1,000 notes.
  public var reportsAtLeast = Severity.info
  /// `--rule` and `--target`, which win over every configuration file.
  public var commandLine = ConfigurationOverlay()
  /// What reads notification registrations from source code, by language.
  /// Objective-C's is built in; Swift's (swift-syntax) is the
  /// PushLintSwiftSource library's `SwiftRegistrationReader`.
  public var registrationReaders: [any RegistrationReader] = [ObjCRegistrationReader(), StoryboardRegistrationReader()]

  /// The most diagnostics reported for one file; the rest are summarised.
  public static let maxDiagnosticsPerFile = 1000
  /// How much of a JSON Lines file is read per batch (tests make it small to
  /// see many batches).
  var jsonLinesReadSize = 4 << 20

  public init(
    configuration: Configuration, registry: RuleRegistry = .standard, catalog: RuleCatalog? = nil,
    schema: PushSchema = .standard, jobs: Int = 0
  ) {
    self.configuration = configuration
    self.registry = registry
    self.customCatalog = catalog
    self.schema = schema
    self.jobs = jobs
  }

  // MARK: In memory

  /// Lints one file's bytes as if it had been named on the command line.
  /// `path` names it in diagnostics and decides its format and configuration
  /// (relative to `currentDirectory`, by default the configuration's); the
  /// configured `context` files are read from disk for cross-file rules.
  public func lint(
    bytes: [UInt8], path: String, currentDirectory: String? = nil
  ) -> (diagnostics: [Diagnostic], documents: Int, unshown: SeverityCounts, hidden: SeverityCounts) {
    let report = report(bytes: bytes, path: path, currentDirectory: currentDirectory)
    return (report.diagnostics, report.documents, report.unshown, report.hidden)
  }

  /// The same as a report, as a run over the file would give it: with
  /// `usesNearestConfiguration`, under the `.pushlint.yml` nearest to `path`
  /// (an editor's buffer piped with `--stdin-filename`).
  public func report(bytes: [UInt8], path: String, currentDirectory: String? = nil) -> LintReport {
    let base = currentDirectory ?? configuration.directory
    if usesNearestConfiguration,
      let found = Configuration.discover(from: Paths.directoryName(Paths.absolute(path, from: base))),
      found != configuration.file.map({ Paths.absolute($0, from: base) })
    {
      do {
        return try configured(by: found, currentDirectory: base).lintOne(bytes: bytes, path: path, base: base)
      } catch {
        var report = LintReport(diagnostics: [], files: 0, documents: 0, fileErrors: [])
        let path = Paths.relative(found, to: base) ?? found
        report.fileErrors = error.all.map { FileError(path: path, reason: $0.message) }
        return report
      }
    }
    return lintOne(bytes: bytes, path: path, base: base)
  }

  /// This linter with the configuration in `file` (an absolute path), the
  /// command line's overrides still winning.
  func configured(by file: String, currentDirectory: String) throws(ConfigurationError) -> Linter {
    var nested = self
    nested.configuration = try Configuration.load(
      file: Paths.relative(file, to: currentDirectory) ?? file, currentDirectory: currentDirectory)
    commandLine.apply(to: &nested.configuration)
    return nested
  }

  /// One file's bytes under this linter's configuration; `base` is the
  /// directory paths are shown relative to.
  private func lintOne(bytes: [UInt8], path: String, base: String) -> LintReport {
    let input = LintInput(
      displayPath: path, absolutePath: Paths.absolute(path, from: base), explicit: true, namedByGlob: false)
    var contextErrors: [FileError] = []
    let (files, _, project) = readProject(
      [read(bytes: bytes, input: input)], currentDirectory: base, errors: &contextErrors)
    let file = files[0]
    let outcome = check(file, project: project)
    var report = LintReport(
      diagnostics: outcome.diagnostics.sorted(by: Diagnostic.reportOrder), files: 1, documents: outcome.documents,
      fileErrors: [])
    report.unshown = outcome.unshown
    report.hidden = outcome.hidden
    if outcome.isEmpty {
      report.files = 0
      report.emptyFiles = 1
    }
    report.failed = report.hasFinding(where: configuration.failOn.fails)
    return report
  }

  /// Lints several files as one project, as a run over them would; only the
  /// files named in `reportOn` (all, when nil) are reported on.
  public func lint(project files: [(path: String, bytes: [UInt8])], reportOn: Set<String>? = nil) -> [Diagnostic] {
    var readFiles = files.map { file -> ReadFile in
      if SoundFileReader.extensions.contains(fileExtension(file.path)) {
        let input = LintInput(
          displayPath: file.path, absolutePath: Paths.absolute(file.path, from: configuration.directory),
          explicit: false,
          namedByGlob: false, isSound: true)
        return ReadFile(
          input: input,
          sound: SoundEntry(
            name: Paths.fileName(file.path), path: file.path,
            header: SoundFileReader.inspect(file.bytes, name: file.path)))
      }
      return read(
        bytes: file.bytes,
        input: LintInput(
          displayPath: file.path, absolutePath: Paths.absolute(file.path, from: configuration.directory),
          explicit: reportOn?.contains(file.path) ?? true, namedByGlob: false))
    }
    let project = projectContext(of: &readFiles)
    let outcomes = readFiles.map { check($0, project: project) }
    let used = outcomes.reduce(into: Set<Int>()) { $0.formUnion($1.usedOverrides) }
    let all =
      outcomes.flatMap(\.diagnostics) + runFindings(usedOverrides: used, linted: readFiles.map(\.input.absolutePath))
    return all.filter { reportOn?.contains($0.path) ?? true }.sorted(by: Diagnostic.reportOrder)
  }

  // MARK: Files

  /// Lints paths given on the command line (or the configuration's `include`
  /// when there are none), relative to `currentDirectory`: every file is read
  /// and classified first, the project is built from all of them and the
  /// configured context, and then each file is checked.
  public func lint(paths: [String], currentDirectory: String) -> LintReport {
    var errors: [FileError] = []
    let groups = projectGroups(paths: paths, currentDirectory: currentDirectory, errors: &errors)
    var report = LintReport(diagnostics: [], files: 0, documents: 0, fileErrors: errors)
    for group in groups {
      guard let linter = group.linter else {
        report.fileErrors += group.configurationErrors
        continue
      }
      report.add(linter.lint(inputs: group.inputs, currentDirectory: currentDirectory, errors: []))
    }
    report.diagnostics.sort(by: Diagnostic.reportOrder)
    return report
  }

  /// The files of one project with the linter (and configuration) they are
  /// linted with; a configuration that cannot be loaded is an error instead.
  struct ProjectGroup {
    var root: String
    var linter: Linter?
    var configurationErrors: [FileError] = []
    var inputs: [LintInput]
  }

  /// Paths given on the command line split into projects: files under
  /// another .pushlint.yml are another project, linted with it; so are,
  /// under this configuration, an Xcode project's folder and a test-fixture
  /// folder (ProjectBounds). The first group is this configuration's own.
  func projectGroups(paths: [String], currentDirectory: String, errors: inout [FileError]) -> [ProjectGroup] {
    let inputs = collectInputs(paths: paths, currentDirectory: currentDirectory, errors: &errors)
    guard usesNearestConfiguration else {
      return [ProjectGroup(root: configuration.directory, linter: self, inputs: inputs)]
    }
    var groups: [String: [LintInput]] = [:]
    var implicitGroups: [String: [LintInput]] = [:]
    var nearest: [String: String?] = [:]
    var bounds = ProjectBounds(root: configuration.directory)
    for input in inputs {
      let directory = Paths.directoryName(input.absolutePath)
      let found = nearest[directory] ?? Configuration.discover(from: directory)
      nearest[directory] = found
      let key = found.map(Paths.directoryName) ?? configuration.directory
      if key == configuration.directory, let project = bounds.project(containing: directory) {
        implicitGroups[project, default: []].append(input)
        continue
      }
      groups[key == configuration.directory ? "" : found ?? "", default: []].append(input)
    }
    var result = [ProjectGroup(root: configuration.directory, linter: self, inputs: groups[""] ?? [])]
    for (root, group) in implicitGroups.sorted(by: { $0.key < $1.key }) {
      result.append(ProjectGroup(root: root, linter: self, inputs: group))
    }
    for (file, group) in groups.sorted(by: { $0.key < $1.key }) where !file.isEmpty {
      do {
        let nested = try configured(by: file, currentDirectory: currentDirectory)
        result.append(ProjectGroup(root: Paths.directoryName(file), linter: nested, inputs: group))
      } catch {
        let path = Paths.relative(file, to: currentDirectory) ?? file
        result.append(
          ProjectGroup(
            root: Paths.directoryName(file),
            configurationErrors: error.all.map { FileError(path: path, reason: $0.message) }, inputs: group))
      }
    }
    return result
  }

  /// A project's files, read, with its configured context files: the
  /// registrations in their source resolved across all of them, and the
  /// project context they make. `files` come back apart from the context files.
  func readProject(
    _ files: [ReadFile], currentDirectory: String, errors: inout [FileError]
  ) -> (files: [ReadFile], contextFiles: ArraySlice<ReadFile>, project: ProjectContext) {
    var all =
      files
      + readInParallel(
        collectContextInputs(
          excluding: Set(files.map(\.input.absolutePath)), currentDirectory: currentDirectory, errors: &errors))
    let project = projectContext(of: &all)
    return (Array(all.prefix(files.count)), all.dropFirst(files.count), project)
  }

  /// One project: read and classify, build the context, check.
  func lint(inputs: [LintInput], currentDirectory: String, errors: [FileError]) -> LintReport {
    var errors = errors
    let (files, _, project) = readProject(
      readInParallel(inputs), currentDirectory: currentDirectory, errors: &errors)
    let paths = files.map(\.input.absolutePath)
    // Consumed: each file's trees are freed by the worker that checked it,
    // not one by one on this thread at the end.
    let outcomes = inParallel(consuming: files) { check($0, project: project) }
    var diagnostics: [Diagnostic] = []
    var linted = 0
    var emptyFiles = 0
    var documents = 0
    var used: Set<Int> = []
    var unshown = SeverityCounts()
    var hidden = SeverityCounts()
    for outcome in outcomes {
      diagnostics.append(contentsOf: outcome.diagnostics)
      unshown += outcome.unshown
      hidden += outcome.hidden
      if let error = outcome.error { errors.append(error) }
      if outcome.linted { linted += 1 }
      if outcome.isEmpty { emptyFiles += 1 }
      documents += outcome.documents
      used.formUnion(outcome.usedOverrides)
    }
    let lintedPaths = zip(paths, outcomes).filter { $0.1.linted }.map(\.0)
    diagnostics += runFindings(usedOverrides: used, linted: lintedPaths)
    diagnostics.sort(by: Diagnostic.reportOrder)
    var report = LintReport(diagnostics: diagnostics, files: linted, documents: documents, fileErrors: errors)
    report.unshown = unshown
    report.hidden = hidden
    report.emptyFiles = emptyFiles
    report.failed = report.hasFinding(where: configuration.failOn.fails)
    return report
  }
}
