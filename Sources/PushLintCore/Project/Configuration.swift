/// A rule's configured level: off, or a severity.
public enum RuleSetting: Sendable, Hashable {
  case off
  case severity(Severity)

  public init?(_ text: String) {
    if text == "off" {
      self = .off
    } else if let severity = Severity(name: text) {
      self = .severity(severity)
    } else {
      return nil
    }
  }

  static let names = ["off", "info", "note", "warning", "error"]
}

/// The lowest severity that makes the exit status 1.
public enum FailOn: String, Sendable, CaseIterable {
  case error, warning, info, never

  /// The level as written in a configuration or on the command line, with
  /// the severities' other names (`Severity(name:)`).
  public init?(name: String) {
    self.init(rawValue: Severity(name: name)?.rawValue ?? name)
  }

  public func fails(_ severity: Severity) -> Bool {
    switch self {
    case .never: false
    case .error: severity >= .error
    case .warning: severity >= .warning
    case .info: true
    }
  }
}

/// `overrides:` entry: rule levels for some files, optionally only at or under a JSON Pointer.
public struct Override: Sendable {
  public var files: [Glob]
  public var pointer: String?
  public var rules: [String: RuleSetting]
  /// Where the entry is in the configuration file.
  public var span: SourceSpan = .fileStart
  /// Written under `per-file-ignores` rather than `overrides`.
  public var isIgnore = false

  public init(
    files: [Glob], pointer: String? = nil, rules: [String: RuleSetting], span: SourceSpan = .fileStart,
    isIgnore: Bool = false
  ) {
    self.files = files
    self.pointer = pointer
    self.rules = rules
    self.span = span
    self.isIgnore = isIgnore
  }
}

/// `headers:` entry: default APNs headers for bare payloads matching `files`.
public struct HeaderDefaults: Sendable {
  public var files: [Glob]
  public var headers: [(name: String, value: String)]
}

/// The contents of `.pushlint.yml`, validated.
public struct Configuration: Sendable {
  /// Absolute directory the globs are relative to.
  public var directory: String
  /// The file it came from, if any.
  public var file: String?
  public var include: [Glob] = []
  public var exclude: [Glob] = []
  public var targets: [Platform: OSVersion] = [:]
  public var context: [Glob] = []
  public var headers: [HeaderDefaults] = []
  public var rules: [String: RuleSetting] = [:]
  /// Which rules run at all (`select`, `extend-select`, `ignore`).
  public var selection = RuleSelection() {
    // The catalog is read only when a selection is made: every start
    // would pay for it otherwise.
    didSet {
      disabledRules = selection.isEverything ? [] : selection.disabled(among: RuleID.names)
    }
  }
  /// The rules `selection` leaves out: off, whatever their level.
  private(set) var disabledRules: Set<String> = []
  public var overrides: [Override] = []
  public var failOn: FailOn = .error
  public var templates = TemplateSettings()
  /// The file's `# pushlint:` comments, for the findings about the file itself.
  public var suppressions: [Suppression] = []

  public init(directory: String) {
    self.directory = directory
  }

  public static let fileName = ".pushlint.yml"
  /// The other spelling, found when there is no `.pushlint.yml` beside it.
  public static let otherFileName = ".pushlint.yaml"

  /// The nearest `.pushlint.yml` (or `.pushlint.yaml`) in `directory` or a parent.
  public static func discover(from directory: String) -> String? {
    var current = Paths.normalize(directory)
    while true {
      for name in [fileName, otherFileName] {
        let candidate = Paths.join(current, name)
        if case .file = FileSystem.status(candidate).0 { return candidate }
      }
      if current == "/" || current == "." { return nil }
      current = Paths.directoryName(current)
    }
  }

  /// The configuration in `file`, a path relative to `currentDirectory`
  /// (which need not be the process's: the language server serves several
  /// folders from one).
  public static func load(file: String, currentDirectory: String) throws(ConfigurationError) -> Configuration {
    let bytes: [UInt8]
    let absolute = Paths.absolute(file, from: currentDirectory)
    switch FileSystem.readFile(absolute, limit: 1 << 20) {
    case .success(let read): bytes = read
    case .failure(let error):
      throw ConfigurationError(file: file, position: nil, .cannotRead(reason: error.reason))
    }
    return try parse(bytes, file: file, directory: Paths.directoryName(absolute))
  }

  /// `path` (absolute) relative to the configuration's directory, for glob matching.
  public func relativePath(_ absolutePath: String) -> String? {
    Paths.relative(absolutePath, to: directory)
  }

  /// The level of `rule` for a finding at `pointer` in the file at `relativePath`.
  public func setting(
    for rule: String, defaultSeverity: Severity, relativePath: String?, pointer: String
  ) -> RuleSetting {
    resolve(rule, relativePath: relativePath, pointer: pointer).configured ?? .severity(defaultSeverity)
  }

  /// The level the configuration gives `rule` for a finding at `pointer`
  /// (nil when it gives none: the rule's default holds), and the overrides
  /// (by index) that matched the finding.
  func resolve(
    _ rule: String, relativePath: String?, pointer: String
  ) -> (configured: RuleSetting?, matched: [Int]) {
    if !disabledRules.isEmpty && disabledRules.contains(rule) { return (.off, []) }
    var setting = rules[rule]
    var matched: [Int] = []
    guard let relativePath, !overrides.isEmpty else { return (setting, matched) }
    for (index, override) in overrides.enumerated() {
      guard let overridden = override.rules[rule], override.files.contains(where: { $0.matches(relativePath) }) else {
        continue
      }
      if let scope = override.pointer, !Configuration.pointer(pointer, isWithin: scope) { continue }
      setting = overridden
      matched.append(index)
    }
    return (setting, matched)
  }

  static func pointer(_ pointer: String, isWithin scope: String) -> Bool {
    scope.isEmpty || pointer == scope || pointer.hasPrefix(scope + "/")
  }
}

public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var position: SourcePosition?
  public var problem: ConfigurationProblem
  public var message: String { problem.message }
  /// The configuration's further mistakes, reported with this one.
  public var others: [ConfigurationError] = []

  /// This mistake and the others, in the order of the file.
  public var all: [ConfigurationError] {
    ([self] + others).map { error in
      var error = error
      error.others = []
      return error
    }
  }

  public init(file: String, position: SourcePosition?, _ problem: ConfigurationProblem) {
    self.file = file
    self.position = position
    self.problem = problem
  }

  public var description: String {
    if let position { return "\(file):\(position.line):\(position.column): \(message)" }
    return "\(file): \(message)"
  }
}
