import Testing

@testable import PushLintCore

/// The help a finding carries (what to write instead), which the rule
/// documents' `output` blocks do not show.
@Suite struct FindingHelpTests {
  @Test func suggestionsNameTheHyphenatedKeyAndAreStructuredHelp() throws {
    for (written, meant) in [
      ("content_available", "content-available"), ("contentAvailable", "content-available"),
      ("threadId", "thread-id"), ("thread_id", "thread-id"), ("Category", "category"),
    ] {
      let finding = try #require(
        lint("{\"aps\": {\"alert\": \"x\", \"\(written)\": 1}}").first { $0.rule == "unknown-key" })
      #expect(finding.message.contains("did you mean \"\(meant)\"?"), "\(finding.message)")
      #expect(finding.help == "rename it to \"\(meant)\"")
    }
    let level = try #require(lint("{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"Critical\"}}").first)
    #expect(level.rule == "invalid-value")
    #expect(level.help == "write \"critical\"")
    let typo = try #require(lint("{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"time-senstive\"}}").first)
    #expect(typo.help == "write \"time-sensitive\"")
  }

  @Test func realWorldMistakesGetACarefulReadersVerdict() throws {
    let mutable = try #require(lint(#"{"aps": {"alert": "x", "mutable-content": true}}"#).first)
    #expect(mutable.rule == "value-type")
    #expect(mutable.severity == .info, "servers send true and service extensions run")
    #expect(mutable.help == "write 1")
    #expect(lint(#"{"aps": {"alert": "x", "mutable-content": 0, "content-available": 0}}"#).isEmpty, "0 is off")
    let camel = try #require(lint(#"{"aps": {"alert": "x", "mutableContent": 1}}"#).first)
    #expect(camel.rule == "unknown-key")
    #expect(camel.message.contains("did you mean \"mutable-content\"?"))
    let sound = try #require(lint(#"{"aps": {"alert": {"title": "x", "sound": "default"}}}"#).first)
    #expect(sound.rule == "unknown-key")
    #expect(sound.help == "move it to aps")
  }

  /// Found by the template fuzz target: a timestamp too large for an Int
  /// trapped while its help was written.
  @Test func anEnormousTimestampIsReportedWithoutTrapping() throws {
    let text =
      #"{"aps": {"event": "end", "content-state": {}, "timestamp": 18888888888888888888888888888888888888888886720800}}"#
    let found = try #require(lint(text).first { $0.rule == "invalid-value" })
    #expect(found.message.contains("reads as milliseconds"))
    #expect(found.help == "write seconds since 1970, such as 1767225600")
    let ordinary = try #require(
      lint(#"{"aps": {"event": "end", "content-state": {}, "timestamp": 1746475860808}}"#).first)
    #expect(ordinary.help == "divide it by 1000: 1746475860")
  }
}
