struct RequiredKeyMissingRule: SchemaRule {
  static let name = "required-key-missing"
}

struct UnknownKeyRule: SchemaRule {
  static let name = "unknown-key"
}

struct ValueTypeRule: SchemaRule {
  static let name = "value-type"
}

struct InvalidValueRule: SchemaRule {
  static let name = "invalid-value"
}

struct DeprecatedKeyRule: SchemaRule {
  static let name = "deprecated-key"
}

struct UnavailableKeyRule: SchemaRule {
  static let name = "unavailable-key"
}
