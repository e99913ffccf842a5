/// Checking: every rule over every document of a file, under the file's
/// configuration.
extension Linter {
  struct FileOutcome: Sendable {
    /// The findings kept, worded by `finish` once the file is done.
    var kept: [KeptFinding] = []
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
    /// Findings below `reportsAtLeast`, counted but not kept.
    var hidden = SeverityCounts()
    /// The fixes of the hidden findings, which the summary counts too.
    var hiddenFixes = FixCounts()
    /// The file's suppression comments (by index) that silenced a finding.
    var usedSuppressions: Set<Int> = []
    /// The file holds nothing but white space.
    var isEmpty = false
    /// The most findings kept for the file (`LintOptions.findingsPerFile`).
    var limit = Linter.maxDiagnosticsPerFile

    /// The last finding kept when the findings past the limit were last
    /// let go: a later one that does not come before it in report order is
    /// past the limit too.
    var lastShown = Slot<KeptFinding>.empty

    /// Keeps a finding. Past the file's limit only the findings a report
    /// shows are held: once four times the limit are kept, those past the
    /// limit in report order are counted in `unshown` and let go, as
    /// `finish` would, and from then on a finding that comes after the last
    /// one kept is only counted. A document of five million findings costs
    /// the limit in memory, not five million worded diagnostics.
    mutating func keep(_ finding: KeptFinding) {
      if let lastShown = lastShown.value, !KeptFinding.reportOrder(finding, lastShown) {
        unshown[finding.severity] += 1
        return
      }
      kept.append(finding)
      if kept.count >= 4 * limit { holdBackPastLimit() }
    }

    mutating func holdBackPastLimit() {
      kept.sort(by: KeptFinding.reportOrder)
      for finding in kept[limit...] { unshown[finding.severity] += 1 }
      kept.removeLast(kept.count - limit)
      lastShown = Slot(kept.last)
    }
  }

  /// What every document of one file is checked with, worked out once per
  /// file: a JSON Lines file has a million documents.
  struct FileScope: Sendable {
    /// Relative to the configuration's directory, as its globs match.
    var relativePath: String?
    var context: RuleContext
    var configuredHeaders: [(name: String, value: String)]
    /// The file's `fileExtension(_:)`, which classifying and analyzing each
    /// document asks.
    var fileExtension: String
    /// Each push type's size limit under the file's targets.
    var payloadLimits: PayloadLimits
    /// The file's `pushlint:` comments.
    var suppressions: [Suppression] = []
  }

  func scope(of input: LintInput, project: ProjectContext) -> FileScope {
    let relativePath = configuration.relativePath(input.absolutePath)
    return FileScope(
      relativePath: relativePath,
      context: RuleContext(targets: configuration.targets, schema: rules.schema, project: project),
      configuredHeaders: configuredHeaders(forRelativePath: relativePath),
      fileExtension: input.fileExtension,
      payloadLimits: rules.schema.payloadLimits(under: configuration.targets))
  }

  /// A file checked, its kept findings worded.
  func check(_ file: ReadFile, project: ProjectContext) -> FileOutcome {
    var outcome = checkUnworded(file, project: project)
    finish(&outcome)
    return outcome
  }

  /// A file of documents checked, its kept findings worded, in `scope`
  /// worked out beforehand (`scope(of:project:)` of its input); any other
  /// file as `check(_:project:)` does.
  func check(_ file: ReadFile, project: ProjectContext, scope: FileScope) -> FileOutcome {
    guard case .documents(let documents, let suppressions, _) = file.content else {
      return check(file, project: project)
    }
    var outcome = checkDocuments(documents, suppressions: suppressions, input: file.input, scope: scope)
    finish(&outcome)
    return outcome
  }

  func checkUnworded(_ file: ReadFile, project: ProjectContext) -> FileOutcome {
    switch file.content {
    case .unreadable(let error): return FileOutcome(error: error)
    case .deferred(let bytes): return checkUnworded(read(bytes: bytes, input: file.input), project: project)
    case .empty: return FileOutcome(isEmpty: true)
    case .sound(let sound): return checkNamedSound(sound, input: file.input, project: project)
    case .jsonLines(let bytes):
      return lintJSONLines(file.input, bytes: bytes, scope: scope(of: file.input, project: project))
    case .code:
      // Source code that registers nothing is read, judged by its compiler.
      return FileOutcome(linted: file.input.explicit)
    case .documents(let documents, let suppressions, _):
      return checkDocuments(
        documents, suppressions: suppressions, input: file.input, scope: scope(of: file.input, project: project))
    }
  }

  func checkDocuments(
    _ documents: [Document], suppressions: [Suppression], input: LintInput, scope: FileScope
  ) -> FileOutcome {
    // A scope is copied (a retain of each collection it holds) only to
    // hold comments, which few files have.
    guard !suppressions.isEmpty else { return checkDocuments(documents, input: input, holdingSuppressions: scope) }
    var scope = scope
    scope.suppressions = suppressions
    return checkDocuments(documents, input: input, holdingSuppressions: scope)
  }

  private func checkDocuments(
    _ documents: [Document], input: LintInput, holdingSuppressions scope: FileScope
  )
    -> FileOutcome
  {
    var outcome = FileOutcome(limit: options.findingsPerFile)
    for document in documents {
      outcome.documents += 1
      check(document, scope: scope, into: &outcome)
    }
    if !scope.suppressions.isEmpty, let format = documents.first?.format {
      checkSuppressions(scope.suppressions, format: format, input: input, scope: scope, into: &outcome)
    }
    outcome.linted = outcome.documents > 0 || input.explicit
    return outcome
  }

