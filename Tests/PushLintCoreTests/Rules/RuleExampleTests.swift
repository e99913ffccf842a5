import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// One generic test runs every example of every rule document, SwiftLint-style.
@Suite struct RuleExampleTests {
  static let ruleNames = RuleRegistry.standard.names

  @Test("every registered rule has a document, and every document a rule")
  func documentsMatchRules() {
    let documented = Set(RuleCatalog.standard.descriptions.keys)
    let registered = Set(Self.ruleNames)
    #expect(registered.subtracting(documented).isEmpty, "rules without rules/<name>.md")
    #expect(documented.subtracting(registered).isEmpty, "documents that name no rule")
  }

  @Test("every document's examples are well-formed", arguments: ruleNames)
  func examplesParse(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    let examples = try description.examples()
    #expect(!examples.triggering.isEmpty && !examples.nonTriggering.isEmpty)
  }

  @Test("triggering examples report the rule exactly at the marks", arguments: ruleNames)
  func triggering(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    #expect(!description.triggering.isEmpty)
    for example in description.triggering {
      let found = lintExample(example).filter { $0.rule == rule }
      let positions = found.map { "\($0.span.start.line):\($0.span.start.column)" }.sorted()
      let expected = example.markedPositions.map { "\($0.line):\($0.column)" }.sorted()
      #expect(
        positions == expected,
        "rules/\(rule).md line \(example.documentLine): expected \(rule) at \(expected), got \(found.map(TextReporter.line(for:)))"
      )
    }
  }

  @Test("non-triggering examples do not report the rule", arguments: ruleNames)
  func nonTriggering(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    #expect(!description.nonTriggering.isEmpty)
    for example in description.nonTriggering {
      let found = lintExample(example).filter { $0.rule == rule }
      #expect(found.isEmpty, "rules/\(rule).md line \(example.documentLine): \(found.map(TextReporter.line(for:)))")
    }
  }

  @Test("triggering examples print the output recorded under them", arguments: ruleNames)
  func recordedOutput(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    let outputs = description.triggering.map { printed(rule, $0) }
    if ExpectedOutput.isRecording {
      try ExpectedOutput.record(outputs, for: description)
      return
    }
    for (example, lines) in zip(description.triggering, outputs) {
      guard let expected = example.expectedOutput else {
        Issue.record(
          "rules/\(rule).md line \(example.documentLine): no output block; record it with scripts/update-expectations")
        continue
      }
      #expect(lines == expected, "rules/\(rule).md line \(example.documentLine)")
    }
  }

  @Test("triggering examples report the same with CRLF line ends", arguments: ruleNames)
  func crlfLineEnds(rule: String) throws {
    try expectUnchanged(rule) { files in
      files.map { RuleExample.File(path: $0.path, bytes: ExampleAlteration.crlf($0.bytes)) }
    }
  }

  @Test("triggering examples report the same after a UTF-8 byte-order mark", arguments: ruleNames)
  func byteOrderMark(rule: String) throws {
    try expectUnchanged(rule) { files in
      var files = files
      files[files.count - 1].bytes = [0xEF, 0xBB, 0xBF] + files[files.count - 1].bytes
      return files
    }
  }

  /// Each triggering example of `rule`, its files altered, prints what it
  /// prints unaltered.
  func expectUnchanged(_ rule: String, _ alter: ([RuleExample.File]) -> [RuleExample.File]) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    for example in description.triggering {
      #expect(
        printed(rule, example, files: alter(example.files)) == printed(rule, example),
        "rules/\(rule).md line \(example.documentLine)")
    }
  }

  @Test("multi-byte text before a mark moves the reported column with it, in characters", arguments: ruleNames)
  func multiByteTextBeforeTheMark(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    for example in description.triggering {
      guard let (files, expected) = multiByteAlteration(of: example, rule: rule) else { continue }
      let found = lintExample(example, files: files).filter { $0.rule == rule }
      let positions = found.map { "\($0.span.start.line):\($0.span.start.column)" }.sorted()
      #expect(
        positions == expected.map { "\($0.line):\($0.column)" }.sorted(),
        "rules/\(rule).md line \(example.documentLine): \(found.map(TextReporter.line(for:)))")
    }
  }

  /// Rules whose findings mark the first character of a whole document or
  /// of a configuration entry, which nothing but indentation precedes.
  static let markedAtLineStart: Set<String> = [
    "payload-near-limit", "template-too-large", "unused-override", "unused-suppression",
  ]

  @Test("the multi-byte alteration reaches every rule that can have text before its mark")
  func multiByteCoverage() {
    let covered = Self.ruleNames.filter { rule in
      RuleCatalog.standard.description(of: rule)?.triggering.contains {
        multiByteAlteration(of: $0, rule: rule) != nil
      } ?? false
    }
    #expect(Set(covered) == Set(Self.ruleNames).subtracting(Self.markedAtLineStart))
  }

  /// An example's files with multi-byte text in a string value before each
  /// marked line's first mark, and where the marks move to. The value is
  /// the nearest to the mark whose change leaves the rule reporting as
  /// often as before (changing a category or a localization key changes
  /// what the rule judges, not where it reports).
  func multiByteAlteration(
    of example: RuleExample, rule: String
  ) -> ([RuleExample.File], [SourcePosition])? {
    let count = lintExample(example).filter { $0.rule == rule }.count
    for choice in 0..<8 {
      guard let (bytes, expected) = ExampleAlteration.multiByteBeforeMarks(example, choice: choice) else { return nil }
      var files = example.files
      files[files.count - 1].bytes = bytes
      if lintExample(example, files: files).filter({ $0.rule == rule }).count == count { return (files, expected) }
    }
    return nil
  }

  @Test("triggering examples report nothing with the rule turned off in the configuration", arguments: ruleNames)
  func ruleTurnedOff(rule: String) throws {
    let description = try #require(RuleCatalog.standard.description(of: rule))
    for example in description.triggering {
      let found = lintExample(example, ruleOff: rule).filter { $0.rule == rule }
      #expect(found.isEmpty, "rules/\(rule).md line \(example.documentLine): \(found.map(TextReporter.line(for:)))")
    }
  }

  @Test("triggering examples report at the rule's default severity, or at a lower one its document names")
  func severities() throws {
    for rule in Self.ruleNames {
      let description = try #require(RuleCatalog.standard.description(of: rule))
      let allowed = Set([description.severity] + description.lowerSeverities.map(\.severity))
      var seen: Set<Severity> = []
      for example in description.triggering {
        for found in lintExample(example) where found.rule == rule {
          seen.insert(found.severity)
          #expect(
            allowed.contains(found.severity),
            "rules/\(rule).md line \(example.documentLine): \(found.severity) is neither the default nor a documented lower-<severity>"
          )
        }
      }
      #expect(seen.contains(description.severity), "rules/\(rule).md: no triggering example at the default severity")
      for lower in description.lowerSeverities {
        #expect(seen.contains(lower.severity), "rules/\(rule).md: lower-\(lower.severity) has no triggering example")
      }
    }
  }

  @Test("the registry sorts file and run rules by their scope")
  func scopes() {
    #expect(
      RuleRegistry.standard.fileRules.map { $0.name }.sorted() == ["sound-file-unsupported", "unused-suppression"])
    #expect(RuleRegistry.standard.runRules.map { $0.name } == ["unused-override"])
  }

  @Test("the README's rule tables are generated from the catalog and up to date")
  func readmeListsTheCatalog() throws {
    let path = repositoryRoot + "/README.md"
    guard case .success(let bytes) = FileSystem.readFile(path) else {
      Issue.record("README.md is missing")
      return
    }
    let readme = String(decoding: bytes, as: UTF8.self)
    let generated = try RuleTables.fill(readme, catalog: .standard)
    if ExpectedOutput.isRecording {
      if generated != readme { try ExpectedOutput.record(generated, to: "README.md") }
      return
    }
    #expect(generated == readme, "README.md's rule tables are stale: run scripts/update-expectations")
    #expect(RuleTables.markedGroups(in: readme) == RuleGroup.allCases, "a table for each group, in order")
  }

  @Test("every rule type has its own file in the folder of its document's group, and every rule file a document")
  func ruleFilesMatchDocuments() throws {
    let rulesFolder = repositoryRoot + "/Sources/PushLintCore/Rules"
    var files: [String: String] = [:]
    for group in RuleGroup.allCases {
      guard case .success(let names) = FileSystem.list(rulesFolder + "/" + group.folder) else { continue }
      for name in names where name.hasSuffix("Rule.swift") { files[String(name.dropLast(6))] = group.folder }
    }
    var expected: [String: String] = [:]
    for rule in RuleRegistry.standard.rules {
      let description = try #require(RuleCatalog.standard.description(of: rule.name))
      expected[String(describing: rule)] = description.group.folder
    }
    #expect(files == expected)
  }

  @Test("no rule is named by a string outside Rules/: readers, the engine and the schema name rules by RuleID")
  func ruleNamesAreSpelledOnlyInRules() throws {
    func swiftFiles(in folder: String) -> [String] {
      guard case .success(let names) = FileSystem.list(folder) else { return [] }
      return names.sorted().flatMap { name -> [String] in
        let path = folder + "/" + name
        if name.hasSuffix(".swift") { return [path] }
        return name.contains(".") ? [] : swiftFiles(in: path)
      }
    }
    let rulesFolder = repositoryRoot + "/Sources/PushLintCore/Rules/"
    let files = swiftFiles(in: repositoryRoot + "/Sources").filter { !$0.hasPrefix(rulesFolder) }
    #expect(files.count > 50, "the sources were not found")
    var spelled: [String] = []
    for path in files {
      guard case .success(let bytes) = FileSystem.readFile(path) else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      for name in Self.ruleNames where text.contains("\"\(name)\"") {
        spelled.append("\(path.dropFirst(repositoryRoot.count + 1)): \"\(name)\"")
      }
    }
    #expect(spelled.isEmpty, "\(spelled)")
  }

  @Test("calling each rule only for its documentKinds changes no finding (every example, the samples)")
  func documentKindsLoseNothing() throws {
    let everyKind = RuleRegistry(rules: RuleRegistry.standard.rules.map(runForEveryKind))
    #expect(
      everyKind.ruleTypes(for: .payload).count == RuleRegistry.standard.rules.count
        - RuleRegistry.standard.runRules.count)
    #expect(RuleRegistry.standard.ruleTypes(for: .payload).count < RuleRegistry.standard.rules.count)
    var compared = 0
    for rule in Self.ruleNames {
      let description = try #require(RuleCatalog.standard.description(of: rule))
      for example in description.triggering + description.nonTriggering {
        let byKind = lintExample(example).map(TextReporter.line(for:))
        let unfiltered = lintExample(example, registry: everyKind).map(TextReporter.line(for:))
        #expect(byKind == unfiltered, "rules/\(rule).md line \(example.documentLine)")
        compared += 1
      }
    }
    #expect(compared > 100)
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 2)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    let byKind = linter.lint(paths: ["samples"], currentDirectory: repositoryRoot).diagnostics
    linter.registry = everyKind
    let unfiltered = linter.lint(paths: ["samples"], currentDirectory: repositoryRoot).diagnostics
    #expect(byKind.count > 50)
    #expect(byKind.map(TextReporter.line(for:)) == unfiltered.map(TextReporter.line(for:)))
  }

  /// Lints an example as one project: its context files and the marked
  /// file, reported on alone. A `.pushlint.yml` block is the example's
  /// configuration rather than a file to lint. `files` replaces the
  /// example's own (an altered copy); `ruleOff` turns a rule off in the
  /// configuration.
  func lintExample(
    _ example: RuleExample, registry: RuleRegistry = .standard, files alteredFiles: [RuleExample.File]? = nil,
    ruleOff: String? = nil
  ) -> [Diagnostic] {
    var configuration = Configuration(directory: "/nonexistent-project")
    var files = alteredFiles ?? example.files
    if let index = files.firstIndex(where: { $0.path == Configuration.fileName }) {
      do {
        configuration = try Configuration.parse(
          files[index].bytes, file: Configuration.fileName, directory: "/nonexistent-project")
      } catch {
        Issue.record("example configuration: \(error)")
      }
      files.remove(at: index)
    }
    configuration.targets.merge(example.targets) { $1 }
    if let ruleOff { configuration.rules[ruleOff] = .off }
    var linter = Linter(configuration: configuration, jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.registry = registry
    return linter.lint(project: files.map { ($0.path, $0.bytes) }, reportOn: [example.mainFile.path])
  }

  /// The text lines `rule` reports on an example (its files altered, when given).
  func printed(_ rule: String, _ example: RuleExample, files: [RuleExample.File]? = nil) -> [String] {
    lintExample(example, files: files).filter { $0.rule == rule }.map(TextReporter.line(for:))
  }
}

