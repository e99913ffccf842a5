import CByteScan

/// Escapes what must never reach a terminal or a line-based log raw: control
/// characters (ANSI escape sequences start with one) and line breaks.
public enum SafeText {
  public static func escape(_ text: String) -> String {
    guard needsEscape(text) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if isUnsafe(scalar) {
          output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  /// Whether any scalar of the text `isUnsafe`, told from its UTF-8 bytes:
  /// every finding's message passes here, and most need nothing, so a byte
  /// scan passes over all but the bytes that may begin an unsafe scalar.
  static func needsEscape(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      var index = 0
      while true {
        index = pushlint_first_output_escape_candidate(base, bytes.count, index)
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 0x00..<0x20, 0x7F: return true
        // U+0080–U+009F.
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] <= 0x9F: return true
        // U+2028–U+202E and U+2066–U+2069.
        case 0xE2 where index + 2 < bytes.count:
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
          if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
        default: break
        }
        index += 1
      }
    }
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

/// The gcc-style `text` format: `path:line:col: severity: message [rule]`.
public enum TextReporter {
  public static func line(for diagnostic: Diagnostic) -> String {
    // Appended piece by piece: a chain of `+` would build each
    // intermediate string first. Room for all of it is made at once, not
    // grown piece by piece.
    var line = SafeText.escape(diagnostic.path)
    line.reserveCapacity(line.utf8.count + diagnostic.message.utf8.count + diagnostic.rule.utf8.count + 40)
    line += ":"
    line += String(diagnostic.span.start.line)
    line += ":"
    line += String(diagnostic.span.start.column)
    line += ": "
    line += diagnostic.severity.gccWord
    line += ": "
    line += SafeText.escape(diagnostic.message)
    if diagnostic.fix?.applicability == .safe { line += " [*]" }
    line += " ["
    line += diagnostic.rule
    line += "]"
    return line
  }

  public static func render(_ diagnostics: [Diagnostic]) -> String {
    var output = ""
    for diagnostic in diagnostics {
      output += line(for: diagnostic)
      output += "\n"
    }
    return output
  }

  /// The closing line for standard error.
  /// The last line of a run; `baselined` findings the baseline held back
  /// are counted apart, so that a clean summary never hides them.
  public static func summary(_ report: LintReport, baselined: Int = 0) -> String {
    let errors = report.count(.error)
    let warnings = report.count(.warning)
    let notes = report.count(.info)
    let place =
      "in \(Wording.count(report.files, "file"))"
      + (report.documents != report.files ? " (\(Wording.count(report.documents, "document")))" : "")
    let unreadable =
      report.fileErrors.isEmpty ? "" : "; \(Wording.count(report.fileErrors.count, "path")) could not be linted"
    let empty = report.emptyFiles > 0 ? "; \(Wording.count(report.emptyFiles, "empty file")) skipped" : ""
    let held = baselined > 0 ? "; \(Wording.count(baselined, "finding")) in the baseline not reported" : ""
    let fixed = report.fixed > 0 ? "fixed \(Wording.count(report.fixed, "finding")); " : ""
    let withheld =
      report.fixesWithheld > 0
      ? "; \(Wording.count(report.fixesWithheld, "fix")) not applied (the file would no longer read, or would hold a new error or a repeated key)"
      : ""
    let fixable = FixReporting.summary(report)
    if errors + warnings + notes == 0 {
      return "pushlint: \(fixed)no problems \(place)\(empty)\(held)\(withheld)\(unreadable)"
    }
    return
      "pushlint: \(fixed)\(Wording.count(errors, "error")), \(Wording.count(warnings, "warning")), \(Wording.count(notes, "note")) \(place)\(empty)\(held)\(fixable)\(withheld)\(unreadable)"
  }

  /// Why a run that read nothing to lint fails (a CI gate pointed at the
  /// wrong path must not pass forever).
  public static func nothingToLint(in searched: String, emptyFiles: Int) -> String {
    let empty =
      emptyFiles == 0 ? "" : ", only " + (emptyFiles == 1 ? "an empty file" : "\(emptyFiles) empty files")
    return
      "pushlint: nothing to lint in \(SafeText.escape(searched)): no payload, envelope, FCM message, categories file, Info.plist, entitlements or localization found\(empty) (--allow-no-files makes this a success)"
  }
}
