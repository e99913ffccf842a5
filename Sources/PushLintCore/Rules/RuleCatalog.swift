/// One example of a rule's document: the file(s) to lint and, for a
/// triggering example, where the rule must report.
public struct RuleExample: Sendable {
  public struct File: Sendable {
    public var path: String
    public var bytes: [UInt8]
  }
  public var files: [File]
  /// Positions (line, column) marked with `↓` in the example's main file.
  public var markedPositions: [SourcePosition]
  /// The line in the rule document where the example starts, for messages.
  public var documentLine: Int
  /// Minimum OS versions the example is linted with (`target=ios=14.0`).
  public var targets: [Platform: OSVersion] = [:]
  /// What a triggering example prints for its rule, as text output lines
  /// in report order: the `output` block that follows it (nil without one).
  public var expectedOutput: [String]?
  /// The document's line (0-based) of the example's closing fence, and the
  /// lines its `output` block takes, for rewriting the block.
  public var closingFenceLine: Int
  public var outputLines: Range<Int>?

  /// The file the markers refer to: the last one; earlier ones are context.
  public var mainFile: File { files[files.count - 1] }
}

/// What a rule's document says about it. Every launch needs only the front
/// matter (name, severity, summary); the body is read when asked for, by
/// `pushlint rules`, SARIF and the tests.
public struct RuleDescription: Sendable {
  public var name: String
  public var severity: Severity
  public var group: RuleGroup
  /// The cases the rule reports below its default severity by design, each
  /// with the severity and when (front matter `lower-warning:` and
  /// `lower-info:`), most severe first. A configured level replaces these too.
  public var lowerSeverities: [(severity: Severity, when: String)] = []
  /// The applicabilities of the fixes the rule offers (front matter
  /// `fix: safe, unsafe`); empty when it offers none.
  public var fixes: [Fix.Applicability] = []
  public var summary: String
  public var source: String?
  /// The document after the front matter.
  var bodyText: String
  /// How many lines (the front matter) come before `lines` in the file.
  var lineOffset: Int
  var fileName: String

  /// The Markdown after the front matter, for people: without the `↓`
  /// marks that tell the example test where a finding goes.
  public var markdown: String {
    String(bodyText.trimmingCharacters(in: "\n").unicodeScalars.filter { $0 != "↓" })
  }

  var lines: [String] {
    bodyText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }
  public var descriptionText: String { body.sections[""] ?? "" }
  public var rationale: String { body.sections["Why"] ?? "" }
  public var fix: String { body.sections["How to fix"] ?? "" }

  /// Each `## ` section's text (the introduction under ""), and the line where each starts.
  var body: (sections: [String: String], starts: [String: Int]) {
    var sections: [String: String] = [:]
    var starts: [String: Int] = [:]
    var current = ""
    var text: [String] = []
    func flush() { sections[current] = text.joined(separator: "\n").trimmingCharacters(in: "\n ") }
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("## ") {
        flush()
        current = String(line.dropFirst(3)).trimmingCharacters(in: " ")
        starts[current] = index + 1
        text = []
      } else if current.isEmpty && line.hasPrefix("# ") {
        continue
      } else {
        text.append(line)
      }
    }
    flush()
    return (sections, starts)
  }

  public var triggering: [RuleExample] { (try? examples().triggering) ?? [] }
  public var nonTriggering: [RuleExample] { (try? examples().nonTriggering) ?? [] }

  /// Both kinds of examples, or what is wrong with them.
  public func examples() throws(RuleCatalogError) -> (triggering: [RuleExample], nonTriggering: [RuleExample]) {
    let starts = body.starts
    let lines = lines
    let triggering = try RuleDocumentParser.examples(
      in: lines, section: "Triggering", starts: starts, fileName: fileName, marked: true, lineOffset: lineOffset)
    let nonTriggering = try RuleDocumentParser.examples(
      in: lines, section: "Not triggering", starts: starts, fileName: fileName, marked: false, lineOffset: lineOffset)
    guard !triggering.isEmpty, !nonTriggering.isEmpty else {
      throw RuleCatalogError(
        file: fileName, line: 1,
        message: "a rule document needs '## Triggering' and '## Not triggering' sections with examples")
    }
    return (triggering, nonTriggering)
  }
}

public struct RuleCatalogError: Error, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var message: String
  public var description: String { "rules/\(file):\(line): \(message)" }
}

/// The rule documents of `rules/`, as embedded in the binary.
public struct RuleCatalog: Sendable {
  public let descriptions: [String: RuleDescription]
  /// Every file of `rules/` by name, for data the rules interpret.
  public let files: [String: String]

