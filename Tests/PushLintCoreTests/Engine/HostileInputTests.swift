import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// Files that are broken, binary or hostile: each gets a diagnostic, never a
/// crash or a hang.
@Suite struct HostileInputTests {
  static func sample(_ path: String) -> [UInt8] {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/" + path) else { return [] }
    return bytes
  }

  @Test(arguments: [
    "samples/good/order-shipped.json", "samples/good/content-refresh.yaml", "samples/ExampleApp/App/Info.plist",
    "samples/ExampleApp/App/en.lproj/Localizable.strings", "samples/ExampleApp/App/de.lproj/Localizable.strings",
    "samples/ExampleApp/push/templates/chat-preview.json",
  ])
  func everyTruncationGetsAVerdict(path: String) {
    let bytes = Self.sample(path)
    #expect(bytes.count > 50)
    for length in 0..<bytes.count {
      let diagnostics = lint(bytes: Array(bytes[0..<length]), path: path)
      // A prefix either reads (and may have other findings) or gets one reader finding.
      let readerFindings = diagnostics.filter {
        [RuleID.syntaxError.rawValue, RuleID.invalidEncoding.rawValue].contains($0.rule)
      }
      #expect(readerFindings.count <= 1, "\(path) cut at \(length)")
    }
  }

  @Test func invalidUTF8AtEveryPositionIsFoundThere() {
    let text = Array("{\"aps\": {\"alert\": \"Grüße\"},\n \"k\": [1, 2]}".utf8)
    let index = LineIndex(bytes: text)
    for position in 0..<text.count where text[position] < 0x80 {
      var bytes = text
      bytes[position] = 0xFF
      let diagnostics = lint(bytes: bytes, path: "p.json")
      let expected = index.position(ofOffset: position)
      #expect(diagnostics.count == 1, "byte \(position)")
      #expect(diagnostics.first?.rule == RuleID.invalidEncoding.rawValue)
      #expect(
        diagnostics.first?.span.start.line == expected.line && diagnostics.first?.span.start.column == expected.column)
    }
  }

  @Test func aBinaryFileNamedJSONIsInvalidEncodingWhenNamedAndSkippedWhenWalked() {
    var generator = SystemRandomNumberGenerator()
    let binary = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(lint(bytes: binary, path: "image.json").map(\.rule) == [RuleID.invalidEncoding.rawValue])
    let scratch = ScratchDirectory()
    scratch.write("assets/image.json", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + binary)
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.isEmpty)
  }

  @Test func aFIFOIsNotReadForever() {
    let scratch = ScratchDirectory()
    mkfifo(scratch.path + "/pipe.json", 0o644)
    scratch.write("ok.json", "{\"aps\": {\"alert\": \"x\"}}")
    let walked = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(walked.diagnostics.isEmpty && walked.fileErrors.isEmpty)
    let named = run(pushlintBinary, ["--no-config", "pipe.json", "ok.json"], in: scratch.path)
    #expect(named.status == 2)
    #expect(named.standardError.contains("pipe.json: is not a regular file"))
    #expect(named.standardError.contains("in 1 file"), "the other file is still linted")
  }

  static let canDropPrivileges = getuid() == 0 && run("/bin/sh", ["-c", "command -v setpriv"]).status == 0

  /// Root reads every file, so the run drops to nobody to meet a file it may not read.
  @Test(.enabled(if: canDropPrivileges, "needs root and setpriv"))
  func anUnreadableFileExitsTwoAndTheOthersAreStillLinted() {
    let scratch = ScratchDirectory()
    chmod(scratch.path, 0o755)
    scratch.write("secret.json", "{\"aps\": {}}")
    scratch.write("ok.json", "{\"aps\": 1}")
    chmod(scratch.path + "/secret.json", 0o000)
    chmod(scratch.path + "/ok.json", 0o644)
    let result = run(
      "/usr/bin/setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", pushlintBinary, "--no-config", "secret.json", "ok.json"],
      in: scratch.path)
    #expect(result.status == 2)
    #expect(result.standardError.contains("pushlint: secret.json: permission denied"))
    #expect(result.standardOutput.hasPrefix("ok.json:1:9: error: "))
  }

  @Test func aDanglingSymlinkIsSkippedLikeAFileThatDisappeared() {
    let scratch = ScratchDirectory()
    symlink(scratch.path + "/gone.json", scratch.path + "/link.json")
    scratch.write("ok.json", "{\"aps\": 1}")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.path) == ["ok.json"])
    #expect(report.fileErrors.isEmpty)
  }

  /// Past its format's limit a file is refused unread: 1 GiB for JSON,
  /// whose reader keeps what no rule reads as bytes, 256 MiB for the rest.
  /// (The files are sparse: refused, they cost no disk and no memory.)
  @Test func oversizedFilesAreRefusedWithoutBeingRead() throws {
    let scratch = ScratchDirectory()
    func sparse(_ name: String, size: Int) {
      let descriptor = open(scratch.path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      #expect(ftruncate(descriptor, off_t(size)) == 0)
      close(descriptor)
    }
    sparse("huge.yaml", size: FileLimits.maxFileSize + 1)
    sparse("huge.json", size: FileLimits.maxJSONFileSize + 1)
    let result = run(pushlintBinary, ["--no-config", "huge.yaml", "huge.json"], in: scratch.path)
    #expect(result.status == 2)
    #expect(result.standardError.contains("huge.yaml: the file is 268435457 bytes, over the 256 MiB limit"))
    #expect(result.standardError.contains("huge.json: the file is 1073741825 bytes, over the 1 GiB limit"))
    #expect(FileLimits.maxFileSize(forExtension: "json") == FileLimits.maxJSONFileSize)
    #expect(FileLimits.maxFileSize(forExtension: "xcstrings") == FileLimits.maxFileSize)
  }

  @Test func deeplyNestedYAMLAndAliasBombsThroughTheCommandLine() {
    let scratch = ScratchDirectory()
    scratch.write("deep.yaml", String(repeating: "[", count: 100_000))
    var bomb = "aps:\n  lol: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...8 {
      bomb +=
        "  l\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    scratch.write("bomb.yaml", bomb)
    let result = run(pushlintBinary, ["--no-config", "deep.yaml", "bomb.yaml"], in: scratch.path)
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.allSatisfy { $0.hasSuffix("[syntax-error]") })
  }

  @Test func outputIsByteIdenticalWithOneThreadOrMany() {
    func render(_ jobs: Int) -> [String] {
      var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: jobs)
      linter.registrationReaders.append(SwiftRegistrationReader())
      linter.usesNearestConfiguration = true
      let report = linter.lint(paths: ["samples/"], currentDirectory: repositoryRoot)
      return [
        TextReporter.render(report.diagnostics), JSONReporter.render(report), SARIFReporter.render(report),
        GitHubReporter.render(report), PrettyReporter(color: false) { _ in nil }.render(report),
      ]
    }
    let one = render(1)
    #expect(one == render(8))
    #expect(one == render(3))
  }

  static let strictPython = sharedDirectory != nil && run("/usr/bin/env", ["python3", "-c", "pass"]).status == 0

  @Test(.enabled(if: strictPython, "needs ../shared and python3"))
  func theRealCorpusIsReadAndItsSyntaxVerdictsMatchAStrictParser() {
    let corpus = sharedDirectory! + "/corpus/real"
    let all = run(pushlintBinary, ["--no-config", "payloads", "plists", "entitlements"], in: corpus)
    #expect(all.status == 1 || all.status == 0, "no crash: \(all.status)")
    let script = """
      import json, os, subprocess, sys
      def strict(path):
          data = open(path, 'rb').read()
          try:
              text = data.decode('utf-8')
          except UnicodeDecodeError:
              return False
          if text.startswith('\\ufeff') or '\\x00' in text:
              return False
          def refuse(constant):
              raise ValueError(constant)
          try:
              json.loads(text, parse_constant=refuse)
              return True
          except ValueError:
              return False
      os.chdir(sys.argv[2])
      files = sorted(f for f in os.listdir('.') if f.endswith(('.json', '.apns')))
      out = subprocess.run([sys.argv[1], '--no-config', '--format', 'json'] + files, capture_output=True, text=True).stdout
      rejected = {d['path'] for d in json.loads(out)['diagnostics'] if d['rule'] in ('syntax-error', 'invalid-encoding')}
      disagreements = [f for f in files if strict(f) == (f in rejected)]
      print(len(files), len(disagreements), disagreements[:5])
      """
    let result = run("/usr/bin/env", ["python3", "-c", script, pushlintBinary, corpus + "/payloads"])
    let fields = result.standardOutput.split(separator: " ")
    #expect(result.status == 0, "\(result.standardError)")
    #expect((Int(fields.first ?? "") ?? 0) > 150)
    #expect(fields.count > 1 && fields[1] == "0", "\(result.standardOutput)")
  }
}

