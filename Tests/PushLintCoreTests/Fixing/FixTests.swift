import Testing

@testable import PushLintCore

@Suite struct FixSpellingTests {
  func spelled(_ change: Fix.Change, _ format: SourceFormat, in text: String) -> String? {
    let fix = Fix(title: "t", applicability: .safe, changes: [change], format: format)
    let bytes = Array(text.utf8)
    return FixSpelling.edits(of: fix, in: bytes).map {
      String(decoding: FixSpelling.apply($0, to: bytes), as: UTF8.self)
    }
  }

  /// The span of the first `fragment` in `text` (offsets are what fixes use).
  func span(of fragment: String, in text: String) -> SourceSpan {
    let bytes = Array(text.utf8)
    let needle = Array(fragment.utf8)
    var start = 0
    while start + needle.count <= bytes.count && Array(bytes[start..<(start + needle.count)]) != needle { start += 1 }
    return SourceSpan(
      start: SourcePosition(line: 1, column: 1, offset: start),
      end: SourcePosition(line: 1, column: 1, offset: start + needle.count))
  }

  @Test func jsonValuesAndKeysAreWrittenAsJSON() {
    let text = #"{"aps": {"badge": "3", "Category": "a\"b"}}"#
    #expect(
      spelled(.replaceValue(span(of: #""3""#, in: text), with: .number("3")), .json, in: text)
        == #"{"aps": {"badge": 3, "Category": "a\"b"}}"#)
    #expect(
      spelled(.renameKey(span(of: #""Category""#, in: text), to: "category"), .json, in: text)
        == #"{"aps": {"badge": "3", "category": "a\"b"}}"#)
    #expect(
      spelled(.replaceValue(span(of: #""a\"b""#, in: text), with: .string("tab\there")), .json, in: text)
        == #"{"aps": {"badge": "3", "Category": "tab\there"}}"#)
  }

  @Test func yamlValuesKeepTheirQuotesOrStayPlainWhereThatReadsTheSame() {
    let text = "a: 'x'\nb: \"y\"\nc: z\n"
    #expect(
      spelled(.replaceValue(span(of: "'x'", in: text), with: .string("it's")), .yaml, in: text)
        == "a: 'it''s'\nb: \"y\"\nc: z\n")
    #expect(
      spelled(.replaceValue(span(of: "\"y\"", in: text), with: .string("q")), .yaml, in: text)
        == "a: 'x'\nb: \"q\"\nc: z\n")
    #expect(
      spelled(.replaceValue(span(of: "z", in: text), with: .string("critical")), .yaml, in: text)
        == "a: 'x'\nb: \"y\"\nc: critical\n")
    // Plain, these would be a boolean, a number, or a key: quoted instead.
    for risky in ["yes", "5", "a: b", "#x", ""] {
      #expect(
        spelled(.replaceValue(span(of: "z", in: text), with: .string(risky)), .yaml, in: text)
          == "a: 'x'\nb: \"y\"\nc: \(FixSpelling.jsonString(risky))\n", "\(risky)")
    }
    #expect(
      spelled(.replaceValue(span(of: "'x'", in: text), with: .number("3")), .yaml, in: text)
        == "a: 3\nb: \"y\"\nc: z\n")
  }

  @Test func plistValuesKeepTheirElements() {
    let text = "<dict><key>aps-environment</key><string>developement</string><key>b</key><string>1</string></dict>"
    #expect(
      spelled(
        .replaceValue(span(of: "<string>developement</string>", in: text), with: .string("a&b")), .plist, in: text)
        == "<dict><key>aps-environment</key><string>a&amp;b</string><key>b</key><string>1</string></dict>")
    #expect(
      spelled(.replaceValue(span(of: "<string>1</string>", in: text), with: .number("1")), .plist, in: text)
        == "<dict><key>aps-environment</key><string>developement</string><key>b</key><integer>1</integer></dict>")
    #expect(
      spelled(.renameKey(span(of: "<key>b</key>", in: text), to: "c"), .plist, in: text)
        == "<dict><key>aps-environment</key><string>developement</string><key>c</key><string>1</string></dict>")
  }

  @Test func aSpanThatNoLongerHoldsWhatTheFixExpectsIsNotSpelled() {
    let text = #"{"a": 1}"#
    let past = SourceSpan(
      start: SourcePosition(line: 1, column: 1, offset: 7), end: SourcePosition(line: 1, column: 1, offset: 40))
    #expect(spelled(.replaceValue(past, with: .number("2")), .json, in: text) == nil)
    #expect(spelled(.renameKey(span(of: "1", in: text), to: "b"), .json, in: text) == nil, "a key is quoted in JSON")
    #expect(spelled(.replaceValue(span(of: "1", in: text), with: .number("2")), .strings, in: text) == nil)
  }
}

@Suite struct UnifiedDiffTests {
  @Test func aChangedLineIsOneHunkWithContext() {
    let old = Array("1\n2\n3\n4\n5\n6\n7\n8\n".utf8)
    let new = Array("1\n2\n3\n4\nfive\n6\n7\n8\n".utf8)
    #expect(
      UnifiedDiff.render(path: "p.json", old: old, new: new)
        == "--- a/p.json\n+++ b/p.json\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n")
    #expect(UnifiedDiff.render(path: "p.json", old: old, new: old).isEmpty)
  }

