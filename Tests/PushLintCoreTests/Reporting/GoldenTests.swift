import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// The README's walkthrough output. After changing samples/ or a message,
/// record it again with scripts/update-expectations.
@Suite struct GoldenTests {
  @Test func samplesGiveTheRecordedOutput() throws {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 2)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    let report = linter.lint(paths: ["samples/"], currentDirectory: repositoryRoot)
    let golden = "Tests/Fixtures/golden/samples.txt"
    if ExpectedOutput.isRecording { try ExpectedOutput.record(TextReporter.render(report.diagnostics), to: golden) }
    guard case .success(let expected) = FileSystem.readFile(repositoryRoot + "/" + golden) else {
      Issue.record("\(golden) is missing; record it with scripts/update-expectations")
      return
    }
    #expect(TextReporter.render(report.diagnostics) == String(decoding: expected, as: UTF8.self))
    // unavailable-key needs a configured target, which a plain run over samples/ has not.
    let shown = Set(RuleRegistry.standard.names).subtracting(["unavailable-key"])
    #expect(Set(report.diagnostics.map(\.rule)) == shown, "samples show every rule")
    #expect(!report.diagnostics.contains { $0.path.hasPrefix("samples/good/") }, "good samples lint clean")
  }
}