/// Four 16 MiB strings through the readers: most of twenty seconds in a
/// debug build, so it runs with the slow tests (`PUSHLINT_SLOW_TESTS=1`).
@Suite(
  .tags(.slow),
  .enabled(if: getenv("PUSHLINT_SLOW_TESTS") != nil, "slow: set PUSHLINT_SLOW_TESTS=1 to run it"))
struct StringLimitTests {
  @Test func aStringPastTheLimitIsOneDiagnosticInEveryReader() {
    let long = String(repeating: "a", count: ReaderLimits.maxStringBytes + 1)
    for (text, path) in [
      ("{\"aps\": {\"alert\": \"\(long)\"}}", "p.json"), ("{\"aps\": {\"alert\": \"\\n\(long)\"}}", "p.json"),
      ("aps:\n  alert: \(long)\n", "p.yaml"), ("<plist><string>\(long)</string></plist>", "Info.plist"),
    ] {
      let diagnostics = lint(text, path: path)
      #expect(diagnostics.map(\.rule) == [RuleID.syntaxError.rawValue], "\(path)")
      #expect(diagnostics.first?.message.contains("longer than 16 MiB") == true, "\(path)")
    }
  }
}

@Suite struct DiagnosticLimitTests {
  @Test func aStreamedFileKeepsTheFirstFindingsUpToTheLimit() {
    let scratch = ScratchDirectory()
    let lines = (1...5000).map { "{\"aps\": {\"badge\": \"\($0)\"}}" }.joined(separator: "\n") + "\n"
    scratch.write("batch.jsonl", lines)
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["batch.jsonl"], currentDirectory: scratch.path)
    #expect(report.diagnostics.count == Linter.maxDiagnosticsPerFile)
    #expect(report.diagnostics.first?.span.start.line == 1)
    #expect(report.diagnostics.last?.span.start.line == Linter.maxDiagnosticsPerFile)
    #expect(report.diagnostics.last?.message.hasSuffix("(and 4000 more findings in this file, not shown)") == true)
  }

  /// The parallel map gives each item's result in the items' order, runs
  /// the side job once, and hands each worker its own state: no state is
  /// ever used on two cores at once (each worker marks its state busy
  /// while it transforms an item).
  @Test func eachWorkerOfTheParallelMapHasAStateOfItsOwn() {
    final class State: @unchecked Sendable {
      let busy = System.SharedCounter()
      let overlaps = System.SharedCounter()
    }
    let linter = Linter(configuration: Configuration(directory: "/p"), jobs: 2)
    for count in [0, 1, 2, 3, 64, 1000, 8001] {
      let states = [State(), State(), State()]
      let sideJobs = System.SharedCounter()
      let items = Array(0..<count)
      let results = linter.inParallel(items, states: states, alongside: { _ = sideJobs.advance(by: 1) }) {
        state, item in
        if state.busy.advance(by: 1) != 0 { _ = state.overlaps.advance(by: 1) }
        var sum = 0
        for step in 0..<(item % 7) * 100 { sum &+= step }
        _ = state.busy.advance(by: -1)
        return item * 2 + (sum == -1 ? 1 : 0)
      }
      #expect(results == items.map { $0 * 2 }, "\(count)")
      #expect(sideJobs.advance(by: 0) == 1, "\(count)")
      #expect(states.allSatisfy { $0.overlaps.advance(by: 0) == 0 }, "\(count)")
    }
  }

  /// Findings of batches after the limit is reached are counted and never
  /// worded: what is kept must not change.
  @Test func findingsPastTheLimitAreCountedAsInOneBatch() {
    let scratch = ScratchDirectory()
    let lines = (1...3000).map { "{\"aps\": {\"badge\": \"\($0)\"}}" }.joined(separator: "\n") + "\n"
    scratch.write("batch.jsonl", lines)
    var linter = Linter(configuration: Configuration(directory: scratch.path), jobs: 2)
    let oneBatch = linter.lint(paths: ["batch.jsonl"], currentDirectory: scratch.path)
    linter.jsonLinesReadSize = 4096
    let manyBatches = linter.lint(paths: ["batch.jsonl"], currentDirectory: scratch.path)
    #expect(manyBatches.diagnostics.count == Linter.maxDiagnosticsPerFile)
    #expect(manyBatches.diagnostics.allSatisfy { !$0.message.isEmpty && $0.help != nil })
    #expect(manyBatches.diagnostics.map(TextReporter.line(for:)) == oneBatch.diagnostics.map(TextReporter.line(for:)))
    #expect(manyBatches.documents == 3000)
  }

  /// A document of many findings holds only those a report shows: the
  /// findings first in report order, whichever rule finds them last, and
  /// the rest counted. The value-type finding at the start is recorded
  /// after the unknown keys' thousands, which sort after it.
  @Test func aDocumentOfManyFindingsKeepsThoseFirstInReportOrder() {
    let keys = (0..<6000).map { "\"custom\($0)\": \($0)" }.joined(separator: ", ")
    let report = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
      .lint(bytes: Array("{\"aps\": {\"badge\": \"1\", \(keys)}}".utf8), path: "many.json")
    // The payload's size is found at its first character.
    let shown = report.diagnostics.map { "\($0.rule) \($0.pointer)" }
    #expect(shown.first?.hasPrefix(RuleID.payloadTooLarge.rawValue) == true)
    #expect(
      Array(shown.dropFirst()) == ["value-type /aps/badge"] + (0..<998).map { "unknown-key /aps/custom\($0)" })
    #expect(report.unshown.total == 6002 - Linter.maxDiagnosticsPerFile)
    #expect(report.diagnostics.last?.message.hasSuffix("(and 5002 more findings in this file, not shown)") == true)
  }

  /// What a file keeps past its limit is what a sort of every finding
  /// keeps, in any order of arrival, ties at one place included; the rest
  /// are counted by severity.
  @Test func keepingPastTheLimitHoldsWhatASortOfEveryFindingKeeps() {
    var generator = SystemRandomNumberGenerator()
    let rules: [RuleID] = [.valueType, .unknownKey, .invalidValue]
    let severities: [Severity] = [.error, .warning, .info]
    for count in [999, 1000, 4001, 9000] {
      let findings = (0..<count).map { _ in
        let position = SourcePosition(line: Int.random(in: 1...20, using: &generator), column: 1, offset: 0)
        let rule = rules[Int.random(in: 0..<3, using: &generator)]
        let words = Int.random(in: 0..<5, using: &generator)
        let place = Int.random(in: 0..<3, using: &generator)
        // Made once: the words are made each time they are asked. The
        // severity follows from the rest, as a configuration gives it.
        let message = "m\(words)"
        return KeptFinding(
          finding: Finding(rule: rule, span: SourceSpan(at: position), message: message, pointer: "/p\(place)"),
          severity: severities[(words + place) % 3], path: "f.json", document: Int.random(in: 0..<2, using: &generator))
      }
      var outcome = Linter.FileOutcome()
      for finding in findings { outcome.keep(finding) }
      Linter(configuration: Configuration(directory: "/nonexistent-project")).finish(&outcome)
      let every = findings.map { $0.worded() }.sorted(by: Diagnostic.reportOrder)
      let shown = every.prefix(Linter.maxDiagnosticsPerFile)
      func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.span.start.line) \(diagnostic.rule) \(diagnostic.document) \(diagnostic.pointer) \(diagnostic.severity)"
          + " \(diagnostic.message.prefix(2))"
      }
      // Within the limit nothing is sorted yet: reports sort every file's.
      #expect(outcome.diagnostics.sorted(by: Diagnostic.reportOrder).map(key) == shown.map(key), "\(count)")
      var unshown = SeverityCounts()
      for diagnostic in every.dropFirst(Linter.maxDiagnosticsPerFile) { unshown[diagnostic.severity] += 1 }
      #expect(outcome.unshown == unshown, "\(count)")
    }
  }

  /// A JSON Lines file's kept findings wait for the end of the file: made,
  /// they say the same and hold nothing their words and fix were made from
  /// (a line's values), so the file's memory does not grow with its length.
  @Test func aMadeFindingSaysTheSameAndLetsGoOfWhatItWasMadeFrom() throws {
    final class LineValues: Sendable {
      let text = "from the line"
    }
    var values: LineValues? = LineValues()
    weak let gone = values
    let fix = Fix(
      title: "write 3 without quotes", applicability: .safe, changes: [.replaceValue(.fileStart, with: .number("3"))],
      format: .json)
    var kept: KeptFinding? = try {
      let held = try #require(values)
      return KeptFinding(
        finding: Finding(
          rule: .valueType, span: .fileStart, message: "says \(held.text)", help: "helps \(held.text)",
          fix: held.text.isEmpty ? nil : fix),
        severity: .error, path: "lines.jsonl", document: 3)
    }()
    let before = try #require(kept).worded()
    let made = try #require(kept).made()
    kept = nil
    values = nil
    #expect(gone == nil)
    let after = made.worded()
    #expect(after.message == "says from the line" && after.message == before.message)
    #expect(after.help == before.help && after.fix == before.fix && after.fix == fix)
    #expect(after.document == 3 && after.span == before.span && after.rule == before.rule)
  }

  @Test func aFindingIsWordedOnlyWhenItsWordsAreAsked() {
    final class Calls: @unchecked Sendable {
      var count = 0
    }
    let calls = Calls()
    @Sendable func words(_ text: String) -> String {
      calls.count += 1
      return text
    }
    let finding = Finding(
      rule: .valueType, span: .fileStart, message: words("built"), pointer: "/aps", help: words("also built"))
    #expect(calls.count == 0 && finding.pointer == "/aps")
    #expect(finding.message == "built" && finding.help == "also built")
    #expect(calls.count == 2)
  }
}

