/// Reading `.pushlint.yml`: every key looked up in `rules/configuration.yaml`
/// (the configuration described as payloads are), an unknown key or a wrong
/// value an error with its position and a did-you-mean, every mistake of the
/// file reported at once.
extension Configuration {
  /// Validates configuration text strictly: an unknown key or a wrong value is an error.
  public static func parse(
    _ bytes: [UInt8], file: String, directory: String
  ) throws(ConfigurationError) -> Configuration {
    var configuration = Configuration(directory: directory)
    configuration.file = file
    configuration.suppressions = SuppressionComments.scan(bytes, format: .yaml)
    // A byte-order mark, which some editors write, is harmless here (it is
    // an error only in what is sent to APNs).
    let documents = YAMLReader.read(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
    for document in documents {
      if let problem = document.result.findings.first(where: {
        $0.rule == RuleID.syntaxError || $0.rule == RuleID.invalidEncoding
      }) {
        throw ConfigurationError(file: file, position: problem.span.start, .notYAML(problem.reason))
      }
    }
    guard documents.count <= 1 else { throw ConfigurationError(file: file, position: nil, .severalDocuments) }
    guard let root = documents.first?.result.root, case .object = root.value else {
      if documents.first?.result.root.map({ if case .null = $0.value { true } else { false } }) ?? true {
        return configuration
      }
      throw ConfigurationError(file: file, position: documents.first?.result.root?.span.start, .notAMapping)
    }
    var parser = ConfigurationParser(file: file, ruleNames: RuleID.names)
    // Every mistake is reported in one run: each key (and each entry of a
    // list) is judged on its own.
    for member in root.members ?? [] {
      do throws(ConfigurationError) {
        try parser.apply(member, to: &configuration)
      } catch {
        parser.errors.append(error)
      }
    }
    if var first = parser.errors.first {
      first.others = Array(parser.errors.dropFirst())
      throw first
    }
    return configuration
  }
}

/// The dictionaries of `rules/configuration.yaml`.
enum ConfigurationSchema {
  static let schemas: [String: DictionarySchema] = {
    guard let root = RuleCatalog.embeddedTree(of: "configuration.yaml") else {
      fatalError("rules/configuration.yaml is not embedded")
    }
    do {
      return try PushSchema.dictionarySchemas(root["schemas"]).schemas
    } catch {
      fatalError("rules/configuration.yaml: \(error)")
    }
  }()

  static func dictionary(_ name: String) -> DictionarySchema {
    guard let dictionary = schemas[name] else { fatalError("rules/configuration.yaml has no schema \(name)") }
    return dictionary
  }
}

/// One configuration file's keys, interpreted; errors inside list entries
/// are collected in `errors`, so that one bad entry does not hide the next.
struct ConfigurationParser {
  let file: String
  let ruleNames: [String]
  var errors: [ConfigurationError] = []

  init(file: String, ruleNames: [String]) {
    self.file = file
    self.ruleNames = ruleNames
  }

  func fail(_ position: SourcePosition?, _ problem: ConfigurationProblem) -> ConfigurationError {
    ConfigurationError(file: file, position: position, problem)
  }

  /// `member`'s key in `dictionary`, or the error naming the keys it has.
  func lookUp(
    _ member: Member, in dictionary: DictionarySchema, place: ConfigurationProblem.KeyPlace
  ) throws(ConfigurationError) -> (name: String, spec: KeySpec) {
    guard let found = dictionary.spec(for: member.key) else {
      throw fail(
        member.keySpan.start, .unknownKey(key: member.key, known: dictionary.keys.map(\.name), place: place))
    }
    return found
  }

  /// The error for a value of the wrong shape, in the words of its key's `note`.
  func wrongShape(_ node: Node, key: String, spec: KeySpec) -> ConfigurationError {
    fail(node.span.start, .wrongShape(key: key, predicate: spec.note ?? "be \(spec.types.map(\.rawValue))"))
  }

