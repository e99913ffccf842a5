import Testing

@testable import PushLintCore

/// The files users copy into their projects: each is tried against what reads it.
@Suite(.serialized) struct IntegrationTests {
  static let python = run("/usr/bin/env", ["python3", "-c", "pass"]).status == 0
  static let preCommit = run("/usr/bin/env", ["python3", "-c", "import pre_commit"]).status == 0

  func read(_ path: String) -> String {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/" + path) else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func theHooksHavePreCommitsKeysAndMatchPushFiles() throws {
    let documents = YAMLReader.read(Array(read(".pre-commit-hooks.yaml").utf8))
    let hooks = try #require(documents.first?.result.root?.elements)
    let allowed: Set<String> = [
      "id", "name", "entry", "language", "alias", "files", "exclude", "types", "types_or", "exclude_types",
      "additional_dependencies", "args", "always_run", "fail_fast", "pass_filenames", "description",
      "language_version", "log_file", "minimum_pre_commit_version", "require_serial", "stages", "verbose",
    ]
    #expect(hooks.compactMap { $0["id"]?.stringValue } == ["pushlint", "pushlint-python"])
    #expect(hooks.compactMap { $0["language"]?.stringValue } == ["swift", "python"])
    for hook in hooks {
      let keys = Set(hook.members?.map(\.key) ?? [])
      #expect(keys.isSubset(of: allowed), "\(keys.subtracting(allowed))")
      #expect(["id", "name", "entry", "language"].allSatisfy(keys.contains))
      #expect(hook["entry"]?.stringValue == "pushlint")
      let files = try #require(hook["files"]?.stringValue)
      let regex = try Regex(files)
      for name in ["push/order.apns", "a.json", "b.yaml", "c.yml", "d.jsonl", "Info.plist", "App.entitlements"] {
        #expect(name.firstMatch(of: regex) != nil, "\(name)")
      }
      #expect("README.md".firstMatch(of: regex) == nil)
    }
  }

  /// The Python hook installs the repository's pyproject.toml, which must ask
  /// for the wheel of this very version (scripts/wheel names it after
  /// `pushlint --version`).
  @Test func thePythonHookPinsTheWheelOfThisVersion() {
    let project = read("pyproject.toml")
    #expect(project.contains("dependencies = [\"pushlint==\(PushLintInfo.version)\"]"))
    #expect(project.contains("\nversion = \"\(PushLintInfo.version)\"\n"))
  }

  @Test(.enabled(if: preCommit, "pre-commit is not installed"))
  func preCommitAcceptsTheManifest() {
    let check = run(
      "/usr/bin/env",
      [
        "python3", "-c", "import sys; from pre_commit.clientlib import load_manifest; load_manifest(sys.argv[1])",
        repositoryRoot + "/.pre-commit-hooks.yaml",
      ])
    #expect(check.status == 0, "\(check.standardError)")
  }

