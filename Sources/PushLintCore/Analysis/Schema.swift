/// JSON types as the schema names them.
public enum JSONType: String, Sendable, CaseIterable {
  case string, number, boolean, object, array, null
  /// A template placeholder: any of the others once filled.
  case placeholder
}

/// A value the schema allows: a string or a number.
public enum SchemaValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case number(Double)

  public var description: String {
    switch self {
    case .string(let text): "\"\(text)\""
    case .number(let number):
      number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
  }
}

/// What `rules/schema.yaml` says about one key, as parsed.
public struct KeySpecFields: Sendable {
  public var types: [JSONType] = []
  public var whole = false
  public var minimum: Double?
  public var maximum: Double?
  public var exclusiveMinimum: Double?
  public var values: [SchemaValue]?
  public var format: String?
  public var maxBytes: Int?
  public var items: JSONType?
  public var itemSchema: String?
  public var itemValues: [String]?
  public var deprecatedValues: [String: String] = [:]
  public var valueSince: [String: [Platform: OSVersion]] = [:]
  public var valuesType: JSONType?
  public var schema: String?
  public var required = false
  public var since: [Platform: OSVersion] = [:]
  public var deprecated: String?
  public var pushTypes: [String]?
  public var forPushTypes: [String: KeySpec] = [:]
  public var note: String?
  /// Types the key is documented without, but which receivers accept or
  /// may accept: reported at a lower severity, with why.
  public var looseTypes: [JSONType: LooseType] = [:]
  /// The key is required when the dictionary has this other key (the
  /// broadcast headers, with `apns-channel-id`).
  public var requiredWith: String?
  /// The severity of a wrong type or value of this key, over its
  /// dictionary's `whenInvalid` (an unreadable alert shows nothing at all).
  public var whenInvalid: Severity?
}

/// A JSON type a key is not documented with but is not rejected in: how
/// severe a finding it is, and what is known of it.
public struct LooseType: Sendable {
  public var severity: Severity
  public var note: String
}

/// What `rules/schema.yaml` says about one key. A class, since every member
/// of every document looks one up: passing it around must not copy its
/// twenty fields; and its fields are constants, read without exclusivity checks.
public final class KeySpec: Sendable {
  public let fields: KeySpecFields
  /// The string members of `values`, which every string value is checked against.
  public let stringValues: [String]
  /// `forPushTypes` as a list.
  private let pushTypeSpecs: [(name: String, spec: KeySpec)]

  init(_ fields: KeySpecFields) {
    self.fields = fields
    stringValues = (fields.values ?? []).compactMap { if case .string(let string) = $0 { string } else { nil } }
    // Built at start-up for every key of the schema, most of them without.
    pushTypeSpecs = fields.forPushTypes.isEmpty ? [] : fields.forPushTypes.map { ($0.key, $0.value) }
    settlesStrings =
      fields.types.contains(.string) && fields.values == nil && fields.format == nil && fields.maxBytes == nil
    allowsBooleans = fields.types.contains(.boolean)
    allowsNull = fields.types.contains(.null)
    isPlain = fields.pushTypes == nil && fields.deprecated == nil && fields.since.isEmpty
  }

  public var types: [JSONType] { fields.types }
  public var whole: Bool { fields.whole }
  public var required: Bool { fields.required }
  public var minimum: Double? { fields.minimum }
  public var maximum: Double? { fields.maximum }
  public var exclusiveMinimum: Double? { fields.exclusiveMinimum }
  public var values: [SchemaValue]? { fields.values }
  public var format: String? { fields.format }
  public var maxBytes: Int? { fields.maxBytes }
  public var items: JSONType? { fields.items }
  public var itemSchema: String? { fields.itemSchema }
  public var itemValues: [String]? { fields.itemValues }
  public var deprecatedValues: [String: String] { fields.deprecatedValues }
  public var valueSince: [String: [Platform: OSVersion]] { fields.valueSince }
  public var valuesType: JSONType? { fields.valuesType }
  public var schema: String? { fields.schema }
  public var since: [Platform: OSVersion] { fields.since }
  public var deprecated: String? { fields.deprecated }
  public var pushTypes: [String]? { fields.pushTypes }
  public var forPushTypes: [String: KeySpec] { fields.forPushTypes }
  public var note: String? { fields.note }

