/// A key the schema marks deprecated.
enum DeprecatedKeyRule: SchemaRule {}
