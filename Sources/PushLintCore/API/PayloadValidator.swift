/// Validates payloads in process, for a server that checks what it is about
/// to send to APNs. It runs the same rules as the command line.
///
/// ```swift
/// let validator = PayloadValidator(targets: [.ios: OSVersion("16.0")!])
/// let result = validator.validate(
///   payload: body, headers: ["apns-push-type": "background", "apns-priority": "5"])
/// guard result.isSendable else { throw PushRejected(result.errors) }
/// ```
///
/// A validator is a value; share one across threads freely. It reads the
/// configuration's context files (categories, Info.plists, entitlements)
/// once, when it is made: make a new one when they change.
public struct PayloadValidator: Sendable {
  public var configuration: Configuration {
    get { linter.configuration }
    set {
      linter.configuration = newValue
      context = linter.prepareContext(usualPath: PayloadValidator.defaultName)
    }
  }
  private var linter: Linter
  private var context: Linter.PreparedContext
  /// What a payload is named when the caller names it nothing; its path is
  /// worked out once, with the context.
  @usableFromInline static let defaultName = "payload.json"

  /// - Parameters:
  ///   - configuration: rule levels, targets and overrides; by default none.
  ///   - targets: minimum OS versions, merged over the configuration's.
  public init(configuration: Configuration = Configuration(directory: "/"), targets: [Platform: OSVersion] = [:]) {
    var configuration = configuration
    configuration.targets.merge(targets) { $1 }
    linter = Linter(configuration: configuration, jobs: 1)
    context = linter.prepareContext(usualPath: PayloadValidator.defaultName)
  }

  /// What a validation found.
  public struct Result: Sendable {
    public var diagnostics: [Diagnostic]
    /// Findings past `Linter.maxDiagnosticsPerFile`, counted by severity.
    public var unshown = SeverityCounts()
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    /// No finding APNs would reject or the device would drop: no errors,
    /// shown or not.
    public var isSendable: Bool { errors.isEmpty && unshown[.error] == 0 }
  }

  /// Validates a payload's bytes, with the APNs headers it will be sent with
  /// (names case-insensitive; without headers, no header rules run and the
  /// push type is inferred). `name` labels the diagnostics.
  public func validate(
    payload: [UInt8], headers: [String: String] = [:], name: String = PayloadValidator.defaultName
  ) -> Result {
    // The linter is copied only to configure headers.
    let report =
      headers.isEmpty
      ? linter.report(bytes: payload, path: name, against: context)
      : linter(sending: headers).report(bytes: payload, path: name, against: context)
    return Result(diagnostics: report.diagnostics, unshown: report.unshown)
  }

  /// The linter with `headers` configured for every file.
  private func linter(sending headers: [String: String]) -> Linter {
    var linter = linter
    let sorted = headers.map { (name: $0.key.lowercased(), value: $0.value) }.sorted { $0.name < $1.name }
    linter.configuration.headers = [HeaderDefaults(files: [Glob("**")], headers: sorted)]
    return linter
  }

  public func validate(
    payload: String, headers: [String: String] = [:], name: String = PayloadValidator.defaultName
  ) -> Result {
    validate(payload: Array(payload.utf8), headers: headers, name: name)
  }

  /// Any collection of bytes: Foundation's `Data`, an `ArraySlice<UInt8>`,
  /// SwiftNIO's `ByteBuffer.readableBytesView`, without this library
  /// importing any of them.
  public func validate(
    payload: some Collection<UInt8>, headers: [String: String] = [:], name: String = PayloadValidator.defaultName
  ) -> Result {
    validate(payload: Array(payload), headers: headers, name: name)
  }
}