  /// A sound file is read for the project's sounds; named on the command
  /// line, the file rules judge it too.
  func checkNamedSound(_ sound: SoundEntry, input: LintInput, project: ProjectContext) -> FileOutcome {
    guard input.explicit else { return FileOutcome() }
    var outcome = FileOutcome(documents: 1, linted: true)
    let context = RuleContext(targets: configuration.targets, schema: rules.schema, project: project)
    let document = Document(path: input.displayPath, format: .json, kind: .other, root: nil)
    let relativePath = configuration.relativePath(input.absolutePath)
    for rule in rules.registry.fileRules {
      for finding in rule.check(file: .sound(sound), context: context) {
        record(finding, document: document, relativePath: relativePath, into: &outcome)
      }
    }
    return outcome
  }

  /// The file rules' judgement of the file's suppression comments: those
  /// that silenced nothing, or that name no directive or no rule.
  func checkSuppressions(
    _ suppressions: [Suppression], format: SourceFormat, input: LintInput, scope: FileScope,
    into outcome: inout FileOutcome
  ) {
    let unused = suppressions.unused(besides: outcome.usedSuppressions)
    guard !unused.isEmpty else { return }
    let document = Document(path: input.displayPath, format: format, kind: .other, root: nil)
    for finding in unusedSuppressionFindings(unused, context: scope.context) {
      record(finding, document: document, relativePath: scope.relativePath, into: &outcome)
    }
  }

  /// What the file rules say of suppression comments that silenced nothing.
  func unusedSuppressionFindings(_ unused: [Suppression], context: RuleContext) -> [Finding] {
    rules.registry.fileRules.flatMap { $0.check(file: .unusedSuppressions(unused), context: context) }
  }

  /// Runs every rule over a document; the configured levels decide what is kept.
  /// Taken, not borrowed: the analyses are added to the caller's document
  /// rather than to a copy of it made for every document.
  /// Each finding is recorded as a rule hands it on, so a document holds
  /// no list of every finding in it.
  func check(_ document: consuming Document, scope: FileScope, into outcome: inout FileOutcome) {
    analyze(&document, scope: scope)
    let context = scope.context
    rules.registry.ruleTypes(for: document.kind).withUnsafeBufferPointer { rules in
      for index in rules.indices {
        rules[index].forEachFinding(in: document, context: context) { finding in
          if let index = scope.suppressions.firstIndex(silencing: finding) {
            outcome.usedSuppressions.insert(index)
            return
          }
          record(finding, document: document, relativePath: scope.relativePath, into: &outcome)
        }
      }
    }
  }

  /// A finding at its configured level into the file's outcome: kept,
  /// counted as hidden, or dropped, with the overrides it matched.
  func record(_ finding: Finding, document: Document, relativePath: String?, into outcome: inout FileOutcome) {
    let (kept, matched, hidden) = resolve(finding, document: document, relativePath: relativePath)
    if let hidden {
      outcome.hidden[hidden] += 1
      outcome.hiddenFixes.count(finding.makeFix())
    }
    if !matched.isEmpty { outcome.usedOverrides.formUnion(matched) }
    if let kept { outcome.keep(kept) }
  }

  /// The push view and the schema's findings, which several rules read.
  /// Both worked out before either is stored: reading the document while
  /// assigning to one of its fields would copy it whole.
  func analyze(_ document: inout Document, scope: FileScope) {
    let push = PushAnalysis.analyze(
      document, schema: rules.schema, configuredHeaders: scope.configuredHeaders,
      isAPNSFile: scope.fileExtension == "apns",
      payloadLimits: scope.payloadLimits)
    // Source code is judged by its compiler; only what it registers is checked.
    let (schemaFindings, rulesPastLimit) =
      document.format.isSourceCode
      ? ([], [])
      : SchemaValidator.validate(
        document, push: push, schema: rules.schema, targets: scope.context.targets,
        limit: Self.heldSchemaFindings)
    document.push = push
    document.schemaFindings = schemaFindings
    document.rulesValidatingAgain = rulesPastLimit
  }

  /// The schema findings a document holds for the generic rules; past them
  /// the rules that have some validate it again, each handing on its own as
  /// they are found.
  static let heldSchemaFindings = 4 * maxDiagnosticsPerFile

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

  /// Words the file's kept findings, and holds back those past the file's
  /// limit, counted.
  func finish(_ outcome: inout FileOutcome) {
    outcome.diagnostics = outcome.kept.map { $0.worded() }
    outcome.kept = []
    guard outcome.diagnostics.count > outcome.limit || outcome.unshown.total > 0 else { return }
    outcome.diagnostics.sort(by: Diagnostic.reportOrder)
    for diagnostic in outcome.diagnostics.dropFirst(outcome.limit) {
      outcome.unshown[diagnostic.severity] += 1
    }
    outcome.diagnostics.removeLast(max(0, outcome.diagnostics.count - outcome.limit))
    let dropped = outcome.unshown.total
    if var last = outcome.diagnostics.last {
      last.noteUnshown(dropped)
      outcome.diagnostics[outcome.diagnostics.count - 1] = last
    }
  }
}
