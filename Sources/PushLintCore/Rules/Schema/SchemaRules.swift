// The generic rules: each passes on its own findings of the schema validator
// (`Analysis/SchemaValidator.swift`), which interprets `rules/schema.yaml`
// once per document.

/// A key the schema marks required is absent.
enum RequiredKeyMissingRule: SchemaRule {
  static let name = "required-key-missing"
}

/// A key the schema does not know, with a did-you-mean.
enum UnknownKeyRule: SchemaRule {
  static let name = "unknown-key"
}

/// A value of the wrong JSON type for its key.
enum ValueTypeRule: SchemaRule {
  static let name = "value-type"
}

/// A value outside its key's allowed values, range or format.
enum InvalidValueRule: SchemaRule {
  static let name = "invalid-value"
}

/// A key the schema marks deprecated.
enum DeprecatedKeyRule: SchemaRule {
  static let name = "deprecated-key"
}

/// A key newer than the configured OS targets.
enum UnavailableKeyRule: SchemaRule {
  static let name = "unavailable-key"
}
