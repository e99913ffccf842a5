/// Interprets `rules/schema.yaml` over a document. It states the facts of
/// each problem it finds; the generic rules (`RequiredKeyMissingRule`,
/// `UnknownKeyRule`, `ValueTypeRule`, `InvalidValueRule`, `DeprecatedKeyRule`,
/// `UnavailableKeyRule`) word them.
struct SchemaValidator {
  let schema: PushSchema
  let targets: [Platform: OSVersion]
  /// The document's placeholders: strings holding one are not judged by value.
  var template: TemplateInfo?
  var findings: [SchemaFinding] = []
  /// The `whenInvalid` severity of the dictionary whose member is checked.
  var invalidSeverity: Severity?
  /// Xcode expands build settings (`$(APS_ENVIRONMENT)`, `${PRODUCT_NAME}`)
  /// in Info.plists and entitlements when it builds and signs the app: a
  /// value holding one is known only then.
  var expandsBuildSettings = false
  /// The push view of the document: its payload, which holds `aps`, is
  /// where custom data found in `aps` belongs. Looked up only when such
  /// data is found: held as found, a payload and a member would make the
  /// validator several hundred bytes to copy and destroy for each document.
  var push: PushInfo?
  /// Worked out once, at the first custom key found in `aps`: the
  /// payload's keys, where `aps` is in it, and whether `aps` has one of its
  /// own (a hostile `aps` has twenty thousand custom keys).
  var payloadKeys: Set<String>?
  var apsSpans: Fix.MemberSpans?
  var apsHasAKeyOfItsOwn: Bool?
  /// Findings past this many are not kept.
  var limit = Int.max
  /// Once findings pass `limit`, the rules whose problems were found, kept
  /// or not; empty until then.
  var rulesPastLimit: Set<RuleID> = []
  /// Given, each finding goes to it as it is found instead of `findings`.
  var sink: ((SchemaFinding) -> Void)?
  /// Given, only this rule's problems are reported: the rest are not made.
  var onlyRule: RuleID?

  init(schema: PushSchema, targets: [Platform: OSVersion]) {
    self.schema = schema
    self.targets = targets
  }

  /// Validates what a document of this kind holds: its findings, or past
  /// `limit` of them none and the rules whose problems it found (`rules`
  /// is empty when `findings` holds them all).
  static func validate(
    _ document: Document, push: PushInfo?, schema: PushSchema, targets: [Platform: OSVersion], limit: Int = .max
  ) -> (findings: [SchemaFinding], rules: Set<RuleID>) {
    var validator = SchemaValidator(schema: schema, targets: targets)
    validator.limit = limit
    validator.run(document, push: push)
    return (validator.rulesPastLimit.isEmpty ? validator.findings : [], validator.rulesPastLimit)
  }

  /// Validates as `validate` does, handing each finding of `rule` to `body`
  /// as it is found and holding none.
  static func forEachFinding(
    of rule: RuleID, in document: Document, push: PushInfo?, schema: PushSchema, targets: [Platform: OSVersion],
    _ body: (SchemaFinding) -> Void
  ) {
    withoutActuallyEscaping(body) { body in
      var validator = SchemaValidator(schema: schema, targets: targets)
      validator.sink = body
      validator.onlyRule = rule
      validator.run(document, push: push)
    }
  }

  private mutating func run(_ document: Document, push: PushInfo?) {
    guard let root = document.root else { return }
    template = document.template
    expandsBuildSettings =
      document.format == .plist && [.appInfoPlist, .extensionInfoPlist, .entitlements].contains(document.kind)
    switch document.kind {
    case .envelope:
      validate(root, against: "envelope", pushType: push?.pushType)
    case .fcmMessage:
      validate(root, against: "fcm-request", pushType: push?.pushType)
    case .categories:
      validate(root, against: "categories-file", pushType: nil)
    case .appInfoPlist:
      validate(root, against: "info-plist", pushType: nil)
    case .extensionInfoPlist:
      validate(root, against: "info-plist", pushType: nil)
      validateExtensionAttributes(root)
    case .entitlements:
      validate(root, against: "entitlements", pushType: nil)
    default:
      break
    }
    if let aps = push?.aps {
      self.push = push
      validate(aps, against: "aps", pushType: push?.pushType)
    }
  }

