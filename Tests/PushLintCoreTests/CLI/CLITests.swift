import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite(.serialized) struct CLITests {
  @Test func lintingSamplesPrintsGccLinesAndExitsOne() {
    let result = run(pushlintBinary, ["samples/"], in: repositoryRoot)
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(line.wholeMatch(of: /[^:]+:\d+:\d+: (error|warning|note): .+ \[[a-z-]+\]/) != nil, "\(line)")
    }
    #expect(result.standardError.hasPrefix("pushlint: "))
  }

  /// A level set on the command line or in the configuration applies to
  /// every finding of the rule: it raises the cases the rule reports lower
  /// by design (a string badge is a warning by default) as well as lowering.
  @Test func aConfiguredLevelIsAbsoluteRaisingAndLowering() {
    let scratch = ScratchDirectory()
    scratch.write("badge.json", "{\"aps\": {\"alert\": \"hi\", \"badge\": \"3\"}}")
    let byDefault = run(pushlintBinary, ["--no-config", "badge.json"], in: scratch.path)
    #expect(byDefault.status == 0)
    #expect(byDefault.standardOutput.contains(": warning: \"badge\" must be a number"))
    let raised = run(pushlintBinary, ["--no-config", "--rule", "value-type=error", "badge.json"], in: scratch.path)
    #expect(raised.status == 1)
    #expect(raised.standardOutput.contains(": error: \"badge\" must be a number"))
    scratch.write(".pushlint.yml", "rules:\n  value-type: error\n")
    let configured = run(pushlintBinary, ["badge.json"], in: scratch.path)
    #expect(configured.status == 1)
    #expect(configured.standardOutput.contains(": error: \"badge\" must be a number"))
    let lowered = run(pushlintBinary, ["--rule", "value-type=info", "badge.json"], in: scratch.path)
    #expect(lowered.status == 0)
    #expect(lowered.standardOutput.contains(": note: \"badge\" must be a number"))
  }

  @Test func aCleanFileExitsZero() {
    let scratch = ScratchDirectory()
    scratch.write("ok.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    let result = run(pushlintBinary, ["--no-config", "ok.json"], in: scratch.path)
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == "pushlint: no problems in 1 file\n")
  }

  /// A CI gate must fail on an error even when the file's first
  /// `maxDiagnosticsPerFile` findings are notes and the error is not shown.
  @Test func anErrorPastTheLimitStillFailsTheRunAndIsCounted() {
    let scratch = ScratchDirectory()
    let note = "{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": \"time-sensitive\"}}"
    let lines = Array(repeating: note, count: Linter.maxDiagnosticsPerFile) + ["{\"aps\": {\"alert\": 42}}"]
    scratch.write("batch.jsonl", lines.joined(separator: "\n") + "\n")
    // 1,001 unknown keys (warnings) before an alert of the wrong type (an error).
    let unknown = (1...1001).map { "\"x\($0)\": 1, " }.joined()
    scratch.write("big.json", "{\"aps\": {\(unknown)\"alert\": 42}}")
    for file in ["batch.jsonl", "big.json"] {
      // The keys make big.json too large for APNs: that error would be shown.
      let result = run(pushlintBinary, ["--no-config", "--rule", "payload-too-large=off", file], in: scratch.path)
      #expect(result.status == 1, "\(file)")
      #expect(result.standardOutput.split(separator: "\n").count == Linter.maxDiagnosticsPerFile, "\(file)")
      #expect(result.standardError.hasPrefix("pushlint: 1 error, "), "\(file)")
    }
    let noted = run(pushlintBinary, ["--no-config", "batch.jsonl"], in: scratch.path)
    #expect(noted.standardError.hasPrefix("pushlint: 1 error, 0 warnings, 1000 notes in 1 file"))
    // --quiet drops the notes before the limit: the error is shown.
    let quiet = run(pushlintBinary, ["--no-config", "--quiet", "batch.jsonl"], in: scratch.path)
    #expect(quiet.status == 1)
    #expect(quiet.standardOutput.hasPrefix("batch.jsonl:1001:"))
    #expect(quiet.standardOutput.split(separator: "\n").count == 1)
    #expect(
      quiet.standardError.hasPrefix("pushlint: 1 error, 0 warnings, 1000 notes in 1 file"), "hidden, still counted")
  }

  @Test func aMissingPathExitsTwoWithOneLine() {
    let scratch = ScratchDirectory()
    scratch.write("ok.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    let result = run(pushlintBinary, ["--no-config", "missing.json", "ok.json"], in: scratch.path)
    #expect(result.status == 2)
    #expect(result.standardError.contains("pushlint: missing.json: no such file or directory\n"))
  }

  @Test func aBadConfigurationExitsTwoWithOneLine() {
    let scratch = ScratchDirectory()
    scratch.write(".pushlint.yml", "exlude: [a]\n")
    scratch.write("sub/ok.json", "{\"aps\": {}}")
    let result = run(pushlintBinary, ["ok.json"], in: scratch.path + "/sub")
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix(
        "pushlint: \(scratch.path)/.pushlint.yml:1:1: unknown key \"exlude\"; did you mean \"exclude\"?"))
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  @Test func configurationIsDiscoveredUpwardAndTheCommandLineWins() {
    let scratch = ScratchDirectory()
    scratch.write(".pushlint.yml", "rules:\n  aps-missing: warning\n")
    scratch.write("sub/p.json", "{\"alert\": \"x\"}")
    let discovered = run(pushlintBinary, ["p.json"], in: scratch.path + "/sub")
    #expect(discovered.standardOutput.contains("warning: "))
    #expect(discovered.status == 0)
    let failOn = run(pushlintBinary, ["--fail-on", "warning", "p.json"], in: scratch.path + "/sub")
    #expect(failOn.status == 1)
    let rule = run(pushlintBinary, ["--rule", "aps-missing=off", "p.json"], in: scratch.path + "/sub")
    #expect(rule.standardOutput.isEmpty)
    let ignored = run(pushlintBinary, ["--no-config", "p.json"], in: scratch.path + "/sub")
    #expect(ignored.standardOutput.contains("error: "))
    #expect(ignored.status == 1)
    let maxWarnings = run(pushlintBinary, ["--max-warnings", "0", "p.json"], in: scratch.path + "/sub")
    #expect(maxWarnings.status == 1)
    let quiet = run(pushlintBinary, ["--quiet", "p.json"], in: scratch.path + "/sub")
    #expect(quiet.standardOutput.isEmpty)
  }

  @Test func skipUnrelatedJudgesNamedFilesAsAWalkDoes() {
    let scratch = ScratchDirectory()
    scratch.write("package.json", "{\"name\": \"app\"}")
    scratch.write("push/order.apns", "{\"aps\": {\"badge\": \"3\"}}")
    scratch.write("push/broken.json", "{\"aps\": {},}")
    scratch.write("notes.txt", "hello")
    let result = run(
      pushlintBinary,
      ["--no-config", "--skip-unrelated", "package.json", "push/order.apns", "push/broken.json", "notes.txt"],
      in: scratch.path)
    #expect(
      result.standardOutput.split(separator: "\n").map { String($0.split(separator: ":")[0]) } == [
        "push/broken.json", "push/order.apns",
      ])
    #expect(result.status == 1)
  }

  @Test func anOverrideByPointerSilencesExactlyThatFindingInEveryFormat() {
    let scratch = ScratchDirectory()
    scratch.write(
      ".pushlint.yml",
      "overrides:\n  - files: push/promo.json\n    pointer: /aps/alert/summary-arg\n    rules: {deprecated-key: off}\n")
    scratch.write(
      "push/promo.json",
      "{\"aps\": {\"alert\": {\"title\": \"Sale\", \"summary-arg\": \"Shop\", \"action-loc-key\": \"GO\"}}}")
    // One deprecated-key finding is left in every format: action-loc-key's.
    let marks = [
      "text": "[deprecated-key]", "pretty": "[deprecated-key]", "github": "title=pushlint (deprecated-key)",
      "json": "\"rule\": \"deprecated-key\"", "sarif": "\"ruleId\": \"deprecated-key\"",
    ]
    for (format, mark) in marks {
      let result = run(pushlintBinary, ["--format", format, "push/promo.json"], in: scratch.path)
      #expect(result.standardOutput.components(separatedBy: mark).count == 2, "\(format): \(result.standardOutput)")
      #expect(result.standardOutput.contains("is deprecated: ignored since iOS 10"), "\(format)")
    }
    scratch.write("push/promo.json", "{\"aps\": {\"alert\": {\"title\": \"Sale\"}}}")
    let stale = run(pushlintBinary, ["push/promo.json"], in: scratch.path)
    #expect(
      stale.standardOutput.hasPrefix(
        ".pushlint.yml:2:5: note: this override (push/promo.json at /aps/alert/summary-arg: deprecated-key) matched no finding"
      ))
    let elsewhere = run(pushlintBinary, ["other.json"], in: scratch.path)
    #expect(!elsewhere.standardOutput.contains("unused-override"), "overrides for files not linted are not judged")
  }

  /// --quiet hides output, never failures: the exit status and the summary
  /// are the same with it and without it.
  @Test func quietNeverChangesTheExitStatusOrTheCounts() {
    let scratch = ScratchDirectory()
    scratch.write("warnings.json", "{\"aps\": {\"badge\": \"3\", \"threadId\": \"x\"}}")
    scratch.write(
      "batch.jsonl",
      String(repeating: "{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": \"time-sensitive\"}}\n", count: 3))
    for file in ["warnings.json", "batch.jsonl"] {
      for flags in [[], ["--fail-on", "warning"], ["--fail-on", "info"], ["--max-warnings", "0"]] {
        let loud = run(pushlintBinary, ["--no-config"] + flags + [file], in: scratch.path)
        let quiet = run(pushlintBinary, ["--no-config", "--quiet"] + flags + [file], in: scratch.path)
        #expect(quiet.status == loud.status, "\(file) \(flags)")
        #expect(quiet.standardError == loud.standardError, "\(file) \(flags)")
        #expect(quiet.standardOutput.isEmpty, "\(file) \(flags): nothing at error level to show")
      }
    }
    #expect(
      run(pushlintBinary, ["--no-config", "--quiet", "--fail-on", "warning", "warnings.json"], in: scratch.path).status
        == 1)
  }

  /// A CI gate pointed at the wrong path fails: a run that lints nothing
  /// exits 2 and names what it searched, unless --allow-no-files says that
  /// is fine (a hook handed only unrelated files).
  @Test func aRunThatLintsNothingExitsTwo() {
    let scratch = ScratchDirectory()
    scratch.write("empty/.keep", "")
    scratch.write("web/package.json", "{\"name\": \"app\", \"version\": \"1.0.0\"}")
    scratch.write("blank.yaml", "")
    let runs: [([String], String?, String)] = [
      (["empty"], nil, "empty"), (["web"], nil, "web"),
      (["--skip-unrelated", "web/package.json"], nil, "web/package.json"),
      (["blank.yaml"], nil, "blank.yaml"), (["-"], "", "standard input"),
    ]
    for (arguments, input, searched) in runs {
      let result = run(pushlintBinary, ["--no-config"] + arguments, in: scratch.path, input: input)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains("nothing to lint in \(searched)"), "\(arguments): \(result.standardError)")
      let allowed = run(
        pushlintBinary, ["--no-config", "--allow-no-files"] + arguments, in: scratch.path, input: input)
      #expect(allowed.status == 0, "\(arguments)")
    }
  }

  /// A path that cannot be read is counted and named in every format, not
  /// only in the exit status.
  @Test func unreadablePathsAreNamedInEveryFormat() {
    let scratch = ScratchDirectory()
    scratch.write("ok.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    let text = run(pushlintBinary, ["--no-config", "gone.json", "ok.json"], in: scratch.path)
    #expect(text.status == 2)
    #expect(text.standardError.contains("gone.json: no such file or directory"))
    #expect(text.standardError.contains("1 path could not be linted"))
    let json = run(pushlintBinary, ["--no-config", "--format", "json", "gone.json", "ok.json"], in: scratch.path)
    #expect(json.standardOutput.contains("\"unreadable\": 1"))
    #expect(json.standardOutput.contains("\"path\": \"gone.json\""))
    let sarif = run(pushlintBinary, ["--no-config", "--format", "sarif", "gone.json", "ok.json"], in: scratch.path)
    #expect(sarif.standardOutput.contains("\"toolExecutionNotifications\""))
    #expect(sarif.standardOutput.contains("\"executionSuccessful\": false"))
    #expect(sarif.standardOutput.contains("gone.json: no such file or directory"))
    let github = run(pushlintBinary, ["--no-config", "--format", "github", "gone.json", "ok.json"], in: scratch.path)
    #expect(
      github.standardOutput.contains("::error file=gone.json,title=pushlint::not linted: no such file or directory"))
  }

  /// An editor pipes its buffer with --stdin-filename: the result is the
  /// file's own, with the file's nearest .pushlint.yml, from any directory.
  @Test func standardInputNamedAsAFileIsLintedAsThatFile() throws {
    let folder = "samples/ExampleApp-broken/push"
    guard case .success(let names) = FileSystem.list(repositoryRoot + "/" + folder) else {
      Issue.record("\(folder) is missing")
      return
    }
    var compared = 0
    for name in names where name.hasSuffix(".json") {
      let path = folder + "/" + name
      guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/" + path) else { continue }
      let named = run(pushlintBinary, [path], in: repositoryRoot)
      let piped = run(
        pushlintBinary, ["--stdin-filename", path, "-"], in: repositoryRoot,
        input: String(decoding: bytes, as: UTF8.self))
      #expect(piped.status == named.status, "\(path)")
      #expect(piped.standardOutput == named.standardOutput, "\(path)")
      compared += 1
    }
    #expect(compared >= 4)
  }

  /// A file every repository has, named by a hook, is not taken for a
  /// payload; another JSON file without aps is, and the message says how to
  /// leave it out.
  @Test func plainlyUnrelatedFilesAreNotPayloads() {
    let scratch = ScratchDirectory()
    scratch.write("package.json", "{\"name\": \"app\", \"version\": \"1.0.0\"}")
    scratch.write("tsconfig.app.json", "{\"compilerOptions\": {\"strict\": true}}")
    scratch.write("docker-compose.yml", "services:\n  web:\n    image: nginx\n")
    scratch.write(".pushlint.yml", "targets: {ios: \"16.0\"}\n")
    let known = run(
      pushlintBinary, ["package.json", "tsconfig.app.json", "docker-compose.yml", ".pushlint.yml"], in: scratch.path)
    #expect(known.status == 0, "\(known.standardOutput)")
    #expect(!known.standardOutput.contains("aps-missing"))
    scratch.write("notes.json", "{\"title\": \"x\"}")
    let other = run(pushlintBinary, ["notes.json"], in: scratch.path)
    #expect(other.status == 1)
    #expect(other.standardOutput.contains("leave it out or pass --skip-unrelated"))
  }

  /// What users of other linters type: short flags, both spellings of the
  /// lowest severity, platforms in any case, `.pushlint.yaml`, and a
  /// misspelled subcommand answered with the subcommand.
  @Test func theCommandLineTakesWhatUsersType() {
    let scratch = ScratchDirectory()
    scratch.write("p.json", "{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": \"passive\"}}")
    let short = run(pushlintBinary, ["-q", "-f", "json", "-o", "out.json", "--no-config", "p.json"], in: scratch.path)
    #expect(short.status == 0)
    #expect(FileSystem.status(scratch.path + "/out.json").0 == .file)
    let note = run(
      pushlintBinary, ["--no-config", "--fail-on", "note", "--target", "iOS=14.0", "p.json"], in: scratch.path)
    #expect(note.status == 1, "unavailable-key is a note, and --fail-on note fails on it: \(note.standardError)")
    #expect(
      run(pushlintBinary, ["--no-config", "--rule", "unavailable-key=note", "p.json"], in: scratch.path).status == 0)
    scratch.write("app/.pushlint.yaml", "fail-on: note\ntargets: {IOS: \"14.0\"}\n")
    scratch.write("app/p.json", "{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": \"passive\"}}")
    let yaml = run(pushlintBinary, ["app/p.json"], in: scratch.path)
    #expect(yaml.status == 1, ".pushlint.yaml is found and read: \(yaml.standardError)")
    let typo = run(pushlintBinary, ["rul", "unknown-key"], in: scratch.path)
    #expect(typo.status == 2)
    #expect(typo.standardError.contains("did you mean the subcommand 'rules'?"))
    let late = run(pushlintBinary, ["--no-config", "project"], in: scratch.path)
    #expect(late.status == 2)
    #expect(late.standardError.contains("a subcommand comes first, before its options: pushlint project [options]"))
    let negative = run(pushlintBinary, ["--max-warnings", "-1", "p.json"], in: scratch.path)
    #expect(negative.status == 2)
    #expect(negative.standardError.contains("--max-warnings takes a number of 0 or more"))
    let failOn = run(pushlintBinary, ["--fail-on", "notte", "p.json"], in: scratch.path)
    #expect(failOn.status == 2)
    #expect(failOn.standardError.contains("did you mean 'note'?"))
  }

  @Test func theHelpShowsEveryLintOptionAndTheRulesListIsJSONToo() {
    let help = run(pushlintBinary, ["--help"])
    #expect(help.status == 0)
    for option in ["--format", "--fail-on", "--max-warnings", "--quiet", "--allow-no-files", "--stdin-filename"] {
      #expect(help.standardOutput.contains(option), "\(option)")
    }
    #expect(help.standardOutput.contains("USAGE: pushlint [<options>] [<paths> ...]"))
    #expect(help.standardOutput.contains("rules"))
    let version = run(pushlintBinary, ["--version"])
    #expect(version.standardOutput.contains("(rule catalog 20"), "\(version.standardOutput)")
    #expect(version.standardOutput.contains("\(RuleRegistry.standard.names.count) rules)"))
    let rules = run(pushlintBinary, ["rules", "--format", "json"])
    #expect(rules.status == 0)
    #expect(rules.standardOutput.contains("\"name\": \"too-many-actions\""))
    #expect(
      rules.standardOutput.split(separator: "\n").filter { $0.contains("\"name\":") }.count
        == RuleRegistry.standard.names.count)
    let sarif = run(pushlintBinary, ["--no-config", "--format", "sarif", "-"], input: "{\"aps\": {\"badge\": \"3\"}}")
    #expect(sarif.standardOutput.contains("\"uri\": \"stdin\""), "standard input is named plainly in SARIF")
    let one = run(pushlintBinary, ["rules", "-f", "json", "aps-missing"])
    #expect(one.standardOutput.contains("\"markdown\""))
    let written = run(
      pushlintBinary, ["--no-config", "-o", "/nonexistent-folder/out.txt", "samples/good/chat.apns"], in: repositoryRoot
    )
    #expect(written.status == 2)
    #expect(written.standardError.contains("cannot write /nonexistent-folder/out.txt: no such file or directory"))
  }

  /// Adopting pushlint on a repository with findings: a baseline records
  /// them by rule, file and pointer, survives edits that move every line,
  /// reports new findings and says which old ones are gone.
  @Test func aBaselineReportsOnlyNewFindingsAndSurvivesMovedLines() {
    let scratch = ScratchDirectory()
    scratch.write("push/a.json", "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"3\", \"threadId\": \"x\"}}")
    scratch.write("push/b.json", "{\"aps\": {\"sound\": \"default\", \"badge\": -1}}")
    let written = run(pushlintBinary, ["--no-config", "--write-baseline", "baseline.json", "push"], in: scratch.path)
    #expect(written.status == 0)
    #expect(written.standardError.contains("recorded 3 findings"))
    // Every line moves: the same keys, reformatted.
    scratch.write(
      "push/a.json",
      "\n\n{\n  \"aps\": {\n    \"alert\": \"Hi\",\n    \"badge\": \"3\",\n    \"threadId\": \"x\"\n  }\n}\n")
    let same = run(
      pushlintBinary, ["--no-config", "--baseline", "baseline.json", "--fail-on", "warning", "push"], in: scratch.path)
    #expect(same.status == 0, "\(same.standardOutput)")
    #expect(same.standardOutput.isEmpty)
    #expect(same.standardError.contains("pushlint: baseline: 3 recorded findings not reported, 0 no longer occur\n"))
    #expect(same.standardError.hasSuffix("no problems in 2 files; 3 findings in the baseline not reported\n"))
    // A new mistake is reported; a fixed one is said to be gone.
    scratch.write("push/b.json", "{\"aps\": {\"sound\": \"default\", \"badge\": 1, \"category\": 7}}")
    let changed = run(pushlintBinary, ["--no-config", "--baseline", "baseline.json", "push"], in: scratch.path)
    #expect(
      changed.standardOutput.contains("push/b.json:1:54: warning: \"category\" must be a string"),
      "\(changed.standardOutput)")
    #expect(changed.standardOutput.split(separator: "\n").count == 1)
    #expect(changed.standardError.contains("baseline: invalid-value at push/b.json /aps/badge no longer occurs"))
    #expect(
      changed.standardError.contains("pushlint: baseline: 2 recorded findings not reported, 1 no longer occurs\n"))
  }

  /// Every mistake of a configuration is reported in one run, not one a run.
  @Test func everyConfigurationErrorIsReportedAtOnce() {
    let scratch = ScratchDirectory()
    scratch.write("a.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    scratch.write(
      ".pushlint.yml",
      "rulez:\n  value-type: error\nfail-on: sometimes\noverrides:\n  - files: a.json\n  - files: b.json\n    rules: {nope: off}\n"
    )
    let result = run(pushlintBinary, ["a.json"], in: scratch.path)
    #expect(result.status == 2)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 4, "\(result.standardError)")
    #expect(
      lines.first?.hasPrefix("pushlint: .pushlint.yml:1:1: unknown key \"rulez\"; did you mean \"rules\"?") == true)
    #expect(result.standardError.contains(".pushlint.yml:3:10: \"fail-on\" must be one of"))
    #expect(result.standardError.contains("an override needs \"rules\""))
    #expect(result.standardError.contains("unknown rule \"nope\""))
  }

  /// ruff's options for choosing rules and paths, on the command line and
  /// in the configuration.
  @Test func selectIgnoreAndExcludeChooseRulesAndPaths() {
    let scratch = ScratchDirectory()
    scratch.write("push/a.json", "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"3\", \"threadId\": \"x\"}}")
    scratch.write(
      "push/fcm.json", "{\"message\": {\"token\": \"t\", \"topic\": \"news\", \"data\": {\"from\": \"x\"}}}")
    scratch.write("legacy/b.json", "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"3\"}}")
    func rules(_ arguments: [String]) -> [String] {
      let result = run(pushlintBinary, ["--no-config"] + arguments, in: scratch.path)
      return result.standardOutput.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /\[([a-z-]+)\]$/).map { "\(line.prefix { $0 != ":" }) \($0.1)" }
      }
    }
    #expect(
      rules(["--select", "value-type", "."]) == ["legacy/b.json value-type", "push/a.json value-type"])
    #expect(
      rules(["--select", "fcm-*", "."]).sorted() == [
        "push/fcm.json fcm-reserved-data-key", "push/fcm.json fcm-target-count",
      ])
    #expect(
      rules(["--select", "value-type", "--extend-select", "unknown-key", "push/a.json"]).sorted() == [
        "push/a.json unknown-key", "push/a.json value-type",
      ])
    #expect(
      rules(["--ignore", "value-type,fcm-*", "."]) == ["push/a.json unknown-key"])
    #expect(rules(["--select", "value-type", "--exclude", "legacy/**", "."]) == ["push/a.json value-type"])
    #expect(
      rules(["--select", "value-type", "--extend-exclude", "push/a.json", "."]) == ["legacy/b.json value-type"])
    let unknown = run(pushlintBinary, ["--no-config", "--select", "value-typ", "."], in: scratch.path)
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("\"value-typ\" matches no rule; did you mean \"value-type\"?"))
    scratch.write(".pushlint.yml", "select: [value-type, unknown-key]\nignore: unknown-key\nexclude: legacy/**\n")
    let configured = run(pushlintBinary, ["."], in: scratch.path)
    #expect(configured.standardOutput.split(separator: "\n").count == 1)
    #expect(configured.standardOutput.contains("push/a.json:1:34: warning: \"badge\" must be a number"))
  }

  @Test func statisticsCountFindingsPerRuleInTextAndJSON() {
    let scratch = ScratchDirectory()
    scratch.write(
      "a.json",
      "{\"headers\": {\"apns-push-type\": \"Alert\"}, \"payload\": {\"aps\": {\"alert\": \"Hi\", \"badge\": \"3\", \"threadId\": \"x\", \"soundd\": 1, \"interruption-level\": \"loud\"}}}"
    )
    let text = run(pushlintBinary, ["--no-config", "--statistics", "a.json"], in: scratch.path)
    #expect(text.status == 1)
    #expect(
      text.standardOutput == """
        2  invalid-value  1 error, 1 warning
        2  unknown-key    warning
        1  value-type     warning

        """)
    #expect(text.standardError.hasPrefix("pushlint: 1 error, 4 warnings"))
    let json = run(pushlintBinary, ["--no-config", "--statistics", "--format", "json", "a.json"], in: scratch.path)
    #expect(json.standardOutput.contains("\"rule\": \"invalid-value\",\n      \"count\": 2,\n      \"errors\": 1,"))
    let sarif = run(pushlintBinary, ["--no-config", "--statistics", "--format", "sarif", "a.json"], in: scratch.path)
    #expect(sarif.status == 2)
  }

  /// As the README says: a named JSON file of no other kind is a payload,
  /// but a package.json is read for its syntax only.
  @Test func aNamedPackageJSONIsReadForSyntaxOnly() {
    let scratch = ScratchDirectory()
    scratch.write("package.json", "{\"name\": \"app\", \"version\": \"1.0.0\"}")
    scratch.write("other.json", "{\"name\": \"app\"}")
    scratch.write("broken/package.json", "{\"name\": \"app\",}")
    #expect(run(pushlintBinary, ["--no-config", "package.json"], in: scratch.path).status == 0)
    #expect(
      run(pushlintBinary, ["--no-config", "other.json"], in: scratch.path).standardOutput.contains("[aps-missing]"))
    #expect(
      run(pushlintBinary, ["--no-config", "broken/package.json"], in: scratch.path).standardOutput.contains(
        "[syntax-error]"))
  }

  /// An empty file is skipped and counted the same way walked, named or on
  /// standard input, whatever name it is given.
  @Test func emptyFilesAreSkippedAndCountedAlike() {
    let scratch = ScratchDirectory()
    scratch.write("push/a.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    scratch.write("push/empty.json", "")
    scratch.write("blank.yaml", "  \n\n")
    let walked = run(pushlintBinary, ["--no-config", "push"], in: scratch.path)
    let named = run(pushlintBinary, ["--no-config", "push/a.json", "push/empty.json"], in: scratch.path)
    #expect(walked.status == 0 && named.status == 0)
    #expect(walked.standardError == "pushlint: no problems in 1 file; 1 empty file skipped\n")
    #expect(named.standardError == walked.standardError)
    for arguments in [["push/empty.json"], ["blank.yaml"], ["--stdin"], ["--stdin", "--stdin-filename", "e.json"]] {
      let alone = run(pushlintBinary, ["--no-config"] + arguments, in: scratch.path, input: "")
      #expect(alone.status == 2, "\(arguments)")
      #expect(alone.standardError.contains("only an empty file"), "\(arguments): \(alone.standardError)")
      let allowed = run(pushlintBinary, ["--no-config", "--allow-no-files"] + arguments, in: scratch.path, input: "")
      #expect(allowed.status == 0, "\(arguments)")
    }
  }

  /// A misspelt option is answered with the nearest by edit distance, or
  /// with none: `--bogus` is no misspelling of `--jobs`.
  @Test func unknownOptionsAreSuggestedByEditDistance() {
    let bogus = run(pushlintBinary, ["--bogus"])
    #expect(bogus.status == 2)
    #expect(bogus.standardError.hasPrefix("Error: Unknown option '--bogus'.\n"))
    // Refused by the lint command's own parse, the arguments are parsed
    // again through the root, whose usage names the whole command.
    let usage = "\nUsage: pushlint lint [<options>] [<paths> ...]\n"
    #expect(bogus.standardError.contains(usage), "\(bogus.standardError)")
    #expect(run(pushlintBinary, ["--stattistics"]).standardError.contains("Did you mean '--statistics'?"))
    #expect(run(pushlintBinary, ["rules", "--formt", "json"]).standardError.contains("Did you mean '--format'?"))
    #expect(run(pushlintBinary, ["project", "--no-confg"]).standardError.contains("Did you mean '--no-config'?"))
  }

  @Test func helpTextSaysEachDefaultOnce() {
    for command in [[], ["rules"], ["project"], ["init"]] {
      let help = run(pushlintBinary, command + ["--help"]).standardOutput
      #expect(help.firstMatch(of: /\(default: [^)]*\)\.? *\(default/) == nil, "\(command): \(help)")
      #expect(!help.isEmpty)
    }
    #expect(run(pushlintBinary, ["project", "--help"]).standardOutput.contains("-c, --config"))
  }

  /// `pushlint project` on an ordinary app stays readable: what the app is
  /// comes first, and skipped files are counted, not listed (JSON lists them).
  @Test func projectOutputIsForPeopleWhateverTheAppHolds() {
    let scratch = ScratchDirectory()
    _ = run("/bin/cp", ["-R", repositoryRoot + "/samples/ExampleApp", scratch.path + "/App"])
    for index in 0..<300 { scratch.write("App/Views/View\(index).swift", "import SwiftUI\nstruct View\(index) {}\n") }
    for index in 0..<100 {
      scratch.write("App/Assets.xcassets/Icon\(index).imageset/Contents.json", "{\"images\": [], \"info\": {}}")
    }
    let text = run(pushlintBinary, ["project", "App"], in: scratch.path)
    #expect(text.status == 0, "\(text.standardError)")
    let lines = text.standardOutput.split(separator: "\n")
    #expect(lines.count < 80, "\(lines.count) lines")
    for name in [
      "ExampleApp  application", "MeetingContent  app-extension", "NotificationService  app-extension",
      "MEETING_INVITATION", "CHAT_MESSAGE", "SAFETY_ALERT", "content extensions:",
    ] {
      #expect(text.standardOutput.contains(name), "\(name)")
    }
    #expect(
      text.standardOutput.contains(
        "skipped: 401 files: 300 Swift files with no notification type, 100 asset catalog entries, 1 file of no kind pushlint reads (--verbose lists them)"
      ), "\(text.standardOutput)")
    let json = run(pushlintBinary, ["project", "App", "--format", "json"], in: scratch.path)
    #expect(json.standardOutput.components(separatedBy: "\"reason\": ").count - 1 == 401)
    let verbose = run(pushlintBinary, ["project", "App", "--verbose"], in: scratch.path)
    #expect(verbose.standardOutput.contains("App/Views/View7.swift  names no notification type; not parsed"))
  }

  /// A run that fails on a threshold says which, on standard error.
  @Test func thresholdFailuresSayWhy() {
    let scratch = ScratchDirectory()
    scratch.write("a.json", "{\"aps\": {\"alert\": \"Hi\", \"threadId\": \"x\", \"soundd\": \"y\"}}")
    let maxWarnings = run(pushlintBinary, ["--no-config", "--max-warnings", "0", "a.json"], in: scratch.path)
    #expect(maxWarnings.status == 1)
    #expect(maxWarnings.standardError.contains("pushlint: failing: 2 warnings exceed --max-warnings 0\n"))
    let failOn = run(pushlintBinary, ["--no-config", "--fail-on", "warning", "a.json"], in: scratch.path)
    #expect(failOn.status == 1)
    #expect(failOn.standardError.contains("pushlint: failing: 2 warnings at or above --fail-on warning\n"))
    scratch.write(".pushlint.yml", "fail-on: warning\n")
    let configured = run(pushlintBinary, ["a.json"], in: scratch.path)
    #expect(configured.status == 1)
    #expect(configured.standardError.contains("pushlint: failing: 2 warnings at or above fail-on warning\n"))
    let passing = run(pushlintBinary, ["--fail-on", "error", "a.json"], in: scratch.path)
    #expect(passing.status == 0)
    #expect(!passing.standardError.contains("failing"))
  }

  @Test func usageErrorsExitTwo() {
    #expect(run(pushlintBinary, ["--no-such-option"]).status == 2)
    #expect(run(pushlintBinary, ["--fail-on", "sometimes", "x.json"]).status == 2)
    #expect(run(pushlintBinary, ["--rule", "nope=off", "--no-config", "x.json"]).status == 2)
    #expect(run(pushlintBinary, ["--target", "ios=abc", "--no-config", "x.json"]).status == 2)
  }

  @Test func standardInputIsLintedUnderItsGivenName() {
    let result = run(
      pushlintBinary, ["--no-config", "--stdin", "--stdin-filename", "push/order.yaml"],
      input: "aps:\n  badge: 1\n  badge: 2\n")
    #expect(result.status == 0, "a duplicate key is a warning")
    #expect(
      result.standardOutput
        == "push/order.yaml:3:3: warning: duplicate key \"badge\"; the first is at line 2, column 3, and readers silently keep only one of them [duplicate-key]\n"
    )
    let dash = run(pushlintBinary, ["--no-config", "-"], input: "{\"aps\": {}}")
    #expect(dash.status == 0)
  }

  @Test func rulesAreListed() {
    let result = run(pushlintBinary, ["rules"])
    #expect(result.status == 0)
    for name in RuleRegistry.standard.names {
      #expect(result.standardOutput.contains(name))
    }
    let one = run(pushlintBinary, ["rules", "aps-missing"])
    #expect(one.standardOutput.contains("## Triggering"))
    #expect(run(pushlintBinary, ["rules", "aps-mising"]).status == 2)
  }

  @Test func controlCharactersFromInputsAreEscaped() {
    let scratch = ScratchDirectory()
    scratch.write("evil.json", "{\"aps\": {}, \"\\u001b[31mred\\nnext\": 1, \"\\u001b[31mred\\nnext\": 2}")
    let result = run(pushlintBinary, ["--no-config", "evil.json"], in: scratch.path)
    #expect(!result.standardOutput.contains("\u{1B}"))
    #expect(result.standardOutput.split(separator: "\n").count == 1)
    #expect(result.standardOutput.contains("\\u{1B}[31mred\\nnext"))
  }
}
