import Testing

@testable import PushLintCore

@Suite struct PayloadRulesTests {
  func rules(_ text: String, path: String = "p.json", targets: [Platform: OSVersion] = [:]) -> [String] {
    var configuration = Configuration(directory: "/nonexistent-project")
    configuration.targets = targets
    return lint(text, path: path, configuration: configuration).map(\.rule)
  }

  func findings(_ text: String, path: String = "p.json") -> [Diagnostic] { lint(text, path: path) }

  /// The payloads of Apple's "Generating a remote notification": valid, so no error or warning.
  @Test(arguments: [
    #"{"aps": {"alert": {"title": "Game Request", "subtitle": "Five Card Draw", "body": "Bob wants to play poker"}, "category": "GAME_INVITATION"}, "gameID": "12345678"}"#,
    #"{"aps": {"alert": {"loc-key": "GAME_PLAY_REQUEST_FORMAT", "loc-args": ["Shelly", "Rick"]}}}"#,
    #"{"aps": {"content-available": 1}, "acme1": "bar", "acme2": 42}"#,
    #"{"aps": {"sound": {"critical": 1, "name": "your_custom_sound.aiff", "volume": 1.0}}}"#,
    #"{"aps": {"alert": "You got your emails.", "badge": 9, "sound": "bingbong.aiff"}, "acme1": "bar", "acme2": 42}"#,
    #"{"aps": {"alert": "Hi"}}"#,
    #"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#,
    #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5", "apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}}}"#,
  ])
  func applesExamplesAreClean(payload: String) {
    let problems = findings(payload).filter { $0.severity >= .warning }
    #expect(problems.isEmpty, "\(problems.map(TextReporter.line(for:)))")
  }

  /// Each mistake the payload rules name, with its rule and the line of the offending key or value.
  @Test(arguments: [
    ("{\n\"aps\": {\n\"badge\": \"3\"}}", "value-type", 3),
    ("{\n\"aps\": {\n\"content-available\": true}}", "value-type", 3),
    ("{\n\"aps\": {\n\"alert\": 42}}", "value-type", 3),
    ("{\n\"aps\": {\"alert\": {\n\"loc-key\": \"K\", \"loc-args\": \"Bob\"}}}", "value-type", 3),
    ("{\n\"aps\": {\"alert\": {\"loc-key\": \"K\",\n\"loc-args\": [1, 2]}}}", "value-type", 3),
    ("{\"aps\": {\n\"interruption-level\": \"loud\", \"alert\": \"x\"}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"badge\": 1.5}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"badge\": -1}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\", \"sound\": {\"name\": \"a\",\n\"volume\": 2}}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\", \"sound\": {\"name\": \"a\",\n\"critical\": 2}}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"relevance-score\": 5}}", "invalid-value", 2),
    ("{\"aps\": {\n\"content-available\": 2}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"mutable-content\": 2}}", "invalid-value", 2),
    ("{\"aps\": {\"alert\": {\"title\": \"x\",\n\"summary-arg\": \"a\"}}}", "deprecated-key", 2),
    ("{\"aps\": {\"alert\": {\"title\": \"x\",\n\"summary-arg-count\": 2}}}", "deprecated-key", 2),
    ("{\"aps\": {\"alert\": {\"title\": \"x\",\n\"action-loc-key\": \"GO\"}}}", "deprecated-key", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"content_available\": 1}}", "unknown-key", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"contentAvailable\": 1}}", "unknown-key", 2),
    ("{\"aps\": {\"alert\": \"x\",\n\"thread_id\": \"t\"}}", "unknown-key", 2),
    ("{\"aps\": {\"alert\": {\"title\": \"x\",\n\"bodyy\": \"t\"}}}", "unknown-key", 2),
    ("{\"aps\": {\n\"alert\": {\"title\": \"\"}}}", "alert-empty", 2),
    ("{\"aps\": {\"alert\": {\"body\": \"x\",\n\"loc-args\": [\"a\"]}}}", "loc-args-without-key", 2),
    ("{\"aps\": {\"badge\": 1,\n\"mutable-content\": 1}}", "mutable-content-without-alert", 2),
    ("{\"aps\":\n{\"event\": \"update\", \"content-state\": {}}}", "live-activity-incomplete", 2),
    ("{\"aps\": {\"alert\": \"x\", \"sound\": {\n\"critical\": 1}}}", "required-key-missing", 1),
  ])
  func mistakeGivesItsRuleOnItsLine(text: String, rule: String, line: Int) {
    let found = findings(text).filter { $0.rule == rule }
    #expect(!found.isEmpty, "\(text): \(findings(text).map(TextReporter.line(for:)))")
    #expect(found.allSatisfy { $0.span.start.line == line }, "\(text)")
  }

