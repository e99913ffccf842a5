import Dispatch

/// What one run produced.
public struct LintReport: Sendable {
  public var diagnostics: [Diagnostic]
  /// Files linted (read and of a kind pushlint lints, or named explicitly).
  public var files: Int
  public var documents: Int
  /// Paths that could not be linted at all.
  public var fileErrors: [FileError]
  /// Findings past a file's limit (`Linter.maxDiagnosticsPerFile`), by
  /// severity: not shown, but counted and judged by the exit status.
  public var unshown = SeverityCounts()

  public init(diagnostics: [Diagnostic], files: Int, documents: Int, fileErrors: [FileError]) {
    self.diagnostics = diagnostics
    self.files = files
    self.documents = documents
    self.fileErrors = fileErrors
  }

  /// Findings of `severity`, shown or not.
  public func count(_ severity: Severity) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } + unshown[severity]
  }

  /// Whether any finding, shown or not, has a severity that `matches`.
  public func hasFinding(where matches: (Severity) -> Bool) -> Bool {
    diagnostics.contains { matches($0.severity) } || Severity.allCases.contains { unshown[$0] > 0 && matches($0) }
  }

  /// Keeps the findings of `severity` and above, shown or not (`--quiet`).
  public mutating func keep(atLeast severity: Severity) {
    diagnostics.removeAll { $0.severity < severity }
    for lower in Severity.allCases where lower < severity { unshown[lower] = 0 }
  }
}

