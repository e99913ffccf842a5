import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite struct AppSideTests {
  func lintSamples(_ directory: String) -> LintReport {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 2)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    return linter.lint(paths: [directory], currentDirectory: repositoryRoot)
  }

  @Test func theExampleAppLintsClean() {
    let report = lintSamples("samples/ExampleApp")
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(TextReporter.line(for:)))")
    #expect(
      report.files == 17,
      "the sound file is read, not linted; the .strings files, the Swift registrations and the Xcode project are")
  }

  @Test func eachPlantedMistakeIsReportedOnceAtItsPlace() {
    let report = lintSamples("samples/ExampleApp-broken")
    let found = report.diagnostics.map { "\($0.rule) \($0.path):\($0.span.start.line)" }
    #expect(
      found.sorted() == [
        "background-mode-missing samples/ExampleApp-broken/push/background-sync.json:9",
        "category-undeclared samples/ExampleApp-broken/push/meeting-invite.json:8",
        "critical-alert-entitlement samples/ExampleApp-broken/push/smoke-alarm.json:5",
        "extension-category-conflict samples/ExampleApp-broken/SummaryContent/Info.plist:16",
        "extension-category-undeclared samples/ExampleApp-broken/MeetingContent/Info.plist:16",
        "loc-args-count samples/ExampleApp-broken/push/meeting-reminder.json:7",
        "loc-args-count samples/ExampleApp-broken/push/meeting-reminder.json:7",
        "loc-key-undefined samples/ExampleApp-broken/push/meeting-reminder.json:4",
        "service-extension-missing samples/ExampleApp-broken/push/chat-message.yaml:8",
        "sound-file-missing samples/ExampleApp-broken/push/doorbell.json:4",
        "sound-file-unsupported samples/ExampleApp-broken/push/smoke-alarm.json:5",
        "template-too-large samples/ExampleApp-broken/push/templates/chat-preview.json:1",
        "time-sensitive-entitlement samples/ExampleApp-broken/push/meeting-invite.json:10",
        "topic-bundle-mismatch samples/ExampleApp-broken/push/voip-call.json:4",
      ])
    let conflict = report.diagnostics.first { $0.rule == "extension-category-conflict" }
    #expect(conflict?.message.contains("samples/ExampleApp-broken/MeetingContent/Info.plist:15") == true)
  }

  @Test func aPreCommitRunOfOnePayloadKnowsTheContext() {
    let scratch = ScratchDirectory()
    scratch.write(
      ".pushlint.yml", "context:\n  - \"App/*.entitlements\"\n  - \"push/categories.yaml\"\n")
    scratch.write(
      "App/App.entitlements",
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>aps-environment</key>\n<string>Production</string>\n</dict>\n</plist>\n"
    )
    scratch.write(
      "push/categories.yaml", "categories:\n  - identifier: ALARM\n    actions:\n      - {identifier: SNOOZE}\n")
    scratch.write(
      "push/one.json", "{\"aps\": {\"alert\": \"Fire\", \"category\": \"ALRAM\", \"interruption-level\": \"critical\"}}"
    )
    let result = run(pushlintBinary, ["--fail-on", "warning", "push/one.json"], in: scratch.path)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("push/one.json:1:39: warning: ") && $0.hasSuffix("[category-undeclared]") })
    #expect(
      lines.contains { $0.hasPrefix("push/one.json:1:70: warning: ") && $0.hasSuffix("[critical-alert-entitlement]") })
    #expect(lines.contains { $0.contains("did you mean \"ALARM\"") })
    #expect(lines.contains { $0.contains("App/App.entitlements:3 does not grant") })
    // The context files' own mistakes (a title missing, "Production") are not reported: they are not linted.
    #expect(lines.allSatisfy { $0.hasPrefix("push/one.json:") }, "\(lines)")
    #expect(result.status == 1)
  }

  @Test func contextFilesAreReportedWhenTheyAreLintedToo() {
    let scratch = ScratchDirectory()
    scratch.write(".pushlint.yml", "context: [\"push/categories.yaml\"]\n")
    scratch.write(
      "push/categories.yaml", "categories:\n  - identifier: ALARM\n    actions:\n      - {identifier: SNOOZE}\n")
    let result = run(pushlintBinary, ["push/categories.yaml"], in: scratch.path)
    #expect(result.standardOutput.contains("push/categories.yaml:4:9: error: the action has no \"title\""))
  }

  @Test func crossFileRulesAreQuietWithoutTheirCounterpart() {
    let payload =
      #"{"aps": {"alert": "x", "category": "ANY", "content-available": 1, "mutable-content": 1, "interruption-level": "time-sensitive"}}"#
    let rules = lint(payload).map(\.rule)
    #expect(!rules.contains("category-undeclared"))
    #expect(!rules.contains("background-mode-missing"))
    #expect(!rules.contains("service-extension-missing"))
    let timeSensitive = lint(payload).first { $0.rule == "time-sensitive-entitlement" }
    #expect(timeSensitive?.severity == .info, "no entitlements file in scope: info")
  }

  @Test func acceptMaybeDeclineWithoutMinimalActionsIsTruncated() {
    let yaml = """
      categories:
        - identifier: INVITATION
          actions:
            - {identifier: ACCEPT, title: Accept, options: [foreground, authenticationRequired]}
            - {identifier: MAYBE, title: Maybe}
            - {identifier: NO, title: Decline}
      """
    let diagnostics = lint(yaml, path: "categories.yaml")
    #expect(diagnostics.contains { $0.rule == "banner-actions-truncated" && $0.span.start.line == 3 })
    #expect(diagnostics.contains { $0.rule == "option-ineffective" && $0.span.start.line == 4 })
    #expect(diagnostics.contains { $0.rule == "yaml-ambiguous-value" && $0.span.start.line == 6 })
  }

  @Test func aMisspelledExtensionPointIsReportedNotSkipped() {
    let scratch = ScratchDirectory()
    scratch.write(
      "Content/Info.plist",
      "<plist version=\"1.0\">\n<dict>\n<key>NSExtension</key>\n<dict>\n<key>NSExtensionPointIdentifier</key>\n<string>com.apple.usernotifications.content-extenson</string>\n</dict>\n</dict>\n</plist>\n"
    )
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    let finding = report.diagnostics.first { $0.rule == "invalid-value" }
    #expect(finding?.span.start.line == 6)
    #expect(finding?.message.contains("did you mean \"com.apple.usernotifications.content-extension\"?") == true)
  }

  @Test func formatSpecifiers() {
    #expect(FormatSpecifierRule.unsupported(in: "%u more from %@", allowed: ["u", "@"]).isEmpty)
    #expect(FormatSpecifierRule.unsupported(in: "%2$@ sent %1$u (100%%)", allowed: ["u", "@"]).isEmpty)
    #expect(FormatSpecifierRule.unsupported(in: "%d and %lu and %s", allowed: ["u", "@"]) == ["%d", "%lu", "%s"])
    #expect(FormatSpecifierRule.unsupported(in: "%@ new", allowed: ["u"]) == ["%@"])
    #expect(FormatSpecifierRule.unsupported(in: "trailing %", allowed: ["u"]) == ["%"])
  }

  @Test func tooManyActionsDependsOnTheTarget() {
    let actions = (1...5).map { "      - {identifier: A\($0), title: T\($0)}" }.joined(separator: "\n")
    let yaml = "categories:\n  - identifier: C\n    minimalActions: [A1, A2]\n    actions:\n\(actions)\n"
    #expect(!lint(yaml, path: "c.yaml").contains { $0.rule == "too-many-actions" })
    var configuration = Configuration(directory: "/p")
    configuration.targets = [.ios: OSVersion("9.3")!]
    #expect(lint(yaml, path: "c.yaml", configuration: configuration).contains { $0.rule == "too-many-actions" })
  }

  @Test func binaryEntitlementsCountAsContext() throws {
    guard
      case .success(let entitlements) = FileSystem.readFile(
        repositoryRoot + "/Tests/Fixtures/plists/App.binary.entitlements")
    else {
      Issue.record("fixture missing")
      return
    }
    let payload = Array(#"{"aps": {"alert": "x", "sound": {"critical": 1, "name": "a.caf"}}}"#.utf8)
    let linter = Linter(configuration: Configuration(directory: "/p"), jobs: 1)
    let diagnostics = linter.lint(project: [("App.entitlements", entitlements), ("alarm.json", payload)])
    #expect(!diagnostics.contains { $0.rule == "critical-alert-entitlement" })
  }
}

