import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite struct ReadmeTests {
  @Test func theReadmesConsoleExamplesPrintWhatTheyShow() throws {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/README.md") else {
      Issue.record("README.md is missing")
      return
    }
    let blocks = String(decoding: bytes, as: UTF8.self).components(separatedBy: "```console\n").dropFirst()
    var checked = 0
    for block in blocks {
      let lines = block.components(separatedBy: "```")[0].components(separatedBy: "\n")
      let prefix = "$ .build/release/pushlint "
      guard let command = lines.first, command.hasPrefix(prefix) else { continue }
      let arguments = command.dropFirst(prefix.count).split(separator: " ").map(String.init)
      let result = run(pushlintBinary, arguments, in: repositoryRoot)
      #expect(result.standardOutput + result.standardError == lines.dropFirst().joined(separator: "\n"), "\(command)")
      checked += 1
    }
    #expect(checked >= 2)
  }

  /// Every concrete pushlint command the README gives, inline or in a
  /// block, runs: no usage error, no crash. Forms with placeholders
  /// (`NAME`, `[-f json]`, `a|b`) are the usage summary and are skipped.
  /// They run in a scratch folder with a copy of `samples/`, so neither
  /// `init` nor `--fix` writes into the repository.
  @Test func everyPushlintCommandInTheReadmeRuns() throws {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/README.md") else {
      Issue.record("README.md is missing")
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    var commands: [String] = []
    for match in text.matches(of: /`(?:\.build\/release\/)?(pushlint(?: [^`]*)?)`/) { commands.append(String(match.1)) }
    for match in text.matches(of: /\n\$ (?:\.build\/release\/)?(pushlint [^\n]*)/) { commands.append(String(match.1)) }
    let concrete = Set(
      commands.filter { command in
        !command.contains { "[]|<>…".contains($0) } && command.firstMatch(of: /\b[A-Z]{2,}\b/) == nil
          && !command.contains("#")
      })
    let scratch = ScratchDirectory()
    _ = run("/bin/cp", ["-R", repositoryRoot + "/samples", scratch.path + "/samples"])
    var ran = 0
    for command in concrete.sorted() {
      let arguments = command.split(separator: " ").dropFirst().map(String.init)
      let result = run(pushlintBinary, arguments, in: scratch.path)
      #expect([0, 1].contains(result.status), "README: \(command) exited \(result.status): \(result.standardError)")
      ran += 1
    }
    #expect(ran >= 8, "\(concrete.sorted())")
  }
}