/// Under AddressSanitizer (scripts/sanitize) an address-space limit cannot
/// hold: ASan reserves terabytes of shadow memory. The run takes about a
/// minute and a half (three runs of the debug build), so a plain `swift
/// test` skips it; `.ci/run` runs it with `PUSHLINT_SLOW_TESTS=1`.
@Suite(
  .tags(.slow),
  .enabled(if: getenv("PUSHLINT_SANITIZED") == nil, "the run is sanitized"),
  .enabled(if: getenv("PUSHLINT_SLOW_TESTS") != nil, "slow: set PUSHLINT_SLOW_TESTS=1 to run it"))
struct BoundedRunTests {
  /// Standard input named as a JSON file has the JSON limit, as the file
  /// would; named as any other file, the limit of the others. A payload and
  /// whitespace to one byte past the smaller limit, piped.
  @Test func standardInputHasTheLimitOfTheFileItIsNamedAs() {
    let scratch = ScratchDirectory()
    let payload = "{\"aps\": {\"alert\": \"hi\"}}"
    let padding = FileLimits.maxFileSize + 1 - payload.utf8.count
    let piped = "{ printf '%s' '\(payload)'; head -c \(padding) /dev/zero | tr '\\0' ' '; } | exec \"$0\" \"$@\""
    let asJSON = run(
      "/bin/sh", ["-c", piped, pushlintBinary, "--no-config", "--stdin-filename", "push/big.json", "-"],
      in: scratch.path)
    #expect(asJSON.status == 0, "\(asJSON.standardError.suffix(300))")
    let asYAML = run(
      "/bin/sh", ["-c", piped, pushlintBinary, "--no-config", "--stdin-filename", "push/big.yaml", "-"],
      in: scratch.path)
    #expect(asYAML.status == 2)
    #expect(asYAML.standardError.contains("standard input is over the 256 MiB limit"))
  }

