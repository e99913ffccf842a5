import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite(.serialized) struct ReporterTests {
  static let hasJSONSchema = run("/usr/bin/env", ["python3", "-c", "import jsonschema"]).status == 0

  @Test(.enabled(if: sharedDirectory != nil && hasJSONSchema, "needs ../shared and python3's jsonschema"))
  func sarifOfTheSamplesValidatesAgainstTheSchema() throws {
    let scratch = ScratchDirectory()
    let sarif = scratch.path + "/samples.sarif"
    let lint = run(pushlintBinary, ["--format", "sarif", "--output", sarif, "samples/"], in: repositoryRoot)
    #expect(lint.status == 1)
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      log = json.load(open(sys.argv[2]))
      jsonschema.validate(log, schema)
      run = log["runs"][0]
      ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
      print(len(ids), len(run["results"]))
      for result in run["results"]:
          location = result["locations"][0]["physicalLocation"]
          assert not location["artifactLocation"]["uri"].startswith("/"), location
          assert "startLine" in location["region"] and "endColumn" in location["region"], location
          assert ids[result["ruleIndex"]] == result["ruleId"], result
          assert result["partialFingerprints"]["primaryLocationLineHash"], result
      assert run["columnKind"] == "unicodeCodePoints"
      fixes = [fix for result in run["results"] for fix in result.get("fixes", [])]
      assert fixes, "the samples' safe fixes are in the log"
      for fix in fixes:
          for change in fix["artifactChanges"]:
              for replacement in change["replacements"]:
                  assert replacement["deletedRegion"]["byteLength"] > 0, replacement
      print(" ".join(ids))
      """
    let check = run(
      "/usr/bin/env", ["python3", "-c", script, sharedDirectory! + "/schemas/sarif-schema-2.1.0.json", sarif])
    #expect(check.status == 0, "\(check.standardError)")
    let lines = check.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    let ids = lines.last.map { $0.split(separator: " ").map(String.init) } ?? []
    #expect(Set(ids) == Set(RuleRegistry.standard.names), "a rule entry for every rule")
  }

  func report() -> LintReport {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 2)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    return linter.lint(paths: ["samples/"], currentDirectory: repositoryRoot)
  }

  @Test func everyFormatCarriesTheSameFindings() throws {
    let report = report()
    let text = TextReporter.render(report.diagnostics).split(separator: "\n").map { line -> String in
      let parts = line.split(separator: ":", maxSplits: 3)
      let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
      return "\(parts[0]):\(parts[1]):\(parts[2]) \(rule)"
    }
    #expect(text.count == report.diagnostics.count)
    let json = JSONReporter.render(report)
    #expect(json.contains("\"errors\": \(report.count(.error))"))
    #expect(json.components(separatedBy: "\"rule\": ").count - 1 == report.diagnostics.count)
    let sarif = SARIFReporter.render(report)
    #expect(sarif.components(separatedBy: "\"ruleId\": ").count - 1 == report.diagnostics.count)
    // In the same order: the rule ids of json and sarif follow the text lines.
    let jsonRules = json.components(separatedBy: "\"rule\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    let sarifRules = sarif.components(separatedBy: "\"ruleId\": \"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    let textRules = text.map { String($0.split(separator: " ").last!) }
    #expect(jsonRules == textRules)
    #expect(sarifRules == textRules)
    // github: the same findings, errors first, in text order within each severity.
    let github = GitHubReporter.render(report).split(separator: "\n").map { line -> String in
      let afterTitle: String = String(line).components(separatedBy: "title=pushlint (").last ?? ""
      return afterTitle.components(separatedBy: ")::").first ?? ""
    }
    let expected = report.diagnostics.enumerated().sorted {
      $0.element.severity != $1.element.severity ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
    }.map(\.element.rule)
    #expect(github == expected)
  }

  @Test func githubCommandsCannotBeInjected() {
    let payload = "{\"aps\": {\"alert\": \"x\", \"evil\\n::error file=x.json::pwned%0A\": 1}}"
    let diagnostics = lint(payload, path: "p,a:th.json")
    let output = GitHubReporter.render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    #expect(lines.count == diagnostics.count)
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("::warning file=p%2Ca%3Ath.json,") || $0.hasPrefix("::error file=p%2Ca%3Ath.json,")
      })
    #expect(output.contains("evil%0A::error file=x.json::pwned%250A"))
  }

  /// Found by fuzzing: a key holding ESC reached the CI log raw.
  @Test func githubCommandsCarryNoRawControlCharacters() {
    let diagnostics = lint("aps:\n  alert: x\n  \"h\\eaders\\u202E\": 1\n", path: "p.yaml")
    let output = GitHubReporter.render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    #expect(!diagnostics.isEmpty)
    #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(output.contains("h\\u{1B}aders\\u{202E}"), "\(output)")
  }

  @Test func jsonAndSarifEscapeEverything() {
    let diagnostics = lint("{\"aps\": {\"alert\": \"x\", \"a\\u0000\\u001b\\\"\\\\\\u2028\": 1}}")
    let report = LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: [])
    for output in [JSONReporter.render(report), SARIFReporter.render(report)] {
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(output.contains(#"a\u0000\u001b\"\\\u2028"#))
      #expect(!output.contains("\u{2028}"))
    }
  }

  /// Each scalar alone and between plain text: escaped exactly where JSON
  /// or JavaScript needs it, multi-byte text kept whole, and what is written
  /// reads back as the text it came from.
  @Test func jsonStringsEscapeEachScalarAndKeepTheRest() throws {
    let special: [Unicode.Scalar] =
      (0..<0x20).map { Unicode.Scalar($0)! } + ["\"", "\\", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}"]
    let plain: [Unicode.Scalar] = ["a", "é", "€", "\u{1F600}", "\u{E280}"]
    for scalar in special + plain {
      for text in [String(scalar), "ab" + String(scalar) + "€c" + String(scalar)] {
        let written = JSONOutput.stringLiteral(text)
        let expected = "\"" + text.unicodeScalars.map(Self.escaped).joined() + "\""
        #expect(written == expected)
        let read = try #require(JSONReader.read(Array(written.utf8)).root)
        #expect(read.stringValue == text)
      }
    }
  }

  /// The byte check that lets most text through agrees with the scalar
  /// rule, for every scalar of the first planes' edges, alone and in text.
  @Test func safeTextFindsEveryUnsafeScalarFromItsBytes() {
    let values = Array(0..<0x3000) + Array(0xFFF0..<0x10010) + [0x1F600, 0x10FFFF]
    for value in values {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      for text in [String(scalar), "ab" + String(scalar) + "é", String(scalar) + "\u{2027}"] {
        #expect(
          SafeText.needsEscape(text) == text.unicodeScalars.contains(where: SafeText.isUnsafe),
          "U+\(hex4(UInt32(value)))")
      }
    }
  }

  /// JSON's escapes as RFC 8259 gives them, plus DEL, U+2028 and U+2029.
  static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\u{2028}": return "\\u2028"
    case "\u{2029}": return "\\u2029"
    default:
      guard scalar.value < 0x20 || scalar.value == 0x7F else { return String(scalar) }
      let digits = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
  }

  @Test func prettyUnderlinesTheSpanAndEscapesControlCharacters() {
    let text = "{\"aps\": {\"badge\": \"3\", \"t\\u001b[2J\": 1}}\n"
    let diagnostics = lint(text)
    let pretty = PrettyReporter(color: false) { _ in Array(text.utf8) }
      .render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    #expect(pretty.contains("\n 1 | {\"aps\": {\"badge\": \"3\""))
    #expect(pretty.contains("\n   |                   ^^^\n"))
    #expect(pretty.contains("   = help: write 3 without quotes"))
    #expect(!pretty.contains("\u{1B}"))
    let colored = PrettyReporter(color: true) { _ in Array(text.utf8) }
      .render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    #expect(colored.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
  }

  @Test func prettyShowsAReplacementOnOneLineAndAMoveEditByEdit() {
    let text = "{\"aps\": {\"badge\": \"3\", \"alert\": \"x\", \"orderId\": 42}}\n"
    let pretty = PrettyReporter(color: false) { _ in Array(text.utf8) }
      .render(LintReport(diagnostics: lint(text), files: 1, documents: 1, fileErrors: []))
    #expect(pretty.contains("   = fix (safe): \"3\" → 3\n"), "\(pretty)")
    #expect(
      pretty.contains(
        "   = fix (unsafe): move \"orderId\" out of aps, beside it\n       remove , \"orderId\": 42\n       insert , \"orderId\": 42\n"
      ), "\(pretty)")
  }

  /// The streaming writer frames what it is given exactly as a tree of the
  /// same values serializes: commas, line breaks, indentation at every
  /// depth, empty containers, and no indentation at all. Each tree is
  /// written both whole (`write`) and piece by piece, as the reporters do.
  @Test func jsonWriterWritesWhatTheTreeSerializes() {
    var generator = SystemRandomNumberGenerator()
    func tree(depth: Int) -> JSONOutput {
      switch depth > 3 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<7, using: &generator) {
      case 0: return .string(["", "a", "é\n\"", "\u{2028}"].randomElement(using: &generator)!)
      case 1: return .int(Int.random(in: -5...500, using: &generator))
      case 2: return [.null, .bool(true), .number(1.5)].randomElement(using: &generator)!
      case 3: return .bool(false)
      case 4, 5:
        return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in tree(depth: depth + 1) })
      default:
        return .object(
          (0..<Int.random(in: 0..<4, using: &generator)).map { index in ("k\(index)", tree(depth: depth + 1)) })
      }
    }
    func stream(_ value: JSONOutput, into json: inout JSONWriter) {
      switch value {
      case .array(let elements):
        json.array { json in
          for element in elements {
            json.element()
            stream(element, into: &json)
          }
        }
      case .object(let members):
        json.object { json in
          for (key, member) in members {
            json.key(key)
            stream(member, into: &json)
          }
        }
      default: json.write(value)
      }
    }
    for _ in 0..<500 {
      let value = JSONOutput.object([("root", tree(depth: 0)), ("empty", .array([])), ("last", tree(depth: 1))])
      for indent in [2, 4, nil] as [Int?] {
        var streamed = JSONWriter(indent: indent)
        stream(value, into: &streamed)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == value.serialized(indent: indent))
        var whole = JSONWriter(indent: indent)
        whole.write(value)
        #expect(whole.text == value.serialized(indent: indent) + "\n")
      }
    }
  }

  /// GitHub's workflow commands: `%`, CR and LF percent-encoded in data,
  /// `:` and `,` too in properties, every other unsafe scalar escaped as the
  /// text format does, and text that needs none of it returned whole.
  @Test func githubCommandsEscapeDataAndProperties() {
    func reference(_ text: String, property: Bool) -> String {
      text.unicodeScalars.map { scalar -> String in
        switch scalar {
        case "%": "%25"
        case "\r": "%0D"
        case "\n": "%0A"
        case ":" where property: "%3A"
        case "," where property: "%2C"
        default: SafeText.isUnsafe(scalar) ? SafeText.escape(String(scalar)) : String(scalar)
        }
      }.joined()
    }
    let scalars: [Unicode.Scalar] =
      (0..<0x20).map { Unicode.Scalar($0)! }
      + ["%", ":", ",", "\u{7F}", "\u{85}", "\u{A9}", "\u{2028}", "\u{202E}", "\u{2066}", "é", "€", "\u{1F600}"]
    for scalar in scalars {
      for text in [String(scalar), "badge \"3\"" + String(scalar) + " ist 3 (Größe)"] {
        #expect(GitHubReporter.escapeData(text) == reference(text, property: false))
        #expect(GitHubReporter.escapeProperty(text) == reference(text, property: true))
      }
    }
    #expect(GitHubReporter.escapeProperty("pushlint (value-type)") == "pushlint (value-type)")
    #expect(GitHubReporter.escapeProperty("a:b,c%d") == "a%3Ab%2Cc%25d")
  }

  /// SARIF names each file by a URI reference: unreserved bytes kept,
  /// every other byte percent-encoded in upper case, an absolute path as a
  /// `file:` URI, and standard input as a relative name.
  @Test func sarifURIsEncodeEveryReservedByte() {
    #expect(SARIFReporter.uri("Payloads/order shipped.json") == "Payloads/order%20shipped.json")
    #expect(SARIFReporter.uri("été/#1?.json") == "%C3%A9t%C3%A9/%231%3F.json")
    #expect(SARIFReporter.uri("/srv/app/a~b_c-d.json") == "file:///srv/app/a~b_c-d.json")
    #expect(SARIFReporter.uri("/x\u{7F}\u{1}") == "file:///x%7F%01")
    #expect(SARIFReporter.uri("<stdin>") == "stdin")
  }

  /// A line shown whole (no character needs an escape) and one shown
  /// character by character (a tab, a control character, a bidirectional
  /// control, a broken UTF-8 sequence) give what the character-by-character
  /// rule gives: each character escaped alone, its underline as wide as
  /// what it shows, for a span starting at every column.
  @Test func excerptsShowEachCharacterAsItselfOrEscaped() {
    let lines: [[UInt8]] = [
      Array("{\"aps\": {\"alert\": \"Привет, 世界 🎉\"}}".utf8),
      Array("\t\"badge\": \"3\",\u{1B}[2J \u{202E}x".utf8),
      [0x22, 0x61, 0xC3, 0xA9, 0xA9, 0x62, 0xFF, 0x22, 0xE2, 0x82, 0x3A, 0x20, 0x31],
      [0x80, 0x80, 0x41, 0x42],
    ]
    for bytes in lines {
      // The reference: characters start at bytes that continue no sequence.
      var characters: [String] = []
      var index = bytes.firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
      while index < bytes.count {
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        characters.append(String(decoding: bytes[index..<next], as: UTF8.self))
        index = next
      }
      let shownCharacters = characters.map { $0 == "\t" ? "    " : SafeText.escape($0) }
      for column in 1...characters.count {
        let span = SourceSpan(
          start: SourcePosition(line: 1, column: column, offset: 0),
          end: SourcePosition(line: 1, column: column + 2, offset: 0))
        let diagnostic = Diagnostic(
          path: "p.json", span: span, severity: .warning, rule: "value-type", message: "m")
        var walk = PrettyReporter.LineWalk(path: "p.json", line: 1, bytes: bytes[...])
        let (shown, underline) = PrettyReporter(color: false) { _ in bytes }
          .excerpt(bytes[...], diagnostic: diagnostic, walk: &walk)
        #expect(shown == shownCharacters.joined(), "\(bytes) at \(column)")
        var expected = ""
        for (offset, text) in shownCharacters.enumerated() {
          let marked = offset >= column - 1 && offset < column + 1
          expected += String(repeating: marked ? "^" : " ", count: text.unicodeScalars.count)
        }
        while expected.hasSuffix(" ") { expected.removeLast() }
        #expect(underline == expected, "\(bytes) at \(column)")
      }
    }
  }

  @Test func prettyWindowsLongLines() {
    let long = "{\"aps\": {\"alert\": \"" + String(repeating: "a", count: 3000) + "\", \"badge\": \"3\"}}"
    let diagnostics = lint(long)
    let pretty = PrettyReporter(color: false) { _ in Array(long.utf8) }
      .render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    let sourceLine = pretty.split(separator: "\n").first { $0.hasPrefix(" 1 | ") } ?? ""
    #expect(sourceLine.count < 140)
    #expect(sourceLine.contains("\"badge\": \"3\""))
  }

  /// Columns count characters; the window is cut and underlined in the same
  /// characters, whatever their UTF-8 width, on a line of any length.
  @Test func prettyWindowsMultiByteLinesOnTheSpan() {
    let long =
      "{\"aps\": {\"alert\": \"" + String(repeating: "日本語 ", count: 2000) + "\", \"badge\": \"3\", \"x\": \""
      + String(repeating: "é", count: 5000) + "\"}}"
    let diagnostics = lint(long).filter { $0.rule == "value-type" }
    #expect(diagnostics.count == 1)
    let pretty = PrettyReporter(color: false) { _ in Array(long.utf8) }
      .render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    let lines = pretty.split(separator: "\n")
    let source = String(lines.first { $0.hasPrefix(" 1 | ") } ?? "")
    let underline = String(lines.first { $0.hasPrefix("   | ") } ?? "")
    #expect(source.hasPrefix(" 1 | …") && source.hasSuffix("…"))
    #expect(source.unicodeScalars.count == " 1 | ".count + 1 + PrettyReporter.window + 1)
    let caret = Array(underline.unicodeScalars).firstIndex(of: "^") ?? 0
    let underlined = String(String.UnicodeScalarView(Array(source.unicodeScalars)[caret..<(caret + 3)]))
    #expect(underlined == "\"3\"")
  }

  /// Many findings on one long line (a minified file) each show their own
  /// window, in whatever order they come.
  @Test func prettyShowsEachFindingOfALongLineInAnyOrder() {
    let keys = (0..<40).map { "\"k\($0)\": \"\(String(repeating: "é", count: 200))\"" }.joined(separator: ", ")
    let long = "{\"aps\": {\"badge\": \"3\", \(keys), \"sound\": 5, \"badge\": \"4\"}}"
    let diagnostics = lint(long)
    #expect(diagnostics.count > 40)
    let reporter = PrettyReporter(color: false) { _ in Array(long.utf8) }
    func render(_ diagnostics: [Diagnostic]) -> String {
      reporter.render(LintReport(diagnostics: diagnostics, files: 1, documents: 1, fileErrors: []))
    }
    let alone = diagnostics.map { render([$0]) }
    #expect(render(diagnostics) == alone.joined())
    #expect(render(diagnostics.reversed()) == alone.reversed().joined())
  }

  @Test func theCommandLinePicksFormatsAndWritesFiles() {
    let scratch = ScratchDirectory()
    scratch.write("p.json", "{\"aps\": {\"alert\": 42}}")
    let piped = run(pushlintBinary, ["--no-config", "p.json"], in: scratch.path)
    #expect(piped.standardOutput.hasPrefix("p.json:1:19: error: "), "text when standard output is not a terminal")
    let actions = run(
      "/usr/bin/env", ["GITHUB_ACTIONS=true", pushlintBinary, "--no-config", "p.json"], in: scratch.path)
    #expect(actions.standardOutput.hasPrefix("::error file=p.json,line=1,col=19,"))
    let written = run(
      pushlintBinary, ["--no-config", "--format", "json", "--output", "out.json", "p.json"], in: scratch.path)
    #expect(written.standardOutput.isEmpty)
    #expect(written.status == 1)
    guard case .success(let bytes) = FileSystem.readFile(scratch.path + "/out.json") else {
      Issue.record("no report written")
      return
    }
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"rule\": \"value-type\""))
    #expect(run(pushlintBinary, ["--format", "xml", "p.json"], in: scratch.path).status == 2)
  }

  @Test func columnsCountInTheUnitEachEditorUses() {
    let text = "{\"aps\": {\"alert\": \"Café ☕ 😀\", \"badge\": \"3\"}}"
    let bytes = Array(text.utf8)
    func badge(_ diagnostics: [Diagnostic]) -> Int? { diagnostics.first { $0.rule == "value-type" }?.span.start.column }
    let found = lint(text)
    // Before the badge's value: é is 2 bytes, ☕ 3, 😀 4 bytes and 2 UTF-16 units.
    #expect(badge(found) == 40)
    #expect(badge(ColumnUnit.convert(found, to: .bytes) { _ in bytes }) == 40 + 1 + 2 + 3)
    #expect(badge(ColumnUnit.convert(found, to: .utf16) { _ in bytes }) == 40 + 1)
    let marked = [0xEF, 0xBB, 0xBF] + bytes
    #expect(
      badge(ColumnUnit.convert(lint(bytes: marked), to: .bytes) { _ in marked }) == 40 + 1 + 2 + 3,
      "a byte-order mark takes no column")
  }

}
