/// A key the schema marks required is absent.
enum RequiredKeyMissingRule: SchemaRule {}
