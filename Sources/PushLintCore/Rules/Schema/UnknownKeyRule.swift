/// A key the schema does not know, with a did-you-mean.
enum UnknownKeyRule: SchemaRule {}