  @Test(.enabled(if: python, "python3 is not installed"))
  func theProblemMatchersParseEveryTextLine() {
    let scratch = ScratchDirectory()
    let text = run(pushlintBinary, ["samples/"], in: repositoryRoot).standardOutput
    scratch.write("output.txt", text)
    let script = """
      import json, re, sys
      lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
      # GitHub's runner takes error, warning and notice: every line must
      # match one matcher and map to one of them.
      matchers = json.load(open(sys.argv[2]))["problemMatcher"]
      for line in lines:
          found = [(m, re.match(m["pattern"][0]["regexp"], line)) for m in matchers]
          found = [(m, g) for m, g in found if g]
          assert len(found) == 1, line
          matcher, match = found[0]
          pattern = matcher["pattern"][0]
          severity = match.group(pattern["severity"]) if "severity" in pattern else matcher["severity"]
          assert severity in ("error", "warning", "notice"), line
          assert match.group(pattern["code"]).replace("-", "").isalnum(), line
          assert int(match.group(pattern["line"])) >= 1
      # VS Code's problem matcher reads error, warning, info, hint and note
      # (note and hint as info; its getSeverity), so the task's pattern keeps
      # the text output's own words.
      task = json.load(open(sys.argv[3]))["tasks"][0]["problemMatcher"]["pattern"]
      for line in lines:
          m = re.match(task["regexp"], line)
          assert m, line
          assert m.group(task["severity"]) in ("error", "warning", "note"), line
      assert any(": note: " in line for line in lines)
      print(len(lines))
      """
    let result = run(
      "/usr/bin/env",
      [
        "python3", "-c", script, scratch.path + "/output.txt",
        repositoryRoot + "/integrations/github/pushlint-matcher.json",
        repositoryRoot + "/integrations/vscode/tasks.json",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Int(result.standardOutput.split(separator: "\n").first ?? "") ?? 0 > 20)
  }

  /// `brew test` runs the formula's test block: pushlint on a payload it
  /// writes, expecting an exit status and a line. The same run here keeps
  /// the formula's expectation what pushlint prints.
  @Test func theHomebrewFormulasTestExpectsWhatPushlintPrints() throws {
    let formula = read("integrations/homebrew/pushlint.rb")
    let payload = try #require(formula.firstMatch(of: /<<~JSON\n\s*(.+)\n\s*JSON/)?.1)
    let command = try #require(formula.firstMatch(of: /shell_output\("#\{bin\}\/pushlint ([^"]+) push\.json", (\d+)\)/))
    let expected = try #require(formula.firstMatch(of: /assert_match "((?:[^"\\]|\\.)+)", output/)?.1)
    let scratch = ScratchDirectory()
    scratch.write("push.json", String(payload) + "\n")
    let result = run(pushlintBinary, command.1.split(separator: " ").map(String.init) + ["push.json"], in: scratch.path)
    #expect(result.status == Int32(command.2))
    #expect(result.standardOutput.contains(expected.replacing("\\\"", with: "\"")), "\(result.standardOutput)")
  }

  /// The composite action's steps, run as GitHub's runner runs them: each
  /// `run` with bash -e, `${{ inputs.… }}` in `env` filled in, outputs through
  /// `$GITHUB_OUTPUT`. The build is taken from the cache folder the action
  /// restores, where the test puts the binary under test.
  @Test func theActionLintsWithItsInputsAndFailsTheStep() throws {
    let action = try #require(YAMLReader.read(Array(read("action.yml").utf8)).first?.result.root)
    let inputs = Set(action["inputs"]?.members?.map(\.key) ?? [])
    #expect(inputs == ["paths", "args", "sarif-file", "working-directory"])
    #expect(action["runs"]?["using"]?.stringValue == "composite")
    let steps = try #require(action["runs"]?["steps"]?.elements)
    #expect(steps.compactMap { $0["uses"]?.stringValue } == ["actions/cache@v4"])
    let cachePath = try #require(steps.first { $0["uses"] != nil }?["with"]?["path"]?.stringValue)
    let fingerprint = try #require(steps.first { $0["id"]?.stringValue == "source" }?["run"]?.stringValue)
    let lint = try #require(steps.first { $0["id"]?.stringValue == "lint" })
    let script = try #require(lint["run"]?.stringValue)

    let scratch = ScratchDirectory()
    let home = scratch.path + "/home"
    let cache = cachePath.replacingOccurrences(of: "~", with: home)
    _ = run("/bin/mkdir", ["-p", cache])
    _ = run("/bin/cp", [pushlintBinary, cache + "/pushlint"])

    func runStep(_ script: String, inputs given: [String: String]) -> (ProcessResult, String) {
      var environment = [
        "HOME=\(home)", "GITHUB_ACTION_PATH=\(repositoryRoot)", "GITHUB_OUTPUT=\(scratch.path)/output",
      ]
      for member in lint["env"]?.members ?? [] {
        let expression = member.value.stringValue ?? ""
        let name = expression.firstMatch(of: /\$\{\{ inputs\.([a-z-]+) \}\}/).map { String($0.1) } ?? ""
        let fallback = action["inputs"]?[name]?["default"]?.stringValue ?? ""
        environment.append("\(member.key)=\(given[name] ?? fallback)")
      }
      _ = run("/bin/rm", ["-f", scratch.path + "/output"])
      let result = run("/usr/bin/env", environment + ["bash", "-e", "-c", script], in: repositoryRoot)
      guard case .success(let bytes) = FileSystem.readFile(scratch.path + "/output") else { return (result, "") }
      return (result, String(decoding: bytes, as: UTF8.self))
    }

    // The build's key covers the dependency versions resolved, not only the
    // ranges Package.swift names.
    #expect(fingerprint.contains("swift package resolve") && fingerprint.contains("Package.resolved"))
    let (hashed, hashOutput) = runStep(fingerprint, inputs: [:])
    #expect(hashed.status == 0, "\(hashed.standardError)")
    #expect(hashOutput.firstMatch(of: /^hash=[0-9a-f]{16}\n$/) != nil, "\(hashOutput)")

    let sarif = scratch.path + "/pushlint.sarif"
    let (failed, outputs) = runStep(
      script,
      inputs: ["paths": "samples/bad/typos.json\nsamples/good", "args": "--fail-on warning", "sarif-file": sarif])
    #expect(failed.status == 1, "\(failed.standardError)")
    #expect(failed.standardOutput.contains("::warning file=samples/bad/typos.json,line=5,col=7,"))
    #expect(outputs == "sarif-file=\(sarif)\n")
    guard case .success(let written) = FileSystem.readFile(sarif) else {
      Issue.record("no SARIF written")
      return
    }
    #expect(String(decoding: written, as: UTF8.self).contains("\"ruleId\": \"unknown-key\""))

    let (passed, _) = runStep(script, inputs: ["paths": "samples/good"])
    #expect(passed.status == 0, "\(passed.standardOutput)\(passed.standardError)")
    let (wrongPath, _) = runStep(script, inputs: ["paths": "sampels/"])
    #expect(wrongPath.status == 2, "a gate pointed at a wrong path fails")
  }

  static let vim = run("/usr/bin/env", ["sh", "-c", "command -v vim"]).status == 0

  @Test(.enabled(if: vim, "vim is not installed"))
  func vimsErrorformatFillsTheQuickfixList() {
    let scratch = ScratchDirectory()
    // :make reads standard error too, where the summary goes.
    let lint = run(pushlintBinary, ["samples/bad/typos.json"], in: repositoryRoot)
    scratch.write("output.txt", lint.standardOutput + lint.standardError)
    let result = run(
      "/usr/bin/env",
      [
        "vim", "-Es", "-N", "-u", "NONE", "-c", "source integrations/vim/pushlint.vim",
        "-c", "cgetfile \(scratch.path)/output.txt", "-c", "redir! > \(scratch.path)/qf.txt",
        "-c", "for e in getqflist() | echo e.lnum e.col e.type e.valid | endfor", "-c", "redir END", "-c", "qa!",
      ], in: repositoryRoot)
    #expect(result.status == 0)
    guard case .success(let bytes) = FileSystem.readFile(scratch.path + "/qf.txt") else {
      Issue.record("no quickfix list written")
      return
    }
    let entries = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.isEmpty }
    #expect(entries.first == "5 7 w 1")
    #expect(entries.contains("8 14 w 1"))
    #expect(entries.count == 6)
    #expect(entries.allSatisfy { $0.hasSuffix(" 1") }, "every entry is a valid one")
  }