  /// Whether a value of `type` (or a placeholder) is all this key asks:
  /// a string with no values, format or length to meet, a boolean, null.
  /// Worked out once: every member of every document asks.
  func settles(_ type: JSONType) -> Bool {
    switch type {
    case .placeholder: true
    case .string: settlesStrings
    case .boolean: allowsBooleans
    case .null: allowsNull
    case .number, .array, .object: false
    }
  }
  private let settlesStrings: Bool
  private let allowsBooleans: Bool
  private let allowsNull: Bool
  /// Whether the key is for every push type, not deprecated and on every
  /// OS version: nothing to report of the key itself, whatever its value.
  let isPlain: Bool

  /// The spec that applies for `pushType`.
  public func resolved(for pushType: String?) -> KeySpec {
    // Most keys mean the same for every push type, and the rest differ for
    // one or two: a look along them costs less than hashing the type.
    guard let pushType, !pushTypeSpecs.isEmpty else { return self }
    for (name, spec) in pushTypeSpecs where name.isSameKey(as: pushType) { return spec }
    return self
  }
}

/// One dictionary the schema describes; a class for the reason KeySpec is.
public final class DictionarySchema: Sendable {
  public let name: String
  public let display: String
  public let caseInsensitiveKeys: Bool
  /// Keys the schema does not list are allowed.
  public let openKeys: Bool
  /// The severity of a wrong type or value here when it is lower than the
  /// rule's: what the device reads (aps, the alert, the sound) it ignores,
  /// while APNs and FCM reject bad headers and messages outright.
  public let whenInvalid: Severity?
  /// Keys in the order of the file.
  public let keys: [(name: String, spec: KeySpec)]
  /// Position of each key in `keys`: every member of every object is looked up.
  private let index: NameTable
  /// The keys that are required for some push type: the only ones worth
  /// looking for when an object is checked for missing keys.
  public let possiblyRequired: [(name: String, spec: KeySpec)]
  /// The keys as did-you-mean candidates for a key the schema does not know,
  /// worked out when first asked: most runs meet no unknown key, and every
  /// run builds all the schemas.
  public var suggestionCandidates: Suggestion.Candidates {
    candidatesMemo.value { Suggestion.Candidates(keys.map(\.name)) }
  }
  private let candidatesMemo = Memo<Suggestion.Candidates>()

  /// For each of the schema's key names (`PushSchema.keyNames`), its
  /// position in `keys`, or -1; empty when keys are case-insensitive.
  private let byKeyName: [Int32]
  private let keyNames: NameTable

  public convenience init(
    name: String, display: String, caseInsensitiveKeys: Bool, openKeys: Bool = false, whenInvalid: Severity? = nil,
    keys: [(name: String, spec: KeySpec)]
  ) {
    self.init(
      name: name, display: display, caseInsensitiveKeys: caseInsensitiveKeys, openKeys: openKeys,
      whenInvalid: whenInvalid, keys: keys, keyNames: NameTable([]))
  }

  init(
    name: String, display: String, caseInsensitiveKeys: Bool, openKeys: Bool = false, whenInvalid: Severity? = nil,
    keys: [(name: String, spec: KeySpec)], keyNames: NameTable
  ) {
    self.keyNames = keyNames
    let index = DictionarySchema.index(keys)
    var byKeyName: [Int32] = []
    if !caseInsensitiveKeys {
      // The first of a repeated key is the one found, as `index` finds it.
      byKeyName = Array(repeating: -1, count: keyNames.count)
      for position in keys.indices.reversed() {
        if let name = keyNames.position(of: keys[position].name) { byKeyName[name] = Int32(position) }
      }
    }
    self.byKeyName = byKeyName
    self.name = name
    self.display = display
    self.caseInsensitiveKeys = caseInsensitiveKeys
    self.openKeys = openKeys
    self.whenInvalid = whenInvalid
    self.keys = keys
    self.index = index
    possiblyRequired = keys.filter {
      $0.spec.required || $0.spec.fields.requiredWith != nil || $0.spec.forPushTypes.values.contains { $0.required }
    }
  }