@Suite struct RuleDocumentFormatTests {
  @Test func markersAreStrippedAndPositioned() {
    let (bytes, markers) = RuleDocumentParser.stripMarkers("{\"a\": ↓1,\n  ↓\"é\"}", decodeEscapes: false)
    #expect(String(decoding: bytes, as: UTF8.self) == "{\"a\": 1,\n  \"é\"}")
    #expect(markers.map(\.line) == [1, 2])
    #expect(markers.map(\.column) == [7, 3])
  }

  @Test func escapesBecomeBytes() {
    let (bytes, _) = RuleDocumentParser.stripMarkers("a\\xE9\\x00", decodeEscapes: true)
    #expect(bytes == [0x61, 0xE9, 0x00])
  }

  @Test func aDocumentWithoutExamplesIsRejected() {
    let text = "---\nrule: x\nseverity: error\nsummary: s\n---\n\n# x\n\nText.\n"
    #expect(throws: RuleCatalogError.self) { try RuleDocumentParser.parse(text, fileName: "x.md") }
  }

  @Test func aTriggeringExampleWithoutAMarkIsRejected() throws {
    let text =
      "---\nrule: x\nseverity: error\ngroup: payload\nsummary: s\n---\n\n# x\n\n## Triggering\n\n```json\n{}\n```\n\n## Not triggering\n\n```json\n{}\n```\n"
    let description = try RuleDocumentParser.parse(text, fileName: "x.md")
    #expect(throws: RuleCatalogError.self) { try description.examples() }
  }

  @Test func aDocumentNamedUnlikeItsRuleIsRejected() {
    let text = "---\nrule: x\nseverity: error\nsummary: s\n---\n"
    #expect(throws: RuleCatalogError.self) { try RuleDocumentParser.parse(text, fileName: "y.md") }
  }
}

/// `rule` as a rule that declares no document kinds, so the linter calls it
/// for every document.
/// File and run rules keep those scopes.
private func runForEveryKind(_ rule: any Rule.Type) -> any Rule.Type {
  func wrap<Wrapped: Rule>(_ rule: Wrapped.Type) -> any Rule.Type { EveryKind<Wrapped>.self }
  return rule.judgesRuns ? rule : wrap(rule)
}

private enum EveryKind<Wrapped: Rule>: Rule {
  static var id: RuleID { Wrapped.id }
  static var judgesFiles: Bool { Wrapped.judgesFiles }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    Wrapped.check(document, context: context)
  }

  static func check(file: FileSubject, context: RuleContext) -> [Finding] {
    Wrapped.check(file: file, context: context)
  }
}
