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
    var json = JSONWriter()
    json.object { json in
      json.member("version", 2)
      json.member("tool", .object([("name", .string(PushLintInfo.name)), ("version", .string(PushLintInfo.version))]))
      json.key("diagnostics")
      json.array { json in
        for (index, diagnostic) in report.diagnostics.enumerated() {
          json.element()
          json.object { json in
            json.member("path", diagnostic.path)
            json.member("document", diagnostic.document)
            json.member("line", diagnostic.span.start.line)
            json.member("column", diagnostic.span.start.column)
            json.member("endLine", diagnostic.span.end.line)
            json.member("endColumn", diagnostic.span.end.column)
            json.member("severity", diagnostic.severity.gccWord)
            json.member("rule", diagnostic.rule)
            json.member("message", diagnostic.message)
            json.member("pointer", diagnostic.pointer)
            json.member("help", diagnostic.help.map(JSONOutput.string) ?? .null)
            json.member("fix", diagnostic.fix.map { FixReporting.json($0, edits: edits[index]) } ?? .null)
          }
        }
      }
      json.member(
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
        ]))
      json.member(
        "fileErrors",
        .array(report.fileErrors.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) }))
    }
    return json.text
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
    // Most messages hold nothing to escape: they are returned as they are.
    guard text.utf8.contains(UInt8(ascii: "%")) || SafeText.needsEscape(text) else { return text }
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
    let data = escapeData(text)
    guard data.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }) else { return data }
    var output = ""
    for scalar in data.unicodeScalars {
      switch scalar {
      case ":": output += "%3A"
      case ",": output += "%2C"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
