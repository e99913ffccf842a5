/// The engine's in-memory entry points: one file's bytes (an editor's
/// buffer, a server's payload), or several files as one project (the rule
/// examples). They take the same stages as a run over paths.
extension Linter {
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
        report.fileErrors = error.all.map { FileError(path: path, .configuration($0.problem)) }
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
    var contextErrors: [FileError] = []
    let (files, _, project) = readProject(
      [read(bytes: bytes, input: namedInput(path, base: base))], currentDirectory: base, errors: &contextErrors)
    return report(checking: files[0], project: project)
  }

  /// The configured context files, read once and made into a project
  /// context, for many files' bytes checked against it: a server validating
  /// payloads reads its project once, not once a payload.
  public struct PreparedContext: Sendable {
    let project: ProjectContext
    /// The context files' absolute paths: bytes named like one of them stand
    /// in for it, so they are linted with the context read again.
    let paths: Set<String>
    let base: String
    /// The name nearly every call gives (a validator's), with its input
    /// (the absolute path, normalized) and its scope (its relative path and
    /// extension, the size limits under the targets) worked out once.
    let usual: Usual?

    /// A class: the scope holds the project's collections, and a struct
    /// would be copied whole (a retain of each) wherever it is read.
    final class Usual: Sendable {
      let path: String
      let input: LintInput
      let scope: FileScope
      /// What the scope was worked out under: a linter configured otherwise
      /// (but for its headers) works it out again.
      let directory: String
      let targets: [Platform: OSVersion]

      init(path: String, input: LintInput, scope: FileScope, directory: String, targets: [Platform: OSVersion]) {
        self.path = path
        self.input = input
        self.scope = scope
        self.directory = directory
        self.targets = targets
      }
    }
  }

  /// Reads the configured context files relative to `currentDirectory` (by
  /// default the configuration's); the absolute path of bytes named
  /// `usualPath` is then not worked out again for each.
  public func prepareContext(currentDirectory: String? = nil, usualPath: String? = nil) -> PreparedContext {
    let base = currentDirectory ?? configuration.directory
    var errors: [FileError] = []
    let (_, contextFiles, project) = readProject([], currentDirectory: base, errors: &errors)
    return PreparedContext(
      project: project, paths: Set(contextFiles.map(\.input.absolutePath)), base: base,
      usual: usualPath.map { path in
        let input = namedInput(path, base: base)
        return PreparedContext.Usual(
          path: path, input: input, scope: scope(of: input, project: project), directory: configuration.directory,
          targets: configuration.targets)
      })
  }

  /// The same report as `report(bytes:path:)`, against a context read
  /// beforehand. Bytes that could change the context themselves (a
  /// categories file, an Info.plist, source code, whose constants may name
  /// another file's categories, a sound) or that stand in for a context file
  /// are linted as `report(bytes:path:)` does.
  public func report(bytes: [UInt8], path: String, against context: PreparedContext) -> LintReport {
    let usual = context.usual.flatMap { $0.path == path ? $0 : nil }
    let input = usual?.input ?? namedInput(path, base: context.base)
    guard !usesNearestConfiguration, !context.paths.contains(input.absolutePath) else {
      return report(bytes: bytes, path: path, currentDirectory: context.base)
    }
    let file = read(bytes: bytes, input: input)
    // A closure rather than `isContext` itself: a method of the linter
    // taken as a value copies the linter.
    guard !file.isCode, file.sound == nil, !file.hasUnclaimedPlist,
      !file.documents.contains(where: { isContext($0) })
    else {
      return report(bytes: bytes, path: path, currentDirectory: context.base)
    }
    // The usual name's scope, but for the headers configured for it (a
    // validator's linter, given headers, differs from the one that
    // prepared the context in them alone).
    if let usual, usual.directory == configuration.directory, usual.targets == configuration.targets {
      let headers = configuredHeaders(forRelativePath: usual.scope.relativePath)
      guard !headers.isEmpty || !usual.scope.configuredHeaders.isEmpty else {
        return report(outcome: check(file, project: context.project, scope: usual.scope))
      }
      var scope = usual.scope
      scope.configuredHeaders = headers
      return report(outcome: check(file, project: context.project, scope: scope))
    }
    return report(checking: file, project: context.project)
  }

  private func namedInput(_ path: String, base: String) -> LintInput {
    LintInput(displayPath: path, absolutePath: Paths.absolute(path, from: base), explicit: true, namedByGlob: false)
  }

  /// One read file checked and reported as a run over it alone would.
  private func report(checking file: ReadFile, project: ProjectContext) -> LintReport {
    report(outcome: check(file, project: project))
  }

  private func report(outcome: FileOutcome) -> LintReport {
    // Most payloads a validator checks have no finding, or one: nothing to sort.
    let diagnostics =
      outcome.diagnostics.count > 1 ? outcome.diagnostics.sorted(by: Diagnostic.reportOrder) : outcome.diagnostics
    var report = LintReport(diagnostics: diagnostics, files: 1, documents: outcome.documents, fileErrors: [])
    report.unshown = outcome.unshown
    report.hidden = outcome.hidden
    report.hiddenFixes = outcome.hiddenFixes
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
          content: .sound(
            SoundEntry(
              name: Paths.fileName(file.path), path: file.path,
              header: SoundFileReader.inspect(file.bytes, name: file.path))))
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
}
