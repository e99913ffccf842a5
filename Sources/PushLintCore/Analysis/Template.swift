/// The longest text a placeholder may be filled with.
public struct PlaceholderLimit: Sendable, Hashable {
  public enum Unit: String, Sendable {
    case characters
    case bytes
  }
  public var count: Int
  public var unit: Unit

  public init(_ count: Int, _ unit: Unit) {
    self.count = count
    self.unit = unit
  }

  public var description: String {
    "\(count) \(unit == .bytes ? (count == 1 ? "byte" : "bytes") : (count == 1 ? "character" : "characters"))"
  }

  /// The most bytes a fill can add to compact JSON inside a string: any
  /// character (or byte) may be a control character, which JSON escapes as
  /// six bytes (`\u001f`); nothing is wider (a 4-byte UTF-8 character is 4).
  var worstInString: Int { count * 6 }

  /// The most bytes a fill adds where it is inserted as it is (a JSON
  /// number or literal position): 4 per character (UTF-8), 1 per byte.
  var worstVerbatim: Int { unit == .bytes ? count : count * 4 }
}

/// `templates:` in `.pushlint.yml`.
public struct TemplateSettings: Sendable {
  /// Which files are templates; empty means any JSON or YAML file with a placeholder.
  public var files: [Glob] = []
  public var pattern = PlaceholderPattern.standard
  public var defaultLimit: PlaceholderLimit?
  public var limits: [String: PlaceholderLimit] = [:]

  public init() {}

  public func limit(for name: String) -> PlaceholderLimit? { limits[name] ?? defaultLimit }
}

/// One placeholder as written in a file.
public struct PlaceholderMatch: Sendable, Hashable {
  /// UTF-8 offsets in the text searched.
  public var range: Range<Int>
  /// The placeholder as written, e.g. `{{ sender }}`.
  public var text: String
  /// Its name, e.g. `sender`.
  public var name: String
}

/// What placeholders look like: `{{name}}` (spaces allowed inside the
/// braces), or a configured regular expression whose first capture group
/// (else the whole match) is the name.
public struct PlaceholderPattern: Sendable {
  /// The configured expression; nil for `{{name}}`.
  public let source: String?
  /// Boxed: `Regex` is a resilient type, and holding it directly would make
  /// every copy of a document's `TemplateInfo?` (each rule that asks whether
  /// the document is a template) go through run-time value witnesses.
  private let compiled: CompiledRegex?

  private final class CompiledRegex: Sendable {
    nonisolated(unsafe) let regex: Regex<AnyRegexOutput>
    init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
  }

  public static let standard = PlaceholderPattern()

  private init() {
    source = nil
    compiled = nil
  }

  /// Nil, with the reason, when `source` is not a usable expression.
  public init(source: String) throws(PlaceholderPatternError) {
    let regex: Regex<AnyRegexOutput>
    do {
      regex = try Regex(source)
    } catch {
      throw .notARegularExpression(description: "\(error)")
    }
    if (try? regex.wholeMatch(in: "")) != nil {
      throw .matchesEmpty
    }
    self.source = source
    compiled = CompiledRegex(regex)
  }

  public var display: String { source ?? "{{name}}" }

