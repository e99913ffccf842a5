import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// The README's console examples: each `$ .build/release/pushlint …` block
/// shows what the command prints (standard output, then the summary on
/// standard error), run from the repository root.
/// Many paths on one command line (a pre-commit run over a large
/// repository) are set aside from the argument parser; options before,
/// between and after them, and the values they take, mean what they mean
/// with a few paths.
@Suite struct ManyPathsTests {
  static let count = 150

  func scratchWithPayloads() -> (ScratchDirectory, [String]) {
    let scratch = ScratchDirectory()
    var names: [String] = []
    for index in 0..<Self.count {
      let name = "p\(index).json"
      scratch.write(
        "push/" + name, index == 7 ? "{\"aps\": {\"alert\": \"x\", \"bodyy\": 1}}" : "{\"aps\": {\"alert\": \"x\"}}")
      names.append("push/" + name)
    }
    return (scratch, names)
  }

  @Test func optionsAroundManyPathsKeepTheirValues() throws {
    let (scratch, names) = scratchWithPayloads()
    let half = names.count / 2
    let arguments =
      ["--no-config", "--quiet"] + names[..<half] + ["-f", "json", "-o", "report.json"] + names[half...]
      + ["--rule", "unknown-key=error"]
    let result = run(pushlintBinary, arguments, in: scratch.path)
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardOutput.isEmpty, "the report went to -o's file, not taken for a path")
    guard case .success(let bytes) = FileSystem.readFile(scratch.path + "/report.json") else {
      Issue.record("no report written: \(result.standardError)")
      return
    }
    let report = String(decoding: bytes, as: UTF8.self)
    #expect(report.contains("\"files\": \(Self.count),"))
    #expect(report.contains("\"path\": \"push/p7.json\""))
    #expect(report.contains("\"severity\": \"error\",\n      \"rule\": \"unknown-key\""))
  }

  @Test func manyPathsLintAsTheirDirectoryDoes() {
    let (scratch, names) = scratchWithPayloads()
    let named = run(pushlintBinary, ["--no-config"] + names, in: scratch.path)
    let walked = run(pushlintBinary, ["--no-config", "push"], in: scratch.path)
    #expect(named.status == walked.status)
    #expect(named.standardOutput == walked.standardOutput)
    #expect(named.standardError == walked.standardError)
    #expect(named.standardError.contains("in \(Self.count) files"))
    let terminated = run(pushlintBinary, ["lint", "--no-config", "--"] + names, in: scratch.path)
    #expect(terminated.standardOutput == walked.standardOutput)
    #expect(terminated.standardError == walked.standardError)
  }

  @Test func aMissingPathAmongManyIsStillNamed() {
    let (scratch, names) = scratchWithPayloads()
    let result = run(pushlintBinary, ["--no-config"] + names + ["push/missing.json"], in: scratch.path)
    #expect(result.status == 2)
    #expect(result.standardError.contains("push/missing.json"))
  }
}