  /// One top-level key of the configuration.
  mutating func apply(_ member: Member, to configuration: inout Configuration) throws(ConfigurationError) {
    let (name, spec) = try lookUp(member, in: ConfigurationSchema.dictionary("configuration"), place: .topLevel)
    let value = member.value
    switch name {
    case "include": configuration.include = try globs(value, key: name, spec: spec)
    case "exclude": configuration.exclude = try globs(value, key: name, spec: spec)
    case "context": configuration.context = try globs(value, key: name, spec: spec)
    case "targets":
      guard let members = value.members else { throw wrongShape(value, key: name, spec: spec) }
      let targets = ConfigurationSchema.dictionary("targets")
      for target in members {
        let platform = Platform(rawValue: try lookUp(target, in: targets, place: .targets).name)!
        guard let text = scalarText(target.value), let version = OSVersion(text) else {
          throw fail(target.value.span.start, .badVersion(platform: platform))
        }
        configuration.targets[platform] = version
      }
    case "rules": configuration.rules = try ruleMap(value, spec: spec)
    case "select": configuration.selection.select = try rulePatterns(value, key: name, spec: spec)
    case "extend-select": configuration.selection.extendSelect = try rulePatterns(value, key: name, spec: spec)
    case "ignore": configuration.selection.ignore = try rulePatterns(value, key: name, spec: spec)
    case "fail-on":
      guard let text = value.stringValue, let failOn = FailOn(name: text) else {
        throw fail(value.span.start, .notOneOf(key: name, text: scalarText(value) ?? "", values: spec.stringValues))
      }
      configuration.failOn = failOn
    case "overrides":
      guard let entries = value.elements else { throw wrongShape(value, key: name, spec: spec) }
      for entry in entries {
        do throws(ConfigurationError) {
          configuration.overrides.append(try override(entry))
        } catch { errors.append(error) }
      }
    case "per-file-ignores":
      guard let entries = value.members else { throw wrongShape(value, key: name, spec: spec) }
      for entry in entries {
        do throws(ConfigurationError) {
          configuration.overrides.append(try perFileIgnore(entry))
        } catch { errors.append(error) }
      }
    case "headers":
      guard let entries = value.elements else { throw wrongShape(value, key: name, spec: spec) }
      for entry in entries {
        do throws(ConfigurationError) {
          configuration.headers.append(try headerDefaults(entry))
        } catch { errors.append(error) }
      }
    case "templates":
      configuration.templates = try templateSettings(value, spec: spec)
    default:
      fatalError("rules/configuration.yaml names \(name), which the configuration reader does not interpret")
    }
  }

  func override(_ entry: Node) throws(ConfigurationError) -> Override {
    guard let members = entry.members else { throw fail(entry.span.start, .overrideNotAMapping) }
    var override = Override(files: [], pointer: nil, rules: [:], span: entry.span)
    for field in members {
      let (name, spec) = try lookUp(field, in: ConfigurationSchema.dictionary("override"), place: .override)
      switch name {
      case "files": override.files = try globs(field.value, key: name, spec: spec)
      case "pointer": override.pointer = try pointer(field.value, spec: spec)
      default: override.rules = try ruleMap(field.value, spec: spec)
      }
    }
    guard !override.files.isEmpty else { throw fail(entry.span.start, .needs(place: .override, key: "files")) }
    guard !override.rules.isEmpty else { throw fail(entry.span.start, .needs(place: .override, key: "rules")) }
    return override
  }

  /// A glob's rules, listed or `{rules: …, pointer: …}`.
  func perFileIgnore(_ entry: Member) throws(ConfigurationError) -> Override {
    let dictionary = ConfigurationSchema.dictionary("per-file-ignore")
    var ignore = Override(files: [Glob(entry.key)], rules: [:], span: entry.keySpan, isIgnore: true)
    var rules = entry.value
    if let members = entry.value.members {
      guard let listed = entry.value["rules"] else {
        throw fail(entry.value.span.start, .needs(place: .perFileIgnores, key: "rules"))
      }
      rules = listed
      for field in members where field.key != "rules" {
        let (_, spec) = try lookUp(field, in: dictionary, place: .perFileIgnores)
        ignore.pointer = try pointer(field.value, spec: spec)
      }
    }
    for name in try rulePatterns(rules, key: "per-file-ignores", spec: dictionary.spec(for: "rules")!.spec) {
      for rule in ruleNames where RuleSelection.matches(name, rule) { ignore.rules[rule] = .off }
    }
    return ignore
  }

  func headerDefaults(_ entry: Node) throws(ConfigurationError) -> HeaderDefaults {
    guard let members = entry.members else { throw fail(entry.span.start, .headersEntryNotAMapping) }
    let dictionary = ConfigurationSchema.dictionary("header-defaults")
    var defaults = HeaderDefaults(files: [], headers: [])
    for field in members {
      if field.key == "files" {
        defaults.files = try globs(field.value, key: "files", spec: dictionary.spec(for: "files")!.spec)
        continue
      }
      // Header names are case-insensitive; `files` is a key of its own.
      let name = field.key.lowercased()
      guard name != "files", dictionary.spec(for: name) != nil else {
        throw fail(
          field.keySpan.start, .unknownKey(key: field.key, known: dictionary.keys.map(\.name), place: .headers))
      }
      guard let text = scalarText(field.value) else {
        throw fail(field.value.span.start, .headerNotAString(name: name))
      }
      defaults.headers.append((name, text))
    }
    guard !defaults.files.isEmpty else { throw fail(entry.span.start, .needs(place: .headers, key: "files")) }
    return defaults
  }

