/// Reading `.pushlint.yml`: every key validated strictly, an unknown key or
/// a wrong value an error with its position and a did-you-mean, every
/// mistake of the file reported at once.
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
    func fail(_ position: SourcePosition?, _ message: String) -> ConfigurationError {
      ConfigurationError(file: file, position: position, message: message)
    }
    for document in documents {
      if let problem = document.result.findings.first(where: {
        $0.rule == RuleID.syntaxError || $0.rule == RuleID.invalidEncoding
      }) {
        throw fail(problem.span.start, problem.message)
      }
    }
    guard documents.count <= 1 else { throw fail(nil, "the configuration must be a single YAML document") }
    guard let root = documents.first?.result.root, case .object = root.value else {
      if documents.first?.result.root.map({ if case .null = $0.value { true } else { false } }) ?? true {
        return configuration
      }
      throw fail(documents.first?.result.root?.span.start, "the configuration must be a mapping of keys")
    }
    let ruleNames = RuleID.names
    // Every mistake is reported in one run: each key (and each entry of a
    // list) is judged on its own.
    var errors: [ConfigurationError] = []
    for member in root.members ?? [] {
      do throws(ConfigurationError) {
        try apply(member, to: &configuration, ruleNames: ruleNames, file: file, errors: &errors)
      } catch {
        errors.append(error)
      }
    }
    if var first = errors.first {
      first.others = Array(errors.dropFirst())
      throw first
    }
    return configuration
  }

  /// One top-level key of the configuration; errors inside list entries go
  /// to `errors`, so that one bad entry does not hide the next.
  static func apply(
    _ member: Member, to configuration: inout Configuration, ruleNames: [String], file: String,
    errors: inout [ConfigurationError]
  ) throws(ConfigurationError) {
    func fail(_ position: SourcePosition?, _ message: String) -> ConfigurationError {
      ConfigurationError(file: file, position: position, message: message)
    }
    do {
      let value = member.value
      switch member.key {
      case "include": configuration.include = try globs(value, key: "include", file: file)
      case "exclude": configuration.exclude = try globs(value, key: "exclude", file: file)
      case "context": configuration.context = try globs(value, key: "context", file: file)
      case "targets":
        guard let members = value.members else {
          throw fail(value.span.start, "\"targets\" must be a mapping such as {ios: \"15.0\"}")
        }
        for target in members {
          guard let platform = Platform(rawValue: target.key.lowercased()) else {
            throw fail(
              target.keySpan.start,
              "unknown platform \"\(target.key)\" in targets\(didYouMean(target.key, Platform.allCases.map(\.rawValue))); platforms are \(Platform.allCases.map(\.rawValue).joined(separator: ", "))"
            )
          }
          guard let text = scalarText(target.value), let version = OSVersion(text) else {
            throw fail(target.value.span.start, "the \(platform.rawValue) target must be a version such as \"15.0\"")
          }
          configuration.targets[platform] = version
        }
      case "rules":
        configuration.rules = try ruleMap(value, ruleNames: ruleNames, file: file)
      case "select":
        configuration.selection.select = try rulePatterns(value, key: "select", ruleNames: ruleNames, file: file)
      case "extend-select":
        configuration.selection.extendSelect = try rulePatterns(
          value, key: "extend-select", ruleNames: ruleNames, file: file)
      case "ignore":
        configuration.selection.ignore = try rulePatterns(value, key: "ignore", ruleNames: ruleNames, file: file)
      case "fail-on":
        guard let text = value.stringValue, let failOn = FailOn(name: text) else {
          throw fail(
            value.span.start,
            "\"fail-on\" must be one of error, warning, info, never\(didYouMean(scalarText(value) ?? "", FailOn.allCases.map(\.rawValue)))"
          )
        }
        configuration.failOn = failOn
      case "overrides":
        guard let entries = value.elements else { throw fail(value.span.start, "\"overrides\" must be a list") }
        for entry in entries {
          do throws(ConfigurationError) {
            guard let members = entry.members else {
              throw fail(entry.span.start, "each override is a mapping with \"files\" and \"rules\"")
            }
            var override = Override(files: [], pointer: nil, rules: [:], span: entry.span)
            for field in members {
              switch field.key {
              case "files": override.files = try globs(field.value, key: "files", file: file)
              case "pointer": override.pointer = try pointer(field.value, file: file)
              case "rules": override.rules = try ruleMap(field.value, ruleNames: ruleNames, file: file)
              default:
                throw fail(
                  field.keySpan.start,
                  "unknown key \"\(field.key)\" in an override\(didYouMean(field.key, ["files", "pointer", "rules"]))")
              }
            }
            guard !override.files.isEmpty else { throw fail(entry.span.start, "an override needs \"files\"") }
            guard !override.rules.isEmpty else { throw fail(entry.span.start, "an override needs \"rules\"") }
            configuration.overrides.append(override)
          } catch { errors.append(error) }
        }
      case "per-file-ignores":
        guard let entries = value.members else {
          throw fail(
            value.span.start,
            "\"per-file-ignores\" must map globs to rule names, e.g. {\"push/legacy/**\": [value-type]}")
        }
        for entry in entries {
          do throws(ConfigurationError) {
            var ignore = Override(files: [Glob(entry.key)], rules: [:], span: entry.keySpan, isIgnore: true)
            var rules = entry.value
            if let members = entry.value.members {
              guard let listed = entry.value["rules"] else {
                throw fail(entry.value.span.start, "a per-file-ignores entry needs \"rules\"")
              }
              rules = listed
              for field in members where field.key != "rules" {
                guard field.key == "pointer" else {
                  throw fail(
                    field.keySpan.start,
                    "unknown key \"\(field.key)\" in per-file-ignores\(didYouMean(field.key, ["rules", "pointer"]))")
                }
                ignore.pointer = try pointer(field.value, file: file)
              }
            }
            for name in try rulePatterns(rules, key: "per-file-ignores", ruleNames: ruleNames, file: file) {
              for rule in ruleNames where RuleSelection.matches(name, rule) { ignore.rules[rule] = .off }
            }
            configuration.overrides.append(ignore)
          } catch { errors.append(error) }
        }
      case "headers":
        guard let entries = value.elements else { throw fail(value.span.start, "\"headers\" must be a list") }
        for entry in entries {
          do throws(ConfigurationError) {
            guard let members = entry.members else {
              throw fail(entry.span.start, "each headers entry is a mapping with \"files\" and apns-* headers")
            }
            var defaults = HeaderDefaults(files: [], headers: [])
            for field in members {
              if field.key == "files" {
                defaults.files = try globs(field.value, key: "files", file: file)
                continue
              }
              let name = field.key.lowercased()
              guard headerNames.contains(name) else {
                throw fail(
                  field.keySpan.start,
                  "unknown header \"\(field.key)\"\(didYouMean(field.key, ["files"] + headerNames))")
              }
              guard let text = scalarText(field.value) else {
                throw fail(field.value.span.start, "the \(name) header must be a string")
              }
              defaults.headers.append((name, text))
            }
            guard !defaults.files.isEmpty else { throw fail(entry.span.start, "a headers entry needs \"files\"") }
            configuration.headers.append(defaults)
          } catch { errors.append(error) }
        }
      case "templates":
        configuration.templates = try templateSettings(value, file: file)
      default:
        throw fail(
          member.keySpan.start,
          "unknown key \"\(member.key)\"\(didYouMean(member.key, topLevelKeys)); known keys are \(topLevelKeys.joined(separator: ", "))"
        )
      }
    }
  }

  static let templateKeys = ["files", "pattern", "default", "placeholders"]
  static let limitKeys = ["max-characters", "max-bytes"]

  static func templateSettings(_ node: Node, file: String) throws(ConfigurationError) -> TemplateSettings {
    func fail(_ position: SourcePosition?, _ message: String) -> ConfigurationError {
      ConfigurationError(file: file, position: position, message: message)
    }
    guard let members = node.members else {
      throw fail(node.span.start, "\"templates\" must be a mapping with files, pattern, default and placeholders")
    }
    var settings = TemplateSettings()
    for member in members {
      switch member.key {
      case "files": settings.files = try globs(member.value, key: "files", file: file)
      case "pattern":
        guard let source = member.value.stringValue, !source.isEmpty else {
          throw fail(member.value.span.start, "\"pattern\" must be a regular expression, e.g. '\\$\\{(\\w+)\\}'")
        }
        do {
          settings.pattern = try PlaceholderPattern(source: source)
        } catch {
          throw fail(member.value.span.start, error.message)
        }
      case "default": settings.defaultLimit = try placeholderLimit(member.value, what: "default", file: file)
      case "placeholders":
        guard let placeholders = member.value.members else {
          throw fail(
            member.value.span.start,
            "\"placeholders\" must map placeholder names to {max-characters: N} or {max-bytes: N}")
        }
        for placeholder in placeholders {
          settings.limits[placeholder.key] = try placeholderLimit(
            placeholder.value, what: "placeholder \"\(placeholder.key)\"", file: file)
        }
      default:
        throw fail(
          member.keySpan.start,
          "unknown key \"\(member.key)\" in templates\(didYouMean(member.key, templateKeys)); known keys are \(templateKeys.joined(separator: ", "))"
        )
      }
    }
    return settings
  }

  /// `{max-characters: N}` or `{max-bytes: N}`; a bare number means characters.
  static func placeholderLimit(_ node: Node, what: String, file: String) throws(ConfigurationError) -> PlaceholderLimit
  {
    func count(_ value: Node) throws(ConfigurationError) -> Int {
      guard let number = value.numberValue?.intValue, number >= 0, number <= 1 << 30 else {
        throw ConfigurationError(
          file: file, position: value.span.start, message: "the maximum of \(what) must be a whole number, 0 or more")
      }
      return number
    }
    if node.numberValue != nil { return PlaceholderLimit(try count(node), .characters) }
    guard let members = node.members, members.count == 1, let member = members.first else {
      throw ConfigurationError(
        file: file, position: node.span.start,
        message: "\(what) must be {max-characters: N} or {max-bytes: N} (one of the two)")
    }
    switch member.key {
    case "max-characters": return PlaceholderLimit(try count(member.value), .characters)
    case "max-bytes": return PlaceholderLimit(try count(member.value), .bytes)
    default:
      throw ConfigurationError(
        file: file, position: member.keySpan.start,
        message:
          "unknown key \"\(member.key)\" for \(what)\(didYouMean(member.key, limitKeys)); use max-characters or max-bytes"
      )
    }
  }

  /// A `pointer:` value: a JSON Pointer, `""` for the whole document.
  static func pointer(_ node: Node, file: String) throws(ConfigurationError) -> String {
    guard let pointer = node.stringValue, pointer.isEmpty || pointer.hasPrefix("/") else {
      throw ConfigurationError(
        file: file, position: node.span.start, message: "\"pointer\" must be a JSON Pointer such as /aps/alert")
    }
    return pointer
  }

  static func didYouMean(_ word: String, _ candidates: [String]) -> String {
    Suggestion.nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
  }

  static func scalarText(_ node: Node) -> String? {
    switch node.value {
    case .string(let text): text
    case .number(let number): number.literal
    default: nil
    }
  }

  static func globs(_ node: Node, key: String, file: String) throws(ConfigurationError) -> [Glob] {
    if let text = node.stringValue { return [Glob(text)] }
    guard let elements = node.elements, elements.allSatisfy({ $0.stringValue != nil }) else {
      throw ConfigurationError(
        file: file, position: node.span.start, message: "\"\(key)\" must be a glob or a list of globs")
    }
    return elements.compactMap(\.stringValue).map(Glob.init)
  }

  /// A rule name, a family such as `fcm-*`, or a list of them; each must
  /// name some rule.
  static func rulePatterns(
    _ node: Node, key: String, ruleNames: [String], file: String
  ) throws(ConfigurationError) -> [String] {
    let patterns: [String]
    if let text = node.stringValue {
      patterns = text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
    } else if let elements = node.elements, elements.allSatisfy({ $0.stringValue != nil }) {
      patterns = elements.compactMap(\.stringValue)
    } else {
      throw ConfigurationError(
        file: file, position: node.span.start, message: "\"\(key)\" must be a rule name or a list of rule names")
    }
    if let unknown = RuleSelection.unmatched(patterns, among: ruleNames).first {
      throw ConfigurationError(
        file: file, position: node.span.start,
        message:
          "\"\(key)\" names \"\(unknown)\", which matches no rule\(didYouMean(unknown, ruleNames)); `pushlint rules` lists them"
      )
    }
    return patterns
  }

  static func ruleMap(
    _ node: Node, ruleNames: [String], file: String
  ) throws(ConfigurationError) -> [String: RuleSetting] {
    guard let members = node.members else {
      throw ConfigurationError(
        file: file, position: node.span.start,
        message: "\"rules\" must be a mapping of rule names to off, info, warning or error")
    }
    var rules: [String: RuleSetting] = [:]
    for member in members {
      guard ruleNames.contains(member.key) else {
        throw ConfigurationError(
          file: file, position: member.keySpan.start,
          message: "unknown rule \"\(member.key)\"\(didYouMean(member.key, ruleNames)); `pushlint rules` lists them")
      }
      guard let text = member.value.stringValue, let setting = RuleSetting(text) else {
        throw ConfigurationError(
          file: file, position: member.value.span.start,
          message:
            "the level of \(member.key) must be off, info, warning or error\(didYouMean(scalarText(member.value) ?? "", RuleSetting.names))"
        )
      }
      rules[member.key] = setting
    }
    return rules
  }
}