  /// A content extension's attributes follow their own schema; a service
  /// extension needs none.
  mutating func validateExtensionAttributes(_ root: Node) {
    guard let nsExtension = root["NSExtension"], nsExtension.isObject,
      nsExtension["NSExtensionPointIdentifier"]?.stringValue == "com.apple.usernotifications.content-extension"
    else { return }
    guard let attributes = nsExtension["NSExtensionAttributes"] else {
      report(.requiredKeyMissing(.contentExtensionAttributes), nsExtension.openingSpan, pointer: nsExtension.pointer)
      return
    }
    if attributes.isObject { validate(attributes, against: "content-extension-attributes", pushType: nil) }
  }

  /// Whether problems of `rule` are made: all of them, or `onlyRule`'s.
  /// Past `limit` a problem only names its rule, so one whose rule is
  /// named already is not made (nor its did-you-mean sought).
  func reports(_ rule: RuleID) -> Bool {
    if let onlyRule { return onlyRule == rule }
    return rulesPastLimit.isEmpty || !rulesPastLimit.contains(rule)
  }

  mutating func report(
    _ problem: SchemaProblem, _ span: SourceSpan, pointer: @autoclosure () -> String, severity: Severity? = nil
  ) {
    guard reports(problem.rule) else { return }
    var severity = severity
    if let cap = invalidSeverity {
      switch problem {
      case .valueType, .invalidValue: severity = min(severity ?? cap, cap)
      default: break
      }
    }
    if let sink {
      sink(SchemaFinding(problem: problem, span: span, pointer: pointer(), severity: severity))
    } else if findings.count < limit {
      findings.append(SchemaFinding(problem: problem, span: span, pointer: pointer(), severity: severity))
    } else {
      // The rules are gathered only past the limit: a rule's name is a
      // string, hashed at each insertion.
      if rulesPastLimit.isEmpty {
        for found in findings { rulesPastLimit.insert(found.problem.rule) }
      }
      rulesPastLimit.insert(problem.rule)
    }
  }

  mutating func report(_ problem: InvalidValueRule.Problem, at node: Node, severity: Severity? = nil) {
    report(.invalidValue(problem), node.span, pointer: node.pointer, severity: severity)
  }

  mutating func validate(_ object: Node, against schemaName: String, pushType: String?) {
    let dictionary = schema.schema(schemaName)
    // The schema's names the object holds, worked out at its first unknown
    // key with a did-you-mean: an object of many near misses is read once,
    // not once for each.
    var namesHeld: Set<String>?
    // A large object kept as its bytes is read a member at a time.
    guard object.isObject else { return }
    object.forEachMemberInPlace { member in
      validate(member, of: object, namesHeld: &namesHeld, in: dictionary, pushType: pushType)
    }
    for (name, spec) in dictionary.possiblyRequired {
      let resolved = spec.resolved(for: pushType)
      func has(_ key: String) -> Bool {
        object.containsMember { dictionary.spec(for: $0.key, schemaKey: $0.schemaKey)?.name == key }
      }
      if resolved.required {
        guard !has(name) else { continue }
        report(
          .requiredKeyMissing(.absent(key: name, dictionary: dictionary.display)), object.openingSpan,
          pointer: object.pointer)
      } else if let trigger = resolved.fields.requiredWith, has(trigger), !has(name) {
        report(
          .requiredKeyMissing(.neededBeside(trigger: trigger, key: name, dictionary: dictionary.display)),
          object.openingSpan, pointer: object.pointer)
      }
    }
  }

