import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite struct TemplateTests {
  func configuration(_ yaml: String) throws -> Configuration {
    try Configuration.parse(Array(yaml.utf8), file: ".pushlint.yml", directory: "/nonexistent-project")
  }

  func rules(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.rule) \($0.span.start.line):\($0.span.start.column)" }
  }

  @Test func placeholdersWhereValuesGoAreReadAsAnyValue() throws {
    let config = try configuration("templates:\n  default: 10\n")
    let json = "{\"aps\": {\"alert\": {{alert}}, \"badge\": {{ count }}, \"sound\": 5}, \"id\": {{id}}}"
    #expect(rules(lint(json, configuration: config)) == ["value-type 1:61"], "only the real mistake, at its column")
    let yaml = "aps:\n  alert:\n    title: {{sender}} says hi\n    body: \"{{body}}\"\n  badge: {{count}}\n  sound: 5\n"
    #expect(rules(lint(yaml, path: "t.yaml", configuration: config)) == ["value-type 6:10"])
  }

  @Test func stringsHoldingAPlaceholderAreNotJudgedByValue() throws {
    let config = try configuration("templates:\n  default: 10\n")
    let diagnostics = lint(
      """
      {"aps": {"alert": "Hi", "interruption-level": "{{level}}", "category": "{{category}}",
       "relevance-score": {{score}}, "sound": "{{sound}}.caf"}}
      """, configuration: config)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(TextReporter.line(for:)))")
    let stillWrong = lint(
      "{\"aps\": {\"alert\": \"{{a}}\", \"interruption-level\": \"urgent\"}}", configuration: config)
    #expect(rules(stillWrong) == ["invalid-value 1:50"])
  }

  /// The worst case must be the size of the largest real fill: every
  /// character a control character, which JSON escapes to six bytes.
  @Test func theWorstCaseIsTheSizeOfTheLargestFill() throws {
    let config = try configuration(
      "templates:\n  placeholders:\n    sender: {max-characters: 40}\n    body: {max-bytes: 700}\n")
    let template = "{\"aps\": {\"alert\": {\"title\": \"From {{sender}}\", \"body\": \"{{body}}\"}}}"
    let reported = lint(template, configuration: config)
    #expect(reported.map(\.rule) == ["template-too-large"])
    let filled = template.replacingPlaceholder("{{sender}}", with: String(repeating: "\\u0001", count: 40))
      .replacingPlaceholder("{{body}}", with: String(repeating: "\\u0001", count: 700))
    let actual = lint(filled).first { $0.rule == "payload-too-large" }
    let actualSize = try #require(actual?.message.split(separator: " ").dropFirst(2).first)
    #expect(
      reported.first?.message.hasPrefix("worst-case payload is \(actualSize) bytes, over the 4096-byte limit") == true,
      "\(reported.first?.message ?? "") vs \(actual?.message ?? "")")
    #expect(reported.first?.message.contains("body 4200 bytes (700 bytes), sender 240 bytes (40 characters)") == true)
  }

  /// The example app's template, pushed past 4096 bytes by its
  /// declared maximums is reported with its worst-case size; the same
  /// template filled with shorter values fits, and is not what is reported.
  @Test func theExampleAppsTemplateIsJudgedAtItsMaximums() throws {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    let broken = linter.lint(paths: ["samples/ExampleApp-broken/push/templates"], currentDirectory: repositoryRoot)
    let finding = try #require(broken.diagnostics.first { $0.rule == "template-too-large" })
    #expect(finding.severity == .error)
    #expect(finding.message.hasPrefix("worst-case payload is 5025 bytes, over the 4096-byte limit for alert pushes"))
    #expect(finding.message.contains("the largest fills: preview 4200 bytes (700 characters)"))
    let clean = linter.lint(paths: ["samples/ExampleApp/push/templates"], currentDirectory: repositoryRoot)
    #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics.map(TextReporter.line(for:)))")

    guard
      case .success(let bytes) = FileSystem.readFile(
        repositoryRoot + "/samples/ExampleApp-broken/push/templates/chat-preview.json")
    else {
      Issue.record("the sample template is missing")
      return
    }
    let shortFill = String(decoding: bytes, as: UTF8.self)
      .replacingPlaceholder("{{sender}}", with: "Anna")
      .replacingPlaceholder("{{preview}}", with: "See you at three?")
      .replacingPlaceholder("{{unread}}", with: "2")
      .replacingPlaceholder("{{conversationID}}", with: "c-77")
    let filled = lint(shortFill, path: "filled.json")
    #expect(filled.isEmpty, "\(filled.map(TextReporter.line(for:)))")
  }

  @Test func placeholdersWithoutAMaximumAreANoteNamingThem() {
    let diagnostics = lint("{\"aps\": {\"alert\": {\"title\": \"{{sender}}\", \"body\": \"{{body}} {{sender}}\"}}}")
    #expect(diagnostics.map(\.rule) == ["template-too-large"])
    #expect(diagnostics.first?.severity == .info)
    #expect(diagnostics.first?.message.hasPrefix("placeholders sender, body have no maximum length") == true)
  }

  @Test func aTemplateIsNotJudgedByItsSizeAsWritten() throws {
    let config = try configuration("templates:\n  default: 1\n")
    let long = String(repeating: "x", count: 4100)
    let diagnostics = lint("{\"aps\": {\"alert\": \"{{a}}\"}, \"pad\": \"\(long)\"}", configuration: config)
    #expect(diagnostics.map(\.rule) == ["template-too-large"], "not also payload-too-large")
    #expect(
      diagnostics.first?.message.contains("(as written, 4134 bytes)") == true, "\(diagnostics.first?.message ?? "")")
  }

  @Test func aConfiguredPatternAndFilesDecideWhatIsATemplate() throws {
    let config = try configuration(
      "templates:\n  files: \"push/templates/**\"\n  pattern: '\\$\\{(\\w+)\\}'\n  default: {max-characters: 800}\n")
    let payload = "{\"aps\": {\"alert\": {\"title\": \"${sender}\", \"body\": \"${body}\"}, \"badge\": ${count}}}"
    let inside = lint(payload, path: "/nonexistent-project/push/templates/a.json", configuration: config)
    #expect(inside.map(\.rule) == ["template-too-large"])
    #expect(inside.first?.message.contains("body 4800 bytes (800 characters)") == true)
    let outside = lint(payload, path: "/nonexistent-project/push/a.json", configuration: config)
    #expect(outside.map(\.rule) == ["syntax-error"], "outside files, ${count} is not JSON")
  }

  @Test(arguments: [
    ("templates:\n  pattern: '(unclosed'\n", "is not a regular expression"),
    ("templates:\n  pattern: 'x*'\n", "matches the empty string"),
    ("templates:\n  placholders: {}\n", "did you mean \"placeholders\"?"),
    ("templates:\n  default: {max-chars: 4}\n", "use max-characters or max-bytes"),
    ("templates:\n  placeholders:\n    a: {max-bytes: -1}\n", "must be a whole number"),
    ("templates:\n  default: {max-bytes: 1, max-characters: 2}\n", "one of the two"),
  ])
  func badTemplateSettingsAreConfigurationErrors(yaml: String, message: String) {
    #expect {
      try configuration(yaml)
    } throws: { error in
      (error as? ConfigurationError)?.message.contains(message) == true
    }
  }

  @Test func standardPlaceholdersAreFoundWithTheirNames() {
    let matches = PlaceholderPattern.standard.matches(in: Array("a {{x}} {{ y.z }} {{}} {{ bad name }} {{w}".utf8))
    #expect(matches.map(\.name) == ["x", "y.z"])
    #expect(matches.map(\.range) == [2..<7, 8..<17])
  }
}

