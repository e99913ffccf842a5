extension SyntaxErrorRule {
  /// What stops the `.strings` reader, and how `syntax-error` words it.
  enum StringsProblem: WordedProblem {
    case textAfterPropertyList
    case nestingTooDeep(limit: Int)
    /// A `{`, `(` or `<` never closed; `showsFix` when the help says how.
    case neverClosed(opener: Character, showsFix: Bool)
    case expectedEquals(key: String)
    case expectedSemicolonAfterValue(key: String)
    case expectedCommaOrParenthesis
    case textAfterClosingBrace
    case secondSemicolon(key: String)
    /// An entry not ended by `;`: `found` is what stands there instead.
    case expectedSemicolon(key: String, found: MetCharacter)
    case unterminatedComment
    /// The file ends where a key (or a value) should be.
    case endOfFile(expectingKey: Bool)
    case expectedString(isKey: Bool, found: MetCharacter)
    case stringTooLong(limitBytes: Int)
    case unterminatedString

    var words: (message: String, help: String?) {
      switch self {
      case .textAfterPropertyList: ("text after the property list", nil)
      case .nestingTooDeep(let limit): ("nested more than \(limit) levels deep", nil)
      case .neverClosed(let opener, let showsFix):
        (
          "the \(opener == "{" ? "dictionary" : opener == "(" ? "array" : "data") opened by \(opener) is never closed",
          showsFix ? "close it with \(opener == "{" ? "}" : ")")" : nil
        )
      case .expectedEquals(let key): ("expected = after the key \"\(key)\"", nil)
      case .expectedSemicolonAfterValue(let key):
        ("expected ; after the value of \"\(key)\"", "end every entry with a semicolon")
      case .expectedCommaOrParenthesis: ("expected , or ) in the array", nil)
      case .textAfterClosingBrace: ("text after the closing }", nil)
      case .secondSemicolon(let key):
        (
          "a second ; after the entry \"\(key)\": Foundation stops reading the table here, and every entry after it is lost",
          "remove the extra semicolon"
        )
      case .expectedSemicolon(let key, let found):
        (
          found == .endOfFile
            ? "the file ends before the ; of the entry \"\(key)\""
            : "expected ; after the entry \"\(key)\", found \(found.described)",
          "end every entry with a semicolon: \"key\" = \"value\";"
        )
      case .unterminatedComment: ("this /* comment is never closed", "close it with */")
      case .endOfFile(let expectingKey): ("the file ends where \(expectingKey ? "a key" : "a value") should be", nil)
      case .expectedString(let isKey, let found):
        (
          "expected \(isKey ? "a key" : "a value"), found \(found.described)",
          Self.startsWithE2(found)
            ? "use straight quotes (\"), not typographic ones" : "quote keys and values: \"key\" = \"value\";"
        )
      case .stringTooLong(let limit): ("a string longer than \(limit) bytes", nil)
      case .unterminatedString: ("this string is never closed", "end it with a quote, then a semicolon")
      }
    }

    /// Whether the character's UTF-8 starts with 0xE2 (U+2000–U+2FFF), the
    /// block of typographic quotes, as the reader's check is.
    static func startsWithE2(_ found: MetCharacter) -> Bool {
      switch found {
      case .scalar(let scalar): (0x2000...0x2FFF).contains(scalar.value)
      case .notUTF8(let byte): byte == 0xE2
      case .endOfFile: false
      }
    }
  }
}

extension InvalidEncodingRule {
  /// What keeps a `.strings` file from being read as text.
  enum StringsProblem: WordedProblem {
    case oddUTF16Length
    case unpairedSurrogate(line: Int)
    case nul(line: Int)
    case notUTF8OrUTF16(byte: UInt8)
    case other(EncodingProblem)

    var words: (message: String, help: String?) {
      switch self {
      case .oddUTF16Length:
        (
          "the file looks like UTF-16 but has an odd number of bytes; Xcode cannot read it",
          "save it again as UTF-8 (or UTF-16) text"
        )
      case .unpairedSurrogate(let line):
        (
          "an unpaired UTF-16 surrogate on line \(line); the file is not valid UTF-16 text",
          "save the file again as UTF-8 or UTF-16 text"
        )
      case .nul(let line):
        ("NUL character on line \(line); a .strings file is text", "save the file again as UTF-8 or UTF-16 text")
      case .notUTF8OrUTF16(let byte):
        (
          "byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid UTF-8, and the file is not UTF-16",
          "save the file as UTF-8 (or UTF-16) text"
        )
      case .other(let problem): (problem.message, "save the file as UTF-8 (or UTF-16) text")
      }
    }
  }
}
