final class CategoryUndeclaredRule: Rule {
  static let name = "category-undeclared"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.categoryFiles.isEmpty, let category = document.push?.aps?["category"],
      let name = category.stringValue, project.declaredCategory(name) == nil, !document.containsPlaceholder(name)
    else { return [] }
    var message =
      "category \"\(name)\" is declared in no categories file (\(project.categoryFilesText)): no actions and no content extension will appear"
    let (suggestion, help) = project.nearestCategory(to: name)
    message += suggestion
    return [Finding(rule: Self.name, span: category.span, message: message, pointer: category.pointer, help: help)]
  }
}

/// The categories a content extension plist claims, with their nodes.
private func claimedCategories(_ document: Document) -> [Node] {
  guard document.kind == .extensionInfoPlist, let nsExtension = document.root?["NSExtension"],
    nsExtension["NSExtensionPointIdentifier"]?.stringValue == "com.apple.usernotifications.content-extension",
    let value = nsExtension["NSExtensionAttributes"]?["UNNotificationExtensionCategory"]
  else { return [] }
  return (value.elements ?? [value]).filter { $0.stringValue != nil }
}

final class ExtensionCategoryUndeclaredRule: Rule {
  static let name = "extension-category-undeclared"
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.categoryFiles.isEmpty else { return [] }
    return claimedCategories(document).compactMap { node in
      guard let name = node.stringValue, project.declaredCategory(name) == nil else { return nil }
      var message =
        "the content extension claims category \"\(name)\", which no categories file declares (\(project.categoryFilesText)); the extension never runs for it"
      let (suggestion, help) = project.nearestCategory(to: name)
      message += suggestion
      return Finding(rule: Self.name, span: node.span, message: message, pointer: node.pointer, help: help)
    }
  }
}

final class ExtensionCategoryConflictRule: Rule {
  static let name = "extension-category-conflict"
  static let documentKinds: Set<DocumentKind>? = [.extensionInfoPlist]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    claimedCategories(document).compactMap { node in
      guard let name = node.stringValue else { return nil }
      // The first extension (in path order) to claim a category keeps it; later ones are reported.
      guard
        let first = context.project.contentExtensions.lazy.flatMap({ $0.categories }).first(where: { $0.name == name }),
        first.path != document.path
      else { return nil }
      return Finding(
        rule: Self.name, span: node.span,
        message:
          "category \"\(name)\" is also claimed by the content extension \(first.place); the system launches only one of them",
        pointer: node.pointer, help: "let one content extension handle \"\(name)\"")
    }
  }
}

/// What a payload needs an entitlement for, and where it says so.
private func entitlementFinding(
  rule: String, entitlement: String, what: String, plural: Bool = false, node: Node, severity: String,
  context: RuleContext
) -> Finding? {
  let files = context.project.entitlements
  guard !files.contains(where: { $0.grants[entitlement] == true }) else { return nil }
  if files.isEmpty {
    return Finding(
      rule: rule, span: node.span,
      message:
        "\(what) \(plural ? "need" : "needs") the \(entitlement) entitlement; no entitlements file is in scope to check (add it to context in .pushlint.yml)",
      pointer: node.pointer, severity: .info)
  }
  let paths = files.map(\.declaration.place)
  return Finding(
    rule: rule, span: node.span,
    message:
      "\(what) \(plural ? "need" : "needs") the \(entitlement) entitlement, which \(paths.count == 1 ? paths[0] : "none of " + paths.joined(separator: ", ")) does not grant; \(severity)",
    pointer: node.pointer, help: "add <key>\(entitlement)</key><true/> (Apple grants it on request)")
}

final class CriticalAlertEntitlementRule: Rule {
  static let name = "critical-alert-entitlement"
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
        rule: Self.name, entitlement: Self.entitlement, what: what, plural: triggers.count > 1, node: first.0,
        severity: "the notification plays no critical sound and does not break through Do Not Disturb", context: context
      )
    ].compactMap { $0 }
  }
}

final class TimeSensitiveEntitlementRule: Rule {
  static let name = "time-sensitive-entitlement"
  static let documentKinds: Set<DocumentKind>? = .pushes
  static let entitlement = "com.apple.developer.usernotifications.time-sensitive"

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let level = document.push?.aps?["interruption-level"], level.stringValue == "time-sensitive" else {
      return []
    }
    return [
      entitlementFinding(
        rule: Self.name, entitlement: Self.entitlement, what: "interruption-level \"time-sensitive\"", node: level,
        severity: "iOS silently delivers it as an active notification", context: context)
    ].compactMap { $0 }
  }
}

final class BackgroundModeMissingRule: Rule {
  static let name = "background-mode-missing"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let plists = context.project.appPlists
    guard !plists.isEmpty, let push = document.push, push.contentAvailable,
      let member = push.aps?.member("content-available"),
      !plists.contains(where: { $0.backgroundModes?.contains("remote-notification") == true })
    else { return [] }
    let paths = plists.map(\.declaration.place).joined(separator: ", ")
    return [
      Finding(
        rule: Self.name, span: member.keySpan,
        message:
          "\"content-available\": 1 wakes the app only with the remote-notification background mode, which UIBackgroundModes in \(paths) lacks",
        pointer: member.value.pointer,
        help:
          "add remote-notification to UIBackgroundModes (Signing & Capabilities → Background Modes → Remote notifications)"
      )
    ]
  }
}

final class ServiceExtensionMissingRule: Rule {
  static let name = "service-extension-missing"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let project = context.project
    guard !project.extensionPlists.isEmpty, project.serviceExtensions.isEmpty,
      let member = document.push?.aps?.member("mutable-content"), member.value.numberValue?.doubleValue == 1
    else { return [] }
    return [
      Finding(
        rule: Self.name, span: member.keySpan,
        message:
          "\"mutable-content\": 1 asks for a notification service extension, but the extension plists in scope (\(project.namedList(project.extensionPlists.map(\.place)))) include none (com.apple.usernotifications.service)",
        pointer: member.value.pointer,
        help: "add a Notification Service Extension target, or remove \"mutable-content\"")
    ]
  }
}
