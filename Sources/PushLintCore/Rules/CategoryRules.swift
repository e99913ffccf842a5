/// Every category and action of a categories document, with its position.
private func categories(of document: Document) -> [Node] {
  guard document.kind == .categories else { return [] }
  return document.root?["categories"]?.elements?.filter(\.isObject) ?? []
}

final class DuplicateIdentifierRule: Rule {
  static let name = "duplicate-identifier"
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    let project = context.project
    for category in categories(of: document) {
      if let identifier = category["identifier"], let name = identifier.stringValue,
        let first = project.categories.first(where: { $0.name == name }),
        first.path != document.path || first.span != identifier.span
      {
        findings.append(
          Finding(
            rule: Self.name, span: identifier.span,
            message: "category \"\(name)\" is already declared at \(first.place); the system keeps only one of them",
            pointer: identifier.pointer, help: "rename one of them, or merge their actions"))
      }
      for action in category["actions"]?.elements ?? [] {
        guard let identifier = action["identifier"], let name = identifier.stringValue,
          let first = project.actions.first(where: { $0.name == name }),
          first.path != document.path || first.span != identifier.span
        else { continue }
        findings.append(
          Finding(
            rule: Self.name, span: identifier.span,
            message:
              "action \"\(name)\" is already declared at \(first.place); action identifiers must be unique across all categories, or the app cannot tell which was tapped",
            pointer: identifier.pointer, help: "give each action its own identifier"))
      }
    }
    return findings
  }
}

final class ReservedIdentifierRule: Rule {
  static let name = "reserved-identifier"
  static let documentKinds: Set<DocumentKind>? = [.categories]
  static let reserved = [
    "com.apple.UNNotificationDefaultActionIdentifier", "com.apple.UNNotificationDismissActionIdentifier",
  ]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    categories(of: document).flatMap { category in
      (category["actions"]?.elements ?? []).compactMap { action -> Finding? in
        guard let identifier = action["identifier"], let name = identifier.stringValue, Self.reserved.contains(name)
        else {
          return nil
        }
        return Finding(
          rule: Self.name, span: identifier.span,
          message:
            "\"\(name)\" is reserved by the system for \(name.contains("Default") ? "opening the app from the notification" : "dismissing the notification"); an action cannot use it",
          pointer: identifier.pointer,
          help: name.contains("Dismiss")
            ? "use the category option customDismissAction to learn about dismissals" : "pick an identifier of your own"
        )
      }
    }
  }
}

final class TooManyActionsRule: Rule {
  static let name = "too-many-actions"
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let iosTarget = context.targets[.ios] ?? context.targets[.ipados]
    let defaultLimit = iosTarget.map { $0 < OSVersion("10.0")! } == true ? 4 : 10
    var findings: [Finding] = []
    for category in categories(of: document) {
      if let actions = category.member("actions"), let elements = actions.value.elements, elements.count > defaultLimit
      {
        findings.append(
          Finding(
            rule: Self.name, span: elements[defaultLimit].span,
            message:
              "\(elements.count) actions, but the default context shows at most \(defaultLimit)\(defaultLimit == 4 ? " below iOS 10" : ""); the rest never appear",
            pointer: elements[defaultLimit].pointer, help: "keep the \(defaultLimit) most important actions"))
      }
      if let minimal = category["minimalActions"]?.elements, minimal.count > 2 {
        findings.append(
          Finding(
            rule: Self.name, span: minimal[2].span,
            message: "\(minimal.count) minimal actions, but banners and the lock screen show at most 2",
            pointer: minimal[2].pointer, help: "name the two most important actions"))
      }
    }
    return findings
  }
}

final class BannerActionsTruncatedRule: Rule {
  static let name = "banner-actions-truncated"
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    categories(of: document).compactMap { category in
      guard category["minimalActions"] == nil, let actions = category.member("actions"),
        let elements = actions.value.elements, elements.count > 2
      else { return nil }
      let names = elements.prefix(2).compactMap { $0["identifier"]?.stringValue }.joined(separator: " and ")
      return Finding(
        rule: Self.name, span: actions.keySpan,
        message:
          "\(elements.count) actions and no \"minimalActions\": banners and the lock screen show only the first two (\(names))",
        pointer: actions.value.pointer,
        help: "put the two most important actions first, or name them in \"minimalActions\"")
    }
  }
}

final class OptionIneffectiveRule: Rule {
  static let name = "option-ineffective"
  static let documentKinds: Set<DocumentKind>? = [.categories]

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    let macOnly = context.targets[.macos] != nil && context.targets.keys.allSatisfy { $0 == .macos }
    for category in categories(of: document) {
      for action in category["actions"]?.elements ?? [] {
        let options = action["options"]?.elements ?? []
        guard options.contains(where: { $0.stringValue == "foreground" }),
          let authentication = options.first(where: { $0.stringValue == "authenticationRequired" })
        else { continue }
        findings.append(
          Finding(
            rule: Self.name, span: authentication.span,
            message:
              "\"authenticationRequired\" has no effect on a foreground action: opening the app always unlocks the device",
            pointer: authentication.pointer, help: "remove \"authenticationRequired\""))
      }
      if macOnly, let carPlay = category["options"]?.elements?.first(where: { $0.stringValue == "allowInCarPlay" }) {
        findings.append(
          Finding(
            rule: Self.name, span: carPlay.span,
            message:
              "\"allowInCarPlay\" has no effect: the configured targets are macOS only, and CarPlay shows iPhone notifications",
            pointer: carPlay.pointer, help: "remove \"allowInCarPlay\""))
      }
    }
    return findings
  }
}

final class FormatSpecifierRule: Rule {
  static let name = "format-specifier"
  static let documentKinds: Set<DocumentKind>? = [.categories]

  /// The conversions in a format string that are not in `allowed`, with
  /// positional forms (`%1$u`) accepted and `%%` a literal percent.
  static func unsupported(in format: String, allowed: Set<Character>) -> [String] {
    var found: [String] = []
    let characters = Array(format)
    var index = 0
    while index < characters.count {
      guard characters[index] == "%" else {
        index += 1
        continue
      }
      var end = index + 1
      if end < characters.count && characters[end] == "%" {
        index = end + 1
        continue
      }
      var position = end
      while position < characters.count && characters[position].isNumber { position += 1 }
      if position < characters.count && characters[position] == "$" && position > end { end = position + 1 }
      // Flags, width, precision and length modifiers, then the conversion.
      var conversion = end
      while conversion < characters.count && "-+ #0123456789.lhqLzjt'".contains(characters[conversion]) {
        conversion += 1
      }
      let specifier = String(characters[index..<min(conversion + 1, characters.count)])
      if conversion >= characters.count || conversion != end || !allowed.contains(characters[conversion]) {
        found.append(specifier)
      }
      index = conversion + 1
    }
    return found
  }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    for category in categories(of: document) {
      for (key, allowed, words) in [
        ("categorySummaryFormat", Set<Character>(["u", "@"]), "%u (the count) and %@ (the summary argument)"),
        ("hiddenPreviewsBodyPlaceholder", Set<Character>(["u"]), "%u (the count)"),
      ] {
        guard let value = category[key], let text = value.stringValue else { continue }
        let bad = Self.unsupported(in: text, allowed: allowed)
        guard !bad.isEmpty else { continue }
        findings.append(
          Finding(
            rule: Self.name, span: value.span,
            message:
              "\"\(key)\" uses \(bad.map { "\"\($0)\"" }.joined(separator: ", ")); the system fills only \(words), positional forms such as %1$u included",
            pointer: value.pointer, help: "use \(words)"))
      }
    }
    return findings
  }
}