  private static func index(_ keys: [(name: String, spec: KeySpec)]) -> NameTable {
    NameTable(keys.map(\.name))
  }

  public func spec(for key: String) -> (name: String, spec: KeySpec)? {
    guard let position = index.position(of: caseInsensitiveKeys ? key.lowercased() : key) else { return nil }
    return keys[position]
  }

  /// `spec(for: key)`, found by where the reader found the key among the
  /// schema's key names (`Member.schemaKey`) when it did: no hashing, and
  /// a comparison of the table's string with itself. The name there is
  /// checked against `key`, so a position from another table, or a key
  /// changed since it was read, is looked up by its text instead.
  @inline(__always)
  func spec(for key: String, schemaKey: Int32) -> (name: String, spec: KeySpec)? {
    if let name = keyNames.confirmed(schemaKey, for: key), name < byKeyName.count {
      let position = Int(byKeyName[name])
      return position >= 0 ? keys[position] : nil
    }
    return spec(for: key)
  }
}

public struct PushTypeInfo: Sendable {
  public var name: String
  public var topicSuffix: String?
  /// The payload of this push type need not have `aps` (MDM, file provider, …).
  public var noAPS = false
  /// The `apns-priority` values Apple documents for the push type, when it
  /// names some (nil: any of 10, 5, 1).
  public var priorities: [String]?
}

/// The payload size limit of each push type under one set of targets.
public struct PayloadLimits: Sendable {
  let pushTypes: [String]
  let limits: [Int]
  /// For the push types without a limit of their own.
  let otherwise: Int

  func limit(for pushType: String) -> Int {
    for index in pushTypes.indices where pushTypes[index].isSameKey(as: pushType) { return limits[index] }
    return otherwise
  }
}

/// The whole of `rules/schema.yaml`. A class of constants: every rule
/// context and validator holds it, and a struct of seven collections would
/// be copied (seven retains) each time one is made.
public final class PushSchema: Sendable {
  public let schemas: [String: DictionarySchema]
  /// `schemas` by name, looked up by bytes (`schema(_:)`, twice or more a
  /// payload) rather than hashed.
  private let schemaNames: NameTable
  private let schemaList: [DictionarySchema]
  /// For each key of the schemas whose keys are case-sensitive, those that
  /// list it, in name order: where an unknown key may belong instead.
  private let schemasListing: [String: [DictionarySchema]]
  public let payloadLimits: [String: Int]
  public let defaultPayloadLimit: Int
  public let legacyPayloadLimits: [(platform: Platform, below: OSVersion, limit: Int)]
  public let pushTypes: [String: PushTypeInfo]
  public let pushTypeNames: [String]
  public let liveActivityKeys: [String]
  private let liveActivityKeyTable: NameTable
  /// Every key the dictionaries name (those of case-insensitive ones as
  /// listed), `aps` and the Live Activity keys: the JSON reader gives a
  /// document's key that is one as this table's string with its position
  /// (`Member.schemaKey`), and each dictionary finds its spec by that
  /// position.
  let keyNames: NameTable
  /// For each of `keyNames`, whether it is a Live Activity key.
  private let liveActivityByKeyName: [Bool]

  /// Whether `key` is one of `liveActivityKeys`, looked up by its bytes:
  /// every key of every `aps` that is no other is asked.
  func isLiveActivityKey(_ key: String) -> Bool { liveActivityKeyTable.position(of: key) != nil }