/// A file to lint and how it was found.
struct LintInput: Sendable {
  var displayPath: String
  var absolutePath: String
  /// Named on the command line: always linted, whatever it holds.
  var explicit: Bool
  /// Matched by a configured glob: reported even when it cannot be parsed.
  var namedByGlob: Bool
  /// An audio file: read for the project's sounds, never linted itself.
  var isSound = false
}

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
  public var ruleOverrides: [String: RuleSetting] = [:]
  public var targetOverrides: [Platform: OSVersion] = [:]

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
  /// `path` names it in diagnostics and decides its format and configuration;
  /// the configured `context` files are read from disk for cross-file rules.
  public func lint(
    bytes: [UInt8], path: String
  ) -> (diagnostics: [Diagnostic], documents: Int, unshown: SeverityCounts) {
    let input = LintInput(
      displayPath: path, absolutePath: Paths.absolute(path, from: configuration.directory), explicit: true,
      namedByGlob: false)
    let file = read(bytes: bytes, input: input)
    var contextErrors: [FileError] = []
    let contextFiles = readInParallel(collectContextInputs(excluding: [input.absolutePath], errors: &contextErrors))
    let project = ProjectContext(
      documents: (contextFiles + [file]).flatMap(\.documents).filter(isContext),
      sounds: contextFiles.compactMap(\.sound))
    let outcome = check(file, project: project)
    return (outcome.diagnostics.sorted(by: Diagnostic.reportOrder), outcome.documents, outcome.unshown)
  }

  /// Lints several files as one project, as a run over them would; only the
  /// files named in `reportOn` (all, when nil) are reported on.
  public func lint(project files: [(path: String, bytes: [UInt8])], reportOn: Set<String>? = nil) -> [Diagnostic] {
    let readFiles = files.map { file -> ReadFile in
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
    let project = ProjectContext(
      documents: readFiles.flatMap(\.documents).filter(isContext), sounds: readFiles.compactMap(\.sound))
    let outcomes = readFiles.map { check($0, project: project) }
    let used = outcomes.reduce(into: Set<Int>()) { $0.formUnion($1.usedOverrides) }
    let all = outcomes.flatMap(\.diagnostics) + unusedOverrides(used: used, linted: readFiles.map(\.input.absolutePath))
    return all.filter { reportOn?.contains($0.path) ?? true }.sorted(by: Diagnostic.reportOrder)
  }

  // MARK: Files

  /// Lints paths given on the command line (or the configuration's `include`
  /// when there are none), relative to `currentDirectory`: every file is read
  /// and classified first, the project is built from all of them and the
  /// configured context, and then each file is checked.
  public func lint(paths: [String], currentDirectory: String) -> LintReport {
    var errors: [FileError] = []
    let inputs = collectInputs(paths: paths, currentDirectory: currentDirectory, errors: &errors)
    guard usesNearestConfiguration else {
      return lint(inputs: inputs, currentDirectory: currentDirectory, errors: errors)
    }
    // Files under another .pushlint.yml are another project, linted with it.
    var groups: [String: [LintInput]] = [:]
    var nearest: [String: String?] = [:]
    for input in inputs {
      let directory = Paths.directoryName(input.absolutePath)
      let found = nearest[directory] ?? Configuration.discover(from: directory)
      nearest[directory] = found
      let key = found.map(Paths.directoryName) ?? configuration.directory
      groups[key == configuration.directory ? "" : found ?? "", default: []].append(input)
    }
    var report = lint(inputs: groups[""] ?? [], currentDirectory: currentDirectory, errors: errors)
    for (file, group) in groups.sorted(by: { $0.key < $1.key }) where !file.isEmpty {
      var nested = self
      do {
        nested.configuration = try Configuration.load(
          file: Paths.relative(file, to: currentDirectory) ?? file, currentDirectory: currentDirectory)
        nested.configuration.rules.merge(ruleOverrides) { $1 }
        nested.configuration.targets.merge(targetOverrides) { $1 }
      } catch {
        report.fileErrors.append(
          FileError(path: Paths.relative(file, to: currentDirectory) ?? file, reason: error.message))
        continue
      }
      let part = nested.lint(inputs: group, currentDirectory: currentDirectory, errors: [])
      report.diagnostics += part.diagnostics
      report.files += part.files
      report.documents += part.documents
      report.fileErrors += part.fileErrors
      report.unshown += part.unshown
    }
    report.diagnostics.sort(by: Diagnostic.reportOrder)
    return report
  }

  /// One project: read and classify, build the context, check.
  func lint(inputs: [LintInput], currentDirectory: String, errors: [FileError]) -> LintReport {
    var errors = errors
    let files = readInParallel(inputs)
    let contextFiles = readInParallel(
      collectContextInputs(
        excluding: Set(inputs.map(\.absolutePath)), currentDirectory: currentDirectory, errors: &errors))
    let project = ProjectContext(
      documents: (files + contextFiles).flatMap(\.documents).filter(isContext),
      sounds: (files + contextFiles).compactMap(\.sound))
    let paths = files.map(\.input.absolutePath)
    // Consumed: each file's trees are freed by the worker that checked it,
    // not one by one on this thread at the end.
    let outcomes = inParallel(consuming: files) { check($0, project: project) }
    var diagnostics: [Diagnostic] = []
    var linted = 0
    var documents = 0
    var used: Set<Int> = []
    var unshown = SeverityCounts()
    for outcome in outcomes {
      diagnostics.append(contentsOf: outcome.diagnostics)
      unshown += outcome.unshown
      if let error = outcome.error { errors.append(error) }
      if outcome.linted { linted += 1 }
      documents += outcome.documents
      used.formUnion(outcome.usedOverrides)
    }
    let lintedPaths = zip(paths, outcomes).filter { $0.1.linted }.map(\.0)
    diagnostics += unusedOverrides(used: used, linted: lintedPaths)
    diagnostics.sort(by: Diagnostic.reportOrder)
    var report = LintReport(diagnostics: diagnostics, files: linted, documents: documents, fileErrors: errors)
    report.unshown = unshown
    return report
  }

  func isContext(_ document: Document) -> Bool { ProjectContext.isContextKind(document.kind) }

  /// A file read and classified, not yet checked.
  struct ReadFile: Sendable {
    var input: LintInput
    var documents: [Document] = []
    var error: FileError?
    /// JSON Lines files are streamed when checked, never held...
    var isJSONLines = false
    /// ...unless they were given in memory.
    var jsonLinesBytes: [UInt8]?
    var sound: SoundEntry?
    /// A JSON or YAML file that cannot add to the project context: only its
    /// bytes are held until it is checked, then it is read, checked and
    /// released at once (a tree takes several times the bytes).
    var deferredBytes: [UInt8]?
  }

  struct FileOutcome: Sendable {
    var diagnostics: [Diagnostic] = []
    var documents = 0
    var linted = false
    var error: FileError?
    /// Whether a JSON Lines file has had a line of a kind pushlint lints.
    var sawPushDocument = false
    /// The configuration's overrides (by index) that matched a finding here.
    var usedOverrides: Set<Int> = []
    /// Findings beyond the per-file limit, counted by severity but not kept.
    var unshown = SeverityCounts()
  }

  func readInParallel(_ inputs: [LintInput]) -> [ReadFile] { inParallel(inputs, read(file:)) }

  /// `transform` over `items`, each item moved to the worker that transforms
  /// it, so what it holds is released there; results in the order of `items`.
  func inParallel<Item: Sendable, Result: Sendable>(
    consuming items: consuming [Item], _ transform: (Item) -> Result
  ) -> [Result] {
    let count = items.count
    let storage = UnsafeMutableBufferPointer<Item>.allocate(capacity: count)
    _ = storage.initialize(fromContentsOf: items)
    _ = consume items
    nonisolated(unsafe) let shared = storage
    defer { storage.deallocate() }
    return inParallel(Array(0..<count)) { index in transform((shared.baseAddress! + index).move()) }
  }

  /// `transform` over `items` on all cores, results in the order of `items`;
  /// `sideJob`, when given, runs once on one of the cores meanwhile.
  func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], alongside sideJob: (() -> Void)? = nil, _ transform: (Item) -> Result
  ) -> [Result] {
    let workers = jobs > 0 ? jobs : max(1, System.coreCount)
    guard workers > 1, items.count > 1 else {
      sideJob?()
      return items.map(transform)
    }
    // Each result is written once into uninitialized storage and moved out
    // at the end: copying them out (a JSON Lines batch is 8,000) was serial
    // work between batches.
    let results = UnsafeMutablePointer<Result>.allocate(capacity: items.count)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    // Many small chunks, so a core that finishes early waits less for the
    // other's last chunk: a JSON Lines run is 125 batches (at 8 chunks a
    // core the cores were busy 1.88 of 2, at 32 1.92).
    let chunks = min(items.count, workers * 32)
    let sideJobs = sideJob == nil ? 0 : 1
    withoutActuallyEscaping(transform) { transform in
      nonisolated(unsafe) let work = transform
      nonisolated(unsafe) let side = sideJob
      DispatchQueue.concurrentPerform(iterations: chunks + sideJobs) { iteration in
        if iteration < sideJobs {
          side?()
          return
        }
        var index = iteration - sideJobs
        while index < items.count {
          (shared + index).initialize(to: work(items[index]))
          index += chunks
        }
      }
    }
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      buffer.baseAddress!.moveInitialize(from: results, count: items.count)
      initialized = items.count
    }
  }

  func read(file input: LintInput) -> ReadFile {
    if input.isSound {
      let result: Result<SoundFileInfo, SoundFileError>
      switch FileSystem.readFile(input.absolutePath) {
      case .success(let bytes): result = SoundFileReader.inspect(bytes, name: input.absolutePath)
      case .failure(let error): result = .failure(SoundFileError(message: error.reason))
      }
      return ReadFile(
        input: input,
        sound: SoundEntry(name: Paths.fileName(input.absolutePath), path: input.displayPath, header: result))
    }
    if SourceFormat.from(fileName: input.absolutePath) == .jsonLines {
      return ReadFile(input: input, isJSONLines: true)
    }
    switch FileSystem.readFile(input.absolutePath) {
    case .failure(let error):
      return ReadFile(input: input, error: FileError(path: input.displayPath, reason: error.reason))
    case .success(let bytes):
      if Linter.mayHoldPayloads(Linter.format(of: bytes, path: input.absolutePath), path: input.absolutePath)
        && !Linter.mayBeContext(bytes)
      {
        return ReadFile(input: input, deferredBytes: bytes)
      }
      return read(bytes: bytes, input: input)
    }
  }

  /// Whether a file's documents can be payloads (and so templates): JSON or
  /// YAML, but not a String Catalog, which is JSON and always localization.
  static func mayHoldPayloads(_ format: SourceFormat, path: String) -> Bool {
    (format == .json || format == .yaml) && !Localizations.isFileExtension(fileExtension(path))
  }

  /// Whether JSON or YAML text may hold a document of the project context:
  /// only a categories file can, and its key is spelled out (or escaped, so
  /// any backslash counts too). Everything else is read when it is checked.
  static func mayBeContext(_ bytes: [UInt8]) -> Bool {
    ByteSearch.contains("\\", in: bytes) || ByteSearch.contains("categories", in: bytes)
  }

  /// The format of a file: from its name, else (for a file named explicitly) from its first bytes.
  static func format(of bytes: [UInt8], path: String) -> SourceFormat {
    if let format = SourceFormat.from(fileName: path) { return format }
    if PlistReader.isBinary(bytes) { return .plist }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    switch first {
    case UInt8(ascii: "<"): return .plist
    case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
    default: return .yaml
    }
  }

  /// Reads and classifies; documents of no kind in a walked file are dropped.
  func read(bytes: [UInt8], input: LintInput) -> ReadFile {
    let format = Linter.format(of: bytes, path: input.absolutePath)
    let prepared = templatePreparation(bytes, format: format, input: input)
    let bytes = prepared?.bytes ?? bytes
    var read: [(index: Int, result: ReadResult)]
    switch format {
    case .json: read = [(0, JSONReader.read(bytes))]
    case .plist: read = [(0, PlistReader.read(bytes))]
    case .strings: read = [(0, StringsFileReader.read(bytes))]
    case .yaml: read = YAMLReader.read(bytes).map { ($0.index, $0.result) }
    case .jsonLines:
      return ReadFile(input: input, isJSONLines: true, jsonLinesBytes: bytes)
    }
    var template: TemplateInfo?
    if let prepared {
      for index in read.indices where read[index].result.root != nil {
        TemplateReader.restore(&read[index].result.root!, prepared)
      }
      var seen: Set<String> = []
      let distinct = prepared.matches.filter { seen.insert($0.text).inserted }
      template = TemplateInfo(placeholders: distinct, settings: configuration.templates)
    }
    var file = ReadFile(input: input)
    let mentionsPush = read.contains { $0.result.root == nil } && Linter.mentionsPush(bytes)
    for (index, result) in read {
      let kind: DocumentKind?
      if input.explicit {
        kind = DocumentClassifier.explicitKind(of: result.root, format: format, path: input.absolutePath)
      } else if result.root == nil {
        let name = fileExtension(input.absolutePath)
        let reportable =
          input.namedByGlob || name == "apns" || Localizations.isFileExtension(name) || mentionsPush
        kind = reportable ? .other : nil
      } else {
        kind = DocumentClassifier.kind(of: result.root, format: format, path: input.absolutePath)
      }
      guard let kind else { continue }
      var document = Document(
        path: input.displayPath, index: index, format: format, kind: kind, root: result.root,
        readerFindings: result.findings)
      document.rootCompactSize = result.compactSize
      document.keysAreUnique = result.keysAreUnique
      if [.payload, .envelope, .fcmMessage].contains(kind) { document.template = template }
      file.documents.append(document)
    }
    return file
  }

  /// A JSON or YAML payload file with placeholders, made readable; nil for
  /// every other file (the common case costs one search for `{{`).
  func templatePreparation(_ bytes: [UInt8], format: SourceFormat, input: LintInput) -> TemplateReader.Prepared? {
    guard Linter.mayHoldPayloads(format, path: input.absolutePath) else { return nil }
    let settings = configuration.templates
    if !settings.files.isEmpty {
      guard let relative = configuration.relativePath(input.absolutePath),
        settings.files.contains(where: { $0.matches(relative) })
      else { return nil }
    }
    return TemplateReader.prepare(bytes, format: format, pattern: settings.pattern)
  }

  /// What every document of one file is checked with, worked out once per
  /// file: a JSON Lines file has a million documents.
  struct FileScope {
    /// Relative to the configuration's directory, as its globs match.
    var relativePath: String?
    var context: RuleContext
    var configuredHeaders: [(name: String, value: String)]
    /// The file's `fileExtension(_:)`, which classifying and analyzing each
    /// document asks.
    var fileExtension: String
    /// Each push type's size limit under the file's targets.
    var payloadLimits: PayloadLimits
  }

  func scope(of input: LintInput, project: ProjectContext) -> FileScope {
    let relativePath = configuration.relativePath(input.absolutePath)
    return FileScope(
      relativePath: relativePath,
      context: RuleContext(targets: configuration.targets, schema: schema, project: project),
      configuredHeaders: configuredHeaders(forRelativePath: relativePath),
      fileExtension: fileExtension(input.absolutePath),
      payloadLimits: schema.payloadLimits(under: configuration.targets))
  }

  func check(_ file: ReadFile, project: ProjectContext) -> FileOutcome {
    if let error = file.error { return FileOutcome(error: error) }
    if let bytes = file.deferredBytes { return check(read(bytes: bytes, input: file.input), project: project) }
    if file.sound != nil { return FileOutcome() }
    let scope = scope(of: file.input, project: project)
    if file.isJSONLines { return lintJSONLines(file.input, bytes: file.jsonLinesBytes, scope: scope) }
    var outcome = FileOutcome()
    for document in file.documents {
      outcome.documents += 1
      check(document, scope: scope, into: &outcome)
    }
    outcome.linted = outcome.documents > 0 || file.input.explicit
    cap(&outcome)
    return outcome
  }

  /// One line of a JSON Lines file, read and checked on its own (lines of a
  /// batch are checked in parallel); what depends on earlier lines (the
  /// document number, whether a broken line counts) is settled in order.
  struct CheckedLine: Sendable {
    enum Inclusion: Sendable {
      case never
      case always
      /// A broken line of a walked file: reported once the file has shown payloads.
      case afterPushDocuments
    }
    var inclusion = Inclusion.never
    var isPushDocument = false
    var diagnostics: [Diagnostic] = []
    var usedOverrides: Set<Int> = []
  }

  /// Streams a JSON Lines file (from disk, or `bytes` when given in memory)
  /// in batches: memory holds two batches, however long the file. Each
  /// batch's lines are checked on every core while the next batch is read.
  func lintJSONLines(_ input: LintInput, bytes: [UInt8]? = nil, scope: FileScope) -> FileOutcome {
    var reader: LineBatchReader
    if let bytes {
      reader = LineBatchReader(bytes: bytes, readSize: jsonLinesReadSize)
    } else {
      switch LineBatchReader.reading(input.absolutePath, readSize: jsonLinesReadSize) {
      case .success(let opened): reader = opened
      case .failure(let error): return FileOutcome(error: FileError(path: input.displayPath, reason: error.reason))
      }
    }
    var outcome = FileOutcome()
    var current = reader.next()
    while case .success(let batch)? = current {
      var next: Result<LineBatch, FileError>?
      // Once the file holds as many findings as are kept, later ones are
      // only counted (`merge`): their text is not built.
      let counting = outcome.diagnostics.count >= Linter.maxDiagnosticsPerFile
      let checked = inParallel(batch.lines, alongside: { next = reader.next() }) { line in
        batch.bytes.withUnsafeBufferPointer { bytes in
          counting
            ? FindingText.counting { checkLine(line, bytes: bytes, input: input, scope: scope) }
            : checkLine(line, bytes: bytes, input: input, scope: scope)
        }
      }
      for index in checked.indices { merge(checked[index], into: &outcome) }
      current = next
    }
    if case .failure(let error)? = current {
      return FileOutcome(error: FileError(path: input.displayPath, reason: error.reason))
    }
    outcome.linted = outcome.documents > 0 || input.explicit
    cap(&outcome)
    return outcome
  }

  func checkLine(
    _ line: LineBatch.Line, bytes: UnsafeBufferPointer<UInt8>, input: LintInput, scope: FileScope
  ) -> CheckedLine {
    var checked = CheckedLine()
    var document: Document
    if line.tooLong {
      let position = SourcePosition(line: line.number, column: 1, offset: line.offset)
      let finding = Finding(
        rule: RuleName.syntaxError, span: SourceSpan(at: position),
        message: "line \(line.number) is longer than \(FileLimits.maxLineLength >> 20) MiB; pushlint skips it")
      document = Document(path: input.displayPath, format: .jsonLines, kind: .other, root: nil)
      if let diagnostic = diagnostic(finding, document: document, relativePath: scope.relativePath) {
        checked.diagnostics.append(diagnostic)
      }
      checked.inclusion = .always
      return checked
    }
    var content = UnsafeBufferPointer(rebasing: bytes[line.range])
    if content.last == UInt8(ascii: "\r") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
    if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return checked }
    var result = JSONReader.read(content, firstLine: line.number, baseOffset: line.offset, deferringAppData: true)
    let kind: DocumentKind
    if let known = DocumentClassifier.kind(of: result.root, format: .json, fileExtension: scope.fileExtension) {
      kind = known
      checked.isPushDocument = true
      checked.inclusion = .always
    } else if input.explicit {
      kind = result.root == nil ? .other : .payload
      checked.inclusion = .always
    } else if result.root == nil {
      // A walked file is judged like a walked .json: a broken line is
      // reported once the file has shown it holds payloads, or names them.
      kind = .other
      checked.inclusion = Linter.mentionsPush(Array(content)) ? .always : .afterPushDocuments
    } else {
      return checked
    }
    // The tree is moved from the read result into the document and the
    // document into `check`, which frees it: copies of either were freed a
    // second time.
    document = Document(
      path: input.displayPath, format: .jsonLines, kind: kind, root: result.root.take(),
      readerFindings: result.findings)
    document.rootCompactSize = result.compactSize
    document.keysAreUnique = result.keysAreUnique
    var outcome = FileOutcome()
    check(consume document, scope: scope, into: &outcome)
    checked.diagnostics = outcome.diagnostics
    checked.usedOverrides = outcome.usedOverrides
    return checked
  }

  func merge(_ line: CheckedLine, into outcome: inout FileOutcome) {
    switch line.inclusion {
    case .never: return
    case .afterPushDocuments where !outcome.sawPushDocument: return
    default: break
    }
    if line.isPushDocument { outcome.sawPushDocument = true }
    // A line's findings are all on that line, and lines come in order: once
    // the limit is held, every later finding would be cut from the report,
    // so it is only counted. A million-line file holds at most one line
    // more than the limit.
    if outcome.diagnostics.count >= Linter.maxDiagnosticsPerFile {
      for diagnostic in line.diagnostics { outcome.unshown[diagnostic.severity] += 1 }
    } else {
      for var diagnostic in line.diagnostics {
        diagnostic.document = outcome.documents
        outcome.diagnostics.append(diagnostic)
      }
    }
    outcome.documents += 1
    if !line.usedOverrides.isEmpty { outcome.usedOverrides.formUnion(line.usedOverrides) }
  }

  /// Runs every rule over a document; the configured levels decide what is kept.
  /// Taken, not borrowed: the analyses are added to the caller's document
  /// rather than to a copy of it made for every document.
  func check(_ document: consuming Document, scope: FileScope, into outcome: inout FileOutcome) {
    analyze(&document, scope: scope)
    for finding in findings(document, scope: scope) {
      let (diagnostic, matched) = resolve(finding, document: document, relativePath: scope.relativePath)
      outcome.usedOverrides.formUnion(matched)
      if let diagnostic { outcome.diagnostics.append(diagnostic) }
    }
  }

  /// The push view and the schema's findings, which several rules read.
  /// Both worked out before either is stored: reading the document to
  /// assign to one of its fields copied it whole.
  func analyze(_ document: inout Document, scope: FileScope) {
    let push = PushAnalysis.analyze(
      document, schema: schema, configuredHeaders: scope.configuredHeaders, isAPNSFile: scope.fileExtension == "apns",
      payloadLimits: scope.payloadLimits)
    let schemaFindings = SchemaValidator.validate(document, push: push, schema: schema, targets: scope.context.targets)
    document.push = push
    document.schemaFindings = schemaFindings
  }

  /// What the rules find in an analyzed document.
  func findings(_ document: Document, scope: FileScope) -> [Finding] {
    var findings: [Finding] = []
    let context = scope.context
    registry.ruleTypes(for: document.kind).withUnsafeBufferPointer { rules in
      for index in rules.indices {
        // Most rules find nothing; appending an empty array still reallocates.
        let found = rules[index].check(document, context: context)
        if !found.isEmpty { findings.append(contentsOf: found) }
      }
    }
    return findings
  }

  func diagnostic(_ finding: Finding, document: Document, relativePath: String?) -> Diagnostic? {
    resolve(finding, document: document, relativePath: relativePath).diagnostic
  }

  /// The finding at its configured level (nil when off), and the overrides
  /// that matched it. `relativePath` is the file's, as `FileScope` holds it.
  func resolve(
    _ finding: Finding, document: Document, relativePath: String?
  ) -> (diagnostic: Diagnostic?, matched: [Int]) {
    let defaultSeverity = catalog.description(of: finding.rule)?.severity ?? .error
    let (setting, matched) = configuration.resolve(
      finding.rule, defaultSeverity: defaultSeverity, relativePath: relativePath, pointer: finding.pointer)
    guard case .severity(let configured) = setting else { return (nil, matched) }
    let severity = finding.severity.map { min($0, configured) } ?? configured
    guard severity >= reportsAtLeast else { return (nil, matched) }
    let diagnostic = Diagnostic(
      path: document.path, document: document.index, span: finding.span, severity: severity, rule: finding.rule,
      message: finding.message, pointer: finding.pointer, help: finding.help)
    return (diagnostic, matched)
  }

  /// `unused-override`: an override whose files were linted in this run but
  /// that matched no finding there. Overrides for files not linted (a
  /// pre-commit run of a few files) are not judged.
  func unusedOverrides(used: Set<Int>, linted: [String]) -> [Diagnostic] {
    guard let file = configuration.file, !configuration.overrides.isEmpty else { return [] }
    let relativePaths = linted.compactMap(configuration.relativePath)
    var diagnostics: [Diagnostic] = []
    for (index, override) in configuration.overrides.enumerated() where !used.contains(index) {
      guard relativePaths.contains(where: { path in override.files.contains { $0.matches(path) } }) else { continue }
      let rules = override.rules.keys.sorted().joined(separator: ", ")
      let scope = override.files.map(\.pattern).joined(separator: ", ") + (override.pointer.map { " at \($0)" } ?? "")
      let finding = Finding(
        rule: "unused-override", span: override.span,
        message:
          "this override (\(scope): \(rules)) matched no finding in the files it names; remove it if the problem is fixed",
        pointer: "/overrides/\(index)", help: "remove the override")
      let document = Document(path: file, format: .yaml, kind: .other, root: nil)
      let absolute = Paths.absolute(file, from: configuration.directory)
      if let diagnostic = diagnostic(finding, document: document, relativePath: configuration.relativePath(absolute)) {
        diagnostics.append(diagnostic)
      }
    }
    return diagnostics
  }

  /// The `headers:` defaults of the configuration for a file; later entries win.
  func configuredHeaders(forRelativePath relative: String?) -> [(name: String, value: String)] {
    guard !configuration.headers.isEmpty, let relative else { return [] }
    var headers: [(name: String, value: String)] = []
    for entry in configuration.headers where entry.files.contains(where: { $0.matches(relative) }) {
      for header in entry.headers {
        headers.removeAll { $0.name == header.name }
        headers.append(header)
      }
    }
    return headers
  }

  func cap(_ outcome: inout FileOutcome) {
    guard outcome.diagnostics.count > Linter.maxDiagnosticsPerFile || outcome.unshown.total > 0 else { return }
    outcome.diagnostics.sort(by: Diagnostic.reportOrder)
    for diagnostic in outcome.diagnostics.dropFirst(Linter.maxDiagnosticsPerFile) {
      outcome.unshown[diagnostic.severity] += 1
    }
    outcome.diagnostics.removeLast(max(0, outcome.diagnostics.count - Linter.maxDiagnosticsPerFile))
    let dropped = outcome.unshown.total
    if var last = outcome.diagnostics.last {
      last.message += " (and \(dropped) more findings in this file, not shown)"
      outcome.diagnostics[outcome.diagnostics.count - 1] = last
    }
  }

  /// Whether unparseable text looks like it was meant for pushlint: it names
  /// `aps`, `apns` or `categories` as a word.
  static func mentionsPush(_ bytes: [UInt8]) -> Bool {
    for word in ["aps", "apns", "categories"] {
      let needle = Array(word.utf8)
      var start = 0
      while let index = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
        let before = index == 0 ? 0x20 : bytes[index - 1]
        let after = index + needle.count < bytes.count ? bytes[index + needle.count] : 0x20
        if !isWordByte(before) && !isWordByte(after) { return true }
        start = index + 1
      }
    }
    return false
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }
}

enum System {
  static var coreCount: Int {
    #if canImport(Glibc)
      return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
      return 4
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
#endif