  public static let standard: RuleCatalog = {
    do {
      return try RuleCatalog(files: EmbeddedRuleCatalog.files)
    } catch {
      fatalError("the embedded rule catalog is broken: \(error)")
    }
  }()

  public init(files: [(name: String, text: String)]) throws {
    var descriptions: [String: RuleDescription] = [:]
    var texts: [String: String] = [:]
    for file in files {
      texts[file.name] = file.text
      guard file.name.hasSuffix(".md"), file.name != "README.md" else { continue }
      let description = try RuleDocumentParser.parse(file.text, fileName: file.name)
      descriptions[description.name] = description
    }
    self.descriptions = descriptions
    self.files = texts
  }

  public func description(of rule: String) -> RuleDescription? { descriptions[rule] }

  /// The rule names in listing order: by group, then by name.
  public var orderedNames: [String] {
    descriptions.values.sorted { ($0.group, $0.name) < ($1.group, $1.name) }.map(\.name)
  }

  /// One embedded file of `rules/`, without reading the rule documents
  /// (the schema is needed to lint anything, the documents only to report).
  static func embeddedText(of name: String) -> String? {
    EmbeddedRuleCatalog.files.first { $0.name == name }?.text
  }

  /// One embedded YAML file of `rules/` as the JSON it was turned into at
  /// build time, read as a tree: what pushlint reads at every start. Nil
  /// for a file with a repeated key, as for one not embedded.
  static func embeddedTree(of name: String) -> Node? {
    guard let text = EmbeddedRuleCatalog.yamlAsJSON.first(where: { $0.name == name })?.text else { return nil }
    let result = JSONReader.read(Array(text.utf8))
    return result.findings.isEmpty && result.keysAreUnique ? result.root : nil
  }
}

