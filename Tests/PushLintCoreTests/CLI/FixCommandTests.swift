import Testing

@testable import PushLintCore

/// `--fix`, `--unsafe-fixes` and `--diff` as a user runs them, on copies of
/// the samples.
@Suite(.serialized) struct FixCommandTests {
  func copy(_ sample: String, into scratch: ScratchDirectory) -> String {
    let destination = scratch.path + "/" + Paths.fileName(sample)
    run("/bin/cp", ["-R", repositoryRoot + "/" + sample, destination])
    return destination
  }

  /// Every file below `directory` (relative path → bytes).
  func files(in directory: String) -> [String: [UInt8]] {
    let listed = run("/usr/bin/find", [".", "-type", "f"], in: directory).standardOutput
    var contents: [String: [UInt8]] = [:]
    for path in listed.split(separator: "\n").map(String.init) {
      if case .success(let bytes) = FileSystem.readFile(directory + "/" + path) { contents[path] = bytes }
    }
    return contents
  }

  /// The files below `directory` modified after `reference` (portable
  /// `find -newer`, on Linux and macOS alike).
  func modified(in directory: String, after reference: String) -> String {
    run("/usr/bin/find", [".", "-type", "f", "-newer", reference], in: directory).standardOutput
  }

  @Test func fixMendsTheBadSamplesAndLeavesTheGoodOnesUntouched() throws {
    let scratch = ScratchDirectory()
    let bad = copy("samples/bad", into: scratch)
    let good = copy("samples/good", into: scratch)
    let before = files(in: bad)
    let goodBefore = files(in: good)
    // The good files dated in the past, a reference a minute later: a
    // rewritten file would be newer than it.
    run("/bin/sh", ["-c", "find . -type f -exec touch -t 200001010000 {} +"], in: good)
    let reference = scratch.path + "/reference"
    run("/usr/bin/touch", ["-t", "200001010001", reference])
    let fixable = run(pushlintBinary, ["--no-config", "--format", "json", "."], in: bad).standardOutput
    #expect(fixable.contains("\"applicability\": \"safe\""), "the bad samples have safe fixes")

    let fixed = run(pushlintBinary, ["--no-config", "--fix", "."], in: bad)
    #expect(fixed.standardError.contains("pushlint: fixed "), "\(fixed.standardError)")
    #expect(!fixed.standardOutput.contains("[*]"), "every safe fix was applied: \(fixed.standardOutput)")
    let after = files(in: bad)
    #expect(after != before)
    // Every changed file still reads: no syntax error a fix made.
    for (path, bytes) in after where before[path] != bytes {
      let lint = run(pushlintBinary, ["--no-config", "--select", "syntax-error,invalid-encoding", path], in: bad)
      #expect(lint.standardOutput.isEmpty, "\(path) no longer reads: \(lint.standardOutput)")
    }

    let again = run(pushlintBinary, ["--no-config", "--fix", "."], in: bad)
    #expect(files(in: bad) == after, "a second --fix changes nothing")
    #expect(!again.standardError.contains("pushlint: fixed "), "\(again.standardError)")

    let untouched = run(pushlintBinary, ["--no-config", "--fix", "."], in: good)
    #expect(untouched.status == 0)
    #expect(files(in: good) == goodBefore)
    #expect(modified(in: good, after: reference).isEmpty, "files with nothing to fix are not rewritten")
  }

