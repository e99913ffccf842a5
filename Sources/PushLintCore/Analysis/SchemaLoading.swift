/// Reading the catalog's YAML (`rules/schema.yaml`, `rules/configuration.yaml`)
/// into dictionaries and key specs, strictly: an unknown field is an error.
extension PushSchema {
  /// The dictionaries of a `schemas:` mapping, each reference to another
  /// checked: `rules/schema.yaml`'s and `rules/configuration.yaml`'s.
  static func dictionarySchemas(_ node: Node?) throws(SchemaError) -> [String: DictionarySchema] {
    var schemas: [String: DictionarySchema] = [:]
    for member in node?.members ?? [] {
      var keys: [(String, KeySpec)] = []
      for key in member.value["keys"]?.members ?? [] {
        keys.append((key.key, try PushSchema.keySpec(key.value, at: "\(member.key).\(key.key)")))
      }
      schemas[member.key] = DictionarySchema(
        name: member.key, display: member.value["display"]?.stringValue ?? member.key,
        caseInsensitiveKeys: member.value["caseInsensitiveKeys"]?.boolValue ?? false,
        openKeys: member.value["openKeys"]?.boolValue ?? false,
        whenInvalid: member.value["whenInvalid"]?.stringValue.flatMap(Severity.init(rawValue:)), keys: keys)
    }
    for schema in schemas.values {
      for (name, spec) in schema.keys {
        for reference in [spec.schema, spec.itemSchema] + spec.forPushTypes.values.map(\.schema) {
          if let reference, schemas[reference] == nil {
            throw SchemaError(message: "\(schema.name).\(name) refers to the unknown schema \(reference)")
          }
        }
      }
    }
    return schemas
  }

  static let keySpecFields: Set<String> = [
    "type", "looseTypes", "whole", "minimum", "maximum", "exclusiveMinimum", "values", "format", "maxBytes", "items",
    "valuesType",
    "itemSchema", "itemValues",
    "deprecatedValues", "valueSince",
    "schema", "required", "requiredWith", "whenInvalid", "since", "deprecated", "pushTypes", "forPushTypes", "note",
  ]

  static func keySpec(_ node: Node, at path: String) throws(SchemaError) -> KeySpec {
    var spec = KeySpecFields()
    for member in node.members ?? [] where !keySpecFields.contains(member.key) {
      throw SchemaError(message: "\(path): unknown field \(member.key)")
    }
    func type(_ text: String?) throws(SchemaError) -> JSONType? {
      guard let text else { return nil }
      guard let type = JSONType(rawValue: text) else { throw SchemaError(message: "\(path): unknown type \(text)") }
      return type
    }
    if let single = node["type"]?.stringValue {
      spec.types = [try type(single)!]
    } else {
      for element in node["type"]?.elements ?? [] {
        spec.types.append(try type(element.stringValue ?? (element.value.isNull ? "null" : "?"))!)
      }
    }
    guard !spec.types.isEmpty else { throw SchemaError(message: "\(path): every key needs a type") }
    spec.whole = node["whole"]?.boolValue ?? false
    spec.minimum = node["minimum"]?.numberValue?.doubleValue
    spec.maximum = node["maximum"]?.numberValue?.doubleValue
    spec.exclusiveMinimum = node["exclusiveMinimum"]?.numberValue?.doubleValue
    if let values = node["values"]?.elements {
      spec.values = values.compactMap { element in
        if let text = element.stringValue { return .string(text) }
        if let number = element.numberValue { return .number(number.doubleValue) }
        return nil
      }
    }
    spec.format = node["format"]?.stringValue
    spec.maxBytes = node["maxBytes"]?.numberValue?.intValue
    spec.items = try type(node["items"]?.stringValue)
    spec.valuesType = try type(node["valuesType"]?.stringValue)
    spec.itemSchema = node["itemSchema"]?.stringValue
    spec.itemValues = node["itemValues"]?.elements?.compactMap(\.stringValue)
    for member in node["deprecatedValues"]?.members ?? [] {
      spec.deprecatedValues[member.key] = member.value.stringValue ?? ""
    }
    for member in node["valueSince"]?.members ?? [] {
      for platform in member.value.members ?? [] {
        guard let key = Platform(rawValue: platform.key),
          let version = platform.value.stringValue.flatMap(OSVersion.init)
        else { throw SchemaError(message: "\(path).valueSince: {value: {platform: \"version\"}}") }
        spec.valueSince[member.key, default: [:]][key] = version
      }
    }
    spec.schema = node["schema"]?.stringValue
    spec.required = node["required"]?.boolValue ?? false
    for member in node["since"]?.members ?? [] {
      guard let platform = Platform(rawValue: member.key),
        let version = member.value.stringValue.flatMap(OSVersion.init)
      else { throw SchemaError(message: "\(path): since needs {platform: \"version\"}") }
      spec.since[platform] = version
    }
    spec.deprecated = node["deprecated"]?.stringValue
    spec.pushTypes = node["pushTypes"]?.elements?.compactMap(\.stringValue)
    for member in node["forPushTypes"]?.members ?? [] {
      spec.forPushTypes[member.key] = try keySpec(member.value, at: "\(path).forPushTypes.\(member.key)")
    }
    spec.note = node["note"]?.stringValue
    spec.requiredWith = node["requiredWith"]?.stringValue
    spec.whenInvalid = node["whenInvalid"]?.stringValue.flatMap(Severity.init(rawValue:))
    for member in node["looseTypes"]?.members ?? [] {
      guard let looseType = try type(member.key),
        let severity = member.value["severity"]?.stringValue.flatMap(Severity.init(rawValue:)),
        let note = member.value["note"]?.stringValue
      else { throw SchemaError(message: "\(path).looseTypes.\(member.key): give a severity and a note") }
      spec.looseTypes[looseType] = LooseType(severity: severity, note: note)
    }
    return KeySpec(spec)
  }
}
