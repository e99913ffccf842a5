/// Reading the catalog's YAML (`rules/schema.yaml`, `rules/configuration.yaml`)
/// into dictionaries and key specs, strictly: an unknown field is an error.
extension PushSchema {
  /// The dictionaries of a `schemas:` mapping, each reference to another
  /// checked (`rules/schema.yaml`'s and `rules/configuration.yaml`'s), and
  /// the names of all their keys and of `others`, once each, which each
  /// dictionary indexes its keys by (`PushSchema.keyNames`).
  static func dictionarySchemas(
    _ node: Node?, alsoNaming others: [String] = []
  ) throws(SchemaError) -> (schemas: [String: DictionarySchema], keyNames: NameTable) {
    var names = others
    for member in node?.members ?? [] {
      for key in member.value["keys"]?.members ?? [] { names.append(key.key) }
    }
    let keyNames = NameTable(distinct: names)
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
        whenInvalid: member.value["whenInvalid"]?.stringValue.flatMap(Severity.init(rawValue:)), keys: keys,
        keyNames: keyNames)
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
    return (schemas, keyNames)
  }

  /// One key's spec. Its fields are taken in one pass over the members, as
  /// every start reads the whole catalog; those whose reading can fail are
  /// read after the pass, so an unknown field is the error reported first.
  static func keySpec(_ node: Node, at path: String) throws(SchemaError) -> KeySpec {
    var spec = KeySpecFields()
    var unknownField: String?
    var typeNode: Node?
    var itemsNode: Node?
    var valuesTypeNode: Node?
    var valueSinceMembers: [Member] = []
    var sinceMembers: [Member] = []
    var forPushTypesMembers: [Member] = []
    var looseTypesMembers: [Member] = []
    for member in node.members ?? [] {
      let value = member.value
      switch member.key {
      case "type": typeNode = value
      case "looseTypes": looseTypesMembers = value.members ?? []
      case "whole": spec.whole = value.boolValue ?? false
      case "minimum": spec.minimum = value.numberValue?.doubleValue
      case "maximum": spec.maximum = value.numberValue?.doubleValue
      case "exclusiveMinimum": spec.exclusiveMinimum = value.numberValue?.doubleValue
      case "values":
        spec.values = value.elements?.compactMap { element in
          if let text = element.stringValue { return .string(text) }
          if let number = element.numberValue { return .number(number.doubleValue) }
          return nil
        }
      case "format": spec.format = value.stringValue
      case "maxBytes": spec.maxBytes = value.numberValue?.intValue
      case "items": itemsNode = value
      case "valuesType": valuesTypeNode = value
      case "itemSchema": spec.itemSchema = value.stringValue
      case "itemValues": spec.itemValues = value.elements?.compactMap(\.stringValue)
      case "deprecatedValues":
        for member in value.members ?? [] { spec.deprecatedValues[member.key] = member.value.stringValue ?? "" }
      case "valueSince": valueSinceMembers = value.members ?? []
      case "schema": spec.schema = value.stringValue
      case "required": spec.required = value.boolValue ?? false
      case "requiredWith": spec.requiredWith = value.stringValue
      case "whenInvalid": spec.whenInvalid = value.stringValue.flatMap(Severity.init(rawValue:))
      case "since": sinceMembers = value.members ?? []
      case "deprecated": spec.deprecated = value.stringValue
      case "pushTypes": spec.pushTypes = value.elements?.compactMap(\.stringValue)
      case "forPushTypes": forPushTypesMembers = value.members ?? []
      case "note": spec.note = value.stringValue
      default: if unknownField == nil { unknownField = member.key }
      }
    }
    if let unknownField { throw SchemaError(message: "\(path): unknown field \(unknownField)") }
    func type(_ text: String?) throws(SchemaError) -> JSONType? {
      guard let text else { return nil }
      guard let type = JSONType(rawValue: text) else { throw SchemaError(message: "\(path): unknown type \(text)") }
      return type
    }
    if let single = typeNode?.stringValue {
      spec.types = [try type(single)!]
    } else {
      for element in typeNode?.elements ?? [] {
        spec.types.append(try type(element.stringValue ?? (element.value.isNull ? "null" : "?"))!)
      }
    }
    guard !spec.types.isEmpty else { throw SchemaError(message: "\(path): every key needs a type") }
    spec.items = try type(itemsNode?.stringValue)
    spec.valuesType = try type(valuesTypeNode?.stringValue)
    for member in valueSinceMembers {
      for platform in member.value.members ?? [] {
        guard let key = Platform(rawValue: platform.key),
          let version = platform.value.stringValue.flatMap(OSVersion.init)
        else { throw SchemaError(message: "\(path).valueSince: {value: {platform: \"version\"}}") }
        spec.valueSince[member.key, default: [:]][key] = version
      }
    }
    for member in sinceMembers {
      guard let platform = Platform(rawValue: member.key),
        let version = member.value.stringValue.flatMap(OSVersion.init)
      else { throw SchemaError(message: "\(path): since needs {platform: \"version\"}") }
      spec.since[platform] = version
    }
    for member in forPushTypesMembers {
      spec.forPushTypes[member.key] = try keySpec(member.value, at: "\(path).forPushTypes.\(member.key)")
    }
    for member in looseTypesMembers {
      guard let looseType = try type(member.key),
        let severity = member.value["severity"]?.stringValue.flatMap(Severity.init(rawValue:)),
        let note = member.value["note"]?.stringValue
      else { throw SchemaError(message: "\(path).looseTypes.\(member.key): give a severity and a note") }
      spec.looseTypes[looseType] = LooseType(severity: severity, note: note)
    }
    return KeySpec(spec)
  }
}