  @Test func diffPrintsTheChangeWritesNothingAndExitsOne() {
    let scratch = ScratchDirectory()
    scratch.write("badge.yaml", "aps:\n  alert: Hi\n  badge: '3'\n  thread_id: chat\n")
    let diff = run(pushlintBinary, ["--no-config", "--diff", "badge.yaml"], in: scratch.path)
    #expect(diff.status == 1)
    #expect(
      diff.standardOutput
        == "--- a/badge.yaml\n+++ b/badge.yaml\n@@ -1,4 +1,4 @@\n aps:\n   alert: Hi\n-  badge: '3'\n-  thread_id: chat\n+  badge: 3\n+  thread-id: chat\n",
      "\(diff.standardOutput)")
    #expect(diff.standardError.contains("--fix would fix 2 findings in 1 file"), "\(diff.standardError)")
    let bytes = try? FileSystem.readFile(scratch.path + "/badge.yaml").get()
    #expect(bytes == Array("aps:\n  alert: Hi\n  badge: '3'\n  thread_id: chat\n".utf8))
    let clean = run(pushlintBinary, ["--no-config", "--diff", "badge.yaml", "--fix"], in: scratch.path)
    #expect(clean.status == 2, "--diff and --fix together are a usage error")
  }

  @Test func unsafeFixesNeedTheirFlagAndAFixedFileKeepsItsPermissions() {
    let scratch = ScratchDirectory()
    let text = #"{"aps": {"event": "end", "content-state": {}, "timestamp": 1746475860808}}"#
    scratch.write("activity.json", text)
    run("/bin/chmod", ["640", scratch.path + "/activity.json"])
    let safeOnly = run(pushlintBinary, ["--no-config", "--fix", "activity.json"], in: scratch.path)
    #expect(safeOnly.status == 0)
    #expect((try? FileSystem.readFile(scratch.path + "/activity.json").get()) == Array(text.utf8))
    #expect(safeOnly.standardError.contains("1 fixable with --fix --unsafe-fixes"), "\(safeOnly.standardError)")
    let unsafe = run(pushlintBinary, ["--no-config", "--fix", "--unsafe-fixes", "activity.json"], in: scratch.path)
    #expect(unsafe.status == 0)
    #expect(
      (try? FileSystem.readFile(scratch.path + "/activity.json").get())
        == Array(#"{"aps": {"event": "end", "content-state": {}, "timestamp": 1746475860}}"#.utf8))
    #expect(unsafe.standardError.hasPrefix("pushlint: fixed 1 finding; no problems"), "\(unsafe.standardError)")
    let listing = run("/bin/ls", ["-l", scratch.path + "/activity.json"]).standardOutput
    #expect(listing.hasPrefix("-rw-r----- "), "\(listing)")
  }

  /// Each number written as a string takes two bytes: once the payload
  /// reaches its 4,096 bytes, the rest are left out, and a second run
  /// would leave them out again, so they are neither counted nor marked.
  @Test func fixesLeftOutAreNotCountedAsFixable() throws {
    let scratch = ScratchDirectory()
    let arguments = (0..<1200).map { _ in "1" }.joined(separator: ",")
    scratch.write("p.json", #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["# + arguments + "]}}}")
    let result = run(pushlintBinary, ["--no-config", "--fix", "p.json"], in: scratch.path)
    let summary = result.standardError
    let withheld = try #require(summary.firstMatch(of: /; (\d+) fixes not applied/)).1
    let remaining = try #require(summary.firstMatch(of: /(\d+) warnings/)).1
    let fixable = summary.firstMatch(of: /; (\d+) fixable with --fix/).map { Int($0.1)! } ?? 0
    #expect(Int(withheld)! > 0, "\(summary)")
    #expect(fixable == Int(remaining)! - Int(withheld)!, "\(summary)")
    // What is left out is not marked either.
    let marked = result.standardOutput.split(separator: "\n").filter { $0.contains(" [*] [") }.count
    #expect(marked == fixable, "\(result.standardOutput)")
    let again = run(pushlintBinary, ["--no-config", "--fix", "p.json"], in: scratch.path)
    let fixedAgain = again.standardError.firstMatch(of: /^pushlint: fixed (\d+) finding/).map { Int($0.1)! } ?? 0
    #expect(fixedAgain <= fixable, "\(again.standardError)")
  }

  @Test func fixableFindingsAreMarkedAndCounted() {
    let scratch = ScratchDirectory()
    scratch.write("p.json", #"{"aps": {"alert": "x", "badge": "3", "interruption-level": "7"}}"#)
    let result = run(pushlintBinary, ["--no-config", "p.json"], in: scratch.path)
    #expect(result.standardOutput.contains("\"badge\" must be a number, found the string \"3\" [*] [value-type]"))
    #expect(result.standardError.contains("1 fixable with --fix"), "\(result.standardError)")
  }
}
