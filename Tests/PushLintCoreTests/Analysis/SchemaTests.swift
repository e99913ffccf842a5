import Testing

@testable import PushLintCore

/// The schema as data (`rules/schema.yaml`): what it accepts, how a change to
/// it changes verdicts, and the push view it and the rules start from.
@Suite struct SchemaTests {
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
    let problems = lint(payload).filter { $0.severity >= .warning }
    #expect(problems.isEmpty, "\(problems.map(TextReporter.line(for:)))")
  }

  /// A document of more schema problems than it holds is validated again
  /// by each generic rule for its own: each rule hands on the very findings
  /// it words from held ones, and the first validation holds none.
  @Test func aDocumentOfTooManyProblemsGivesEachRuleTheSameFindings() throws {
    let wrong = (0..<5000).map { $0 % 2 == 0 ? String($0) : "\"x\($0)\"" }.joined(separator: ", ")
    let unknown = (0..<2000).map { "\"titel\($0 % 3 == 0 ? "" : String($0))\": 1" }.joined(separator: ", ")
    let text =
      "{\"aps\": {\"alert\": {\"loc-key\": \"K\", \"loc-args\": [\(wrong)], \"action-loc-key\": \"V\", \(unknown)},"
      + " \"badge\": -1, \"thread-id\": \"t\","
      + " \"url-args\": [1], \"interruption-level\": \"loud\", \"relevance-score\": 2}}"
    var document = Document(
      path: "p.json", format: .json, kind: .payload, root: JSONReader.read(Array(text.utf8)).root)
    let push = PushAnalysis.analyze(document, schema: .standard, configuredHeaders: [])
    document.push = push
    let context = RuleContext(targets: [.ios: try #require(OSVersion("9.0"))])
    let all = SchemaValidator.validate(document, push: push, schema: .standard, targets: context.targets)
    let held = SchemaValidator.validate(
      document, push: push, schema: .standard, targets: context.targets, limit: Linter.heldSchemaFindings)
    #expect(all.rules.isEmpty && all.findings.count > Linter.heldSchemaFindings)
    let rulesFound = Set(all.findings.map(\.problem.rule))
    #expect(!held.rules.isEmpty && held.findings.isEmpty && held.rules == rulesFound && rulesFound.count == 5)
    func words(_ findings: [Finding]) -> [String] {
      findings.map {
        "\($0.rule) \($0.span.start.line):\($0.span.start.column) \($0.pointer) \($0.message) \($0.help ?? "")"
          + " \($0.severity.map { "\($0)" } ?? "-") \($0.makeFix()?.title ?? "")"
      }
    }
    var ruleCount = 0
    for ruleType in RuleID.allCases.map(\.ruleType) {
      guard ruleType is any SchemaRule.Type else { continue }
      ruleCount += 1
      var holding = document
      holding.schemaFindings = all.findings
      var validatingAgain = document
      validatingAgain.rulesValidatingAgain = held.rules
      let fromHeld = words(ruleType.check(holding, context: context))
      #expect(fromHeld == words(ruleType.check(validatingAgain, context: context)), "\(ruleType.id)")
      #expect(!fromHeld.isEmpty || ruleType.id == .requiredKeyMissing, "\(ruleType.id)")
    }
    #expect(ruleCount == 6)
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

  /// A schema built again, as each worker checking JSON Lines takes one,
  /// shares no object or string storage with the first, and judges as it
  /// does: an edited schema's edit included, in every batch of a file of
  /// many checked on two cores.
  @Test func aRebuiltSchemaSharesNothingAndJudgesTheSame() throws {
    let text = try #require(RuleCatalog.standard.files["schema.yaml"])
    let edited = text.replacingOccurrences(
      of: "      category: {type: string}\n",
      with:
        "      category: {type: string}\n      glow-color-of-the-notification: {type: string, since: {ios: \"27.0\"}}\n"
    )
    func storage(_ string: String) -> UnsafePointer<UInt8>? {
      var string = string
      return string.withUTF8 { $0.baseAddress }
    }
    for schema in [PushSchema.standard, try PushSchema(yaml: edited)] {
      let copy = schema.rebuilt()
      #expect(copy !== schema)
      #expect(copy.schemas.keys.sorted() == schema.schemas.keys.sorted())
      for (name, dictionary) in schema.schemas {
        let other = copy.schema(name)
        #expect(other !== dictionary)
        #expect(other.keys.map(\.name) == dictionary.keys.map(\.name))
        for (one, two) in zip(dictionary.keys, other.keys) {
          #expect(one.spec !== two.spec)
          // Names past 15 bytes are stored apart from the string itself.
          if one.name.utf8.count > 15 { #expect(storage(one.name) != storage(two.name), "\(one.name)") }
        }
      }
      let names = (0..<schema.keyNames.count).map(schema.keyNames.name(at:))
      #expect((0..<copy.keyNames.count).map(copy.keyNames.name(at:)) == names)
    }
    let line = #"{"aps": {"alert": "x", "glow-color-of-the-notification": "red"}}"#
    let scratch = ScratchDirectory()
    scratch.write("many.jsonl", Array(repeating: line, count: 400).joined(separator: "\n") + "\n")
    var configuration = Configuration(directory: scratch.path)
    configuration.targets = [.ios: OSVersion("26.0")!]
    var linter = Linter(configuration: configuration, schema: try PushSchema(yaml: edited), jobs: 2)
    linter.jsonLinesReadSize = 4096
    let report = linter.lint(paths: ["many.jsonl"], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.rule) == Array(repeating: "unavailable-key", count: 400))
    #expect(report.diagnostics.map(\.span.start.line) == Array(1...400))
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
    // Kept once each, a repeated name takes no position.
    let distinct = NameTable(distinct: names)
    #expect(
      (0..<distinct.count).map(distinct.name(at:)) == [
        "alert", "badge", "sound", "thread-id", "content-available", "", "é-clé",
      ])
    #expect(distinct.position(of: "é-clé") == 6 && distinct.position(of: "alert") == 0)
    // By bytes, as a reader asks, the same answer as by text.
    // Every length up to 16 bytes is compared its own way: names of each,
    // and misses that differ from one in a single byte at its start,
    // middle or end.
    let more = ["aps", "id", "b", "mutable-content", "interruption-level", "a-key-longer-than-sixteen-bytes"]
    let misses = [
      "apz", "azs", "zps", "ie", "jd", "c", "mutable-contenT", "mutable_content", "Mutable-content",
      "interruption_level", "a-key-longer-than-sixteen-byteZ", "Alert", "alerts", "aler", "threadid", "thread_id",
      "x", "é-cle", "content-availablE",
    ]
    let byText = NameTable(names + more)
    let byTextOnce = NameTable(distinct: names + more)
    for text in names + more + misses {
      let byBytes = Array(text.utf8).withUnsafeBufferPointer { byText.position(of: $0) }
      #expect(byBytes == byText.position(of: text), "\(text)")
      let byBytesOnce = Array(text.utf8).withUnsafeBufferPointer { byTextOnce.position(of: $0) }
      #expect(byBytesOnce == byTextOnce.position(of: text), "\(text)")
    }
    #expect(byText.position(of: UnsafeBufferPointer<UInt8>(start: nil, count: 0)) == 6)
    #expect(byTextOnce.position(of: UnsafeBufferPointer<UInt8>(start: nil, count: 0)) == 5)
    #expect(NameTable([]).position(of: UnsafeBufferPointer<UInt8>(start: nil, count: 0)) == nil)
  }

  /// A dictionary finds a member's spec by where the reader found its key
  /// among the schema's key names, and gives what it gives for the key's
  /// text whatever that position says: right, -1, another name's, past the
  /// table (a key changed after reading, or read with another schema).
  @Test func aKeysPositionAmongTheSchemasNamesFindsWhatItsTextFinds() {
    let schema = PushSchema.standard
    let names = (0..<schema.keyNames.count).map { schema.keyNames.name(at: $0) }
    #expect(names.count > 50)
    #expect(names.contains("content-available") && names.contains("aps") && names.contains("loc-args"))
    let texts =
      names + ["", "Alert", "acme1", "content-availabl", "Content-Available", "apns-priority", "APNS-PRIORITY"]
    var mismatches: [String] = []
    for dictionary in schema.schemas.values.sorted(by: { $0.name < $1.name }) {
      for text in texts {
        let expected = dictionary.spec(for: text)
        let right = Int32(schema.keyNames.position(of: text) ?? -1)
        for position in Set([
          right, -1, 0, Int32(names.count - 1), Int32(names.count), (right + 7) % Int32(names.count),
        ]) {
          let found = dictionary.spec(for: text, schemaKey: position)
          if found?.name != expected?.name || found?.spec !== expected?.spec {
            mismatches.append("\(dictionary.name) \(text) at \(position)")
          }
        }
      }
    }
    // Whether a key is a Live Activity key, the same way.
    for text in texts {
      let right = Int32(schema.keyNames.position(of: text) ?? -1)
      for position in Set([right, -1, 0, Int32(names.count), (right + 7) % Int32(names.count)])
      where schema.isLiveActivityKey(text, schemaKey: position) != schema.isLiveActivityKey(text) {
        mismatches.append("live activity \(text) at \(position)")
      }
    }
    #expect(
      schema.isLiveActivityKey("content-state", schemaKey: Int32(schema.keyNames.position(of: "content-state") ?? -1)))
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// The JSON reader gives a key the schema knows as the schema's own
  /// string with its position, and any other key (an escaped spelling of
  /// a known one included) as its text, at no position.
  @Test func theReaderFindsKeysTheSchemaKnowsByTheirBytes() throws {
    let keyNames = PushSchema.standard.keyNames
    let text = #"{"aps": {"content-available": 1, "alert": {"title": "Hi"}, "\u0062adge": 2}, "acme1": {"sound": 1}}"#
    let result = JSONReader.read(Array(text.utf8), keyNames: keyNames)
    let root = try #require(result.root)
    let aps = try #require(root.members?.first)
    #expect(aps.key == "aps" && aps.schemaKey == Int32(keyNames.position(of: "aps") ?? -2))
    let apsMembers = try #require(aps.value.members)
    #expect(apsMembers.map(\.key) == ["content-available", "alert", "badge"])
    #expect(apsMembers[0].schemaKey == Int32(keyNames.position(of: "content-available") ?? -2))
    #expect(apsMembers[1].schemaKey == Int32(keyNames.position(of: "alert") ?? -2))
    #expect(apsMembers[2].schemaKey == -1)
    #expect(apsMembers[1].value.members?.first?.schemaKey == Int32(keyNames.position(of: "title") ?? -2))
    #expect(root.members?.last?.key == "acme1" && root.members?.last?.schemaKey == -1)
    // Without the table, no key has a position; the tree is otherwise the same.
    let plain = try #require(JSONReader.read(Array(text.utf8)).root)
    #expect(plain.members?.first?.schemaKey == -1)
    #expect(plain.members?.first?.value.members?.map(\.key) == apsMembers.map(\.key))
  }

  /// The aps schema looks its keys up through the table: case-sensitive keys
  /// as written, unknown ones not at all.
  @Test func apsSchemaLooksUpItsKeys() throws {
    let aps = PushSchema.standard.schema("aps")
    #expect(aps.spec(for: "content-available")?.name == "content-available")
    #expect(aps.spec(for: "Content-Available") == nil)
    #expect(aps.spec(for: "interruption-level")?.name == "interruption-level")
  }

  /// The catalog's YAML files are read at every start as the JSON the build
  /// turned them into: the JSON must read as the YAML does, value for value.
  @Test(arguments: ["schema.yaml", "configuration.yaml"])
  func theCatalogsJSONReadsAsItsYAML(name: String) throws {
    let yaml = try #require(RuleCatalog.embeddedText(of: name))
    let documents = YAMLReader.read(Array(yaml.utf8))
    try #require(documents.count == 1)
    #expect(documents[0].result.findings.isEmpty)
    let fromYAML = try #require(documents[0].result.root)
    let fromJSON = try #require(RuleCatalog.embeddedTree(of: name))
    var differences: [String] = []
    var scalars = 0
    Self.compare(fromYAML, fromJSON, at: "", into: &differences, counting: &scalars)
    #expect(differences.isEmpty, "\(differences.prefix(10))")
    // Not trees the same only for being nearly empty.
    #expect(scalars > 100)
  }

  private static func compare(
    _ yaml: Node, _ json: Node, at path: String, into differences: inout [String], counting scalars: inout Int
  ) {
    switch (yaml.value, json.value) {
    case (.object(let yamlMembers), .object(let jsonMembers)):
      guard yamlMembers.map(\.key) == jsonMembers.map(\.key) else {
        differences.append("\(path): keys \(yamlMembers.map(\.key)) against \(jsonMembers.map(\.key))")
        return
      }
      for (one, other) in zip(yamlMembers, jsonMembers) {
        compare(one.value, other.value, at: path + "/" + one.key, into: &differences, counting: &scalars)
      }
    case (.array(let yamlElements), .array(let jsonElements)):
      guard yamlElements.count == jsonElements.count else {
        differences.append("\(path): \(yamlElements.count) elements against \(jsonElements.count)")
        return
      }
      for (index, (one, other)) in zip(yamlElements, jsonElements).enumerated() {
        compare(one, other, at: path + "/\(index)", into: &differences, counting: &scalars)
      }
    case (.string(let one), .string(let other)) where one == other: scalars += 1
    case (.bool(let one), .bool(let other)) where one == other: scalars += 1
    case (.null, .null): scalars += 1
    case (.number(let one), .number(let other))
    where one.literal == other.literal && one.isWhole == other.isWhole && one.doubleValue == other.doubleValue:
      scalars += 1
    default:
      differences.append("\(path): \(yaml.value) against \(json.value)")
    }
  }
}
