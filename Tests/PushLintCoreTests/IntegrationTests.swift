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

  @Test func theHookHasPreCommitsKeysAndMatchesPushFiles() throws {
    let documents = YAMLReader.read(Array(read(".pre-commit-hooks.yaml").utf8))
    let hook = try #require(documents.first?.result.root?.elements?.first)
    let allowed: Set<String> = [
      "id", "name", "entry", "language", "alias", "files", "exclude", "types", "types_or", "exclude_types",
      "additional_dependencies", "args", "always_run", "fail_fast", "pass_filenames", "description",
      "language_version", "log_file", "minimum_pre_commit_version", "require_serial", "stages", "verbose",
    ]
    let keys = Set(hook.members?.map(\.key) ?? [])
    #expect(keys.isSubset(of: allowed), "\(keys.subtracting(allowed))")
    #expect(["id", "name", "entry", "language"].allSatisfy(keys.contains))
    #expect(hook["language"]?.stringValue == "swift")
    #expect(hook["entry"]?.stringValue == "pushlint")
    let files = try #require(hook["files"]?.stringValue)
    let regex = try Regex(files)
    for name in ["push/order.apns", "a.json", "b.yaml", "c.yml", "d.jsonl", "Info.plist", "App.entitlements"] {
      #expect(name.firstMatch(of: regex) != nil, "\(name)")
    }
    #expect("README.md".firstMatch(of: regex) == nil)
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

  static let vim = run("/usr/bin/env", ["sh", "-c", "command -v vim"]).status == 0

  @Test(.enabled(if: vim, "vim is not installed"))
  func vimsErrorformatFillsTheQuickfixList() {
    let scratch = ScratchDirectory()
    scratch.write("output.txt", run(pushlintBinary, ["samples/bad/typos.json"], in: repositoryRoot).standardOutput)
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
