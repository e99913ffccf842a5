/// JSON Schemas (2020-12) for the editors that read them (VS Code's JSON
/// service, yaml-language-server, check-jsonschema), written from the same
/// dictionaries pushlint checks with: `rules/schema.yaml` for payloads,
/// envelopes and FCM messages, `rules/configuration.yaml` for
/// `.pushlint.yml`. A schema says less than pushlint (no push types, no
/// project), and never more: what it refuses, pushlint reports too.
public enum JSONSchemaWriter {
  public enum Kind: String, CaseIterable, Sendable {
    case payload
    case envelope
    case fcm
    case config
  }

  public static func schema(_ kind: Kind, schema: PushSchema = .standard) -> String {
    var writer = Writer(
      dictionaries: kind == .config ? ConfigurationSchema.schemas : schema.schemas, isPush: kind != .config)
    let root: JSONOutput
    let title: String
    switch kind {
    case .payload:
      title = "An APNs notification payload"
      root = writer.payloadSchema()
    case .envelope:
      title = "An APNs request as pushlint reads it: headers and payload"
      root = writer.reference(to: "envelope")
    case .fcm:
      title = "A request body of FCM's HTTP v1 API (projects.messages.send)"
      root = writer.reference(to: "fcm-request")
    case .config:
      title = "pushlint's configuration, .pushlint.yml"
      root = writer.reference(to: "configuration")
    }
    var members: [(String, JSONOutput)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("https://github.com/pushlint/pushlint/integrations/schemas/\(kind.rawValue).schema.json")),
      ("title", .string(title)),
    ]
    if case .object(let rootMembers) = root { members += rootMembers }
    members.append(("$defs", .object(writer.definitions.sorted { $0.0 < $1.0 })))
    return JSONOutput.object(members).serialized() + "\n"
  }

  struct Writer {
    let dictionaries: [String: DictionarySchema]
    /// Payload dictionaries: an envelope's or FCM message's `payload` is one.
    let isPush: Bool
    var definitions: [(String, JSONOutput)] = []
    var defined: Set<String> = []

    init(dictionaries: [String: DictionarySchema], isPush: Bool) {
      self.dictionaries = dictionaries
      self.isPush = isPush
    }

    mutating func reference(to name: String) -> JSONOutput {
      define(name)
      return .object([("$ref", .string("#/$defs/\(name)"))])
    }

    /// A payload: `aps`, and custom data beside it.
    mutating func payloadSchema() -> JSONOutput {
      .object([
        ("type", .string("object")),
        ("description", .string("custom data goes beside \"aps\"")),
        ("properties", .object([("aps", reference(to: "aps"))])),
      ])
    }

    mutating func define(_ name: String) {
      guard !defined.contains(name), let dictionary = dictionaries[name] else { return }
      defined.insert(name)
      var properties: [(String, JSONOutput)] = []
      var required: [JSONOutput] = []
      for (key, spec) in dictionary.keys {
        properties.append((key, keySchema(spec, key: key, in: name)))
        if spec.required { required.append(.string(key)) }
      }
      var members: [(String, JSONOutput)] = [
        ("type", .string("object")), ("description", .string(dictionary.display)),
        ("properties", .object(properties)),
      ]
      if !required.isEmpty { members.append(("required", .array(required))) }
      // Keys outside the list are refused only where pushlint refuses them
      // too, and where names compare exactly (header names do not).
      if !dictionary.openKeys && !dictionary.caseInsensitiveKeys {
        members.append(("additionalProperties", .bool(false)))
      }
      definitions.append((name, .object(members)))
    }

    mutating func keySchema(_ spec: KeySpec, key: String, in dictionary: String) -> JSONOutput {
      if isPush && PushSchema.holdsPayload(key, in: dictionary) {
        return payloadSchema()
      }
      let general = typedSchema(spec)
      // A key with other fields for some push types (a Live Activity's
      // alert) takes either form: the push type is not in the payload.
      let alternatives = spec.forPushTypes.keys.sorted().compactMap { spec.forPushTypes[$0] }.map { typedSchema($0) }
      guard !alternatives.isEmpty else { return general }
      return .object([("anyOf", .array([general] + alternatives))])
    }

    mutating func typedSchema(_ spec: KeySpec) -> JSONOutput {
      var members: [(String, JSONOutput)] = []
      // Types pushlint takes with a warning or a note (`looseTypes`) are
      // allowed: an editor marks as wrong only what is.
      var types = spec.types.filter { $0 != .placeholder }
      for loose in spec.fields.looseTypes.keys.sorted(by: { $0.rawValue < $1.rawValue }) where !types.contains(loose) {
        types.append(loose)
      }
      let names = types.map { type -> String in
        type == .number && spec.whole && spec.types.count == 1 ? "integer" : type.rawValue
      }
      if names.count == 1 {
        members.append(("type", .string(names[0])))
      } else if !names.isEmpty {
        members.append(("type", .array(names.map(JSONOutput.string))))
      }
      if let description = description(spec) { members.append(("description", .string(description))) }
      if let values = spec.values, spec.fields.looseTypes.isEmpty {
        var allowed = values.map(Self.json)
        // A header such as apns-priority may be written as a number too.
        if spec.types.contains(.number) {
          for case .string(let text) in values {
            if let number = Double(text) { allowed.append(.number(number)) }
          }
        }
        members.append(("enum", .array(allowed)))
      }
      if let minimum = spec.minimum { members.append(("minimum", .number(minimum))) }
      if let maximum = spec.maximum { members.append(("maximum", .number(maximum))) }
      if let bound = spec.exclusiveMinimum { members.append(("exclusiveMinimum", .number(bound))) }
      // A character takes at least one byte: a string over the byte limit
      // in characters is over it in bytes too.
      if let maxBytes = spec.maxBytes { members.append(("maxLength", .int(maxBytes))) }
      if let pattern = Self.pattern(spec.format) { members.append(("pattern", .string(pattern))) }
      if spec.deprecated != nil { members.append(("deprecated", .bool(true))) }
      if let nested = spec.schema {
        let reference = reference(to: nested)
        // A `$ref` applies to every value: where the key also takes other
        // types (a sound as a string or a dictionary), it is one of them.
        let others = names.filter { $0 != "object" }
        if others.isEmpty, case .object(let referring) = reference {
          members += referring
        } else {
          members.removeAll { $0.0 == "type" }
          let other: JSONOutput =
            others.count == 1 ? .string(others[0]) : .array(others.map(JSONOutput.string))
          members.append(("anyOf", .array([.object([("type", other)]), reference])))
        }
      }
      if let items = spec.items {
        var item: [(String, JSONOutput)] = [("type", .string(items.rawValue))]
        if let values = spec.itemValues { item.append(("enum", .array(values.map(JSONOutput.string)))) }
        members.append(("items", .object(item)))
      } else if let itemSchema = spec.itemSchema {
        members.append(("items", reference(to: itemSchema)))
      }
      if let valuesType = spec.valuesType {
        members.append(("additionalProperties", .object([("type", .string(valuesType.rawValue))])))
      }
      return .object(members)
    }

    func description(_ spec: KeySpec) -> String? {
      let parts = (spec.note.map { [$0] } ?? []) + spec.availability
      return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func json(_ value: SchemaValue) -> JSONOutput {
      switch value {
      case .string(let text): .string(text)
      case .number(let number): .number(number)
      }
    }

    /// The formats a pattern says exactly; the others (URLs, seconds)
    /// are pushlint's to judge.
    static func pattern(_ format: String?) -> String? {
      switch format {
      case "uuid-lowercase": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
      case "fcm-topic": "^(/topics/)?[A-Za-z0-9_.~%-]+$"
      case "fcm-label": "^[A-Za-z0-9_.~%-]{1,50}$"
      case "non-empty": "."
      default: nil
      }
    }
  }
}
