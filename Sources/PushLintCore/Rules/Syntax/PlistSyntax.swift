extension SyntaxErrorRule {
  /// What stops the XML property list reader, and how `syntax-error` words it.
  enum PlistProblem: WordedProblem {
    case unterminatedComment
    case unterminatedProcessingInstruction
    case unterminatedDoctype
    case unterminatedCDATA
    case noElementName
    /// A tag with no `>`; `showsSlash` when it is shown as a closing tag.
    case tagNotClosed(name: String, showsSlash: Bool)
    /// A closing tag other than `expected`'s, which opened on `openedLine`.
    case mismatchedClose(expected: String, openedLine: Int, found: String, foundIsClosing: Bool)
    case stringTooLong(limitBytes: Int)
    case neverClosed(name: String)
    case strayAmpersand
    case unknownEntity(name: String)
    case textOutsideElements
    case emptyPlist
    case emptyPlistTag
    case plistNotOutermost
    case keyOutsideDict
    case twoKeys(key: String)
    case nestingTooDeep(limit: Int)
    case unknownElement(name: String)
    case elementNeverClosed
    case noValue
    case secondTopLevelValue
    case valueWhereKeyExpected(name: String)
    case closesNothing(name: String)
    case keyWithoutValue(key: String)
    case textAfterPlist
    case contentAfterPlist
    case notWholeNumber(text: String)
    case notFiniteNumber(text: String)

    var words: (message: String, help: String?) {
      switch self {
      case .unterminatedComment: ("unterminated comment: no '-->'", nil)
      case .unterminatedProcessingInstruction: ("unterminated processing instruction: no '?>'", nil)
      case .unterminatedDoctype: ("unterminated <!DOCTYPE declaration", nil)
      case .unterminatedCDATA: ("unterminated CDATA section", nil)
      case .noElementName: ("'<' not followed by an element name", nil)
      case .tagNotClosed(let name, let showsSlash): ("tag <\(showsSlash ? "/" : "")\(name) is not closed with '>'", nil)
      case .mismatchedClose(let expected, let line, let found, let foundIsClosing):
        (
          "expected </\(expected)> to close the <\(expected)> at line \(line), found <\(foundIsClosing ? "/" : "")\(found)>",
          nil
        )
      case .stringTooLong(let limit): (ReaderWords.stringTooLong(limitBytes: limit), nil)
      case .neverClosed(let name): ("<\(name)> is never closed", nil)
      case .strayAmpersand: ("'&' must start an entity such as &amp;", "write &amp; for '&'")
      case .unknownEntity(let name): ("unknown entity &\(name);", "plists know &lt; &gt; &amp; &quot; &apos; and &#N;")
      case .textOutsideElements: ("text outside of any plist element", nil)
      case .emptyPlist: ("<plist> holds no value", nil)
      case .emptyPlistTag: ("<plist/> holds no value", nil)
      case .plistNotOutermost: ("<plist> can only be the outermost element", nil)
      case .keyOutsideDict: ("<key> outside a <dict>", nil)
      case .twoKeys(let key): ("two keys in a row: the key \"\(key)\" has no value", nil)
      case .nestingTooDeep(let limit): ("nesting is deeper than \(limit) levels", nil)
      case .unknownElement(let name):
        (
          "unknown plist element <\(name)>",
          "plist values are dict, array, string, integer, real, true, false, date and data"
        )
      case .elementNeverClosed: ("element opened here is never closed (end of file)", nil)
      case .noValue: ("the file holds no plist value", nil)
      case .secondTopLevelValue: ("a second top-level value; a plist holds one value", nil)
      case .valueWhereKeyExpected(let name): ("<\(name)> in a <dict> where a <key> is expected", nil)
      case .closesNothing(let name): ("</\(name)> closes nothing", nil)
      case .keyWithoutValue(let key): ("the key \"\(key)\" has no value before </dict>", nil)
      case .textAfterPlist: ("text after </plist>", nil)
      case .contentAfterPlist: ("content after </plist>; a plist holds one value", nil)
      case .notWholeNumber(let text): ("<integer> holds \"\(text)\", which is not a whole number", nil)
      case .notFiniteNumber(let text): ("<real> holds \"\(text)\", which is not a finite number", nil)
      }
    }
  }
}
