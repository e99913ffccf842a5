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
