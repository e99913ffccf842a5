/// What the rules are and read: the registry, the rule documents (for each
/// rule's default severity, read on first use: parsing them is a tenth of
/// linting one clean file) and the schema.
public struct RuleSet: Sendable {
  public var registry: RuleRegistry
  public var catalog: RuleCatalog {
    get { customCatalog ?? .standard }
    set { customCatalog = newValue }
  }
  private var customCatalog: RuleCatalog?
  public var schema: PushSchema

  public init(registry: RuleRegistry = .standard, catalog: RuleCatalog? = nil, schema: PushSchema = .standard) {
    self.registry = registry
    self.customCatalog = catalog
    self.schema = schema
  }
}

/// How a run goes.
public struct LintOptions: Sendable {
  /// How many files are linted at once; 0 means one per core.
  public var jobs = 0
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
  /// Files as an editor holds them, by absolute path: read from here rather
  /// than from disk, so an unsaved Info.plist or entitlements file is the
  /// app's side the language server judges payloads against.
  public var openBuffers: [String: [UInt8]] = [:]
  /// How much of a JSON Lines file is read per batch (tests make it small to
  /// see many batches).
  var jsonLinesReadSize = 4 << 20
  /// The most findings a report keeps for one file; the rest are counted.
  /// `--fix` raises it for its own rounds, which must see every fix.
  var findingsPerFile = Linter.maxDiagnosticsPerFile

  public init() {}
}

/// The settings by name, as the engine's stages and the callers use them.
extension Linter {
  public var registry: RuleRegistry {
    get { rules.registry }
    set { rules.registry = newValue }
  }
  public var catalog: RuleCatalog {
    get { rules.catalog }
    set { rules.catalog = newValue }
  }
  public var schema: PushSchema {
    get { rules.schema }
    set { rules.schema = newValue }
  }
  public var jobs: Int {
    get { options.jobs }
    set { options.jobs = newValue }
  }
  public var usesNearestConfiguration: Bool {
    get { options.usesNearestConfiguration }
    set { options.usesNearestConfiguration = newValue }
  }
  public var skipsUnrelatedFiles: Bool {
    get { options.skipsUnrelatedFiles }
    set { options.skipsUnrelatedFiles = newValue }
  }
  public var reportsAtLeast: Severity {
    get { options.reportsAtLeast }
    set { options.reportsAtLeast = newValue }
  }
  var jsonLinesReadSize: Int {
    get { options.jsonLinesReadSize }
    set { options.jsonLinesReadSize = newValue }
  }
}
