/// Which dictionary of the catalog a place in a document belongs to: what
/// hover and completion tell about keys.
struct SchemaNavigation {
  let schema: PushSchema

  /// A payload's top level: `aps`, then custom data.
  static let payloadKeys = ["aps"]

  enum Place {
    /// A dictionary of `rules/schema.yaml` or `rules/configuration.yaml`.
    case dictionary(DictionarySchema)
    /// A payload's top level.
    case payload
  }

  /// The place a document's root is, by its kind and name.
  func rootPlace(kind: DocumentKind, path: String) -> Place? {
    if Paths.fileName(path) == Configuration.fileName || Paths.fileName(path) == Configuration.otherFileName {
      return ConfigurationSchema.schemas["configuration"].map(Place.dictionary)
    }
    switch kind {
    case .payload: return .payload
    case .envelope: return schema.schemas["envelope"].map(Place.dictionary)
    case .fcmMessage: return schema.schemas["fcm-request"].map(Place.dictionary)
    case .categories: return schema.schemas["categories-file"].map(Place.dictionary)
    case .appInfoPlist, .extensionInfoPlist: return schema.schemas["info-plist"].map(Place.dictionary)
    case .entitlements: return schema.schemas["entitlements"].map(Place.dictionary)
    default: return nil
    }
  }

  /// The place a member's value is, given the place of its object.
  func place(ofValueOf key: String, in place: Place) -> Place? {
    switch place {
    case .payload:
      return key == "aps" ? schema.schemas["aps"].map(Place.dictionary) : nil
    case .dictionary(let dictionary):
      guard let (name, spec) = dictionary.spec(for: key) else { return nil }
      if name == "payload" && (dictionary.name == "envelope" || dictionary.name == "fcm-apns") { return .payload }
      guard let nested = spec.schema ?? spec.itemSchema else { return nil }
      return schemaNamed(nested, like: dictionary).map(Place.dictionary)
    }
  }

  func schemaNamed(_ name: String, like dictionary: DictionarySchema) -> DictionarySchema? {
    schema.schemas[name] ?? ConfigurationSchema.schemas[name]
  }

  /// The key spec of `key` in `place`.
  func spec(of key: String, in place: Place) -> (name: String, spec: KeySpec)? {
    switch place {
    case .payload: return key == "aps" ? nil : nil
    case .dictionary(let dictionary): return dictionary.spec(for: key)
    }
  }

  /// The keys `place` knows, in the catalog's order.
  func keys(of place: Place) -> [(name: String, spec: KeySpec?)] {
    switch place {
    case .payload: return [("aps", nil)]
    case .dictionary(let dictionary): return dictionary.keys.map { ($0.name, $0.spec) }
    }
  }

  /// What a key is, for a hover: its types, values, range, first OS
  /// versions and notes, in Markdown.
  func describe(_ key: String, spec: KeySpec?, in place: Place) -> String {
    guard let spec else {
      return "**\(key)**: the dictionary of Apple-defined keys; custom data goes beside it"
    }
    var lines = ["**\(key)**: \(spec.types.map(\.rawValue).joined(separator: " or "))"]
    if let values = spec.values { lines.append("values: " + values.map(\.description).joined(separator: ", ")) }
    if let minimum = spec.minimum, let maximum = spec.maximum {
      lines.append("from \(SchemaValue.number(minimum)) to \(SchemaValue.number(maximum))")
    }
    if let maxBytes = spec.maxBytes { lines.append("at most \(maxBytes) bytes") }
    if spec.required { lines.append("required") }
    for (platform, version) in spec.since.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      lines.append("since \(UnavailableKeyRule.Problem.name(of: platform)) \(version)")
    }
    if let deprecated = spec.deprecated { lines.append("deprecated: \(deprecated)") }
    if let pushTypes = spec.pushTypes { lines.append("for \(pushTypes.joined(separator: ", ")) pushes") }
    if let note = spec.note { lines.append(note) }
    if case .dictionary(let dictionary) = place { lines.append("in \(dictionary.display)") }
    return lines.joined(separator: "\n\n")
  }
}
