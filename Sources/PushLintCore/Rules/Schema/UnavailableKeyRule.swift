/// A key newer than the configured OS targets.
enum UnavailableKeyRule: SchemaRule {}
