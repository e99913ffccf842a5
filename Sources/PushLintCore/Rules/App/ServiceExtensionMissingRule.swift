enum ServiceExtensionMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.extensionPlists.isEmpty, project.serviceExtensions.isEmpty,
      let member = document.push?.aps?.member("mutable-content"), member.value.numberValue?.doubleValue == 1
    else { return [] }
    return [
      finding(
        atKeyOf: member,
        "\"mutable-content\": 1 asks for a notification service extension, but the extension plists in scope (\(project.namedList(project.extensionPlists.map(\.place)))) include none (com.apple.usernotifications.service)",
        help: "add a Notification Service Extension target, or remove \"mutable-content\"")
    ]
  }
}