@Suite struct DeferredReadingTests {
  /// Payload files are read only when checked; a categories file must still
  /// be found however its key is spelled.
  @Test func aCategoriesFileIsContextEvenWithAnEscapedKey() {
    let scratch = ScratchDirectory()
    scratch.write("push/cats.json", "{\"\\u0063ategories\": [{\"identifier\": \"CHAT\"}]}")
    scratch.write("push/a.json", "{\"aps\": {\"alert\": \"Hi\", \"category\": \"CHAT\"}}")
    scratch.write("push/b.json", "{\"aps\": {\"alert\": \"Hi\", \"category\": \"CAHT\"}}")
    for jobs in [1, 4] {
      let report = Linter(configuration: Configuration(directory: scratch.path), jobs: jobs)
        .lint(paths: ["."], currentDirectory: scratch.path)
      #expect(report.diagnostics.map { "\($0.rule) \($0.path)" } == ["category-undeclared push/b.json"], "jobs \(jobs)")
      #expect(report.files == 3)
    }
  }

  /// Without a configuration, a project ends where Xcode's does: test
  /// fixtures and another Xcode project's files are not one app's context.
  @Test func projectsAreBoundedByXcodeProjectsAndFixtureFolders() {
    let scratch = ScratchDirectory()
    let contentExtension =
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>NSExtension</key>\n<dict>\n<key>NSExtensionPointIdentifier</key>\n<string>com.apple.usernotifications.content-extension</string>\n<key>NSExtensionAttributes</key>\n<dict>\n<key>UNNotificationExtensionCategory</key>\n<string>X</string>\n<key>UNNotificationExtensionInitialContentSizeRatio</key>\n<real>1</real>\n</dict>\n</dict>\n</dict>\n</plist>\n"
    scratch.write("Tests/Fixtures/Info.plist", contentExtension)
    scratch.write("samples/chat.json", "{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": 1}}")
    scratch.write("Other/Other.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}\n")
    scratch.write("Other/Content/Info.plist", contentExtension)
    let result = run(pushlintBinary, [], in: scratch.path)
    #expect(!result.standardOutput.contains("samples/chat.json"), "\(result.standardOutput)")
    // Each fixture and each Xcode project (its project.pbxproj too) is still linted, as a project of its own.
    #expect(result.standardError.contains("in 4 files"), "\(result.standardError)")
    // Named together in one folder, the same files are one project.
    scratch.write("together/Info.plist", contentExtension)
    scratch.write("together/chat.json", "{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": 1}}")
    let together = run(pushlintBinary, ["together"], in: scratch.path)
    #expect(together.standardOutput.contains("[service-extension-missing]"), "\(together.standardOutput)")
  }

}

