enum CriticalAlertEntitlementRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes
  static let entitlement = "com.apple.developer.usernotifications.critical-alerts"

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let aps = document.push?.aps else { return [] }
    var triggers: [(Node, String)] = []
    if let critical = aps["sound"]?["critical"], critical.numberValue?.doubleValue == 1 {
      triggers.append((critical, "a critical sound"))
    }
    if let level = aps["interruption-level"], level.stringValue == "critical" {
      triggers.append((level, "interruption-level \"critical\""))
    }
    // One missing entitlement is one finding, however many keys ask for it.
    guard let first = triggers.first else { return [] }
    let what = triggers.map(\.1).joined(separator: " and ")
    return [
      entitlementFinding(
        entitlement: Self.entitlement, what: what, plural: triggers.count > 1, node: first.0,
        consequence: "the notification plays no critical sound and does not break through Do Not Disturb",
        document: document,
        context: context
      )
    ].compactMap { $0 }
  }
}