  /// One member against its dictionary's schema. By pointer: passed by
  /// value, each member would be copied out of its object (a retain and
  /// release of each string and array in it).
  mutating func validate(
    _ member: UnsafePointer<Member>, of object: Node, namesHeld: inout Set<String>?,
    in dictionary: DictionarySchema, pushType: String?
  ) {
    guard let (name, generalSpec) = dictionary.spec(for: member.pointee.key, schemaKey: member.pointee.schemaKey) else {
      if !dictionary.openKeys { reportUnknown(member.pointee, of: object, namesHeld: &namesHeld, in: dictionary) }
      return
    }
    let spec = generalSpec.resolved(for: pushType)
    if !spec.isPlain {
      if let pushTypes = spec.pushTypes, let pushType, !pushTypes.contains(pushType) {
        report(
          .unknownKey(.otherPushType(key: member.pointee.key, pushTypes: pushTypes, pushType: pushType)),
          member.pointee.keySpan, pointer: member.pointee.value.pointer)
        return
      }
      if let reason = spec.deprecated {
        report(
          .deprecatedKey(.key(name: name, reason: reason, value: member.pointee.value.span)), member.pointee.keySpan,
          pointer: member.pointee.value.pointer)
      }
      reportUnavailable(
        .key(name), since: spec.since, at: member.pointee.keySpan, pointer: member.pointee.value.pointer)
    }
    let outer = invalidSeverity
    invalidSeverity = spec.fields.whenInvalid ?? dictionary.whenInvalid
    // Most members are a string, a boolean or null the schema allows and
    // judges no further: settled through the pointer, their node is not
    // copied out of its object for `check`, and a long string kept as its
    // bytes (an alert's body) is not built.
    if !spec.settles(JSONType(of: member.pointee.value)) {
      check(member.pointee.value, key: name, spec: spec, pushType: pushType)
    }
    invalidSeverity = outer
  }

  /// The schema's names of the members of `object`.
  static func names(heldBy object: Node, in dictionary: DictionarySchema) -> Set<String> {
    var names: Set<String> = []
    object.forEachMember {
      if let (name, _) = dictionary.spec(for: $0.key, schemaKey: $0.schemaKey) { names.insert(name) }
    }
    return names
  }

  mutating func reportUnknown(
    _ member: Member, of object: Node, namesHeld: inout Set<String>?, in dictionary: DictionarySchema
  ) {
    // What an unknown key may be instead is sought only for its own rule.
    guard reports(.unknownKey) else { return }
    let suggestion = Suggestion.nearest(to: member.key, in: dictionary.suggestionCandidates)
    // The nearest key, held by the object already, is not offered as a
    // rename: the two would repeat a key and one value would be lost.
    if let nearest = suggestion {
      let held = namesHeld ?? Self.names(heldBy: object, in: dictionary)
      namesHeld = held
      if held.contains(nearest) {
        report(
          .unknownKey(.besideNearest(key: member.key, dictionary: dictionary.display, nearest: nearest)),
          member.keySpan, pointer: member.value.pointer)
        return
      }
    }
    let home = suggestion != nil ? nil : schema.schemas(listing: member.key).first { $0.name != dictionary.name }
    var customData: UnknownKeyRule.CustomData?
    if dictionary.name == "aps" {
      customData = UnknownKeyRule.CustomData(value: member.value.span, movesBeside: nil)
      if payloadKeys == nil, let payload = push?.payload, let aps = payload.member("aps") {
        var keys = Set<String>()
        payload.forEachMember { keys.insert($0.key) }
        payloadKeys = keys
        apsSpans = Fix.MemberSpans(key: aps.keySpan, value: aps.value.span)
        apsHasAKeyOfItsOwn = aps.value.containsMember { dictionary.spec(for: $0.key, schemaKey: $0.schemaKey) != nil }
      }
      if let apsSpans, apsHasAKeyOfItsOwn == true, payloadKeys?.contains(member.key) == false {
        customData?.movesBeside = apsSpans
      }
    }
    report(
      .unknownKey(
        .unknown(
          key: member.key, dictionary: dictionary.display, suggestion: suggestion, home: home?.display,
          customData: customData)),
      member.keySpan, pointer: member.value.pointer)
  }

