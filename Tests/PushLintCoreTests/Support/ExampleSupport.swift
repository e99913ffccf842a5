@testable import PushLintCore

/// The recorded output of the rule documents' examples and of `samples/`:
/// checked by the tests, and written anew by them when
/// `PUSHLINT_UPDATE_EXPECTATIONS=1` is set (`scripts/update-expectations`).
enum ExpectedOutput {
  static var isRecording: Bool { System.environment("PUSHLINT_UPDATE_EXPECTATIONS") == "1" }

  struct Stale: Error, CustomStringConvertible {
    var description: String
  }

  /// Writes each triggering example's `printed` lines into the `output`
  /// block under it in the rule's document, adding the block where there is
  /// none.
  static func record(_ printed: [[String]], for description: RuleDescription) throws {
    let name = description.name + ".md"
    let path = repositoryRoot + "/rules/" + name
    guard case .success(let bytes) = FileSystem.readFile(path),
      String(decoding: bytes, as: UTF8.self) == RuleCatalog.standard.files[name]
    else {
      throw Stale(description: "rules/\(name) differs from the catalog built into the tests; build and record again")
    }
    var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
    let examples = description.triggering
    for (example, output) in zip(examples, printed).reversed() {
      let block = ["```output"] + output + ["```"]
      if let range = example.outputLines {
        lines.replaceSubrange(range, with: block)
      } else {
        lines.insert(contentsOf: [""] + block, at: example.closingFenceLine + 1)
      }
    }
    guard case .success = System.writeFile(Array(lines.joined(separator: "\n").utf8), to: path) else {
      throw Stale(description: "cannot write \(path)")
    }
  }

  /// Writes `text` to a recorded file of the repository (`Tests/Fixtures/golden/…`).
  static func record(_ text: String, to relativePath: String) throws {
    guard case .success = System.writeFile(Array(text.utf8), to: repositoryRoot + "/" + relativePath) else {
      throw Stale(description: "cannot write \(relativePath)")
    }
  }
}

