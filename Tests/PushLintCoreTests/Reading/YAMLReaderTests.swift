import Testing

@testable import PushLintCore

@Suite struct YAMLReaderTests {
  func read(_ text: String) -> [YAMLDocumentResult] { YAMLReader.read(Array(text.utf8)) }

  @Test func keysAndValuesKeepTheirPositions() throws {
    let text = "aps:\n  alert:\n    title: \"Grüße\"\n    body: Hi 👋\n  badge: 3\n"
    let root = try #require(read(text).first?.result.root)
    let alert = try #require(root["aps"]?.member("alert"))
    #expect((alert.keySpan.start.line, alert.keySpan.start.column) == (2, 3))
    let title = try #require(alert.value.member("title"))
    #expect((title.value.span.start.line, title.value.span.start.column) == (3, 12))
    #expect(title.value.span.end.column == 19)
    #expect(title.value.span.start.offset == 25)
    let body = try #require(alert.value["body"])
    #expect(body.stringValue == "Hi 👋")
    #expect(body.pointer == "/aps/alert/body")
    #expect(root["aps"]?["badge"]?.numberValue?.literal == "3")
  }

  /// A closed mapping or sequence is kept in storage of its own size: a
  /// tree of many small records would otherwise hold room for a quarter
  /// more members than it has.
  @Test func closedContainersTakeTheRoomTheirChildrenNeed() throws {
    let records = (0..<40).map { "  - id: \($0)\n    name: record-\($0)\n    score: 0.5\n" }.joined()
    let root = try #require(read("records:\n" + records).first?.result.root)
    let elements = try #require(root["records"]?.elements)
    #expect(elements.count == 40)
    #expect(elements.capacity <= 45)
    for record in elements {
      let members = try #require(record.members)
      #expect(members.map(\.key) == ["id", "name", "score"])
      #expect(members.capacity == 3)
    }
  }

  @Test func scalarsResolveAsYAML12() throws {
    let text = """
      a: true
      b: yes
      c: ~
      d: 010
      e: 0x1F
      f: 1.5
      g: "1"
      h: .5
      i: 0o17
      j: -3
      k: 1e3
      l: null
      m: +4
      """
    let root = try #require(read(text).first?.result.root)
    #expect(root["a"]?.boolValue == true)
    #expect(root["b"]?.stringValue == "yes")
    #expect(root["c"].map { if case .null = $0.value { true } else { false } } == true)
    #expect(root["d"]?.numberValue?.literal == "10")
    #expect(root["e"]?.numberValue?.literal == "31")
    #expect(root["f"]?.numberValue?.literal == "1.5")
    #expect(root["g"]?.stringValue == "1")
    #expect(root["h"]?.numberValue?.literal == "0.5")
    #expect(root["i"]?.numberValue?.literal == "15")
    #expect(root["j"]?.numberValue?.literal == "-3")
    #expect(root["k"]?.numberValue?.literal == "1e3")
    #expect(root["m"]?.numberValue?.literal == "4")
  }

  @Test(arguments: [
    "yes", "No", "ON", "off", "y", "N", "010", "00", "0777", "1:30", "2024-01-01", "1_000", "0b101", "!!str x",
    "<<: {a: 1}",
  ])
  func versionDifferencesAreFlagged(value: String) {
    let text = value.hasPrefix("<<") ? value : "key: \(value)"
    let findings = read(text).first?.result.findings ?? []
    #expect(findings.contains { $0.rule == RuleID.yamlAmbiguousValue }, "\(value) was not flagged")
  }

  @Test(arguments: ["\"yes\"", "'010'", "true", "10", "1.5", "hello", "\"1:30\"", "0", "0.5", "123456", "3.14"])
  func unambiguousValuesAreNotFlagged(value: String) {
    #expect(read("key: \(value)").first?.result.findings.isEmpty == true, "\(value) was flagged")
  }

  @Test func streamsAreReadDocumentByDocument() throws {
    let documents = read("aps: {alert: one}\n---\naps: {alert: two}\n---\n[1, 2\n")
    #expect(documents.count == 3)
    #expect(documents[1].result.root?["aps"]?["alert"]?.stringValue == "two")
    #expect(documents[1].result.root?["aps"]?.span.start.line == 3)
    #expect(documents[2].result.root == nil)
    #expect(documents[2].result.findings.first?.rule == RuleID.syntaxError)
    let diagnostics = lint("aps: {alert: one}\n---\naps: 3\n", path: "stream.yaml")
    #expect(diagnostics.map(\.document) == [1])
    #expect(diagnostics.first?.span.start.line == 3)
  }

  @Test func duplicateKeysAreReportedWithTheEarlierPosition() throws {
    let diagnostics = lint("aps:\n  badge: 1\n  sound: a\n  badge: 2\n", path: "p.yaml")
    let duplicate = try #require(diagnostics.first { $0.rule == RuleID.duplicateKey.rawValue })
    #expect((duplicate.span.start.line, duplicate.span.start.column) == (4, 3))
    #expect(duplicate.message.contains("line 2, column 3"))
  }

  @Test func aliasesExpandWithTheirOwnPointers() throws {
    let root = try #require(read("base: &b {title: Hi}\naps:\n  alert: *b\n").first?.result.root)
    let title = try #require(root["aps"]?["alert"]?["title"])
    #expect(title.stringValue == "Hi")
    #expect(title.pointer == "/aps/alert/title")
  }

  @Test func aBillionLaughsIsOneDiagnostic() {
    var text = "a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
    for level in 1...9 {
      let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(refs)]\n"
    }
    let documents = read(text)
    #expect(documents.count == 1)
    #expect(documents[0].result.root == nil)
    let findings = documents[0].result.findings
    #expect(findings.count == 1)
    #expect(findings.first?.message.contains("alias expansion") == true)
  }

  @Test func undefinedAliasIsASyntaxError() {
    #expect(read("a: *missing\n").first?.result.findings.first?.rule == RuleID.syntaxError)
  }

  @Test func libyamlErrorsArePositioned() throws {
    let finding = try #require(read("aps:\n  alert: [1, 2\n  badge: 3\n").first?.result.findings.first)
    #expect(finding.rule == RuleID.syntaxError)
    #expect(finding.span.start.line == 3)
  }

  @Test func deepNestingIsRefused() {
    let text = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
    let findings = read(text).first?.result.findings ?? []
    #expect(findings.count == 1)
    #expect(findings.first?.rule == RuleID.syntaxError)
  }

  @Test func encodingIsCheckedFirst() {
    let bytes: [UInt8] = Array("aps: caf".utf8) + [0xE9]
    #expect(YAMLReader.read(bytes).first?.result.findings.first?.rule == RuleID.invalidEncoding)
  }

  @Test func largeDocumentsWithoutAliasesAreNotBudgeted() {
    let text = "items: [" + Array(repeating: "1", count: 120_000).joined(separator: ",") + "]\n"
    let result = read(text).first?.result
    #expect(result?.findings.isEmpty == true)
    #expect(result?.root?["items"]?.elements?.count == 120_000)
  }
}
