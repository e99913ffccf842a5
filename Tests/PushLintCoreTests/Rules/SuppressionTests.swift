import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// Silencing a finding where it stands (comments) or by file (per-file-ignores).
@Suite struct SuppressionTests {
  func lintProject(_ files: [(String, String)], configuration: String? = nil) throws -> [String] {
    var settings = Configuration(directory: "/nonexistent-project")
    if let configuration {
      settings = try Configuration.parse(
        Array(configuration.utf8), file: ".pushlint.yml", directory: "/nonexistent-project")
      settings.file = "/nonexistent-project/.pushlint.yml"
    }
    var linter = Linter(configuration: settings, jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    return linter.lint(project: files.map { ($0.0, Array($0.1.utf8)) }).map {
      "\($0.path):\($0.span.start.line) \($0.rule)"
    }
  }

  @Test func aCommentSilencesTheNamedRuleOnTheNextLineOnly() throws {
    let yaml = """
      aps:
        alert: Hi
        # pushlint: disable-next-line value-type -- legacy client
        badge: "3"
        thread-id: 7
      """
    #expect(try lintProject([("push/a.yaml", yaml)]) == ["push/a.yaml:5 value-type"])
  }

  @Test func aCommentForARuleThatDoesNotFireIsAnUnusedSuppression() throws {
    let yaml = "aps:\n  alert: Hi\n  # pushlint: disable-next-line unknown-key -- legacy client\n  badge: \"3\"\n"
    #expect(
      try lintProject([("push/a.yaml", yaml)]) == ["push/a.yaml:3 unused-suppression", "push/a.yaml:4 value-type"])
  }

  @Test func disableLineAndDisableFile() throws {
    let line = "aps:\n  alert: Hi\n  badge: \"3\"  # pushlint: disable-line value-type\n"
    #expect(try lintProject([("push/a.yaml", line)]).isEmpty)
    let file = "# pushlint: disable-file\naps:\n  alert: Hi\n  badge: \"3\"\n  thread-id: 7\n"
    #expect(try lintProject([("push/a.yaml", file)]).isEmpty)
  }

  @Test func aHashInsideAValueIsNoComment() throws {
    let yaml = "aps:\n  alert: \"Use #pushlint: disable-line value-type\"\n  badge: \"3\"\n"
    #expect(try lintProject([("push/a.yaml", yaml)]) == ["push/a.yaml:3 value-type"])
  }

  @Test func plistAndSwiftComments() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>aps-environment</key>
        <!-- pushlint: disable-next-line invalid-value -- Xcode rewrites it on export -->
        <string>Production</string>
      </dict>
      </plist>
      """
    #expect(try lintProject([("App/App.entitlements", plist)]).isEmpty)
    let swift = """
      import UserNotifications
      let a = UNNotificationCategory(identifier: "CHAT", actions: [], intentIdentifiers: [])
      // pushlint: disable-next-line duplicate-identifier -- registered for two app versions
      let b = UNNotificationCategory(identifier: "CHAT", actions: [], intentIdentifiers: [], options: [.customDismissAction])
      """
    let unsilenced = swift.replacingOccurrences(of: "// pushlint: disable-next-line", with: "// ")
    #expect(try lintProject([("App/Categories.swift", unsilenced)]) == ["App/Categories.swift:4 duplicate-identifier"])
    #expect(try lintProject([("App/Categories.swift", swift)]).isEmpty)
  }

  /// A directive's text ends where the next directive's comment opens: the
  /// first of two on a line names only its own rule, and each is placed at
  /// its own comment's column, after characters of more than one byte.
  @Test func twoDirectivesOnALineEachHaveTheirOwnRules() {
    let line = Array("é: 'a # x' # pushlint: disable-line value-type # pushlint: disable-line unknown-key\n".utf8)
    let yaml = SuppressionComments.scan(line, format: .yaml)
    #expect(yaml.map(\.rules) == [["value-type"], ["unknown-key"]])
    #expect(yaml.map(\.span.start.column) == [12, 48])
    let plist = Array(
      "<!-- pushlint: disable-line a --><!-- pushlint: disable-line b -- why --> <key>x</key>\n".utf8)
    let comments = SuppressionComments.scan(plist, format: .plist)
    #expect(comments.map(\.rules) == [["a"], ["b"]])
    #expect(comments.map(\.reason) == [nil, "why"])
    // A marker in a quoted value opens nothing, and the directive before it
    // reads on past it.
    let quoted = Array("a: 1 # pushlint: disable-line value-type -- see \" #pushlint: x\"\n".utf8)
    #expect(SuppressionComments.scan(quoted, format: .yaml).map(\.reason) == ["see \" #pushlint: x\""])
  }

  @Test func perFileIgnoresSilenceJSONFilesByGlobAndPointer() throws {
    let payload = "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"3\", \"threadId\": \"x\"}}"
    let files = [("push/legacy/a.json", payload), ("push/b.json", payload)]
    #expect(
      try lintProject(files, configuration: "per-file-ignores:\n  \"push/legacy/*.json\": [value-type, unknown-key]\n")
        .sorted() == ["push/b.json:1 unknown-key", "push/b.json:1 value-type"])
    #expect(
      try lintProject(
        files, configuration: "per-file-ignores:\n  \"push/*.json\": {rules: [value-type], pointer: /aps/badge}\n"
      )
      .sorted() == [
        "push/b.json:1 unknown-key", "push/legacy/a.json:1 unknown-key", "push/legacy/a.json:1 value-type",
      ])
    #expect(throws: ConfigurationError.self) {
      try Configuration.parse(Array("per-file-ignores:\n  \"a.json\": [value-typo]\n".utf8), file: "c", directory: "/")
    }
  }

  @Test func theConfigurationsOwnCommentsSilenceItsFindings() throws {
    let payload = "{\"aps\": {\"alert\": \"Hi\"}}"
    let configuration = """
      overrides:
        # pushlint: disable-next-line unused-override -- kept for the spring campaign
        - files: push/a.json
          rules: {deprecated-key: off}
      """
    #expect(try lintProject([("push/a.json", payload)], configuration: configuration).isEmpty)
    let unsilenced = configuration.replacingOccurrences(of: "# pushlint: disable-next-line", with: "#")
    #expect(
      try lintProject([("push/a.json", payload)], configuration: unsilenced) == [
        "/nonexistent-project/.pushlint.yml:3 unused-override"
      ])
  }
}
