extension SyntaxErrorRule {
  /// What stops the JSON reader, and how `syntax-error` words it.
  enum JSONProblem: WordedProblem {
    case emptyFile
    /// The file ends where a value (or, `inObject`, a key) is due.
    case endOfFile(expectingKey: Bool)
    case nestingTooDeep(limit: Int)
    case stringTooLong(limitBytes: Int)
    case typographicQuote(MetCharacter)
    /// Something after the one value; `looksLikeJSONLines` when it opens a
    /// second object or array.
    case trailingValue(MetCharacter, looksLikeJSONLines: Bool)
    case trailingComma(closer: Character)
    /// A trailing comma in an `.apns` file, which the Simulator reads with
    /// a parser that takes it: a warning, and the read goes on.
    case toleratedTrailingComma(closer: Character)
    /// A container continues with neither a comma nor its closer;
    /// `commaMissing` when what follows starts a value.
    case expectedSeparator(inObject: Bool, found: MetCharacter, commaMissing: Bool)
    case comment
    case expectedColon(key: String, found: MetCharacter)
    case singleQuotes
    case expectedKey(found: MetCharacter, closesObject: Bool)
    case plusSign
    case leadingDecimalPoint
    case expectedValue(found: MetCharacter)
    /// `NaN`, `Infinity`, `-Infinity` and their kin.
    case notANumber(word: String)
    case capitalizedLiteral(word: String, literal: String)
    case unquotedWord(word: String)
    case expectedDigitAfterMinus(found: MetCharacter)
    case leadingZero
    case expectedFractionDigit(found: MetCharacter)
    case expectedExponentDigit(found: MetCharacter)
    case unterminatedString
    case lineBreakInString
    case controlCharacterInString(UInt8)
    case unterminatedEscape
    case invalidEscape(found: MetCharacter)
    case invalidUnicodeEscape
    case loneSurrogate(UInt32)

    /// How JSON writes a control character inside a string.
    static func escape(_ byte: UInt8) -> String {
      switch byte {
      case UInt8(ascii: "\t"): "\\t"
      case UInt8(ascii: "\r"): "\\r"
      case 0x08: "\\b"
      case 0x0C: "\\f"
      default: "\\u\(hex4(UInt32(byte)))"
      }
    }

    var words: (message: String, help: String?) {
      switch self {
      case .emptyFile: ("the file is empty; expected a JSON value", nil)
      case .endOfFile(let expectingKey):
        ("unexpected end of file; expected \(expectingKey ? "a string key or '}'" : "a value")", nil)
      case .nestingTooDeep(let limit): ("nesting is deeper than \(limit) levels; pushlint does not read further", nil)
      case .stringTooLong(let limit): (ReaderWords.stringTooLong(limitBytes: limit), nil)
      case .typographicQuote(let quote):
        (
          "typographic quote \(quote.described) is not a JSON quote",
          "replace typographic quotes (“ ” ‘ ’) with straight double quotes \""
        )
      case .trailingValue(let found, let looksLikeJSONLines):
        (
          "unexpected \(found.described) after the JSON value; a file holds exactly one value"
            + (looksLikeJSONLines ? " (one payload a line is JSON Lines: name the file .jsonl)" : ""),
          looksLikeJSONLines ? "for one payload per line, name the file .jsonl" : "remove what follows the value"
        )
      case .trailingComma(let closer):
        ("trailing comma before '\(closer)'; JSON allows no comma after the last element", "remove this comma")
      case .toleratedTrailingComma(let closer):
        (
          "trailing comma before '\(closer)'; the Simulator takes it in an .apns file, but APNs and strict JSON parsers reject it",
          "remove this comma"
        )
      case .expectedSeparator(let inObject, let found, let commaMissing):
        (
          "expected \(inObject ? "',' or '}' in object" : "',' or ']' in array"), found \(found.described)"
            + (commaMissing ? "; is a comma missing?" : ""),
          nil
        )
      case .comment:
        (
          "comments are not allowed in JSON",
          "remove the comment; to silence a finding, use an override in .pushlint.yml"
        )
      case .expectedColon(let key, let found): ("expected ':' after the key \"\(key)\", found \(found.described)", nil)
      case .singleQuotes: ("strings must use double quotes, not single quotes", "write \"…\" instead of '…'")
      case .expectedKey(let found, let closesObject):
        (
          "expected a string key in double quotes, found \(found.described)",
          closesObject ? nil : "object keys must be quoted: \"key\": value"
        )
      case .plusSign: ("a JSON number cannot start with '+'", "remove the '+'")
      case .leadingDecimalPoint: ("a JSON number needs a digit before the decimal point", "write 0.5, not .5")
      case .expectedValue(let found): ("expected a value, found \(found.described)", nil)
      case .notANumber(let word):
        ("\(word) is not a JSON number; JSON has no NaN or Infinity", "use null or a finite number")
      case .capitalizedLiteral(let word, let literal):
        ("\(word) is not a JSON literal; JSON literals are lowercase", "write \(literal)")
      case .unquotedWord(let word): ("expected a value, found '\(word)'", "strings must be in double quotes")
      case .expectedDigitAfterMinus(let found): ("expected a digit after '-', found \(found.described)", nil)
      case .leadingZero:
        ("leading zeros are not allowed in JSON numbers", "remove the leading zero; JSON has no octal numbers")
      case .expectedFractionDigit(let found):
        ("expected a digit after the decimal point, found \(found.described)", "write 1.0, not 1.")
      case .expectedExponentDigit(let found): ("expected a digit in the exponent, found \(found.described)", nil)
      case .unterminatedString: ("unterminated string: end of file before the closing '\"'", nil)
      case .lineBreakInString:
        (
          "line break inside a string; JSON strings must be on one line",
          "write \\n for a line break, or close the string before the line ends"
        )
      case .controlCharacterInString(let byte):
        ("unescaped control character U+\(hex4(UInt32(byte))) in a string", "write it as \(Self.escape(byte))")
      case .unterminatedEscape: ("unterminated string: end of file after '\\'", nil)
      case .invalidEscape(let found):
        (
          "invalid escape sequence '\\' followed by \(found.described)",
          "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write \\\\ for a backslash"
        )
      case .invalidUnicodeEscape:
        ("invalid \\u escape: expected four hex digits", "write \\u followed by exactly four hex digits, e.g. \\u00e9")
      case .loneSurrogate(let value):
        (
          "lone surrogate \\u\(hex4(value)): a \((0xD800...0xDBFF).contains(value) ? "high" : "low") surrogate must be part of a pair",
          "write the character itself, or both halves of its UTF-16 surrogate pair"
        )
      }
    }
  }
}

/// Words every reader shares.
enum ReaderWords {
  static func stringTooLong(limitBytes: Int) -> String {
    "a string longer than \(limitBytes >> 20) MiB; pushlint does not read further"
  }
}
