/// Today's findings, recorded so that a repository with many can adopt
/// pushlint and be told only of new ones. A finding is known by its rule,
/// file, document and JSON Pointer, never by its line: an edit elsewhere in
/// the file does not make an old finding new.
public struct Baseline: Sendable, Equatable {
  public struct Entry: Sendable, Hashable, Comparable {
    public var rule: String
    public var path: String
    public var document: Int
    public var pointer: String

    public init(rule: String, path: String, document: Int, pointer: String) {
      self.rule = rule
      self.path = path
      self.document = document
      self.pointer = pointer
    }

    init(_ diagnostic: Diagnostic) {
      self.init(
        rule: diagnostic.rule, path: diagnostic.path, document: diagnostic.document, pointer: diagnostic.pointer)
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.path, lhs.document, lhs.pointer, lhs.rule) < (rhs.path, rhs.document, rhs.pointer, rhs.rule)
    }
  }

  /// How many findings each entry stands for.
  public var counts: [Entry: Int]

  public init(diagnostics: [Diagnostic]) {
    counts = [:]
    for diagnostic in diagnostics { counts[Entry(diagnostic), default: 0] += 1 }
  }

  /// The diagnostics the baseline does not already hold, and the entries
  /// (with how many of each) that no longer occur.
  public func filter(_ diagnostics: [Diagnostic]) -> (new: [Diagnostic], gone: [(entry: Entry, count: Int)]) {
    var remaining = counts
    var new: [Diagnostic] = []
    for diagnostic in diagnostics {
      let entry = Entry(diagnostic)
      if let left = remaining[entry], left > 0 {
        remaining[entry] = left - 1
      } else {
        new.append(diagnostic)
      }
    }
    let gone = remaining.filter { $0.value > 0 }.map { (entry: $0.key, count: $0.value) }.sorted { $0.entry < $1.entry }
    return (new, gone)
  }

  /// `{"version": 1, "findings": [{"rule", "path", "document", "pointer", "count"}]}`,
  /// sorted, so that the same findings give the same bytes.
  public func serialized() -> String {
    let findings = counts.keys.sorted().map { entry -> JSONOutput in
      .object([
        ("rule", .string(entry.rule)), ("path", .string(entry.path)), ("document", .int(entry.document)),
        ("pointer", .string(entry.pointer)), ("count", .int(counts[entry]!)),
      ])
    }
    return JSONOutput.object([("version", .int(1)), ("findings", .array(findings))]).serialized() + "\n"
  }

  public struct FormatError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Reads what `serialized()` writes.
  public init(bytes: [UInt8]) throws(FormatError) {
    let read = JSONReader.read(bytes)
    guard read.findings.isEmpty, let findings = read.root?["findings"]?.elements,
      read.root?["version"]?.numberValue?.intValue == 1
    else {
      throw FormatError(description: "not a pushlint baseline (version 1): write one with --write-baseline")
    }
    counts = [:]
    for (index, finding) in findings.enumerated() {
      guard let rule = finding["rule"]?.stringValue, let path = finding["path"]?.stringValue,
        let pointer = finding["pointer"]?.stringValue
      else { throw FormatError(description: "finding \(index + 1) lacks its rule, path or pointer") }
      let entry = Entry(
        rule: rule, path: path, document: finding["document"]?.numberValue?.intValue ?? 0, pointer: pointer)
      counts[entry, default: 0] += max(1, finding["count"]?.numberValue?.intValue ?? 1)
    }
  }

  /// What `--write-baseline` says once it has written `file`.
  public func recordedNotice(findings: Int, file: String) -> String {
    "pushlint: recorded \(Wording.count(findings, "finding")) in \(SafeText.escape(file)); --baseline \(SafeText.escape(file)) reports only new ones"
  }
}