/// The Xcode project decides what an app's Info.plist is: the fixtures in
/// `Tests/Fixtures/generated-info-plist`, one app project per shape Xcode 13
/// and later writes, each beside its control.
@Suite struct GeneratedInfoPlistTests {
  func rules(in fixture: String) -> [String] {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    let report = linter.lint(
      paths: ["Tests/Fixtures/generated-info-plist/\(fixture)"], currentDirectory: repositoryRoot)
    #expect(report.fileErrors.isEmpty)
    return report.diagnostics.map { "\(Paths.fileName($0.path)) \($0.rule) \($0.severity.rawValue)" }
  }

  @Test(arguments: ["extra-keys", "empty-dict", "no-file"])
  func aBackgroundPushToAnAppWithoutTheModeIsReported(shape: String) {
    #expect(rules(in: shape) == ["sync.json background-mode-missing error"])
    #expect(rules(in: shape + "-control").isEmpty)
  }

  @Test func theTargetsFileIsItsInfoPlistWhateverItsKeys() {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    let projects = linter.describeProjects(
      paths: ["Tests/Fixtures/generated-info-plist/empty-dict"], currentDirectory: repositoryRoot
    ).projects
    let kinds = projects.flatMap(\.files).map { "\(Paths.fileName($0.path)) \($0.kind)" }
    #expect(kinds.contains("Info.plist app-info-plist"), "\(kinds)")
  }
}

@Suite struct EntitlementMessageTests {
  @Test func severalEntitlementsFilesAreNamedWithoutADoubleNegative() {
    let entitlements = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>aps-environment</key>
        <string>production</string>
      </dict>
      </plist>
      """
    var linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    let found = linter.lint(project: [
      ("iOS/App.entitlements", Array(entitlements.utf8)), ("macOS/App.entitlements", Array(entitlements.utf8)),
      ("push/alarm.json", Array("{\"aps\": {\"alert\": \"Smoke\", \"interruption-level\": \"critical\"}}".utf8)),
    ])
    #expect(found.map(\.rule) == ["critical-alert-entitlement"])
    #expect(
      found.first?.message.contains(
        "which none of iOS/App.entitlements:3, macOS/App.entitlements:3 grants (nor does any provisioning profile")
        == true,
      "\(found.map(\.message))")
  }
}