  mutating func check(_ value: Node, key: String, spec: KeySpec, pushType: String?) {
    if value.isPlaceholder { return }
    let type = JSONType(of: value)
    guard spec.types.contains(type) else {
      if type == .string, spec.types.contains(.number), let text = value.stringValue,
        Self.isNumericHubPlaceholder(text)
      {
        return
      }
      let expected = ExpectedType(types: spec.types, values: spec.values)
      if let loose = spec.fields.looseTypes[type] {
        report(
          .valueType(.undocumented(key: key, found: FoundValue(value), expected: expected, note: loose.note)),
          value.span, pointer: value.pointer, severity: loose.severity)
        return
      }
      report(
        .valueType(.wrongType(key: key, found: FoundValue(value), expected: expected)), value.span,
        pointer: value.pointer)
      return
    }
    if type == .array {
      // Element by element: a large array is kept as its bytes until read.
      value.forEachChild { element in checkElement(element, key: key, spec: spec, pushType: pushType) }
      return
    }
    if type == .object {
      // Member by member, as arrays.
      if let valuesType = spec.valuesType {
        value.forEachMember { member in
          guard !member.value.isPlaceholder && JSONType(of: member.value) != valuesType else { return }
          report(
            .valueType(
              .wrongMemberValue(
                member: member.key, key: key, found: FoundValue(member.value), valuesType: valuesType,
                note: spec.note)),
            member.value.span, pointer: member.value.pointer)
        }
      }
      if let nested = spec.schema {
        validate(value, against: nested, pushType: pushType)
      }
      return
    }
    switch value.value {
    case .number(let number):
      checkNumber(number, value: value, key: key, spec: spec)
    case .string(let text):
      checkText(text, value: value, key: key, spec: spec)
      if let maxBytes = spec.maxBytes, text.utf8.count > maxBytes, template?.mentions(text) != true {
        report(.tooLong(key: key, bytes: text.utf8.count, maxBytes: maxBytes), at: value)
      }
    default:
      break
    }
  }

  mutating func checkElement(_ element: Node, key: String, spec: KeySpec, pushType: String?) {
    if element.isPlaceholder { return }
    if let itemType = spec.items, JSONType(of: element) != itemType {
      report(
        .valueType(.wrongItem(key: key, found: FoundValue(element), itemType: itemType)), element.span,
        pointer: element.pointer)
      return
    }
    if let itemSchema = spec.itemSchema, element.isObject {
      validate(element, against: itemSchema, pushType: pushType)
    }
    if let text = element.stringValue {
      checkItemValue(text, element: element, key: key, spec: spec)
    }
  }

  /// Whether `text` is wholly an Azure Notification Hubs `#(name)`
  /// expression: in a JSON template, the hub writes its fill as a JSON
  /// number, quotes and all replaced, when the fill is numeric, so
  /// `"badge": "#(count)"` is sent as `"badge": 40`.
  /// https://learn.microsoft.com/azure/notification-hubs/notification-hubs-templates-cross-platform-push-messages
  static func isNumericHubPlaceholder(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.count > 3, bytes.starts(with: "#(".utf8), bytes.last == UInt8(ascii: ")") else { return false }
    return bytes.dropFirst(2).dropLast().allSatisfy(PlaceholderPattern.isNameByte)
  }

  /// Whether a value is known only once Xcode fills it in.
  func isUnexpanded(_ text: String) -> Bool {
    template?.mentions(text) == true || expandsBuildSettings && (text.contains("$(") || text.contains("${"))
  }

  mutating func checkItemValue(_ text: String, element: Node, key: String, spec: KeySpec) {
    if isUnexpanded(text) { return }
    if let allowed = spec.itemValues, !allowed.contains(text) {
      report(.notAllowed(key: key, text: text, allowed: allowed, isElement: true), at: element)
      return
    }
    if let reason = spec.deprecatedValues[text] {
      report(.deprecatedKey(.value(text: text, key: key, reason: reason)), element.span, pointer: element.pointer)
    }
    reportUnavailable(
      .value(text, key: key), since: spec.valueSince[text] ?? [:], at: element.span, pointer: element.pointer)
  }

