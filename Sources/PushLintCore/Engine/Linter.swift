/// The engine: read → classify → check → report, one file at a time and
/// files in parallel, with the output sorted so it never depends on timing.
public struct Linter: Sendable {
  public var configuration: Configuration
  /// The rules, their documents and the schema they judge by.
  public var rules: RuleSet
  /// How the run goes: parallelism, which configuration each file takes,
  /// which files and findings it keeps.
  public var options = LintOptions()
  /// `--rule`, `--target`, `--select`… which win over every configuration file.
  public var commandLine = ConfigurationOverlay()
  /// What reads notification registrations from source code, by language.
  /// Objective-C's is built in; Swift's (swift-syntax) is the
  /// PushLintSwiftSource library's `SwiftRegistrationReader`.
  public var registrationReaders: [any RegistrationReader] = [ObjCRegistrationReader(), StoryboardRegistrationReader()]

  /// The most diagnostics reported for one file; the rest are summarised.
  public static let maxDiagnosticsPerFile = 1000

  public init(
    configuration: Configuration, registry: RuleRegistry = .standard, catalog: RuleCatalog? = nil,
    schema: PushSchema = .standard, jobs: Int = 0
  ) {
    self.configuration = configuration
    self.rules = RuleSet(registry: registry, catalog: catalog, schema: schema)
    self.options.jobs = jobs
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
  /// another .pushlint.yml are another project, linted with it (unless the
  /// configuration is given, or none is used); so are, under this
  /// configuration, an Xcode project's folder and a test-fixture folder
  /// (ProjectBounds), whatever the configuration; a Simulator push file
  /// outside them joins the app it names (`placeSimulatorFiles`). The first
  /// group is this configuration's own.
  func projectGroups(paths: [String], currentDirectory: String, errors: inout [FileError]) -> [ProjectGroup] {
    let inputs = collectInputs(paths: paths, currentDirectory: currentDirectory, errors: &errors)
    var groups: [String: [LintInput]] = [:]
    var implicitGroups: [String: [LintInput]] = [:]
    /// Where each folder's files go, worked out once a folder: a walk
    /// gives many files of one folder.
    enum Place { case configured(String), implicit(String) }
    var placeOf: [String: Place] = [:]
    var bounds = ProjectBounds(root: configuration.directory)
    for input in inputs {
      let directory = Paths.directoryName(input.absolutePath)
      let place: Place
      if let known = placeOf[directory] {
        place = known
      } else {
        let found = usesNearestConfiguration ? Configuration.discover(from: directory) : nil
        let key = found.map(Paths.directoryName) ?? configuration.directory
        if key == configuration.directory, let project = bounds.project(containing: directory) {
          place = .implicit(project)
        } else {
          place = .configured(key == configuration.directory ? "" : found ?? "")
        }
        placeOf[directory] = place
      }
      switch place {
      case .implicit(let project): implicitGroups[project, default: []].append(input)
      case .configured(let file): groups[file, default: []].append(input)
      }
    }
    var rootInputs = groups[""] ?? []
    placeSimulatorFiles(&rootInputs, implicitGroups: &implicitGroups)
    var result = [ProjectGroup(root: configuration.directory, linter: self, inputs: rootInputs)]
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
            configurationErrors: error.all.map { FileError(path: path, .configuration($0.problem)) }, inputs: group))
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
    var hiddenFixes = FixCounts()
    for outcome in outcomes {
      diagnostics.append(contentsOf: outcome.diagnostics)
      unshown += outcome.unshown
      hidden += outcome.hidden
      hiddenFixes += outcome.hiddenFixes
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
    report.hiddenFixes = hiddenFixes
    report.emptyFiles = emptyFiles
    report.failed = report.hasFinding(where: configuration.failOn.fails)
    return report
  }
}