  /// The same, for a member's key found among `keyNames` at `schemaKey`
  /// (`Member.schemaKey`): by that position when the name there is the key.
  func isLiveActivityKey(_ key: String, schemaKey: Int32) -> Bool {
    guard let name = keyNames.confirmed(schemaKey, for: key) else { return isLiveActivityKey(key) }
    return liveActivityByKeyName[name]
  }
  private let limitsWithoutTargets: PayloadLimits

  /// The schemas that list `key`, in name order (case-sensitive ones only).
  public func schemas(listing key: String) -> [DictionarySchema] {
    schemasListing[key] ?? []
  }

  /// Whether two bundle identifiers are the same one: Apple's glossary has
  /// them case-insensitive.
  public static func sameBundleIdentifier(_ one: some StringProtocol, _ other: some StringProtocol) -> Bool {
    one.utf8.count == other.utf8.count && one.lowercased() == other.lowercased()
  }

  /// A topic split into the app's bundle identifier and the longest
  /// documented push-type suffix it ends in (`.voip-ptt` before `.voip`;
  /// "" for none).
  public func bundleIdentifier(ofTopic topic: String) -> (bundle: String, suffix: String) {
    let suffix =
      pushTypeNames.compactMap { pushTypes[$0]?.topicSuffix }.filter { topic.hasSuffix($0) }
      .max { $0.count < $1.count } ?? ""
    return (String(topic.dropLast(suffix.count)), suffix)
  }

  public static let standard: PushSchema = {
    let read: @Sendable () -> Node? = { RuleCatalog.embeddedTree(of: "schema.yaml") }
    guard let root = read() else {
      fatalError("rules/schema.yaml is not embedded")
    }
    do {
      return try PushSchema(root: root, readAgain: read)
    } catch {
      fatalError("rules/schema.yaml: \(error)")
    }
  }()

  /// Reads the tree the schema was built from again, for `rebuilt()`.
  private let readAgain: @Sendable () -> Node?

  /// The same schema built again from the text it was read from: it
  /// shares no object, array or string with this one. Workers that check
  /// on several cores at once each take one, so that no two cores write the
  /// same reference count (every retain and release writes the object it
  /// counts, whose memory then moves from one core's cache to the other's
  /// at each turn).
  func rebuilt() -> PushSchema {
    guard let root = readAgain(), let schema = try? PushSchema(root: root, readAgain: readAgain) else { return self }
    return schema
  }

  /// Whether `key` of the dictionary `dictionary` holds a whole payload (an
  /// envelope's, an FCM message's): its `aps` follows the payload's
  /// schema, which the push analysis finds rather than a `schema:` field.
  static func holdsPayload(_ key: String, in dictionary: String) -> Bool {
    key == "payload" && (dictionary == "envelope" || dictionary == "fcm-apns")
  }

  public func schema(_ name: String) -> DictionarySchema {
    guard let position = schemaNames.position(of: name) else { fatalError("rules/schema.yaml has no schema \(name)") }
    return schemaList[position]
  }

  /// `payloadLimit(for:targets:)` of every push type, worked out once for
  /// the targets of a file rather than for each of its documents.
  public func payloadLimits(under targets: [Platform: OSVersion]) -> PayloadLimits {
    // Without targets (most projects) it is the same table every time.
    if targets.isEmpty { return limitsWithoutTargets }
    // A target below a legacy limit's version caps every push type's limit
    // (a file is checked under its targets once, a validator's every call).
    var cap: Int?
    for entry in legacyPayloadLimits {
      if let target = targets[entry.platform], target < entry.below { cap = min(cap ?? entry.limit, entry.limit) }
    }
    guard let cap else { return limitsWithoutTargets }
    return PayloadLimits(
      pushTypes: limitsWithoutTargets.pushTypes, limits: limitsWithoutTargets.limits.map { min($0, cap) },
      otherwise: min(limitsWithoutTargets.otherwise, cap))
  }

