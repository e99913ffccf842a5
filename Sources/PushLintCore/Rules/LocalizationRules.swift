/// A localization key a payload names, with the arguments sent for it.
struct LocalizationReference {
  /// The `*-loc-key` member's name, e.g. `title-loc-key`.
  var keyName: String
  var key: Node
  var name: String
  /// The matching `*-loc-args` member's name and value (nil when absent).
  var argumentsName: String
  var arguments: Node?
}

/// The keys an alert names: `title-loc-key`, `subtitle-loc-key`, `loc-key`,
/// and a Live Activity alert's `title`/`body` written as `{loc-key, loc-args}`.
/// Keys that contain a template placeholder are filled at send time and not judged.
func localizationReferences(_ document: Document) -> [LocalizationReference] {
  guard let alert = document.push?.aps?["alert"], alert.isObject else { return [] }
  var references: [LocalizationReference] = []
  func add(_ container: Node, keyName: String, argumentsName: String, label: String) {
    guard let key = container[keyName], let name = key.stringValue, !name.isEmpty,
      !document.containsPlaceholder(name)
    else { return }
    references.append(
      LocalizationReference(
        keyName: label + keyName, key: key, name: name, argumentsName: label + argumentsName,
        arguments: container[argumentsName]))
  }
  for (_, keyName, argumentsName) in alertLocalizationKeys {
    add(alert, keyName: keyName, argumentsName: argumentsName, label: "")
  }
  for part in ["title", "body"] {
    if let object = alert[part], object.isObject {
      add(object, keyName: "loc-key", argumentsName: "loc-args", label: part + ".")
    }
  }
  return references
}

final class LocKeyUndefinedRule: Rule {
  static let name = "loc-key-undefined"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let localizations = context.project.localizations
    guard !localizations.isEmpty else { return [] }
    var findings: [Finding] = []
    for reference in localizationReferences(document) {
      guard let formats = localizations.formats[reference.name] else {
        var message =
          "\(reference.keyName) \"\(reference.name)\" is defined in no Localizable table "
          + "(\(context.project.namedList(localizations.files))); the notification shows the key itself"
        var help = "add \"\(reference.name)\" to Localizable.strings (or the String Catalog) in every language"
        if let nearest = Suggestion.nearest(to: reference.name, in: localizations.sortedKeys),
          let defined = localizations.formats[nearest]?.first
        {
          message += "; did you mean \"\(nearest)\" (\(defined.place))?"
          help = "write \"\(nearest)\""
        }
        findings.append(
          Finding(
            rule: Self.name, span: reference.key.span, message: message, pointer: reference.key.pointer, help: help))
        continue
      }
      let defined = formats.map(\.language)
      let missing = localizations.languages.subtracting(defined).sorted()
      guard !missing.isEmpty else { continue }
      findings.append(
        Finding(
          rule: Self.name, span: reference.key.span,
          message:
            "\(reference.keyName) \"\(reference.name)\" is not localized in \(missing.joined(separator: ", ")) "
            + "(it is in \(defined.joined(separator: ", "))); users with \(missing.count == 1 ? "that language" : "those languages") see the key itself",
          pointer: reference.key.pointer,
          help: "add \"\(reference.name)\" to the \(missing.joined(separator: ", ")) localization",
          severity: .info))
    }
    return findings
  }
}

final class LocArgsCountRule: Rule {
  static let name = "loc-args-count"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let localizations = context.project.localizations
    guard !localizations.isEmpty else { return [] }
    var findings: [Finding] = []
    for reference in localizationReferences(document) {
      guard let formats = localizations.formats[reference.name] else { continue }
      // A loc-args of the wrong type is value-type's to report.
      if let arguments = reference.arguments, arguments.elements == nil { continue }
      let given = reference.arguments?.elements?.count ?? 0
      let at = reference.arguments ?? reference.key
      for format in formats where format.arguments != given {
        let sent =
          reference.arguments == nil
          ? "there is no \(reference.argumentsName)"
          : "\(reference.argumentsName) has \(given) \(given == 1 ? "element" : "elements")"
        let help =
          format.arguments > given
          ? "send \(format.arguments) \(format.arguments == 1 ? "argument" : "arguments") in \(reference.argumentsName), or fix the \(format.language) text"
          : "send \(format.arguments) \(format.arguments == 1 ? "argument" : "arguments"), or use every argument in the \(format.language) text (%@ or %1$@)"
        findings.append(
          Finding(
            rule: Self.name, span: at.span,
            message:
              "\"\(reference.name)\" in \(format.language) takes \(format.arguments) "
              + "\(format.arguments == 1 ? "argument" : "arguments") (\"\(format.format)\", \(format.place)), but \(sent)",
            pointer: at.pointer, help: help))
      }
    }
    return findings
  }
}
