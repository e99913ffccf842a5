/// Interprets `rules/schema.yaml` over a document. Its findings belong to the
/// generic rules: required-key-missing, unknown-key, value-type,
/// invalid-value, deprecated-key and unavailable-key.
struct SchemaValidator {
  let schema: PushSchema
  let targets: [Platform: OSVersion]
  /// The document's placeholders: strings holding one are not judged by value.
  var template: TemplateInfo?
  var findings: [Finding] = []
  /// The `whenInvalid` severity of the dictionary whose member is checked.
  var invalidSeverity: Severity?
  /// Xcode expands build settings (`$(APS_ENVIRONMENT)`, `${PRODUCT_NAME}`)
  /// in Info.plists and entitlements when it builds and signs the app: a
  /// value holding one is known only then.
  var expandsBuildSettings = false

  init(schema: PushSchema, targets: [Platform: OSVersion]) {
    self.schema = schema
    self.targets = targets
  }

  /// Validates what a document of this kind holds.
  static func validate(
    _ document: Document, push: PushInfo?, schema: PushSchema, targets: [Platform: OSVersion]
  )
    -> [Finding]
  {
    guard let root = document.root else { return [] }
    var validator = SchemaValidator(schema: schema, targets: targets)
    validator.template = document.template
    validator.expandsBuildSettings =
      document.format == .plist && [.appInfoPlist, .extensionInfoPlist, .entitlements].contains(document.kind)
    switch document.kind {
    case .envelope:
      validator.validate(root, against: "envelope", pushType: push?.pushType)
    case .fcmMessage:
      validator.validate(root, against: "fcm-request", pushType: push?.pushType)
    case .categories:
      validator.validate(root, against: "categories-file", pushType: nil)
    case .appInfoPlist:
      validator.validate(root, against: "info-plist", pushType: nil)
    case .extensionInfoPlist:
      validator.validate(root, against: "info-plist", pushType: nil)
      validator.validateExtensionAttributes(root)
    case .entitlements:
      validator.validate(root, against: "entitlements", pushType: nil)
    default:
      break
    }
    if let aps = push?.aps {
      validator.validate(aps, against: "aps", pushType: push?.pushType)
    }
    return validator.findings
  }

  /// A content extension's attributes follow their own schema; a service
  /// extension needs none.
  mutating func validateExtensionAttributes(_ root: Node) {
    guard let nsExtension = root["NSExtension"], nsExtension.isObject,
      nsExtension["NSExtensionPointIdentifier"]?.stringValue == "com.apple.usernotifications.content-extension"
    else { return }
    guard let attributes = nsExtension["NSExtensionAttributes"] else {
      report(
        .requiredKeyMissing, nsExtension.openingSpan,
        "NSExtension of a notification content extension has no \"NSExtensionAttributes\", which it requires",
        pointer: nsExtension.pointer,
        help:
          "add NSExtensionAttributes with UNNotificationExtensionCategory and UNNotificationExtensionInitialContentSizeRatio"
      )
      return
    }
    if attributes.isObject { validate(attributes, against: "content-extension-attributes", pushType: nil) }
  }

  /// `invalid-value` for `text`, naming the nearest of `allowed` as the fix.
  mutating func reportNotAllowed(_ message: String, _ text: String, _ allowed: [String], at node: Node) {
    let suggestion = Suggestion.nearest(to: text, in: allowed)
    report(
      .invalidValue, node.span, message + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
      pointer: node.pointer, help: suggestion.map { "write \"\($0)\"" })
  }

  mutating func report(
    _ rule: RuleID, _ span: SourceSpan, _ message: String, pointer: String, help: String? = nil,
    severity: Severity? = nil
  ) {
    var severity = severity
    if let cap = invalidSeverity, rule == .valueType || rule == .invalidValue {
      severity = min(severity ?? cap, cap)
    }
    findings.append(Finding(rule: rule, span: span, message: message, pointer: pointer, help: help, severity: severity))
  }

