/// `sarif`: SARIF 2.1.0 for GitHub code scanning: one run, the full rule
/// table, relative artifact URIs, regions in Unicode code points, and
/// fingerprints from rule, path and pointer, so a finding keeps its identity
/// when the file is reformatted.
public enum SARIFReporter {
  public static func render(
    _ report: LintReport, registry: RuleRegistry = .standard, catalog: RuleCatalog = .standard,
    source: (String) -> [UInt8]? = { _ in nil }
  )
    -> String
  {
    render(report, rules: RuleTable(registry: registry, catalog: catalog), source: source)
  }

  /// The run's rule table, each rule's description and help from its
  /// document. It depends on no finding: one made once serves every render.
  public struct RuleTable: Sendable {
    let rules: [JSONOutput]
    let index: [String: Int]

    public init(registry: RuleRegistry = .standard, catalog: RuleCatalog = .standard) {
      var index: [String: Int] = [:]
      var rules: [JSONOutput] = []
      for name in registry.listingOrder(catalog) {
        guard let description = catalog.description(of: name) else { continue }
        index[name] = rules.count
        rules.append(SARIFReporter.rule(description))
      }
      self.rules = rules
      self.index = index
    }
  }

  public static func render(
    _ report: LintReport, rules table: RuleTable, source: (String) -> [UInt8]? = { _ in nil }
  ) -> String {
    let edits = FixReporting.edits(of: report.diagnostics, source: source)
    var json = JSONWriter()
    json.object { json in
      json.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      json.member("version", "2.1.0")
      json.key("runs")
      json.array { json in
        json.element()
        json.object { json in
          json.member(
            "tool",
            .object([
              (
                "driver",
                .object([
                  ("name", .string(PushLintInfo.name)),
                  ("version", .string(PushLintInfo.version)),
                  ("semanticVersion", .string(PushLintInfo.version)),
                  ("informationUri", .string(PushLintInfo.informationURI)),
                  ("rules", .array(table.rules)),
                ])
              )
            ]))
          json.member("automationDetails", .object([("id", .string("pushlint/"))]))
          json.member("columnKind", "unicodeCodePoints")
          // Paths that could not be linted: the run did not do what it was asked.
          json.member(
            "invocations",
            .array([
              .object([
                ("executionSuccessful", .bool(report.fileErrors.isEmpty)),
                ("toolExecutionNotifications", .array(report.fileErrors.map(notification))),
              ])
            ]))
          json.key("results")
          json.array { json in
            var occurrences: [String: Int] = [:]
            for index in report.diagnostics.indices {
              json.element()
              result(
                report.diagnostics[index], edits: edits[index], occurrences: &occurrences, ruleIndex: table.index,
                into: &json)
            }
          }
        }
      }
    }
    return json.text
  }

  /// One finding as a SARIF result; `occurrences` counts the findings of
  /// the same rule, path and pointer so far, which tells apart their
  /// fingerprints.
  static func result(
    _ diagnostic: Diagnostic, edits: [Edit]?, occurrences: inout [String: Int], ruleIndex: [String: Int],
    into json: inout JSONWriter
  ) {
    let key = "\(diagnostic.rule)\u{0}\(diagnostic.path)\u{0}\(diagnostic.pointer)"
    occurrences[key, default: 0] += 1
    json.object { json in
      json.member("ruleId", diagnostic.rule)
      if let index = ruleIndex[diagnostic.rule] { json.member("ruleIndex", index) }
      json.member("level", level(diagnostic.severity))
      json.key("message")
      json.object { json in
        json.member("text", diagnostic.message + (diagnostic.help.map { " (\($0))" } ?? ""))
      }
      json.key("locations")
      json.array { json in
        json.element()
        location(diagnostic, into: &json)
      }
      json.key("partialFingerprints")
      json.object { json in
        json.member("primaryLocationLineHash", "\(fingerprint(key)):\(occurrences[key]!)")
      }
      if let fix = diagnostic.fix, let edits {
        json.member("fixes", .array([Self.fix(fix, edits, diagnostic)]))
      }
    }
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  static func rule(_ description: RuleDescription) -> JSONOutput {
    var help = description.fix.isEmpty ? description.summary : description.fix
    if !description.rationale.isEmpty { help = description.rationale + "\n\n" + help }
    var members: [(String, JSONOutput)] = [
      ("id", .string(description.name)),
      ("name", .string(camelCase(description.name))),
      ("shortDescription", .object([("text", .string(description.summary))])),
      (
        "fullDescription",
        .object([
          ("text", .string(description.descriptionText.isEmpty ? description.summary : description.descriptionText))
        ])
      ),
      ("help", .object([("text", .string(help)), ("markdown", .string(description.markdown))])),
      ("defaultConfiguration", .object([("level", .string(level(description.severity)))])),
      ("properties", .object([("tags", .array([.string("push-notifications")]))])),
    ]
    if let source = description.source { members.insert(("helpUri", .string(source)), at: 5) }
    return .object(members)
  }

  static func camelCase(_ name: String) -> String {
    name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// A SARIF fix: the edits as replacements of byte ranges, which need no
  /// column convention.
  static func fix(_ fix: Fix, _ edits: [Edit], _ diagnostic: Diagnostic) -> JSONOutput {
    .object([
      ("description", .object([("text", .string(fix.title))])),
      (
        "artifactChanges",
        .array([
          .object([
            ("artifactLocation", .object([("uri", .string(uri(diagnostic.path)))])),
            (
              "replacements",
              .array(
                edits.map { edit in
                  .object([
                    (
                      "deletedRegion",
                      .object([("byteOffset", .int(edit.start)), ("byteLength", .int(edit.end - edit.start))])
                    ),
                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                  ])
                })
            ),
          ])
        ])
      ),
    ])
  }

  static func location(_ diagnostic: Diagnostic, into json: inout JSONWriter) {
    let start = diagnostic.span.start
    var end = diagnostic.span.end
    if end.line < start.line || (end.line == start.line && end.column <= start.column) {
      end = SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + 1)
    }
    json.object { json in
      json.key("physicalLocation")
      json.object { json in
        json.key("artifactLocation")
        json.object { json in json.member("uri", uri(diagnostic.path)) }
        json.key("region")
        json.object { json in
          json.member("startLine", start.line)
          json.member("startColumn", start.column)
          json.member("endLine", end.line)
          json.member("endColumn", end.column)
        }
      }
    }
  }

  /// A relative URI reference for a relative path; `file:` for an absolute one.
  /// A path that could not be linted, as a tool execution notification.
  static func notification(_ error: FileError) -> JSONOutput {
    let artifact = JSONOutput.object([("uri", .string(uri(error.path)))])
    return .object([
      ("level", .string("error")),
      ("message", .object([("text", .string("\(error.path): \(error.reason)"))])),
      ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", artifact)]))])])),
    ])
  }

  static func uri(_ path: String) -> String {
    // Standard input without a name: a plain relative reference.
    if path == "<stdin>" { return "stdin" }
    var encoded: [UInt8] = path.hasPrefix("/") ? Array("file://".utf8) : []
    encoded.reserveCapacity(encoded.count + path.utf8.count)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        encoded.append(byte)
      default:
        encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// FNV-1a, 64 bits: stable across runs and platforms, unlike `Hasher`.
  static func fingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return String(hash, radix: 16).leftPadded(to: 16)
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