  func templateSettings(_ node: Node, spec: KeySpec) throws(ConfigurationError) -> TemplateSettings {
    guard let members = node.members else { throw wrongShape(node, key: "templates", spec: spec) }
    var settings = TemplateSettings()
    for member in members {
      let (name, spec) = try lookUp(member, in: ConfigurationSchema.dictionary("templates"), place: .templates)
      switch name {
      case "files": settings.files = try globs(member.value, key: name, spec: spec)
      case "pattern":
        guard let source = member.value.stringValue, !source.isEmpty else {
          throw wrongShape(member.value, key: name, spec: spec)
        }
        do {
          settings.pattern = try PlaceholderPattern(source: source)
        } catch {
          switch error {
          case .notARegularExpression(let description):
            throw fail(member.value.span.start, .invalidPattern(description: description))
          case .matchesEmpty: throw fail(member.value.span.start, .patternMatchesEmpty)
          }
        }
      case "default": settings.defaultLimit = try placeholderLimit(member.value, placeholder: .default)
      default:
        guard let placeholders = member.value.members else { throw wrongShape(member.value, key: name, spec: spec) }
        for placeholder in placeholders {
          settings.limits[placeholder.key] = try placeholderLimit(
            placeholder.value, placeholder: .named(placeholder.key))
        }
      }
    }
    return settings
  }

  /// `{max-characters: N}` or `{max-bytes: N}`; a bare number means characters.
  func placeholderLimit(
    _ node: Node, placeholder: ConfigurationProblem.PlaceholderName
  ) throws(ConfigurationError) -> PlaceholderLimit {
    func count(_ value: Node) throws(ConfigurationError) -> Int {
      guard let number = value.numberValue?.intValue, number >= 0, number <= 1 << 30 else {
        throw fail(value.span.start, .limitNotACount(placeholder: placeholder))
      }
      return number
    }
    if node.numberValue != nil { return PlaceholderLimit(try count(node), .characters) }
    guard let members = node.members, members.count == 1, let member = members.first else {
      throw fail(node.span.start, .limitShape(placeholder: placeholder))
    }
    let dictionary = ConfigurationSchema.dictionary("placeholder-limit")
    let (name, _) = try lookUp(member, in: dictionary, place: .placeholderLimit(placeholder))
    return PlaceholderLimit(try count(member.value), name == "max-bytes" ? .bytes : .characters)
  }

  /// A `pointer:` value: a JSON Pointer, `""` for the whole document.
  func pointer(_ node: Node, spec: KeySpec) throws(ConfigurationError) -> String {
    guard let pointer = node.stringValue, pointer.isEmpty || pointer.hasPrefix("/") else {
      throw wrongShape(node, key: "pointer", spec: spec)
    }
    return pointer
  }

  func scalarText(_ node: Node) -> String? {
    switch node.value {
    case .string(let text): text
    case .number(let number): number.literal
    default: nil
    }
  }

  func globs(_ node: Node, key: String, spec: KeySpec) throws(ConfigurationError) -> [Glob] {
    if let text = node.stringValue { return [Glob(text)] }
    guard let elements = node.elements, elements.allSatisfy({ $0.stringValue != nil }) else {
      throw wrongShape(node, key: key, spec: spec)
    }
    return elements.compactMap(\.stringValue).map(Glob.init)
  }

  /// A rule name, a family such as `fcm-*`, or a list of them; each must
  /// name some rule.
  func rulePatterns(_ node: Node, key: String, spec: KeySpec) throws(ConfigurationError) -> [String] {
    let patterns: [String]
    if let text = node.stringValue {
      patterns = text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
    } else if let elements = node.elements, elements.allSatisfy({ $0.stringValue != nil }) {
      patterns = elements.compactMap(\.stringValue)
    } else {
      throw wrongShape(node, key: key, spec: spec)
    }
    if let unknown = RuleSelection.unmatched(patterns, among: ruleNames).first {
      throw fail(node.span.start, .unmatchedRulePattern(key: key, unknown: unknown, ruleNames: ruleNames))
    }
    return patterns
  }

  func ruleMap(_ node: Node, spec: KeySpec) throws(ConfigurationError) -> [String: RuleSetting] {
    guard let members = node.members else { throw wrongShape(node, key: "rules", spec: spec) }
    var rules: [String: RuleSetting] = [:]
    for member in members {
      guard ruleNames.contains(member.key) else {
        throw fail(member.keySpan.start, .unknownRule(name: member.key, ruleNames: ruleNames))
      }
      guard let text = member.value.stringValue, let setting = RuleSetting(text) else {
        throw fail(member.value.span.start, .badLevel(rule: member.key, text: scalarText(member.value) ?? ""))
      }
      rules[member.key] = setting
    }
    return rules
  }
}