  @Test func distantChangesAreTwoHunksAndALastLineWithoutBreakIsMarked() {
    let old = Array((1...20).map(String.init).joined(separator: "\n").utf8)
    var lines = (1...20).map(String.init)
    lines[1] = "two"
    lines[19] = "twenty"
    let new = Array(lines.joined(separator: "\n").utf8)
    let diff = UnifiedDiff.render(path: "p", old: old, new: new)
    #expect(diff.components(separatedBy: "@@ -").count == 3, "\(diff)")
    #expect(diff.hasSuffix("-20\n\\ No newline at end of file\n+twenty\n\\ No newline at end of file\n"), "\(diff)")
  }
}

/// Every fix a rule document's examples show: applied, it removes its
/// finding and adds no warning or error, in the example's own syntax and,
/// for a JSON payload, written out as block YAML.
@Suite struct FixPropertyTests {
  struct Case: CustomStringConvertible, Sendable {
    var rule: String
    var example: RuleExample
    var description: String { "\(rule) at rules/\(rule).md:\(example.documentLine)" }
  }

  static let cases: [Case] = RuleRegistry.standard.names.flatMap { rule in
    (RuleCatalog.standard.description(of: rule)?.triggering ?? []).map { Case(rule: rule, example: $0) }
  }

  func findings(_ example: RuleExample, main bytes: [UInt8], path: String) -> [Diagnostic] {
    var files = example.files
    files[files.count - 1] = RuleExample.File(path: path, bytes: bytes)
    var altered = example
    altered.files = files
    return RuleExampleTests().lintExample(altered, files: files).filter { $0.path == path }
  }

