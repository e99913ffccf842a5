final class RequiredKeyMissingRule: SchemaRule {
  static let name = "required-key-missing"
}

final class UnknownKeyRule: SchemaRule {
  static let name = "unknown-key"
}

final class ValueTypeRule: SchemaRule {
  static let name = "value-type"
}

final class InvalidValueRule: SchemaRule {
  static let name = "invalid-value"
}

final class DeprecatedKeyRule: SchemaRule {
  static let name = "deprecated-key"
}

final class UnavailableKeyRule: SchemaRule {
  static let name = "unavailable-key"
}
