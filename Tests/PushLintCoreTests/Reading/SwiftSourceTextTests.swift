import SwiftParser
import SwiftSyntax
import Testing

@testable import PushLintCore
@testable import PushLintSwiftSource

/// The text the Swift reader quotes in its findings: read token by token
/// rather than through `trimmedDescription`, and the same text.
@Suite struct SwiftSourceTextTests {
  /// Real code (the samples' registrations and this suite's largest test
  /// file, snippets and all) and broken code: invalid UTF-8, a string left
  /// open, combining marks across tokens, closures nested a hundred deep.
  static let sources: [[UInt8]] = {
    var sources = [
      "samples/ExampleApp/App/NotificationCategories.swift",
      "samples/ExampleApp-broken/App/NotificationCategories.swift",
      "Tests/PushLintCoreTests/Reading/SourceRegistrationTests.swift",
    ].map { path in
      guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/" + path) else {
        preconditionFailure("cannot read \(path)")
      }
      return bytes
    }
    sources.append(Array("let a = UNNotificationCategory(identifier: \"é\u{301}\" + x\u{301}, actions: [])\n".utf8))
    sources.append(Array("let s = \"open\nfunc f( { [1, 2,\n".utf8))
    sources.append(Array("let x = ".utf8) + [0xFF, 0xC3, 0x28, 0x20, 0xE2, 0x82] + Array(" y.z  /* c */\n".utf8))
    let deep = String(repeating: "{ ", count: 100) + "a.b(identifier: c.d)" + String(repeating: " }", count: 100)
    sources.append(Array("let y = \(deep)\n".utf8))
    return sources
  }()

  @Test func everyNodesTextIsItsTrimmedDescription() {
    var nodes = 0
    var differing: [String] = []
    for bytes in Self.sources {
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      var pending = [Syntax(tree)]
      while let node = pending.popLast() {
        nodes += 1
        let expected = node.trimmedDescription
        if node.sourceText() != expected { differing.append(expected) }
        for limit in [0, 1, 40, 60] where node.sourceText(characters: limit) != String(expected.prefix(limit)) {
          differing.append("\(limit): \(expected)")
        }
        pending += node.children(viewMode: .all)
      }
    }
    #expect(nodes > 5_000)
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }
}