  /// Checks every fix in `bytes`; returns how many it checked.
  func checkFixes(_ testCase: Case, bytes: [UInt8], path: String) -> Int {
    let before = findings(testCase.example, main: bytes, path: path)
    var checked = 0
    for diagnostic in before where diagnostic.rule == testCase.rule {
      guard let fix = diagnostic.fix, fix.applicability != .displayOnly else { continue }
      guard let edits = FixSpelling.edits(of: fix, in: bytes) else {
        Issue.record("\(testCase) in \(path): the fix \"\(fix.title)\" cannot be spelled")
        continue
      }
      let fixed = FixSpelling.apply(edits, to: bytes)
      let after = findings(testCase.example, main: fixed, path: path)
      let text = String(decoding: fixed, as: UTF8.self)
      #expect(
        after.filter { $0.fixRoundKey == diagnostic.fixRoundKey }.count
          < before.filter { $0.fixRoundKey == diagnostic.fixRoundKey }.count,
        "\(testCase) in \(path): \"\(fix.title)\" left its finding: \(text)")
      #expect(
        Linter.isSafeStep(from: before, to: after, severity: .warning),
        "\(testCase) in \(path): \"\(fix.title)\" added a finding: \(after.map(TextReporter.line(for:))) in \(text)")
      checked += 1
    }
    return checked
  }

  @Test func documentsListTheFixesTheirExamplesShow() throws {
    for rule in RuleRegistry.standard.names {
      let description = try #require(RuleCatalog.standard.description(of: rule))
      var shown: Set<Fix.Applicability> = []
      for example in description.triggering {
        for diagnostic in RuleExampleTests().lintExample(example) where diagnostic.rule == rule {
          if let fix = diagnostic.fix { shown.insert(fix.applicability) }
        }
      }
      #expect(
        shown == Set(description.fixes), "rules/\(rule).md lists fix: \(description.fixes), its examples show \(shown)")
    }
  }

  @Test func everyFixRemovesItsFindingAndAddsNone() {
    var checked = 0
    var checkedInYAML = 0
    for testCase in Self.cases {
      let main = testCase.example.mainFile
      checked += checkFixes(testCase, bytes: main.bytes, path: main.path)
      guard main.path.hasSuffix(".json"), let root = JSONReader.read(main.bytes).root else { continue }
      let yaml = BlockYAML.render(root)
      checkedInYAML += checkFixes(testCase, bytes: Array(yaml.utf8), path: "example.yaml")
    }
    #expect(checked >= 20, "fixes checked in the examples: \(checked)")
    #expect(checkedInYAML >= 15, "fixes checked in YAML: \(checkedInYAML)")
  }
}

/// A JSON tree written as block YAML, scalars plain where that reads the same.
enum BlockYAML {
  static func render(_ node: Node) -> String { render(node, indent: 0, inline: true) }

  static func scalar(_ node: Node) -> String? {
    switch node.value {
    case .null: "null"
    case .bool(let value): String(value)
    case .number(let number): number.literal
    case .string(let text): FixSpelling.isPlainSafe(text) ? text : FixSpelling.jsonString(text)
    case .array(let elements) where elements.isEmpty: "[]"
    case .object(let members) where members.isEmpty: "{}"
    case .placeholder(let text): text
    default: nil
    }
  }

  static func render(_ node: Node, indent: Int, inline: Bool) -> String {
    if let scalar = scalar(node) { return scalar + "\n" }
    let pad = String(repeating: "  ", count: indent)
    var output = inline ? "" : "\n"
    if let members = node.members {
      for (index, member) in members.enumerated() {
        let key = FixSpelling.isPlainSafe(member.key) ? member.key : FixSpelling.jsonString(member.key)
        let prefix = inline && index == 0 && indent > 0 ? "" : pad
        output +=
          prefix + key + ":" + (scalar(member.value) != nil ? " " : "")
          + render(member.value, indent: indent + 1, inline: false)
      }
    } else if let elements = node.elements {
      for element in elements {
        output += pad + "- " + render(element, indent: indent + 1, inline: true)
      }
    }
    return output
  }
}

/// The unsafe fix that moves a key of the app's own out of `aps`, through
/// the same path `--fix --unsafe-fixes` takes.
@Suite struct MoveOutOfApsTests {
  let linter = Linter(configuration: Configuration(directory: "/p"), jobs: 1)

  func fixed(_ text: String, path: String, unsafe: Bool = true) -> String {
    let result = linter.fix(bytes: Array(text.utf8), path: path, currentDirectory: "/p", unsafe: unsafe)
    return String(decoding: result.bytes, as: UTF8.self)
  }

  @Test func jsonOnOneLineAndOneMemberALine() {
    #expect(
      fixed(#"{"aps": {"alert": "x", "orderId": 42}}"#, path: "a.json")
        == #"{"aps": {"alert": "x"}, "orderId": 42}"#)
    #expect(
      fixed(
        "{\r\n  \"aps\": {\r\n    \"orderId\": [1, 2],\r\n    \"alert\": \"x\"\r\n  },\r\n  \"b\": 1\r\n}\r\n",
        path: "a.json")
        == "{\r\n  \"aps\": {\r\n    \"alert\": \"x\"\r\n  },\r\n  \"orderId\": [1, 2],\r\n  \"b\": 1\r\n}\r\n")
  }

