@testable import PushLintCore

/// Lints `text` in memory as the file `path` with no configuration.
func lint(_ text: String, path: String = "test.json", configuration: Configuration? = nil) -> [Diagnostic] {
  lint(bytes: Array(text.utf8), path: path, configuration: configuration)
}

/// The rules `text` triggers, linted under `targets` outside any project.
func ruleNames(_ text: String, path: String = "p.json", targets: [Platform: OSVersion] = [:]) -> [String] {
  var configuration = Configuration(directory: "/nonexistent-project")
  configuration.targets = targets
  return lint(text, path: path, configuration: configuration).map(\.rule)
}

func lint(bytes: [UInt8], path: String = "test.json", configuration: Configuration? = nil) -> [Diagnostic] {
  let linter = Linter(configuration: configuration ?? Configuration(directory: "/nonexistent-project"), jobs: 1)
  return linter.lint(bytes: bytes, path: path).diagnostics
}

/// The repository root, found from this file's path.
let repositoryRoot: String = {
  var path = #filePath
  // Tests/PushLintCoreTests/Support/Support.swift
  for _ in 0..<4 { path = Paths.directoryName(path) }
  return path
}()

/// `../shared` beside the repository, when it is there (it is in CI).
let sharedDirectory: String? = {
  let path = Paths.normalize(repositoryRoot + "/../shared")
  if case .directory = FileSystem.status(path).0 { return path }
  return nil
}()

extension String {
  /// Foundation's name for it; the tests do not import Foundation.
  func components(separatedBy separator: String) -> [String] {
    split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }
}
