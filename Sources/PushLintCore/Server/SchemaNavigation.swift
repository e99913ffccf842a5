/// Which dictionary of the catalog a place in a document belongs to: what
/// hover and completion tell about keys.
struct SchemaNavigation {
  let schema: PushSchema

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
      if PushSchema.holdsPayload(name, in: dictionary.name) { return .payload }
      guard let nested = spec.schema ?? spec.itemSchema else { return nil }
      return (schema.schemas[nested] ?? ConfigurationSchema.schemas[nested]).map(Place.dictionary)
    }
  }

  /// The key spec of `key` in `place`.
  func spec(of key: String, in place: Place) -> (name: String, spec: KeySpec)? {
    switch place {
    case .payload: return nil
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
}