  @Test func yamlBlocksAndFlows() {
    #expect(fixed("aps:\n  alert: x\n  orderId: 42\nb: 1\n", path: "a.yaml") == "aps:\n  alert: x\norderId: 42\nb: 1\n")
    #expect(
      fixed("aps:\n  orderId: 42  # the order\n  alert: x\n", path: "a.yaml")
        == "aps:\n  alert: x\norderId: 42  # the order\n")
    #expect(fixed("aps:\n  orderId: 42\n  alert: x", path: "a.yaml") == "aps:\n  alert: x\norderId: 42")
    #expect(
      fixed("payload:\n  aps: {alert: x, orderId: 42}  # note\nheaders: {apns-push-type: alert}\n", path: "e.yaml")
        == "payload:\n  aps: {alert: x}  # note\n  orderId: 42\nheaders: {apns-push-type: alert}\n")
  }

  @Test func aKeyStaysWhereMovingItWouldCollideOrLoseSomething() {
    // The payload has the key already; aps would keep nothing of its own;
    // a YAML value over several lines; and without --unsafe-fixes.
    for (text, path) in [
      (#"{"aps": {"alert": "x", "orderId": 1}, "orderId": 2}"#, "a.json"),
      (#"{"aps": {"orderId": 1}}"#, "a.json"),
      ("aps:\n  alert: x\n  order:\n    id: 1\n", "a.yaml"),
    ] {
      #expect(fixed(text, path: path) == text, "\(text)")
    }
    #expect(
      fixed(#"{"aps": {"alert": "x", "orderId": 1}}"#, path: "a.json", unsafe: false).contains(#""orderId": 1}}"#))
  }

  @Test func severalKeysMoveInTurn() {
    #expect(
      fixed(#"{"aps": {"a": 1, "alert": "x", "b": 2}}"#, path: "a.json") == #"{"aps": {"alert": "x"}, "a": 1, "b": 2}"#)
  }
}

/// `--fix`'s rounds: which fixes a round takes together, and what it holds back.
@Suite struct FixRoundTests {
  let linter = Linter(configuration: Configuration(directory: "/p"), jobs: 1)

  /// An edit of `length` bytes at `start` (0 inserts).
  func edit(_ start: Int, _ length: Int) -> Edit {
    Edit(
      span: SourceSpan(
        start: SourcePosition(line: 1, column: 1, offset: start),
        end: SourcePosition(line: 1, column: 1, offset: start + length)),
      replacement: "")
  }

  @Test func theFixesApartAreThoseAPairwiseCheckTakes() {
    // A small linear congruential generator: the same cases every run.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<200 {
      let fixes = (0..<(1 + next(60))).map { _ in
        (0...next(2)).map { _ in edit(next(200), next(4) == 0 ? 0 : 1 + next(12)) }
      }.filter(Linter.areApart)
      var taken: [Edit] = []
      var expected: [Int] = []
      for (index, fix) in fixes.enumerated()
      where !fix.contains(where: { edit in taken.contains { $0.start < edit.end && edit.start < $0.end } }) {
        taken += fix
        expected.append(index)
      }
      #expect(Linter.apart(fixes) == expected, "\(fixes.map { $0.map { ($0.start, $0.end) } })")
    }
  }

  @Test func editsOfOneFixThatOverlapAreNotApart() {
    #expect(Linter.areApart([edit(0, 3), edit(3, 2), edit(9, 0)]))
    #expect(!Linter.areApart([edit(0, 3), edit(2, 2)]))
    #expect(!Linter.areApart([edit(4, 4), edit(5, 0)]))
  }

  @Test func aFileOfMoreFindingsThanAReportShowsIsFixedWhole() {
    // 1,200 errors no fix removes, each before a fixable warning: a round
    // that saw only the report's first 1,000 findings would see errors
    // move into view as the warnings went, and take them for new ones.
    let text = Array(repeating: "aps: 7\n---\naps:\n  alert: x\n  badge: \"3\"\n", count: 1200).joined(
      separator: "---\n")
    let result = linter.fix(bytes: Array(text.utf8), path: "stream.yaml", currentDirectory: "/p", unsafe: false)
    #expect(result.fixed == 1200)
    #expect(result.withheld == 0)
    let after = linter.report(bytes: result.bytes, path: "stream.yaml", currentDirectory: "/p")
    #expect(after.count(.error) == 1200)
    #expect(after.count(.warning) == 0)
  }

  /// An `.apns` file with trailing commas is checked whole, as the
  /// Simulator reads it, and `--fix` leaves strict JSON; the same text
  /// named `.json` stops at its first comma.
  @Test func trailingCommasOfAnAPNSFileAreWarnedOfCheckedPastAndFixed() {
    let text =
      "{\n  \"aps\": {\"alert\": \"Hi\", \"badge\": \"3\",},\n  \"Simulator Target Bundle\": \"com.example.app\",\n}\n"
    let report = linter.report(bytes: Array(text.utf8), path: "welcome.apns", currentDirectory: "/p")
    #expect(
      report.diagnostics.map { "\($0.span.start.line):\($0.span.start.column) \($0.severity) \($0.rule)" } == [
        "2:35 warning value-type", "2:38 warning syntax-error", "3:47 warning syntax-error",
      ])
    let strict = linter.report(bytes: Array(text.utf8), path: "welcome.json", currentDirectory: "/p")
    #expect(
      strict.diagnostics.map { "\($0.span.start.line):\($0.span.start.column) \($0.severity) \($0.rule)" } == [
        "2:38 error syntax-error"
      ])
    let result = linter.fix(bytes: Array(text.utf8), path: "welcome.apns", currentDirectory: "/p", unsafe: false)
    #expect(result.fixed == 3)
    #expect(
      String(decoding: result.bytes, as: UTF8.self)
        == "{\n  \"aps\": {\"alert\": \"Hi\", \"badge\": 3},\n  \"Simulator Target Bundle\": \"com.example.app\"\n}\n")
    #expect(linter.report(bytes: result.bytes, path: "welcome.json", currentDirectory: "/p").diagnostics.isEmpty)
  }

  @Test func aFixThatWouldRepeatAKeyIsHeldBackAloneAndTheRestApplied() {
    // Each typo alone is one edit from "alert"; renamed together, aps
    // would hold "alert" twice.
    let text = #"{"aps": {"alret": "x", "alrt": "y", "badge": "3", "sound": {"critical": "1", "name": "a.caf"}}}"#
    let result = linter.fix(bytes: Array(text.utf8), path: "a.json", currentDirectory: "/p", unsafe: false)
    #expect(
      String(decoding: result.bytes, as: UTF8.self)
        == #"{"aps": {"alert": "x", "alrt": "y", "badge": 3, "sound": {"critical": 1, "name": "a.caf"}}}"#)
    #expect(result.fixed == 3)
    #expect(result.withheld == 1)
  }

  @Test func fixesThatWouldPushAPayloadPastItsLimitAreLeftOutAndTheRestApplied() throws {
    // Each number written as a string takes two bytes more: about two
    // thirds of the fixes fit under the 4,096 bytes of an alert push.
    let arguments = (0..<1200).map { _ in "1" }.joined(separator: ",")
    let text = #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["# + arguments + "]}}}"
    let result = linter.fix(bytes: Array(text.utf8), path: "a.json", currentDirectory: "/p", unsafe: false)
    #expect(result.fixed > 0)
    #expect(result.withheld > 0)
    let after = linter.report(bytes: result.bytes, path: "a.json", currentDirectory: "/p")
    #expect(after.count(.error) == 0, "\(after.diagnostics.map(\.message))")
    let fixed = String(decoding: result.bytes, as: UTF8.self)
    #expect(fixed.components(separatedBy: #""1""#).count - 1 == result.fixed)
  }

  @Test func anErrorInOneDocumentOfAStreamDoesNotExcuseTheSameErrorInAnother() {
    func error(document: Int) -> Diagnostic {
      Diagnostic(
        path: "s.yaml", document: document, span: .fileStart, severity: .error, rule: "value-type", message: "m",
        pointer: "/aps")
    }
    // The first document's error fixed and the same one made in the second.
    #expect(!Linter.isSafeStep(from: [error(document: 0)], to: [error(document: 1)]))
    #expect(Linter.isSafeStep(from: [error(document: 0), error(document: 1)], to: [error(document: 1)]))
  }

  /// A trailing comma an `.apns` file still holds leaves it readable, so
  /// the other fixes of a round are not refused for it; one a fix adds is
  /// refused like any new finding.
  @Test func aSyntaxWarningHeldBeforeMayStayButNoneMayBeAdded() {
    func comma(_ column: Int) -> Diagnostic {
      Diagnostic(
        path: "p.apns", span: SourceSpan(at: SourcePosition(line: 1, column: column, offset: column - 1)),
        severity: .warning, rule: "syntax-error", message: "m")
    }
    let syntaxError = Diagnostic(path: "p.apns", span: .fileStart, severity: .error, rule: "syntax-error", message: "m")
    #expect(Linter.isSafeStep(from: [comma(5), comma(9)], to: [comma(8)]))
    #expect(!Linter.isSafeStep(from: [], to: [comma(8)]))
    #expect(!Linter.isSafeStep(from: [comma(5)], to: [comma(5), comma(8)]))
    #expect(!Linter.isSafeStep(from: [comma(5), syntaxError], to: [syntaxError]))
  }

  @Test func theFixesLeftOutAreKnownByDocumentAndPointer() throws {
    let arguments = (0..<1200).map { _ in "1" }.joined(separator: ",")
    let text = #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["# + arguments + "]}}}"
    let result = linter.fix(bytes: Array(text.utf8), path: "a.json", currentDirectory: "/p", unsafe: false)
    let after = linter.report(bytes: result.bytes, path: "a.json", currentDirectory: "/p").diagnostics
    let leftOut = after.filter { result.heldBack.contains($0) }
    #expect(leftOut.count == result.withheld)
    #expect(leftOut.allSatisfy { $0.rule == "value-type" && $0.pointer.hasPrefix("/aps/alert/loc-args/") })
    var elsewhere = try #require(leftOut.first)
    elsewhere.document = 1
    #expect(!result.heldBack.contains(elsewhere))
  }

  @Test func aKeyTheObjectHoldsIsNotSuggestedForANearMiss() {
    let report = linter.report(
      bytes: Array(#"{"aps": {"alert": "x", "alrt": "y"}}"#.utf8), path: "a.json", currentDirectory: "/p")
    let unknown = report.diagnostics.filter { $0.rule == "unknown-key" }
    #expect(unknown.map(\.message) == [#"unknown key "alrt" in aps, which has "alert" already"#])
    #expect(unknown.map(\.help) == [#"remove it if it repeats "alert""#])
    #expect(unknown.first?.fix == nil)
  }

  @Test func aRepeatedKeysObjectsAreJudgedEachByItsOwnKeys() {
    // Both objects are /aps/alert: only the first holds "title".
    let report = linter.report(
      bytes: Array(#"{"aps": {"alert": {"title": "x", "titel": "y"}, "alert": {"titel": "z"}}}"#.utf8),
      path: "a.json", currentDirectory: "/p")
    let unknown = report.diagnostics.filter { $0.rule == "unknown-key" }.map(\.message)
    #expect(
      unknown == [
        #"unknown key "titel" in alert, which has "title" already"#,
        #"unknown key "titel" in alert; did you mean "title"?"#,
      ])
  }

  @Test func countsAreWordedInTheRightNumber() {
    #expect(Wording.count(1, "fix") == "1 fix")
    #expect(Wording.count(2, "fix") == "2 fixes")
    #expect(Wording.count(0, "finding") == "0 findings")
    #expect(Wording.count(1, "more finding") == "1 more finding")
  }
}
