/// A key newer than the configured OS targets.
enum UnavailableKeyRule: SchemaRule {
  /// A key, or one value of a key, that needs `version` of `platform`
  /// where the configured target is the older `target`.
  struct Problem: FindingReason {
    enum Subject: Sendable {
      case key(String)
      case value(String, key: String)
    }
    var subject: Subject
    var platform: Platform
    var version: OSVersion
    var target: OSVersion

    var message: String {
      let what =
        switch subject {
        case .key(let name): "\"\(name)\""
        case .value(let text, let key): "\"\(text)\" in \"\(key)\""
        }
      let name = Self.name(of: platform)
      return "\(what) needs \(name) \(version); devices on \(name) \(target) (the configured target) ignore it"
    }

    var help: String? { nil }

    static func name(of platform: Platform) -> String {
      switch platform {
      case .ios: "iOS"
      case .ipados: "iPadOS"
      case .macos: "macOS"
      case .watchos: "watchOS"
      case .tvos: "tvOS"
      case .visionos: "visionOS"
      }
    }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .unavailableKey(let problem) = problem { problem } else { nil }
  }
}

extension UnavailableKeyRule.Problem: FixableProblem {}
