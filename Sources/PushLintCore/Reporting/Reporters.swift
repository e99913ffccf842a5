/// The output formats, as the README documents them.
public enum ReportFormat: String, Sendable, CaseIterable {
  case text, pretty, json, sarif, github
}

public enum PushLintInfo {
  public static let name = "pushlint"
  public static let version = "0.1.0"

  /// The version with the rule catalog's: its rules and when its facts were
  /// last checked against Apple's and Firebase's documents.
  /// Built at every start (it is the command line's version), so the date
  /// is found with a byte search rather than by splitting the schema.
  public static var fullVersion: String {
    var date = "unknown"
    if let schema = RuleCatalog.embeddedText(of: "schema.yaml") {
      let bytes = Array(schema.utf8)
      let key = Array("\ncatalogDate:".utf8)
      if let start = ByteSearch.firstIndex(of: key, in: bytes) {
        let value = bytes[(start + key.count)...].prefix { $0 != UInt8(ascii: "\n") }
        date = String(decoding: value.filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: " ") }, as: UTF8.self)
      }
    }
    return "\(version) (rule catalog \(date), \(RuleRegistry.standard.rules.count) rules)"
  }
  public static let informationURI = "https://github.com/pushlint/pushlint"
}

/// `json`: the documented, stable shape (README, "Output formats"). Version
/// 2 names severities as every other output does: error, warning, note.
public enum JSONReporter {
  public static func render(_ report: LintReport, source: (String) -> [UInt8]? = { _ in nil }) -> String {
    let edits = FixReporting.edits(of: report.diagnostics, source: source)
    let diagnostics = report.diagnostics.indices.map { index -> JSONOutput in
      let diagnostic = report.diagnostics[index]
      return .object([
        ("path", .string(diagnostic.path)),
        ("document", .int(diagnostic.document)),
        ("line", .int(diagnostic.span.start.line)),
        ("column", .int(diagnostic.span.start.column)),
        ("endLine", .int(diagnostic.span.end.line)),
        ("endColumn", .int(diagnostic.span.end.column)),
        ("severity", .string(diagnostic.severity.gccWord)),
        ("rule", .string(diagnostic.rule)),
        ("message", .string(diagnostic.message)),
        ("pointer", .string(diagnostic.pointer)),
        ("help", diagnostic.help.map(JSONOutput.string) ?? .null),
        ("fix", diagnostic.fix.map { FixReporting.json($0, edits: edits[index]) } ?? .null),
      ])
    }
    let document = JSONOutput.object([
      ("version", .int(2)),
      ("tool", .object([("name", .string(PushLintInfo.name)), ("version", .string(PushLintInfo.version))])),
      ("diagnostics", .array(diagnostics)),
      (
        "summary",
        .object([
          ("files", .int(report.files)),
          ("documents", .int(report.documents)),
          ("errors", .int(report.count(.error))),
          ("warnings", .int(report.count(.warning))),
          ("notes", .int(report.count(.info))),
          ("unreadable", .int(report.fileErrors.count)),
          ("emptyFiles", .int(report.emptyFiles)),
          ("fixed", .int(report.fixed)),
        ])
      ),
      (
        "fileErrors",
        .array(
          report.fileErrors.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })
      ),
    ])
    return document.serialized() + "\n"
  }
}

/// `github`: workflow commands, escaped as the Actions toolkit escapes them,
/// so nothing a payload contains can start a command of its own. Errors first.
public enum GitHubReporter {
  public static func render(_ report: LintReport) -> String {
    let ordered = report.diagnostics.enumerated().sorted { lhs, rhs in
      lhs.element.severity != rhs.element.severity
        ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
    }
    var output = ""
    for (_, diagnostic) in ordered {
      let command =
        switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      let properties = [
        "file=\(escapeProperty(diagnostic.path))",
        "line=\(diagnostic.span.start.line)",
        "col=\(diagnostic.span.start.column)",
        "endLine=\(diagnostic.span.end.line)",
        "endColumn=\(diagnostic.span.end.column)",
        "title=\(escapeProperty("pushlint (\(diagnostic.rule))"))",
      ]
      output += "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))\n"
    }
    for error in report.fileErrors {
      output +=
        "::error file=\(escapeProperty(error.path)),title=\(escapeProperty("pushlint"))::\(escapeData("not linted: \(error.reason)"))\n"
    }
    return output
  }

  /// The toolkit's `escapeData` (`%`, CR and LF), and every other character
  /// the text format escapes (`\u{1B}`): a CI log is a terminal too.
  public static func escapeData(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": output += "%25"
      case "\r": output += "%0D"
      case "\n": output += "%0A"
      default:
        if SafeText.isUnsafe(scalar) {
          output += SafeText.escape(String(scalar))
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  /// The toolkit's `escapeProperty`: also `:` and `,`.
  public static func escapeProperty(_ text: String) -> String {
    var output = ""
    for scalar in escapeData(text).unicodeScalars {
      switch scalar {
      case ":": output += "%3A"
      case ",": output += "%2C"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