/// Reads the rule document format described in `rules/README.md`.
enum RuleDocumentParser {
  static func parse(_ text: String, fileName: String) throws(RuleCatalogError) -> RuleDescription {
    // Only the front matter is split into lines here: every launch reads all documents.
    let utf8 = text.utf8
    var lines: [String] = []
    var lineStart = utf8.startIndex
    var bodyStart = utf8.endIndex
    while lineStart < utf8.endIndex {
      let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
      lines.append(String(decoding: utf8[lineStart..<lineEnd], as: UTF8.self))
      lineStart = lineEnd == utf8.endIndex ? lineEnd : utf8.index(after: lineEnd)
      if lines.count > 1 && lines.last == "---" {
        bodyStart = lineStart
        break
      }
    }
    func fail(_ line: Int, _ message: String) -> RuleCatalogError {
      RuleCatalogError(file: fileName, line: line, message: message)
    }
    guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else {
      throw fail(1, "a rule document starts with front matter between two '---' lines")
    }
    var fields: [String: String] = [:]
    for (offset, line) in lines[1..<close].enumerated() {
      guard let colon = line.firstIndex(of: ":") else { throw fail(offset + 2, "front matter lines are 'key: value'") }
      fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: " ")
    }
    guard let name = fields["rule"], fileName == name + ".md" else {
      throw fail(2, "front matter needs 'rule:' equal to the file name without .md")
    }
    guard let severityText = fields["severity"], let severity = Severity(rawValue: severityText) else {
      throw fail(2, "front matter needs 'severity: error|warning|info'")
    }
    guard let groupText = fields["group"], let group = RuleGroup(rawValue: groupText) else {
      throw fail(
        2, "front matter needs 'group:', one of \(RuleGroup.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let summary = fields["summary"], !summary.isEmpty else { throw fail(2, "front matter needs 'summary:'") }
    var lowerSeverities: [(severity: Severity, when: String)] = []
    for lower in [Severity.warning, .info] {
      guard let when = fields["lower-\(lower.rawValue)"] else { continue }
      guard lower < severity, !when.isEmpty else {
        throw fail(2, "'lower-\(lower.rawValue):' names a severity below the rule's default, and when it applies")
      }
      lowerSeverities.append((lower, when))
    }
    var fixes: [Fix.Applicability] = []
    if let listed = fields["fix"] {
      for word in listed.split(separator: ",").map({ String($0).trimmingCharacters(in: " ") }) {
        guard let applicability = Fix.Applicability(rawValue: word), !fixes.contains(applicability) else {
          throw fail(2, "'fix:' lists safe, unsafe or display-only, each once")
        }
        fixes.append(applicability)
      }
      fixes.sort()
    }
    let body = String(text[bodyStart...])
    for heading in ["\n## Triggering\n", "\n## Not triggering\n"]
    where !ByteSearch.contains(heading, in: Array(("\n" + body).utf8)) {
      throw fail(1, "a rule document needs '## Triggering' and '## Not triggering' sections with examples")
    }
    return RuleDescription(
      name: name, severity: severity, group: group, lowerSeverities: lowerSeverities, fixes: fixes, summary: summary,
      source: fields["source"], bodyText: body, lineOffset: close + 1, fileName: fileName)
  }

  /// The fenced blocks of a section. A block whose info string says
  /// `context` is a further file of the example that follows it; an
  /// `output` block is what the example before it prints.
  static func examples(
    in lines: [String], section: String, starts: [String: Int], fileName: String, marked: Bool, lineOffset: Int
  ) throws(RuleCatalogError) -> [RuleExample] {
    guard let start = starts[section] else { return [] }
    var examples: [RuleExample] = []
    var pendingContext: [RuleExample.File] = []
    var index = start
    while index < lines.count, !lines[index].hasPrefix("## ") {
      let line = lines[index]
      guard line.hasPrefix("```"), line.count > 3 else {
        index += 1
        continue
      }
      let info = line.dropFirst(3).split(separator: " ").map(String.init)
      let language = info.first ?? ""
      var attributes: [String: String] = [:]
      for word in info.dropFirst() {
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        attributes[parts[0]] = parts.count > 1 ? parts[1] : ""
      }
      let blockStart = index + 1
      guard let end = lines[blockStart...].firstIndex(where: { $0 == "```" }) else {
        throw RuleCatalogError(file: fileName, line: lineOffset + index + 1, message: "unterminated code block")
      }
      if language == "output" {
        guard marked, var last = examples.popLast(), last.outputLines == nil, pendingContext.isEmpty else {
          throw RuleCatalogError(
            file: fileName, line: lineOffset + index + 1,
            message: "an output block follows the triggering example whose output it is")
        }
        last.expectedOutput = Array(lines[blockStart..<end])
        last.outputLines = (lineOffset + index)..<(lineOffset + end + 1)
        examples.append(last)
        index = end + 1
        continue
      }
      var body = lines[blockStart..<end].joined(separator: "\n") + "\n"
      if attributes["no-final-newline"] != nil { body.removeLast() }
      let path = attributes["path"] ?? defaultPath(language)
      let (bytes, markers) = stripMarkers(body, decodeEscapes: attributes["escapes"] != nil)
      let file = RuleExample.File(path: path, bytes: bytes)
      index = end + 1
      if attributes["context"] != nil {
        pendingContext.append(file)
        continue
      }
      if marked && markers.isEmpty {
        throw RuleCatalogError(
          file: fileName, line: lineOffset + blockStart,
          message: "a triggering example marks where the rule reports with ↓")
      }
      var example = RuleExample(
        files: pendingContext + [file], markedPositions: markers, documentLine: lineOffset + blockStart,
        closingFenceLine: lineOffset + end)
      if let target = attributes["target"] {
        let parts = target.split(separator: "=").map(String.init)
        guard parts.count == 2, let platform = Platform(rawValue: parts[0]), let version = OSVersion(parts[1]) else {
          throw RuleCatalogError(
            file: fileName, line: lineOffset + index, message: "target= takes PLATFORM=VERSION, e.g. ios=14.0")
        }
        example.targets[platform] = version
      }
      examples.append(example)
      pendingContext = []
    }
    return examples
  }

  static func defaultPath(_ language: String) -> String {
    switch language {
    case "yaml", "yml": "example.yaml"
    case "xml", "plist": "Info.plist"
    case "jsonl": "example.jsonl"
    default: "example.json"
    }
  }

  /// Removes every `↓` and returns where each stood; with `escapes`, `\xHH`
  /// becomes that byte, so examples can hold bytes that are not UTF-8.
  static func stripMarkers(_ text: String, decodeEscapes: Bool) -> ([UInt8], [SourcePosition]) {
    var bytes: [UInt8] = []
    var markers: [SourcePosition] = []
    var line = 1
    var column = 1
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "↓" {
        markers.append(SourcePosition(line: line, column: column, offset: bytes.count))
        index += 1
        continue
      }
      if decodeEscapes, scalar == "\\", index + 3 < scalars.count, scalars[index + 1] == "x",
        let byte = UInt8(String(scalars[index + 2]) + String(scalars[index + 3]), radix: 16)
      {
        bytes.append(byte)
        if byte & 0xC0 != 0x80 { column += 1 }
        index += 4
        continue
      }
      bytes.append(contentsOf: Array(String(scalar).utf8))
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    return (bytes, markers)
  }
}
