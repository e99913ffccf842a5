import Testing

@testable import PushLintCore

@Suite struct ConfigurationTests {
  func parse(_ text: String) throws(ConfigurationError) -> Configuration {
    try Configuration.parse(Array(text.utf8), file: ".pushlint.yml", directory: "/project")
  }

  func error(_ text: String) -> ConfigurationError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func theSpecExampleParses() throws {
    let configuration = try parse(
      """
      include: ["push/**", "App/**"]
      exclude: ["push/fixtures/broken/**"]
      targets:
        ios: "15.0"
      context:
        - "App/**/Info.plist"
        - "App/*.entitlements"
        - "push/categories.yaml"
      headers:
        - files: "push/voip/**"
          apns-push-type: voip
          apns-topic: com.example.app.voip
      rules:
        aps-missing: off
        duplicate-key: warning
      overrides:
        - files: "push/legacy/**"
          rules: {yaml-ambiguous-value: off}
        - files: "push/promo.json"
          pointer: /aps/alert/summary-arg
          rules: {duplicate-key: off}
      fail-on: warning
      """)
    #expect(configuration.include.map(\.pattern) == ["push/**", "App/**"])
    #expect(configuration.exclude.map(\.pattern) == ["push/fixtures/broken/**"])
    #expect(configuration.targets[.ios] == OSVersion("15.0"))
    #expect(configuration.context.count == 3)
    #expect(configuration.headers.first?.headers.map(\.name) == ["apns-push-type", "apns-topic"])
    #expect(configuration.rules["aps-missing"] == .off)
    #expect(configuration.rules["duplicate-key"] == .severity(.warning))
    #expect(configuration.overrides.count == 2)
    #expect(configuration.failOn == .warning)
  }

  @Test func anUnknownKeyIsAnErrorWithASuggestion() throws {
    let failure = try #require(error("include: [a]\nexlude: [b]\n"))
    #expect(failure.position?.line == 2)
    #expect(failure.description.contains("unknown key \"exlude\"; did you mean \"exclude\"?"))
  }

  @Test(arguments: [
    ("rules:\n  aps-mising: off\n", "did you mean \"aps-missing\""),
    ("rules:\n  aps-missing: of\n", "did you mean \"off\""),
    ("targets:\n  iOz: \"15.0\"\n", "did you mean \"ios\""),
    ("targets:\n  ios: fifteen\n", "must be a version"),
    ("fail-on: warnings\n", "did you mean \"warning\""),
    ("include: 3\n", "glob or a list of globs"),
    ("overrides:\n  - files: a\n    rule: {aps-missing: off}\n", "did you mean \"rules\""),
    ("headers:\n  - files: a\n    apns-push_type: voip\n", "did you mean \"apns-push-type\""),
    ("- a\n- b\n", "mapping"),
    ("include: [a\n", "flow sequence"),
  ])
  func invalidConfigurationsSayWhy(text: String, words: String) throws {
    let failure = try #require(error(text), "\(text) was accepted")
    #expect(failure.description.contains(words), "\(failure.description)")
  }

  @Test func anEmptyFileIsTheDefault() throws {
    let configuration = try parse("")
    #expect(configuration.failOn == .error)
    #expect(configuration.include.isEmpty)
  }

  @Test func targetsAcceptUnquotedNumbers() throws {
    #expect(try parse("targets: {ios: 15.4, macos: 14}").targets[.macos] == OSVersion("14"))
  }

  @Test func overridesApplyByGlobAndPointerAndLaterEntriesWin() throws {
    let configuration = try parse(
      """
      rules: {duplicate-key: warning}
      overrides:
        - files: "push/**"
          rules: {duplicate-key: info}
        - files: "push/promo.json"
          pointer: /aps/alert
          rules: {duplicate-key: off}
      """)
    func level(_ path: String, _ pointer: String) -> RuleSetting {
      configuration.setting(for: "duplicate-key", defaultSeverity: .error, relativePath: path, pointer: pointer)
    }
    #expect(level("other.json", "/aps") == .severity(.warning))
    #expect(level("push/a.json", "/aps") == .severity(.info))
    #expect(level("push/promo.json", "/aps/alert/title") == .off)
    #expect(level("push/promo.json", "/aps/alert") == .off)
    #expect(level("push/promo.json", "/aps/alerts") == .severity(.info))
    #expect(level("push/promo.json", "/aps") == .severity(.info))
  }
}

@Suite struct GlobTests {
  @Test(arguments: [
    ("push/**", "push/a.json", true),
    ("push/**", "push/x/y/a.json", true),
    ("push/**", "pusher/a.json", false),
    ("**/Info.plist", "Info.plist", true),
    ("**/Info.plist", "App/Ext/Info.plist", true),
    ("App/*.entitlements", "App/App.entitlements", true),
    ("App/*.entitlements", "App/Sub/App.entitlements", false),
    ("*.json", "a.json", true),
    ("*.json", "dir/a.json", false),
    ("push/**/*.apns", "push/a/b/c.apns", true),
    ("push/**/*.apns", "push/c.apns", true),
    ("a?c.json", "abc.json", true),
    ("a?c.json", "a/c.json", false),
    ("[ab]*.yaml", "b1.yaml", true),
    ("[!ab]*.yaml", "b1.yaml", false),
    ("*.{json,yaml}", "x.yaml", true),
    ("./push/*.json", "push/a.json", true),
  ])
  func matching(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected, "\(pattern) vs \(path)")
  }

  @Test func literalPrefixIsWhereAWalkStarts() {
    #expect(Glob("push/voip/**").literalPrefix == "push/voip")
    #expect(Glob("**/Info.plist").literalPrefix == "")
    #expect(Glob("push/a.json").literalPrefix == "push/a.json")
  }

  @Test func platformNamesAreReadInAnyCase() throws {
    let configuration = try Configuration.parse(
      Array("targets:\n  iOS: \"15.0\"\n  macOS: \"14.0\"\n".utf8), file: ".pushlint.yml", directory: "/p")
    #expect(configuration.targets == [.ios: OSVersion("15.0")!, .macos: OSVersion("14.0")!])
  }

}