  mutating func validate(_ object: Node, against schemaName: String, pushType: String?) {
    let dictionary = schema.schema(schemaName)
    guard case .object(let members) = object.value else { return }
    members.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        validate(buffer.baseAddress! + index, in: dictionary, pushType: pushType)
      }
    }
    for (name, spec) in dictionary.possiblyRequired {
      let resolved = spec.resolved(for: pushType)
      func has(_ key: String) -> Bool { members.contains { dictionary.spec(for: $0.key)?.name == key } }
      if resolved.required {
        guard !has(name) else { continue }
        report(
          .requiredKeyMissing, object.openingSpan, "\(dictionary.display) has no \"\(name)\", which it requires",
          pointer: object.pointer, help: "add \"\(name)\"")
      } else if let trigger = resolved.fields.requiredWith, has(trigger), !has(name) {
        report(
          .requiredKeyMissing, object.openingSpan,
          "\"\(trigger)\" needs \"\(name)\" beside it in \(dictionary.display)",
          pointer: object.pointer, help: "add \"\(name)\"")
      }
    }
  }

  /// One member against its dictionary's schema. By pointer: passed by
  /// value, each member would be copied out of its object (a retain and
  /// release of each string and array in it).
  mutating func validate(_ member: UnsafePointer<Member>, in dictionary: DictionarySchema, pushType: String?) {
    guard let (name, generalSpec) = dictionary.spec(for: member.pointee.key) else {
      if !dictionary.openKeys { reportUnknown(member.pointee, in: dictionary) }
      return
    }
    let spec = generalSpec.resolved(for: pushType)
    if let pushTypes = spec.pushTypes, let pushType, !pushTypes.contains(pushType) {
      report(
        .unknownKey, member.pointee.keySpan,
        "\"\(member.pointee.key)\" belongs to \(pushTypes.joined(separator: ", ")) pushes; this is a\(pushType.first.map { "aeiou".contains($0) } == true ? "n" : "") \(pushType) push, which ignores it",
        pointer: member.pointee.value.pointer, help: "remove it, or send the push with apns-push-type \(pushTypes[0])")
      return
    }
    if let reason = spec.deprecated {
      report(
        .deprecatedKey, member.pointee.keySpan, "\"\(name)\" is deprecated: \(reason)",
        pointer: member.pointee.value.pointer,
        help: "remove it")
    }
    reportUnavailable(
      "\"\(name)\"", since: spec.since, at: member.pointee.keySpan, pointer: member.pointee.value.pointer)
    let outer = invalidSeverity
    invalidSeverity = spec.fields.whenInvalid ?? dictionary.whenInvalid
    check(member.pointee.value, key: name, spec: spec, pushType: pushType)
    invalidSeverity = outer
  }

  func platformName(_ platform: Platform) -> String {
    switch platform {
    case .ios: "iOS"
    case .ipados: "iPadOS"
    case .macos: "macOS"
    case .watchos: "watchOS"
    case .tvos: "tvOS"
    case .visionos: "visionOS"
    }
  }

  mutating func reportUnknown(_ member: Member, in dictionary: DictionarySchema) {
    let names = dictionary.keys.map(\.name)
    var message = "unknown key \"\(member.key)\" in \(dictionary.display)"
    var help: String?
    if let suggestion = Suggestion.nearest(to: member.key, in: names) {
      message += "; did you mean \"\(suggestion)\"?"
      help = "rename it to \"\(suggestion)\""
    } else if let home = schema.schemas.values.sorted(by: { $0.name < $1.name }).first(where: {
      $0.name != dictionary.name && !$0.caseInsensitiveKeys && $0.keys.contains { $0.name == member.key }
    }) {
      message += "; \"\(member.key)\" is a key of \(home.display)"
      help = "move it to \(home.display)"
    } else if dictionary.name == "aps" {
      help = "custom data goes at the top level of the payload, beside \"aps\", not inside it"
    }
    report(.unknownKey, member.keySpan, message, pointer: member.value.pointer, help: help)
  }

  mutating func check(_ value: Node, key: String, spec: KeySpec, pushType: String?) {
    if value.isPlaceholder { return }
    let type = JSONType(of: value)
    guard spec.types.contains(type) else {
      if let loose = spec.fields.looseTypes[type] {
        report(
          .valueType, value.span,
          "\"\(key)\" is \(describe(value)), where Apple documents \(article(spec.types[0].rawValue)): \(loose.note)",
          pointer: value.pointer, help: typeHelp(value, spec: spec), severity: loose.severity)
        return
      }
      report(
        .valueType, value.span, "\"\(key)\" must be \(expectation(spec)), found \(describe(value))",
        pointer: value.pointer, help: typeHelp(value, spec: spec))
      return
    }
    switch value.stored {
    case .number(let number):
      checkNumber(number, value: value, key: key, spec: spec)
    case .string(let text):
      checkText(text, value: value, key: key, spec: spec)
      if let maxBytes = spec.maxBytes, text.utf8.count > maxBytes, template?.mentions(text) != true {
        report(
          .invalidValue, value.span,
          "\"\(key)\" is \(text.utf8.count) bytes; at most \(maxBytes) are allowed", pointer: value.pointer,
          help: "shorten it to \(maxBytes) bytes")
      }
    case .array(let elements):
      for element in elements {
        if element.isPlaceholder { continue }
        if let itemType = spec.items, JSONType(of: element) != itemType {
          report(
            .valueType, element.span,
            "\"\(key)\" must hold only \(itemType.rawValue)s, found \(describe(element))",
            pointer: element.pointer, help: itemType == .string ? "quote it: \"\(plainText(element))\"" : nil)
          continue
        }
        if let itemSchema = spec.itemSchema, element.isObject {
          validate(element, against: itemSchema, pushType: pushType)
        }
        if let text = element.stringValue {
          checkItemValue(text, element: element, key: key, spec: spec)
        }
      }
    case .object(let members):
      if let valuesType = spec.valuesType {
        for member in members where !member.value.isPlaceholder && JSONType(of: member.value) != valuesType {
          report(
            .valueType, member.value.span,
            "\"\(member.key)\" in \"\(key)\" must be \(article(valuesType.rawValue)), found \(describe(member.value))\(spec.note.map { " (\($0))" } ?? "")",
            pointer: member.value.pointer,
            help: valuesType == .string ? "quote it: \"\(plainText(member.value))\"" : nil)
        }
      }
      if let nested = spec.schema {
        validate(value, against: nested, pushType: pushType)
      }
    case .deferred:
      check(value.built, key: key, spec: spec, pushType: pushType)
    default:
      break
    }
  }

  /// Whether a value is known only once Xcode fills it in.
  func isUnexpanded(_ text: String) -> Bool {
    template?.mentions(text) == true || expandsBuildSettings && (text.contains("$(") || text.contains("${"))
  }

  mutating func checkItemValue(_ text: String, element: Node, key: String, spec: KeySpec) {
    if isUnexpanded(text) { return }
    if let allowed = spec.itemValues, !allowed.contains(text) {
      reportNotAllowed(
        "\"\(key)\" cannot hold \"\(text)\"; its values are \(allowed.joined(separator: ", "))", text, allowed,
        at: element)
      return
    }
    if let reason = spec.deprecatedValues[text] {
      report(
        .deprecatedKey, element.span, "\"\(text)\" in \"\(key)\" is deprecated: \(reason)", pointer: element.pointer,
        help: "remove it")
    }
    reportUnavailable(
      "\"\(text)\" in \"\(key)\"", since: spec.valueSince[text] ?? [:], at: element.span, pointer: element.pointer)
  }

  /// `unavailable-key` for each platform whose configured target is older than `since`.
  /// Called for every member: its text is built only when there is something to report.
  mutating func reportUnavailable(
    _ what: @autoclosure () -> String, since: [Platform: OSVersion], at span: SourceSpan,
    pointer: @autoclosure () -> String
  ) {
    guard !since.isEmpty, !targets.isEmpty else { return }
    for (platform, version) in since.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let target = targets[platform] ?? (platform == .ios ? targets[.ipados] : nil)
      if let target, target < version {
        report(
          .unavailableKey, span,
          "\(what()) needs \(platformName(platform)) \(version); devices on \(platformName(platform)) \(target) (the configured target) ignore it",
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
        report(
          .invalidValue, value.span,
          "\"\(key)\" must be \(list(values)), found \(number.literal)\(spec.note.map { "; \($0)" } ?? "")",
          pointer: value.pointer, help: "write \(values[0])")
      }
      return
    }
    if spec.format == "unix-seconds" {
      // Seconds since 1970 reach 10^11 in the year 5138; a value past it is
      // milliseconds, which JavaScript's Date.now() gives.
      if number.doubleValue >= 100_000_000_000 {
        report(
          .invalidValue, value.span,
          "\"\(key)\" is \(number.literal), which reads as milliseconds; Apple wants seconds since 1970",
          pointer: value.pointer, help: secondsHelp(number.doubleValue), severity: .warning)
        return
      }
    } else if spec.format != nil {
      checkText(number.literal, value: value, key: key, spec: spec)
      return
    }
    if spec.whole && !number.isWhole {
      report(
        .invalidValue, value.span, "\"\(key)\" must be a whole number, found \(number.literal)",
        pointer: value.pointer)
      return
    }
    if let minimum = spec.minimum, number.doubleValue < minimum {
      report(.invalidValue, value.span, rangeMessage(key, spec, number), pointer: value.pointer)
    } else if let maximum = spec.maximum, number.doubleValue > maximum {
      report(.invalidValue, value.span, rangeMessage(key, spec, number), pointer: value.pointer)
    } else if let bound = spec.exclusiveMinimum, number.doubleValue <= bound {
      report(
        .invalidValue, value.span,
        "\"\(key)\" must be greater than \(SchemaValue.number(bound)), found \(number.literal)",
        pointer: value.pointer)
    }
  }

  func rangeMessage(_ key: String, _ spec: KeySpec, _ number: NumberValue) -> String {
    switch (spec.minimum, spec.maximum) {
    case (let minimum?, let maximum?):
      "\"\(key)\" must be between \(SchemaValue.number(minimum)) and \(SchemaValue.number(maximum)), found \(number.literal)"
    case (let minimum?, nil):
      "\"\(key)\" must be \(SchemaValue.number(minimum)) or more, found \(number.literal)\(spec.note.map { " (\($0))" } ?? "")"
    case (nil, let maximum?):
      "\"\(key)\" must be \(SchemaValue.number(maximum)) or less, found \(number.literal)"
    default:
      "\"\(key)\" is out of range"
    }
  }

  mutating func checkText(_ text: String, value: Node, key: String, spec: KeySpec) {
    if isUnexpanded(text) { return }
    if spec.values != nil {
      let strings = spec.stringValues
      if !strings.isEmpty && !strings.contains(text) {
        reportNotAllowed(
          "\"\(key)\" cannot be \"\(text)\"; it is one of \(strings.joined(separator: ", "))", text, strings, at: value)
        return
      }
    }
    switch spec.format {
    case "fcm-topic":
      let name = text.hasPrefix("/topics/") ? String(text.dropFirst("/topics/".count)) : text
      if name.isEmpty || !name.utf8.allSatisfy(Self.isFCMNameByte) {
        report(
          .invalidValue, value.span,
          "FCM topic names use only letters, digits and - _ . ~ %, found \"\(text)\"; FCM rejects the message",
          pointer: value.pointer, help: "rename the topic, e.g. \"news-sports\"")
      }
    case "fcm-label":
      if text.isEmpty || text.utf8.count > 50 || !text.utf8.allSatisfy(Self.isFCMNameByte) {
        report(
          .invalidValue, value.span,
          "\"\(key)\" is 1 to 50 letters, digits and - _ . ~ %, found \"\(text)\"; FCM rejects the message",
          pointer: value.pointer, help: "write a label such as \"spring-sale\"")
      }
    case "non-empty":
      if text.isEmpty {
        report(
          .invalidValue, value.span, "\"\(key)\" is empty; FCM rejects the message", pointer: value.pointer,
          help: "give the device's \(key)")
      }
    case "url":
      if !(text.hasPrefix("https://") || text.hasPrefix("http://")) || text.utf8.count < 9 {
        report(
          .invalidValue, value.span, "\"\(key)\" must be the URL of an image, found \"\(text)\"",
          pointer: value.pointer, help: "write an https:// URL", severity: .warning)
      }
    case "uuid-lowercase":
      if Self.isLowercaseUUID(text.lowercased()) && !Self.isLowercaseUUID(text) {
        // Apple documents the canonical form as lowercase; it does not say
        // APNs rejects capitals, and client libraries send them.
        report(
          .invalidValue, value.span,
          "\"\(key)\" has capital letters; Apple documents the canonical UUID form as lowercase, found \"\(text)\"",
          pointer: value.pointer, help: "write it in lowercase: \"\(text.lowercased())\"", severity: .warning)
      } else if !Self.isLowercaseUUID(text) {
        report(
          .invalidValue, value.span, "\"\(key)\" must be a UUID (8-4-4-4-12 hex digits), found \"\(text)\"",
          pointer: value.pointer, help: "write a UUID such as \"123e4567-e89b-12d3-a456-4266554400a0\"")
      }
    case "epoch-seconds":
      if text.isEmpty || !text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        report(
          .invalidValue, value.span,
          "\"\(key)\" must be whole seconds since 1970 (UTC), or 0 to deliver once, found \"\(text)\"",
          pointer: value.pointer, help: "write a UNIX time such as \"1767225600\"")
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

  func expectation(_ spec: KeySpec) -> String {
    if let values = spec.values, spec.types == [.number] { return "the number " + list(values) }
    return spec.types.map { $0 == .null ? "null" : article($0.rawValue) }.joined(separator: " or ")
  }

  func list(_ values: [SchemaValue]) -> String {
    let texts = values.map(\.description)
    guard texts.count > 1 else { return texts.first ?? "" }
    return texts.dropLast().joined(separator: ", ") + " or " + texts.last!
  }

  func describe(_ node: Node) -> String {
    switch node.stored {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .number(let number): "the number \(number.literal)"
    case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    case .array: "an array"
    case .object: "an object"
    case .placeholder(let text): "the placeholder \(text)"
    case .deferred: describe(node.built)
    }
  }

  func plainText(_ node: Node) -> String {
    switch node.stored {
    case .number(let number): number.literal
    case .bool(let value): String(value)
    case .null: "null"
    case .deferred: plainText(node.built)
    default: "…"
    }
  }

  /// The value in seconds, when it is a number of milliseconds a clock can
  /// give (a larger one is no date at all, and does not fit an Int).
  func secondsHelp(_ milliseconds: Double) -> String {
    guard milliseconds < 1e16 else { return "write seconds since 1970, such as 1767225600" }
    return "divide it by 1000: \(Int(milliseconds / 1000))"
  }

  /// The bytes FCM allows in topic names and analytics labels.
  static func isFCMNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-_.~%".utf8.contains(byte)
  }

  func typeHelp(_ value: Node, spec: KeySpec) -> String? {
    switch value.stored {
    case .string(let text) where spec.types.contains(.number) && Double(text) != nil:
      return "write \(text) without quotes"
    case .bool(let flag) where spec.values?.contains(.number(1)) == true:
      return flag ? "write 1" : "remove the key"
    case .number where spec.types == [.string], .bool where spec.types == [.string]:
      return "quote it: \"\(plainText(value))\""
    case .string where spec.types.contains(.array):
      return "write an array: [\"…\"]"
    case .deferred:
      return typeHelp(value.built, spec: spec)
    default:
      return nil
    }
  }
}
