import Testing

@testable import PushLintCore

/// Payloads other projects send: the outputs of APNs and FCM client
/// libraries' tests and the examples in Apple's and Firebase's documents
/// (`Tests/Fixtures/peer-corpus`, origins and licences in its SOURCES.md).
/// What pushlint reports on them is recorded in `expected.txt`, each finding
/// checked against the documents when it was recorded: a change shows up
/// here as a diff to judge, and a false positive is fixed in one line of
/// `rules/schema.yaml` or one rule's condition.
@Suite struct PeerCorpusTests {
  static let folder = "Tests/Fixtures/peer-corpus"

  func report() -> String {
    let linter = Linter(configuration: Configuration(directory: repositoryRoot + "/" + Self.folder), jobs: 2)
    let report = linter.lint(paths: ["."], currentDirectory: repositoryRoot + "/" + Self.folder)
    #expect(report.fileErrors.isEmpty)
    #expect(report.files > 70, "the corpus is linted")
    return TextReporter.render(report.diagnostics)
  }

  @Test func theCorpusGivesTheRecordedFindings() throws {
    let text = report()
    let expected = Self.folder + "/expected.txt"
    if ExpectedOutput.isRecording { try ExpectedOutput.record(text, to: expected) }
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/" + expected) else {
      Issue.record("\(expected) is missing; record it with scripts/update-expectations")
      return
    }
    #expect(text == String(decoding: bytes, as: UTF8.self))
  }

  @Test func applesAndFirebasesOwnExamplesGetNoWarningOrError() throws {
    guard case .success(let names) = FileSystem.list(repositoryRoot + "/" + Self.folder) else {
      Issue.record("\(Self.folder) is missing")
      return
    }
    let documented = names.filter { $0.hasPrefix("apple-") || $0.hasPrefix("firebase-doc-") }
    #expect(documented.count >= 10)
    let linter = Linter(configuration: Configuration(directory: repositoryRoot + "/" + Self.folder), jobs: 2)
    let report = linter.lint(paths: documented, currentDirectory: repositoryRoot + "/" + Self.folder)
    #expect(report.files == documented.count)
    #expect(report.diagnostics.filter { $0.severity >= .warning }.map(TextReporter.line(for:)) == [])
  }
}