  /// Every placeholder in `bytes`, in order. Cheap when there is none: the
  /// standard pattern first looks for `{{`.
  public func matches(in bytes: [UInt8]) -> [PlaceholderMatch] {
    guard let regex = compiled?.regex else { return standardMatches(in: bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    // Decoding replaced invalid bytes, so offsets would not be the file's; such files are not templates.
    guard text.utf8.count == bytes.count else { return [] }
    var found: [PlaceholderMatch] = []
    for match in text.matches(of: regex) where !match.range.isEmpty {
      let start = text.utf8.distance(from: text.startIndex, to: match.range.lowerBound)
      let end = text.utf8.distance(from: text.startIndex, to: match.range.upperBound)
      let whole = String(text[match.range])
      let name = match.output.count > 1 ? match.output[1].substring.map(String.init) ?? whole : whole
      found.append(PlaceholderMatch(range: start..<end, text: whole, name: name))
    }
    return found
  }

  public func matches(in string: String) -> [PlaceholderMatch] { matches(in: Array(string.utf8)) }

  private func standardMatches(in bytes: [UInt8]) -> [PlaceholderMatch] {
    // Every JSON and YAML file is searched, sixteen bytes a step: JSON's
    // own braces made a search for `{` stop at every object.
    guard let first = ByteSearch.firstPair(of: UInt8(ascii: "{"), in: bytes) else { return [] }
    var found: [PlaceholderMatch] = []
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    var index = first
    while index + 1 < bytes.count {
      guard bytes[index] == open, bytes[index + 1] == open else {
        index += 1
        continue
      }
      var cursor = index + 2
      while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
      let nameStart = cursor
      while cursor < bytes.count, PlaceholderPattern.isNameByte(bytes[cursor]) { cursor += 1 }
      let nameEnd = cursor
      while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
      if nameEnd > nameStart, cursor + 1 < bytes.count, bytes[cursor] == close, bytes[cursor + 1] == close {
        found.append(
          PlaceholderMatch(
            range: index..<(cursor + 2), text: String(decoding: bytes[index..<(cursor + 2)], as: UTF8.self),
            name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)))
        index = cursor + 2
      } else {
        index += 1
      }
    }
    return found
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}

/// Why a placeholder pattern cannot be used.
public enum PlaceholderPatternError: Error, Sendable {
  case notARegularExpression(description: String)
  case matchesEmpty
}

/// The placeholders of a template document.
public struct TemplateInfo: Sendable {
  /// Each distinct placeholder text, in order of first appearance.
  public var placeholders: [PlaceholderMatch]
  public var settings: TemplateSettings
  /// Placeholder names by their text as written.
  let names: [String: String]

  init(placeholders: [PlaceholderMatch], settings: TemplateSettings) {
    self.placeholders = placeholders
    self.settings = settings
    names = Dictionary(placeholders.map { ($0.text, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether `string` holds a placeholder (so its final value is not known).
  /// Searched for, not compared with every placeholder of the file, so a
  /// file of many placeholders stays linear.
  public func mentions(_ string: String) -> Bool {
    !settings.pattern.matches(in: string).isEmpty
  }
}

extension Document {
  /// Whether `string` comes (partly) from a template placeholder.
  public func containsPlaceholder(_ string: String) -> Bool { template?.mentions(string) ?? false }
}

/// Reads templates: placeholders outside strings (`"badge": {{count}}`)
/// would not parse, so they are first turned into strings of the same
/// length (`"{count}"`) and then, once read, into `.placeholder` values that
/// every rule takes as "any value". Positions are unchanged.
enum TemplateReader {
  struct Prepared {
    var bytes: [UInt8]
    /// Offsets where a placeholder starts a value, with the placeholder.
    var valueStarts: [Int: PlaceholderMatch]
    /// The first byte replaced at a value start (YAML), to put back.
    var replacedFirstByte: [Int: UInt8]
    var matches: [PlaceholderMatch]
  }

  static func prepare(_ bytes: [UInt8], format: SourceFormat, pattern: PlaceholderPattern) -> Prepared? {
    let matches = pattern.matches(in: bytes)
    guard !matches.isEmpty else { return nil }
    var prepared = Prepared(bytes: bytes, valueStarts: [:], replacedFirstByte: [:], matches: matches)
    switch format {
    case .json: prepareJSON(&prepared)
    case .yaml: prepareYAML(&prepared)
    default: return nil
    }
    return prepared
  }

  /// A placeholder outside every JSON string becomes a string: its first
  /// and last bytes are replaced by quotes.
  private static func prepareJSON(_ prepared: inout Prepared) {
    var inString = false
    var index = 0
    var next = 0
    let bytes = prepared.bytes
    while next < prepared.matches.count {
      let match = prepared.matches[next]
      while index < match.range.lowerBound {
        let byte = bytes[index]
        if inString && byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString.toggle() }
        index += 1
      }
      next += 1
      guard !inString, index == match.range.lowerBound, match.range.count >= 2 else { continue }
      let inner = bytes[(match.range.lowerBound + 1)..<(match.range.upperBound - 1)]
      guard !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
        continue
      }
      prepared.bytes[match.range.lowerBound] = UInt8(ascii: "\"")
      prepared.bytes[match.range.upperBound - 1] = UInt8(ascii: "\"")
      prepared.valueStarts[match.range.lowerBound] = match
      index = match.range.upperBound
    }
  }

  /// A placeholder right after `key: ` or `- ` starts a plain scalar; when
  /// its first character is a YAML indicator (`{` of `{{`) it is replaced
  /// by `_` so the scalar stays plain. Block-context plain scalars may hold
  /// braces after their first character.
  private static func prepareYAML(_ prepared: inout Prepared) {
    for match in prepared.matches {
      var before = match.range.lowerBound - 1
      while before >= 0, prepared.bytes[before] == 0x20 || prepared.bytes[before] == 0x09 { before -= 1 }
      guard before >= 0, before < match.range.lowerBound - 1 else { continue }
      let previous = prepared.bytes[before]
      let startsValue: Bool
      if previous == UInt8(ascii: ":") {
        startsValue = true
      } else if previous == UInt8(ascii: "-") {
        startsValue = before == 0 || [0x20, 0x09, 0x0A].contains(prepared.bytes[before - 1])
      } else {
        startsValue = false
      }
      guard startsValue else { continue }
      let first = prepared.bytes[match.range.lowerBound]
      if "{}[],#&*!|>'\"%@`?:-".utf8.contains(first) {
        prepared.replacedFirstByte[match.range.lowerBound] = first
        prepared.bytes[match.range.lowerBound] = UInt8(ascii: "_")
      }
      prepared.valueStarts[match.range.lowerBound] = match
    }
  }

  /// Puts placeholders back into the tree read from prepared bytes.
  static func restore(_ node: inout Node, _ prepared: Prepared) {
    switch node.value {
    case .string(let text):
      guard let match = prepared.valueStarts[node.span.start.offset] else { return }
      var restored = text
      if let first = prepared.replacedFirstByte[node.span.start.offset], text.utf8.first == UInt8(ascii: "_") {
        restored = String(decoding: [first] + Array(text.utf8.dropFirst()), as: UTF8.self)
      }
      let isBareJSON =
        text.utf8.count + 2 == match.text.utf8.count && match.text.utf8.dropFirst().dropLast().elementsEqual(text.utf8)
      if restored == match.text || isBareJSON {
        node.value = .placeholder(match.text)
      } else {
        node.value = .string(restored)
      }
    case .array(var elements):
      node.value = .null
      for index in elements.indices { restore(&elements[index], prepared) }
      node.value = .array(elements)
    case .object(var members):
      node.value = .null
      for index in members.indices { restore(&members[index].value, prepared) }
      node.value = .object(members)
    default:
      return
    }
  }
}

/// The worst-case compact size of a template's payload.
struct TemplateSize {
  struct Share {
    var name: String
    var occurrences: Int
    var limit: PlaceholderLimit?
    /// Bytes the placeholder adds at its maximum, over all its occurrences.
    var worst: Int
  }
  /// Size with every bounded placeholder at its maximum (unbounded ones empty).
  var worst: Int
  var written: Int
  var shares: [Share]
  var unbounded: [String] { shares.filter { $0.limit == nil }.map(\.name) }

  init(payload: Node, written: Int, template: TemplateInfo, fromYAML: Bool) {
    var shares: [String: Share] = [:]
    var order: [String] = []
    var removed = 0
    func add(_ name: String, literal: Int, worst: (PlaceholderLimit) -> Int) {
      let limit = template.settings.limit(for: name)
      if shares[name] == nil {
        shares[name] = Share(name: name, occurrences: 0, limit: limit, worst: 0)
        order.append(name)
      }
      shares[name]!.occurrences += 1
      shares[name]!.worst += limit.map(worst) ?? 0
      removed += literal
    }
    func scan(_ string: String) {
      for match in template.settings.pattern.matches(in: string) {
        add(match.name, literal: CompactJSON.stringSize(match.text) - 2) { $0.worstInString }
      }
    }
    func visit(_ node: Node) {
      switch node.value {
      case .placeholder(let text):
        let name = template.names[text] ?? text
        if fromYAML {
          // A YAML scalar becomes a JSON string (or number) once filled.
          add(name, literal: text.utf8.count) { 2 + $0.worstInString }
        } else {
          add(name, literal: text.utf8.count) { $0.worstVerbatim }
        }
      case .string(let string): scan(string)
      case .array(let elements): elements.forEach(visit)
      case .object(let members):
        for member in members {
          scan(member.key)
          visit(member.value)
        }
      default: break
      }
    }
    visit(payload)
    self.written = written
    self.shares = order.map { shares[$0]! }
    self.worst = written - removed + self.shares.reduce(0) { $0 + $1.worst }
  }
}
