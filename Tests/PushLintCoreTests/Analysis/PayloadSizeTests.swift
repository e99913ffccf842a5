import Testing

@testable import PushLintCore

/// The size a payload is measured at (compact JSON, as APNs counts it) and
/// the limit it is held to, by push type and target: the boundaries, which
/// need payloads too long for a rule document's examples.
@Suite struct PayloadSizeTests {
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
    #expect(!ruleNames(text).contains("payload-too-large"))
  }

  @Test func eleventHundredEmojiAreTooLarge() throws {
    let body = String(repeating: "😀", count: 1100)
    let finding = try #require(
      lint("{\"aps\": {\"alert\": {\"body\": \"\(body)\"}}}").first { $0.rule == "payload-too-large" })
    #expect(finding.message.contains("4429 bytes"))
    #expect(finding.message.contains("4096-byte limit"))
    #expect(finding.message.contains("/aps/alert/body (4400 bytes)"))
  }

  /// Text sent with every character past ASCII escaped (`\u00e9`, six
  /// bytes) is measured as APNs counts it, two bytes a character, in a file
  /// and in each line of JSON Lines alike.
  @Test func escapedTextIsMeasuredUnescaped() throws {
    // 29 bytes around the body: 2,033 characters make 4,095 bytes, 2,034 make 4,097.
    func payload(_ characters: Int) -> String {
      #"{"aps":{"alert":{"body":""# + String(repeating: #"\u00e9"#, count: characters) + #""}}}"#
    }
    #expect(!ruleNames(payload(2033)).contains("payload-too-large"))
    #expect(!ruleNames(payload(2033) + "\n" + payload(2033), path: "p.jsonl").contains("payload-too-large"))
    let inFile = try #require(lint(payload(2034)).first { $0.rule == "payload-too-large" })
    #expect(inFile.message.contains("4097 bytes"))
    let inLines = lint(payload(2034) + "\n" + payload(2034) + "\n", path: "p.jsonl")
      .filter { $0.rule == "payload-too-large" }
    #expect(inLines.map(\.span.start.line) == [1, 2])
    #expect(inLines.allSatisfy { $0.message == inFile.message })
  }

  func voipEnvelope(size: Int) -> String {
    let head =
      #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": {"aps": {}, "caller": ""#
    let skeleton = #"{"aps":{},"caller":""}"#
    return head + String(repeating: "x", count: size - skeleton.utf8.count) + "\"}}"
  }

  @Test func voipHasItsOwnLimit() {
    #expect(!ruleNames(voipEnvelope(size: 4500)).contains("payload-too-large"))
    #expect(ruleNames(voipEnvelope(size: 5120)).contains("payload-near-limit"))
    #expect(!ruleNames(voipEnvelope(size: 5120)).contains("payload-too-large"))
    #expect(ruleNames(voipEnvelope(size: 5121)).contains("payload-too-large"))
    #expect(ruleNames(voipEnvelope(size: 5200)).contains("payload-too-large"))
  }

  @Test func legacyTargetsLowerTheLimit() {
    let payload = "{\"aps\": {\"alert\": \"\(String(repeating: "a", count: 2100))\"}}"
    #expect(!ruleNames(payload).contains("payload-too-large"))
    #expect(ruleNames(payload, targets: [.ios: OSVersion("8.4")!]).contains("payload-too-large"))
    #expect(!ruleNames(payload, targets: [.ios: OSVersion("9.0")!]).contains("payload-too-large"))
    // The lowest legacy limit a target falls under caps every push type;
    // a target of another platform caps none.
    let schema = PushSchema.standard
    let ios7 = schema.payloadLimits(under: [.ios: OSVersion("7.1")!, .watchos: OSVersion("2.0")!])
    #expect(ios7.limit(for: "alert") == 256 && ios7.limit(for: "voip") == 256)
    let ios8 = schema.payloadLimits(under: [.ios: OSVersion("8.4")!])
    #expect(ios8.limit(for: "alert") == 2048 && ios8.limit(for: "voip") == 2048)
    let watch = schema.payloadLimits(under: [.watchos: OSVersion("2.0")!])
    #expect(watch.limit(for: "alert") == 4096 && watch.limit(for: "voip") == 5120)
  }

  @Test func yamlPayloadsAreMeasuredAsTheirJSON() {
    let yaml = "aps:\n  alert:\n    body: \"\(String(repeating: "é", count: 2100))\"\n"
    #expect(ruleNames(yaml, path: "p.yaml").contains("payload-too-large"))
  }

  @Test func fcmNotificationCountsTowardTheSize() {
    let body = String(repeating: "a", count: 4100)
    let message = "{\"message\": {\"token\": \"t\", \"notification\": {\"body\": \"\(body)\"}}}"
    #expect(ruleNames(message).contains("payload-too-large"))
  }
}