  /// `unavailable-key` for each platform whose configured target is older than `since`.
  /// Called for every member: the subject is made only when there is something to report.
  mutating func reportUnavailable(
    _ subject: @autoclosure () -> UnavailableKeyRule.Problem.Subject, since: [Platform: OSVersion], at span: SourceSpan,
    pointer: @autoclosure () -> String
  ) {
    guard !since.isEmpty, !targets.isEmpty else { return }
    // A look along the one or two targets costs less than hashing the
    // platform for each key that has a version.
    func target(for platform: Platform) -> OSVersion? {
      var ipados: OSVersion?
      for (candidate, version) in targets {
        if candidate == platform { return version }
        if candidate == .ipados { ipados = version }
      }
      return platform == .ios ? ipados : nil
    }
    // Nearly every key is available on every target: the platforms are put
    // in order only for a key that is not.
    guard since.contains(where: { platform, version in target(for: platform).map { $0 < version } ?? false }) else {
      return
    }
    for (platform, version) in since.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      if let target = target(for: platform), target < version {
        report(
          .unavailableKey(.init(subject: subject(), platform: platform, version: version, target: target)), span,
          pointer: pointer())
      }
    }
  }

  mutating func checkNumber(_ number: NumberValue, value: Node, key: String, spec: KeySpec) {
    if let values = spec.values {
      let allowed = values.contains { candidate in
        switch candidate {
        case .number(let expected): number.doubleValue == expected
        case .string(let expected): number.literal == expected
        }
      }
      if !allowed {
        report(.notListed(key: key, literal: number.literal, values: values, note: spec.note), at: value)
      }
      return
    }
    if spec.format == "unix-seconds" {
      // Seconds since 1970 reach 10^11 in the year 5138; a value past it is
      // milliseconds, which JavaScript's Date.now() gives.
      if number.doubleValue >= 100_000_000_000 {
        report(
          .milliseconds(key: key, literal: number.literal, value: number.doubleValue), at: value, severity: .warning)
        return
      }
    } else if spec.format != nil {
      checkText(number.literal, value: value, key: key, spec: spec)
      return
    }
    if spec.whole && !number.isWhole {
      report(.notWhole(key: key, literal: number.literal), at: value)
      return
    }
    let outOfRange = InvalidValueRule.Problem.outOfRange(
      key: key, literal: number.literal, minimum: spec.minimum, maximum: spec.maximum, note: spec.note)
    if let minimum = spec.minimum, number.doubleValue < minimum {
      report(outOfRange, at: value)
    } else if let maximum = spec.maximum, number.doubleValue > maximum {
      report(outOfRange, at: value)
    } else if let bound = spec.exclusiveMinimum, number.doubleValue <= bound {
      report(.notAbove(key: key, literal: number.literal, bound: bound), at: value)
    }
  }

  mutating func checkText(_ text: String, value: Node, key: String, spec: KeySpec) {
    if isUnexpanded(text) { return }
    if spec.values != nil {
      let strings = spec.stringValues
      if !strings.isEmpty && !strings.contains(text) {
        report(.notAllowed(key: key, text: text, allowed: strings, isElement: false), at: value)
        return
      }
    }
    switch spec.format {
    case "fcm-topic":
      let name = text.hasPrefix("/topics/") ? String(text.dropFirst("/topics/".count)) : text
      if name.isEmpty || !name.utf8.allSatisfy(Self.isFCMNameByte) {
        report(.fcmTopic(text: text), at: value)
      }
    case "fcm-label":
      if text.isEmpty || text.utf8.count > 50 || !text.utf8.allSatisfy(Self.isFCMNameByte) {
        report(.fcmLabel(key: key, text: text), at: value)
      }
    case "non-empty":
      if text.isEmpty {
        report(.empty(key: key), at: value)
      }
    case "url":
      if !(text.hasPrefix("https://") || text.hasPrefix("http://")) || text.utf8.count < 9 {
        report(.notImageURL(key: key, text: text), at: value, severity: .warning)
      }
    case "uuid-lowercase":
      if Self.isLowercaseUUID(text.lowercased()) && !Self.isLowercaseUUID(text) {
        // Apple documents the canonical form as lowercase; it does not say
        // APNs rejects capitals, and client libraries send them.
        report(.uuidCapitals(key: key, text: text), at: value, severity: .warning)
      } else if !Self.isLowercaseUUID(text) {
        report(.notUUID(key: key, text: text), at: value)
      }
    case "epoch-seconds":
      if text.isEmpty || !text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        report(.notEpochSeconds(key: key, text: text), at: value)
      }
    default:
      break
    }
  }

  static func isLowercaseUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        if byte != UInt8(ascii: "-") { return false }
      } else if !((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")))
      {
        return false
      }
    }
    return true
  }

  /// The bytes FCM allows in topic names and analytics labels.
  static func isFCMNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-_.~%".utf8.contains(byte)
  }
}
