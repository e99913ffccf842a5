/// A key the schema marks required is absent.
enum RequiredKeyMissingRule: SchemaRule {
  enum Problem: FindingReason {
    /// `dictionary` (as reports name it) has no `key`.
    case absent(key: String, dictionary: String)
    /// `trigger` is present and needs `key` beside it.
    case neededBeside(trigger: String, key: String, dictionary: String)
    /// A notification content extension's NSExtension has no attributes.
    case contentExtensionAttributes

    var message: String {
      switch self {
      case .absent(let key, let dictionary): "\(dictionary) has no \"\(key)\", which it requires"
      case .neededBeside(let trigger, let key, let dictionary):
        "\"\(trigger)\" needs \"\(key)\" beside it in \(dictionary)"
      case .contentExtensionAttributes:
        "NSExtension of a notification content extension has no \"NSExtensionAttributes\", which it requires"
      }
    }

    var help: String? {
      switch self {
      case .absent(let key, _), .neededBeside(_, let key, _): "add \"\(key)\""
      case .contentExtensionAttributes:
        "add NSExtensionAttributes with UNNotificationExtensionCategory and UNNotificationExtensionInitialContentSizeRatio"
      }
    }
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .requiredKeyMissing(let problem) = problem { problem } else { nil }
  }
}

extension RequiredKeyMissingRule.Problem: FixableProblem {}
