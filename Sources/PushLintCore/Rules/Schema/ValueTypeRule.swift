/// A value of the wrong JSON type for its key.
enum ValueTypeRule: SchemaRule {}