extension String {
  func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    components(separatedBy: placeholder).joined(separator: value)
  }
}

@Suite struct TemplatedHeaderTests {
  /// A header filled at send time is not judged by its value, by any of the
  /// rules that read header values.
  @Test func headersHoldingAPlaceholderAreNotJudged() throws {
    let config = try Configuration.parse(
      Array("templates:\n  default: 10\n".utf8), file: ".pushlint.yml", directory: "/nonexistent-project")
    let envelope = """
      {"headers": {"apns-push-type": "background", "apns-priority": "{{priority}}", "apns-topic": "{{topic}}"},
       "payload": {"aps": {"content-available": 1}}}
      """
    #expect(lint(envelope, configuration: config).isEmpty, "\(lint(envelope, configuration: config).map(\.rule))")
    let fcm = """
      {"message": {"token": "t", "apns": {"headers": {"apns-priority": {{priority}}},
       "payload": {"aps": {"content-available": 1}}}}}
      """
    #expect(!lint(fcm, configuration: config).contains { $0.rule == "fcm-data-only-priority" })
    let fixed = fcm.replacingPlaceholder("{{priority}}", with: "\"10\"")
    #expect(lint(fixed, configuration: config).contains { $0.rule == "fcm-data-only-priority" }, "a real 10 still is")
  }
}