  public convenience init(yaml text: String) throws(SchemaError) {
    let documents = YAMLReader.read(Array(text.utf8))
    guard documents.count == 1, let root = documents[0].result.root, documents[0].result.findings.isEmpty else {
      throw SchemaError(
        message: "not a single clean YAML document: \(documents.first?.result.findings.map(\.message) ?? [])")
    }
    try self.init(root: root) {
      let documents = YAMLReader.read(Array(text.utf8))
      return documents.count == 1 ? documents[0].result.root : nil
    }
  }

  /// The schema from the tree of a `rules/schema.yaml`; `readAgain` reads
  /// that tree again.
  init(root: Node, readAgain: @escaping @Sendable () -> Node?) throws(SchemaError) {
    self.readAgain = readAgain
    guard let limits = root["payloadLimits"]?.members else { throw SchemaError(message: "payloadLimits is missing") }
    var payloadLimits: [String: Int] = [:]
    var defaultLimit = 4096
    for member in limits {
      guard let value = member.value.numberValue?.intValue else {
        throw SchemaError(message: "payloadLimits.\(member.key)")
      }
      if member.key == "default" { defaultLimit = value } else { payloadLimits[member.key] = value }
    }
    self.payloadLimits = payloadLimits
    self.defaultPayloadLimit = defaultLimit
    legacyPayloadLimits = try (root["legacyPayloadLimits"]?.elements ?? []).map { entry throws(SchemaError) in
      guard let platform = entry["platform"]?.stringValue.flatMap(Platform.init(rawValue:)),
        let below = entry["below"]?.stringValue.flatMap(OSVersion.init),
        let limit = entry["limit"]?.numberValue?.intValue
      else { throw SchemaError(message: "legacyPayloadLimits entries need platform, below and limit") }
      return (platform, below, limit)
    }
    var pushTypes: [String: PushTypeInfo] = [:]
    var pushTypeNames: [String] = []
    for member in root["pushTypes"]?.members ?? [] {
      pushTypes[member.key] = PushTypeInfo(
        name: member.key, topicSuffix: member.value["topicSuffix"]?.stringValue,
        noAPS: member.value["noAPS"]?.boolValue ?? false,
        priorities: member.value["priorities"]?.elements?.compactMap(\.stringValue))
      pushTypeNames.append(member.key)
    }
    self.pushTypes = pushTypes
    self.pushTypeNames = pushTypeNames
    liveActivityKeys = root["liveActivityKeys"]?.elements?.compactMap(\.stringValue) ?? []
    liveActivityKeyTable = NameTable(liveActivityKeys)
    // `aps` is no dictionary's key: it is the payload's, which the push
    // analysis reads in every document.
    let (schemas, keyNames) = try PushSchema.dictionarySchemas(
      root["schemas"], alsoNaming: ["aps"] + liveActivityKeys)
    self.schemas = schemas
    self.keyNames = keyNames
    var liveActivityByKeyName = Array(repeating: false, count: keyNames.count)
    for key in liveActivityKeys {
      if let name = keyNames.position(of: key) { liveActivityByKeyName[name] = true }
    }
    self.liveActivityByKeyName = liveActivityByKeyName
    schemaList = Array(schemas.values)
    schemaNames = NameTable(schemaList.map(\.name))
    var schemasListing: [String: [DictionarySchema]] = [:]
    for dictionary in schemas.values.sorted(by: { $0.name < $1.name }) where !dictionary.caseInsensitiveKeys {
      for key in dictionary.keys where schemasListing[key.name]?.last !== dictionary {
        schemasListing[key.name, default: []].append(dictionary)
      }
    }
    self.schemasListing = schemasListing
    let sortedLimits = payloadLimits.sorted { $0.key < $1.key }
    limitsWithoutTargets = PayloadLimits(
      pushTypes: sortedLimits.map(\.key), limits: sortedLimits.map(\.value), otherwise: defaultLimit)
  }
}

public struct SchemaError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

extension Value {
  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}
