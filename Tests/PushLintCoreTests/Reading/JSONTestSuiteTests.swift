import Testing

@testable import PushLintCore

/// Nicolas Seriot's JSONTestSuite: `y_` must be accepted, `n_` rejected, and
/// `i_` (implementation-defined) must not crash. Runs whenever ../shared is there.
@Suite(.enabled(if: sharedDirectory != nil, "../shared is not beside the repository"))
struct JSONTestSuiteTests {
  static let directory = (sharedDirectory ?? "") + "/conformance/JSONTestSuite/test_parsing"

  static func files(prefix: String) -> [String] {
    guard case .success(let names) = FileSystem.list(directory) else { return [] }
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
  }

  static func read(_ name: String) throws -> ReadResult {
    guard case .success(let bytes) = FileSystem.readFile(directory + "/" + name) else {
      throw ReadFailure(name: name)
    }
    return JSONReader.read(bytes)
  }

  struct ReadFailure: Error { var name: String }

  static func rejects(_ result: ReadResult) -> Bool {
    result.root == nil || result.findings.contains { $0.rule == RuleID.invalidEncoding }
  }

  @Test func theSuiteIsThere() {
    #expect(Self.files(prefix: "y_").count > 90)
    #expect(Self.files(prefix: "n_").count > 180)
  }

  @Test("accepts every y_ file", arguments: files(prefix: "y_"))
  func accepts(name: String) throws {
    let result = try Self.read(name)
    #expect(result.root != nil && result.findings.isEmpty, "\(name): \(result.findings.map(\.message))")
  }

  @Test("rejects every n_ file", arguments: files(prefix: "n_"))
  func rejects(name: String) throws {
    let result = try Self.read(name)
    #expect(Self.rejects(result), "\(name) was accepted")
    if result.root == nil {
      #expect(!result.findings.isEmpty, "\(name) was rejected without a finding")
    }
  }

  @Test("survives every i_ file with a verdict", arguments: files(prefix: "i_"))
  func survives(name: String) throws {
    let result = try Self.read(name)
    #expect(result.root != nil || !result.findings.isEmpty)
  }
}