  @Test func theReadmesVimSnippetIsTheShippedOne() throws {
    guard case .success(let readme) = FileSystem.readFile(repositoryRoot + "/README.md"),
      case .success(let shipped) = FileSystem.readFile(repositoryRoot + "/integrations/vim/pushlint.vim")
    else {
      Issue.record("README.md or integrations/vim/pushlint.vim is missing")
      return
    }
    let text = String(decoding: readme, as: UTF8.self)
    let block = try #require(text.firstMatch(of: /```vim\n((?:.*\n)*?)```/)).1
    let settings = String(decoding: shipped, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("set ") }
    #expect(block.split(separator: "\n") == settings)
  }

  /// vim's `%c` counts bytes: with the integration's `--column-unit bytes`,
  /// the cursor lands on the finding even after multi-byte text.
  @Test(.enabled(if: vim, "vim is not installed"))
  func vimJumpsToTheFindingAfterMultiByteText() {
    let scratch = ScratchDirectory()
    scratch.write("mb.json", "{\"aps\": {\"alert\": \"Café ☕ 日本語 😀\", \"badge\": \"3\"}}\n")
    for (unit, lands) in [("bytes", true), ("characters", false)] {
      let output = run(pushlintBinary, ["--no-config", "--column-unit", unit, "mb.json"], in: scratch.path)
      scratch.write("output-\(unit).txt", output.standardOutput)
      let result = run(
        "/usr/bin/env",
        [
          "vim", "-Es", "-N", "-u", "NONE", "-c", "set encoding=utf-8", "-c", "source integrations/vim/pushlint.vim",
          "-c", "cd \(scratch.path)", "-c", "cgetfile output-\(unit).txt", "-c", "cfirst",
          "-c", "redir! > under-\(unit).txt", "-c", "echo strpart(getline('.'), col('.') - 1, 3)", "-c", "redir END",
          "-c", "qa!",
        ], in: repositoryRoot)
      #expect(result.status == 0, "\(result.standardError)")
      guard case .success(let bytes) = FileSystem.readFile(scratch.path + "/under-\(unit).txt") else {
        Issue.record("vim wrote nothing")
        continue
      }
      let under = String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
      #expect((under == "\"3\"") == lands, "\(unit): the cursor is on \(under)")
    }
  }

}
