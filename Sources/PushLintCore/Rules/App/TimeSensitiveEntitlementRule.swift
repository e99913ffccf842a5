enum TimeSensitiveEntitlementRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes
  static let entitlement = "com.apple.developer.usernotifications.time-sensitive"

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let level = document.push?.aps?["interruption-level"], level.stringValue == "time-sensitive" else {
      return []
    }
    return [
      entitlementFinding(
        entitlement: Self.entitlement, what: "interruption-level \"time-sensitive\"", node: level,
        consequence: "iOS silently delivers it as an active notification", document: document, context: context)
    ].compactMap { $0 }
  }
}