/// Altered copies of examples, as SwiftLint's `verifyRule` makes them: what
/// a rule reports must not depend on line ends, a byte-order mark or the
/// width of the text before it.
enum ExampleAlteration {
  /// Every LF line end as CRLF.
  static func crlf(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 16)
    for (index, byte) in bytes.enumerated() {
      if byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) { result.append(0x0D) }
      result.append(byte)
    }
    return result
  }

  /// Text that is several bytes a character, and two UTF-16 units for the cup.
  static let inserted = "é☕"

  /// The example's main file with `inserted` at the start of a string
  /// value before the first mark of each marked line, and the marks where
  /// they move to; nil when no marked line has a string value before its
  /// mark. `choice` picks among the values of a line, nearest the mark
  /// first, for a value whose change leaves the rule's judgement alone.
  static func multiByteBeforeMarks(_ example: RuleExample, choice: Int = 0) -> ([UInt8], [SourcePosition])? {
    let file = example.mainFile
    guard ["json", "apns", "yaml", "yml", "jsonl", "plist", "entitlements"].contains(fileExtension(file.path)),
      let text = String(validatingUTF8Bytes: file.bytes)
    else { return nil }
    let isYAML = ["yaml", "yml"].contains(fileExtension(file.path))
    let isXML = ["plist", "entitlements"].contains(fileExtension(file.path))
    var lines = text.components(separatedBy: "\n")
    var marks = example.markedPositions
    var altered = false
    for lineNumber in Set(marks.map(\.line)).sorted() {
      let firstColumn = marks.filter { $0.line == lineNumber }.map(\.column).min()!
      let characters = Array(lines[lineNumber - 1])
      let candidates =
        isXML
        ? commentBefore(characters, at: firstColumn - 1)
        : insertions(in: characters, before: firstColumn - 1, yaml: isYAML)
      guard choice < candidates.count else { continue }
      let (at, text) = candidates[candidates.count - 1 - choice]
      lines[lineNumber - 1] = String(characters[..<at]) + text + String(characters[at...])
      for index in marks.indices where marks[index].line == lineNumber && marks[index].column - 1 >= at {
        marks[index].column += text.count
      }
      altered = true
    }
    guard altered else { return nil }
    return (Array(lines.joined(separator: "\n").utf8), marks)
  }

  /// In XML, a comment right before the tag the mark stands at.
  private static func commentBefore(_ line: [Character], at mark: Int) -> [(Int, String)] {
    guard mark < line.count, line[mark] == "<", mark + 1 < line.count, !"?!".contains(line[mark + 1]) else { return [] }
    return [(mark, "<!--\(inserted)-->")]
  }

  /// Where multi-byte text can go before `limit` without breaking the
  /// syntax, in line order: at the start of each double-quoted value (not
  /// a key, not a template placeholder) and of each plain YAML value after
  /// `key: `; and as a first member of an object opened on the line.
  private static func insertions(in line: [Character], before limit: Int, yaml: Bool) -> [(Int, String)] {
    var found: [(Int, String)] = []
    var index = 0
    let limit = min(limit, line.count)
    while index < limit {
      switch line[index] {
      case "\"":
        let start = index + 1
        var end = start
        while end < line.count && line[end] != "\"" {
          end += line[end] == "\\" ? 2 : 1
        }
        guard end < limit else { return found }
        var next = end + 1
        while next < line.count && line[next] == " " { next += 1 }
        let isKey = next < line.count && line[next] == ":"
        if !isKey && !String(line[start..<end]).hasPrefix("{{") { found.append((start, inserted)) }
        index = end + 1
      case "{":
        var next = index + 1
        while next < line.count && line[next] == " " { next += 1 }
        if next < line.count && line[next] != "}" { found.append((index + 1, "\"\(inserted)\": 0, ")) }
        index += 1
      case ":"
      where yaml && index + 2 < limit && line[index + 1] == " "
        && (line[index + 2].isLetter || line[index + 2].isNumber):
        found.append((index + 2, inserted))
        index += 2
      default:
        index += 1
      }
    }
    return found
  }
}

extension String {
  init?(validatingUTF8Bytes bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    self = text
  }
}

/// The README's rule tables, one for each group, written from the catalog
/// under a marker line: `<!-- rule table: GROUP … -->`.
enum RuleTables {
  static let markerPrefix = "<!-- rule table: "

  /// `readme` with the table under each marker made anew.
  static func fill(_ readme: String, catalog: RuleCatalog) throws -> String {
    var output: [Substring] = []
    var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      output.append(line)
      guard line.hasPrefix(markerPrefix) else { continue }
      guard let group = group(of: line) else {
        throw ExpectedOutput.Stale(description: "README.md: unknown group in \(line)")
      }
      while let next = lines.first, next.hasPrefix("|") { lines.removeFirst() }
      output += table(group, catalog: catalog).map { Substring($0) }
    }
    return output.joined(separator: "\n")
  }

  static func table(_ group: RuleGroup, catalog: RuleCatalog) -> [String] {
    let rules = catalog.orderedNames.compactMap(catalog.description(of:)).filter { $0.group == group }
    return ["| rule | default | finds |", "|---|---|---|"]
      + rules.map { rule in
        let lower = rule.lowerSeverities.map(\.severity.gccWord).joined(separator: ", ")
        let level = rule.severity.gccWord + (lower.isEmpty ? "" : " (some cases \(lower))")
        return "| `\(rule.name)` | \(level) | \(rule.summary) |"
      }
  }

  static func group(of marker: Substring) -> RuleGroup? {
    RuleGroup(rawValue: String(marker.dropFirst(markerPrefix.count).prefix { $0 != " " }))
  }

  static func markedGroups(in readme: String) -> [RuleGroup] {
    readme.split(separator: "\n").filter { $0.hasPrefix(markerPrefix) }.compactMap(group(of:))
  }
}