  /// Every hostile file at once, through the command line, under a 1 GiB
  /// address-space limit and 90 seconds of CPU time: the exit status must be
  /// pushlint's own (0, 1 or 2), never 3, a signal (past the CPU limit, the
  /// kernel's), or the timeout's 124. A debug build needs about 33 seconds of
  /// CPU for the lot; what grows faster than the input needs minutes. The
  /// limit is CPU time, not wall time, so that a busy machine (CI's two
  /// lanes share two cores) slows the run without failing it; the wall-time
  /// limit catches a wait that uses no CPU.
  @Test func hostileFilesStayWithinTimeAndMemory() throws {
    let scratch = ScratchDirectory()
    scratch.write("deep.json", String(repeating: "[", count: 200_000))
    scratch.write("deep.yaml", String(repeating: "{a: ", count: 50_000))
    var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...12 {
      bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    scratch.write("bomb.yaml", bomb)
    scratch.write("long-string.json", "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 20 << 20) + "\"}}")
    scratch.write("many-keys.json", "{" + (0..<50_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
    scratch.write(
      "duplicates.json", "{\"aps\": {" + Array(repeating: "\"a\": 1", count: 20_000).joined(separator: ",") + "}}")
    scratch.write("nul.json", bytes: Array("{\"aps\": {\"alert\": \"".utf8) + [0] + Array("\"}}".utf8))
    scratch.write("bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"aps\": {}}".utf8))
    scratch.write("binary.json", bytes: (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
    scratch.write("lines.jsonl", String(repeating: "{\"aps\": {\"badge\": \"1\"}}\n", count: 5_000))
    // Five million numbers under aps took 1.1 GB as nodes; a million
    // findings took 1.4 GB as findings kept and worded.
    let numbers = (0..<5_000_000).map { String($0 % 100) }.joined(separator: ",")
    scratch.write("aps-array.json", "{\"aps\": {\"alert\": \"hi\", \"custom\": [\(numbers)]}}")
    let wrongItems = (0..<1_000_000).map { String($0 % 100) }.joined(separator: ",")
    // Each identifier of a categories file was sought in a list of all.
    let categories = (0..<50_000).map { "{\"identifier\": \"C\($0)\", \"actions\": [{\"identifier\": \"A\($0)\"}]}" }
    scratch.write("categories.json", "{\"categories\": [\(categories.joined(separator: ","))]}")
    scratch.write("wrong-items.json", "{\"aps\": {\"alert\": {\"loc-key\": \"K\", \"loc-args\": [\(wrongItems)]}}}")
    if case .success(let laughs) = FileSystem.readFile(
      repositoryRoot + "/Tests/Fixtures/plists/billion-laughs.binary.plist")
    {
      scratch.write("laughs.plist", bytes: laughs)
    }
    scratch.write("Localizable.strings", "\"A\" = \"" + String(repeating: "x", count: 20 << 20))
    scratch.write(
      "many.strings", (0..<200_000).map { "\"K\($0)\" = \"%@ \\U00e9 %\($0 % 9 + 1)$@\";\n" }.joined())
    // Files written on one line: each column was counted from the line's
    // start, so these took minutes.
    scratch.write("one-line.strings", (0..<40_000).map { "\"K\($0)\" = \"v\($0)\";" }.joined())
    scratch.write(
      "one-line.plist",
      "<plist version=\"1.0\"><dict><key>Flags</key><array>" + String(repeating: "<true/>", count: 200_000)
        + "</array></dict></plist>")
    // Each directive read its line from itself to the end, the later
    // directives' words among its rules.
    scratch.write("directives.yaml", "a: 1 " + String(repeating: "# pushlint: disable-line x ", count: 20_000))
    scratch.write("directives.plist", String(repeating: "<!-- pushlint: disable-line x ", count: 20_000))
    // Each local of a long function was sought by a scan of its whole
    // block (Swift) or of the file up to it (Objective-C).
    scratch.write(
      "App/Registrations.swift",
      "import UserNotifications\nfunc register() {\n"
        + (0..<5_000).map {
          "  let a\($0) = UNNotificationAction(identifier: \"A\($0)\", title: \"A\", options: [])\n"
            + "  let c\($0) = UNNotificationCategory(identifier: \"C\($0)\", actions: [a\($0)], intentIdentifiers: [])\n"
        }.joined() + "}\n")
    scratch.write(
      "App/Registrations.m",
      "- (void)registerCategories {\n"
        + (0..<10_000).map {
          "    UNNotificationAction *a\($0) = [UNNotificationAction actionWithIdentifier:@\"A\($0)\" title:@\"A\" options:0];\n"
            + "    UNNotificationCategory *c\($0) = [UNNotificationCategory categoryWithIdentifier:@\"C\($0)\" "
            + "actions:@[a\($0)] intentIdentifiers:@[] options:0];\n"
        }.joined() + "}\n")
    // A fuzzer's Swift file, sixteen times over: each name declared sixteen
    // times, each value naming the others, and a library's categories
    // sought four names deep through all of them.
    if case .success(let chains) = FileSystem.readFile(
      repositoryRoot + "/Tests/Fixtures/code/fuzz-library-chains.swift.txt")
    {
      scratch.write("App/Chains.swift", bytes: Array([[UInt8]](repeating: chains, count: 16).joined()))
    }
    scratch.write(
      "placeholders.json",
      "{\"aps\": {\"alert\": \"" + (0..<100_000).map { "{{x\($0)}}" }.joined() + "\"}, \"b\": ["
        + (0..<100_000).map { "{{y\($0)}}" }.joined(separator: ",") + "]}")
    scratch.write(
      "placeholders.yaml", "aps:\n  alert: x\n" + (0..<50_000).map { "k\($0): {{v\($0)}}\n" }.joined())
    let files = [
      "deep.json", "deep.yaml", "bomb.yaml", "long-string.json", "many-keys.json", "duplicates.json", "nul.json",
      "bom.json", "binary.json", "lines.jsonl", "laughs.plist", "Localizable.strings", "many.strings",
      "placeholders.json", "placeholders.yaml", "aps-array.json", "wrong-items.json", "categories.json",
      "one-line.strings", "one-line.plist", "directives.yaml", "directives.plist",
      "App/Registrations.swift", "App/Registrations.m", "App/Chains.swift",
    ]
    let limited = "ulimit -v 1048576; ulimit -t 90; exec timeout 600 \"$0\" \"$@\""
    for format in ["text", "pretty", "sarif"] {
      let result = run(
        "/bin/sh", ["-c", limited, pushlintBinary, "--no-config", "--format", format] + files,
        in: scratch.path)
      #expect(
        [0, 1, 2].contains(result.status), "\(format): exit \(result.status) \(result.standardError.suffix(300))")
    }
  }
}