  @Test func suggestionsNameTheHyphenatedKeyAndAreStructuredHelp() throws {
    for (written, meant) in [
      ("content_available", "content-available"), ("contentAvailable", "content-available"),
      ("threadId", "thread-id"), ("thread_id", "thread-id"), ("Category", "category"),
    ] {
      let finding = try #require(
        findings("{\"aps\": {\"alert\": \"x\", \"\(written)\": 1}}").first { $0.rule == "unknown-key" })
      #expect(finding.message.contains("did you mean \"\(meant)\"?"), "\(finding.message)")
      #expect(finding.help == "rename it to \"\(meant)\"")
    }
    let level = try #require(findings("{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"Critical\"}}").first)
    #expect(level.rule == "invalid-value")
    #expect(level.help == "write \"critical\"")
    let typo = try #require(findings("{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"time-senstive\"}}").first)
    #expect(typo.help == "write \"time-sensitive\"")
  }

  @Test func sizeIsTheCompactSerializationNotTheFile() {
    // Pretty-printed with deep indentation: the file is far over 4096 bytes, the compact JSON is not.
    let padding = String(repeating: " ", count: 200)
    var lines = [
      "{", "\(padding)\"aps\": {\"alert\": {\"title\": \"Hi\", \"body\": \"\(String(repeating: "a", count: 3000))\"}},",
    ]
    for index in 0..<20 { lines.append("\(padding)\"k\(index)\": \(index),") }
    lines.append("\(padding)\"end\": true")
    lines.append("}")
    let text = lines.joined(separator: "\n")
    #expect(text.utf8.count > 4096)
    #expect(!rules(text).contains("payload-too-large"))
  }

  @Test func eleventHundredEmojiAreTooLarge() throws {
    let body = String(repeating: "😀", count: 1100)
    let finding = try #require(
      findings("{\"aps\": {\"alert\": {\"body\": \"\(body)\"}}}").first { $0.rule == "payload-too-large" })
    #expect(finding.message.contains("4429 bytes"))
    #expect(finding.message.contains("4096-byte limit"))
    #expect(finding.message.contains("/aps/alert/body (4400 bytes)"))
  }

  func voipEnvelope(size: Int) -> String {
    let head =
      #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": {"aps": {}, "caller": ""#
    let skeleton = #"{"aps":{},"caller":""}"#
    return head + String(repeating: "x", count: size - skeleton.utf8.count) + "\"}}"
  }

  @Test func voipHasItsOwnLimit() {
    #expect(!rules(voipEnvelope(size: 4500)).contains("payload-too-large"))
    #expect(rules(voipEnvelope(size: 5120)).contains("payload-near-limit"))
    #expect(!rules(voipEnvelope(size: 5120)).contains("payload-too-large"))
    #expect(rules(voipEnvelope(size: 5121)).contains("payload-too-large"))
    #expect(rules(voipEnvelope(size: 5200)).contains("payload-too-large"))
  }

  @Test func legacyTargetsLowerTheLimit() {
    let payload = "{\"aps\": {\"alert\": \"\(String(repeating: "a", count: 2100))\"}}"
    #expect(!rules(payload).contains("payload-too-large"))
    #expect(rules(payload, targets: [.ios: OSVersion("8.4")!]).contains("payload-too-large"))
    #expect(!rules(payload, targets: [.ios: OSVersion("9.0")!]).contains("payload-too-large"))
  }

  @Test func yamlPayloadsAreMeasuredAsTheirJSON() {
    let yaml = "aps:\n  alert:\n    body: \"\(String(repeating: "é", count: 2100))\"\n"
    #expect(rules(yaml, path: "p.yaml").contains("payload-too-large"))
  }

  @Test func fcmNotificationSuppliesTheAlert() {
    let message = #"""
      {"message": {"token": "t", "notification": {"title": "Hi", "body": "There"},
        "apns": {"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {"alert": {}}}}}}
      """#
    let found = rules(message)
    #expect(!found.contains("alert-empty"))
    #expect(!found.contains("push-type-mismatch"))
    #expect(!found.contains("fcm-data-only-priority"))
  }

  @Test func fcmNotificationCountsTowardTheSize() {
    let body = String(repeating: "a", count: 4100)
    let message = "{\"message\": {\"token\": \"t\", \"notification\": {\"body\": \"\(body)\"}}}"
    #expect(rules(message).contains("payload-too-large"))
  }

  @Test func liveActivityAlertsKeepTheirShape() {
    let update = #"""
      {"aps": {"timestamp": 1, "event": "update", "content-state": {}, "relevance-score": 100,
        "alert": {"title": {"loc-key": "GOAL", "loc-args": ["A"]}, "body": "x", "sound": "goal.caf"}}}
      """#
    #expect(rules(update).isEmpty)
    let regular = #"{"aps": {"alert": {"title": "x", "sound": "default"}}}"#
    #expect(rules(regular) == ["unknown-key"])
  }

  @Test func headerNamesAreCaseInsensitive() {
    let envelope =
      #"{"headers": {"APNs-Push-Type": "background", "Apns-Priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#
    #expect(rules(envelope) == ["background-priority"])
  }

  @Test func bareEnvelopeInferenceFollowsRulesMd() {
    func pushType(_ text: String) -> String? {
      let bytes = Array(text.utf8)
      let document = Document(path: "p.json", format: .json, kind: .payload, root: JSONReader.read(bytes).root)
      return PushAnalysis.analyze(document, schema: .standard, configuredHeaders: [])?.pushType
    }
    #expect(pushType(#"{"aps": {"content-available": 1}}"#) == "background")
    #expect(pushType(#"{"aps": {"content-available": 1, "badge": 1}}"#) == "alert")
    #expect(pushType(#"{"aps": {"alert": "x"}}"#) == "alert")
    #expect(pushType(#"{"aps": {"event": "end", "timestamp": 1}}"#) == "liveactivity")
  }

  @Test func configuredHeadersApplyToBarePayloadsByGlob() {
    var configuration = Configuration(directory: "/project")
    configuration.headers = [
      HeaderDefaults(
        files: [Glob("push/voip/**")], headers: [("apns-push-type", "voip"), ("apns-topic", "com.example.app")])
    ]
    let linter = Linter(configuration: configuration, jobs: 1)
    let voip = linter.lint(bytes: Array(#"{"aps": {}, "caller": "Anna"}"#.utf8), path: "push/voip/call.json")
      .diagnostics
    #expect(voip.map(\.rule) == ["topic-suffix"])
    let other = linter.lint(bytes: Array(#"{"aps": {"alert": "x"}}"#.utf8), path: "push/other.json").diagnostics
    #expect(other.isEmpty, "a bare payload with no configured headers gets no header diagnostics")
  }

  @Test func changingARangeInRulesChangesTheVerdictWithoutSwift() throws {
    let payload = Array(#"{"aps": {"alert": "x", "sound": {"name": "a.caf", "volume": 1.5}}}"#.utf8)
    let standard = Linter(configuration: Configuration(directory: "/p"), jobs: 1)
    #expect(standard.lint(bytes: payload, path: "p.json").diagnostics.map(\.rule) == ["invalid-value"])
    let text = try #require(RuleCatalog.standard.files["schema.yaml"])
    let edited = text.replacingOccurrences(
      of: "volume: {type: number, minimum: 0, maximum: 1,", with: "volume: {type: number, minimum: 0, maximum: 2,")
    #expect(edited != text)
    let relaxed = Linter(configuration: Configuration(directory: "/p"), schema: try PushSchema(yaml: edited), jobs: 1)
    #expect(relaxed.lint(bytes: payload, path: "p.json").diagnostics.isEmpty)
  }

  @Test func aNewKeyIsADataChange() throws {
    let text = try #require(RuleCatalog.standard.files["schema.yaml"])
    let edited = text.replacingOccurrences(
      of: "      category: {type: string}\n",
      with: "      category: {type: string}\n      glow-color: {type: string, since: {ios: \"27.0\"}}\n")
    let payload = Array(#"{"aps": {"alert": "x", "glow-color": "red"}}"#.utf8)
    #expect(lint(bytes: payload, path: "p.json").map(\.rule) == ["unknown-key"])
    var configuration = Configuration(directory: "/p")
    configuration.targets = [.ios: OSVersion("26.0")!]
    let linter = Linter(configuration: configuration, schema: try PushSchema(yaml: edited), jobs: 1)
    #expect(linter.lint(bytes: payload, path: "p.json").diagnostics.map(\.rule) == ["unavailable-key"])
  }

  @Test func envelopeMetadataIsNotReported() {
    let envelope =
      #"{"input": {"message": "test"}, "rate_limit": true, "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "x"}}}"#
    #expect(rules(envelope).isEmpty)
  }

  @Test func realWorldMistakesGetACarefulReadersVerdict() throws {
    let mutable = try #require(findings(#"{"aps": {"alert": "x", "mutable-content": true}}"#).first)
    #expect(mutable.rule == "value-type")
    #expect(mutable.severity == .info, "servers send true and service extensions run")
    #expect(mutable.help == "write 1")
    #expect(findings(#"{"aps": {"alert": "x", "mutable-content": 0, "content-available": 0}}"#).isEmpty, "0 is off")
    let camel = try #require(findings(#"{"aps": {"alert": "x", "mutableContent": 1}}"#).first)
    #expect(camel.rule == "unknown-key")
    #expect(camel.message.contains("did you mean \"mutable-content\"?"))
    let sound = try #require(findings(#"{"aps": {"alert": {"title": "x", "sound": "default"}}}"#).first)
    #expect(sound.rule == "unknown-key")
    #expect(sound.help == "move it to aps")
  }

  @Test func mdmPayloadsHaveNoAps() {
    let mdm =
      #"{"headers": {"apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.x"}, "payload": {"mdm": "magic"}}"#
    #expect(rules(mdm).isEmpty)
  }

  /// The schema finds keys through its own hash table: each name at its
  /// position, the first of a repeated name, nothing for near misses, and
  /// the same with far more names than slots would hold without growing.
  @Test func schemaNameTableFindsEachNameAndOnlyThose() {
    let names = ["alert", "badge", "sound", "thread-id", "content-available", "alert", "", "é-clé"]
    let table = NameTable(names)
    #expect(table.position(of: "alert") == 0)
    #expect(table.position(of: "badge") == 1)
    #expect(table.position(of: "content-available") == 4)
    #expect(table.position(of: "") == 6)
    #expect(table.position(of: "é-clé") == 7)
    for missing in ["Alert", "alerts", "aler", "content-availablе", "threadid", "x"] {
      #expect(table.position(of: missing) == nil, "\(missing)")
    }
    let many = (0..<500).map { "key-\($0)" }
    let large = NameTable(many)
    #expect(many.indices.allSatisfy { large.position(of: many[$0]) == $0 })
    #expect(large.position(of: "key-500") == nil)
  }

  /// The aps schema looks its keys up through the table: case-sensitive keys
  /// as written, unknown ones not at all.
  @Test func apsSchemaLooksUpItsKeys() throws {
    let aps = PushSchema.standard.schema("aps")
    #expect(aps.spec(for: "content-available")?.name == "content-available")
    #expect(aps.spec(for: "Content-Available") == nil)
    #expect(aps.spec(for: "interruption-level")?.name == "interruption-level")
  }

  /// Found by the template fuzz target: a timestamp too large for an Int
  /// trapped while its help was written.
  @Test func anEnormousTimestampIsReportedWithoutTrapping() throws {
    let text =
      #"{"aps": {"event": "end", "content-state": {}, "timestamp": 18888888888888888888888888888888888888888886720800}}"#
    let found = try #require(findings(text).first { $0.rule == "invalid-value" })
    #expect(found.message.contains("reads as milliseconds"))
    #expect(found.help == "write seconds since 1970, such as 1767225600")
    let ordinary = try #require(
      findings(#"{"aps": {"event": "end", "content-state": {}, "timestamp": 1746475860808}}"#).first)
    #expect(ordinary.help == "divide it by 1000: 1746475860")
  }

}
