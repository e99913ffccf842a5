import Testing

@testable import PushLintCore

@Suite struct JSONReaderTests {
  func syntaxError(_ text: String) -> Finding? {
    JSONReader.read(Array(text.utf8)).findings.first { $0.rule == RuleID.syntaxError }
  }

  /// Each mistake of the foundation issue, with the line and column it must be reported at.
  @Test(
    arguments: [
      ("{\"a\": 1 // note\n}", 1, 9, "comments"),
      ("{\n  \"a\": 1, /* x */ \"b\": 2}", 2, 11, "comments"),
      ("[1, 2,]", 1, 6, "trailing comma"),
      ("{\"a\": 1,\n}", 1, 8, "trailing comma"),
      ("{'a': 1}", 1, 2, "single quotes"),
      ("{\"a\": 'x'}", 1, 7, "single quotes"),
      ("{\"a\": NaN}", 1, 7, "NaN"),
      ("[Infinity]", 1, 2, "Infinity"),
      ("[-Infinity]", 1, 2, "Infinity"),
      ("{\"a\": 012}", 1, 7, "leading zeros"),
      ("[-01]", 1, 3, "leading zeros"),
      ("[\"a\tb\"]", 1, 4, "control character"),
      ("[\"line\nbreak\"]", 1, 7, "line break"),
      ("[\"\\x41\"]", 1, 3, "invalid escape"),
      ("[\"\\u12\"]", 1, 3, "four hex digits"),
      ("[\"\\ud800\"]", 1, 3, "lone surrogate"),
      ("[\"\\udc00\\ud800\"]", 1, 3, "lone surrogate"),
      ("[\"\\ud800\\u0041\"]", 1, 3, "lone surrogate"),
      ("{} {}", 1, 4, "after the JSON value"),
      ("{}\n[]", 2, 1, "after the JSON value"),
      ("", 1, 1, "empty"),
      ("   \n  ", 2, 3, "empty"),
      ("[1 2]", 1, 4, "comma missing"),
      ("{\"a\" 1}", 1, 6, "expected ':'"),
      ("[1.]", 1, 4, "decimal point"),
      ("[.5]", 1, 2, "before the decimal point"),
      ("[+1]", 1, 2, "'+'"),
      ("[1e]", 1, 4, "exponent"),
      ("[True]", 1, 2, "lowercase"),
      ("{\"a\": [1}", 1, 9, "',' or ']'"),
      ("{\"a\": \"unterminated", 1, 20, "unterminated"),
      ("[", 1, 2, "end of file"),
      ("{\"aps\": {\"alert\": “Hi”}}", 1, 19, "typographic quote"),
      ("{“aps”: {}}", 1, 2, "typographic quote"),
      ("{\"aps\": {}}\n”", 2, 1, "after the JSON value"),
    ])
  func mistakeIsReportedAtItsPlace(text: String, line: Int, column: Int, words: String) throws {
    let finding = try #require(syntaxError(text), "no syntax-error for \(text.debugDescription)")
    #expect(finding.span.start.line == line, "\(text.debugDescription): \(finding.message)")
    #expect(finding.span.start.column == column, "\(text.debugDescription): \(finding.message)")
    #expect(finding.message.contains(words), "\(finding.message) should mention \(words)")
  }

  /// The reading an `.apns` file gets: each comma before a closer is a
  /// warning at its place and the document is read whole; commas that stand
  /// for a missing element are still errors.
  @Test func trailingCommasAreLetPassOnlyWhenAsked() throws {
    let text = Array("{\"a\": [1, 2,],\n \"b\": {\"c\": true,},\n}".utf8)
    let strict = JSONReader.read(text, keyNames: nil)
    #expect(strict.root == nil)
    #expect(strict.findings.map(\.severity) == [nil])
    let tolerant = JSONReader.read(text, keyNames: nil, toleratingTrailingCommas: true)
    let root = try #require(tolerant.root)
    #expect(root["a"]?.elements?.compactMap(\.numberValue?.literal) == ["1", "2"])
    #expect(root["b"]?["c"]?.boolValue == true)
    #expect(tolerant.findings.map { [$0.span.start.line, $0.span.start.column] } == [[1, 12], [2, 17], [2, 19]])
    #expect(tolerant.findings.allSatisfy { $0.rule == .syntaxError && $0.severity == .warning })
    #expect(tolerant.findings.map(\.message).allSatisfy { $0.contains("trailing comma") && $0.contains(".apns") })
    for broken in ["[,]", "{,}", "[1,,]", "{\"a\": 1,,}"] {
      let read = JSONReader.read(Array(broken.utf8), keyNames: nil, toleratingTrailingCommas: true)
      #expect(read.root == nil, "\(broken)")
      #expect(read.findings.last?.severity == nil, "\(broken)")
    }
  }

  /// Every element of a long line, its strings of every length in several
  /// scripts: the column of each is the characters before it plus one,
  /// whatever stretch of bytes lies between it and the last position asked.
  @Test func columnsCountCharactersOnEveryStretchOfALine() throws {
    let pieces = ["a", "é", "中", "😀", "ж", " ", "\\u00e9", "ab", "😀😀", "ñx"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let values = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
        (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      }
      let text = "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
      let root = try #require(JSONReader.read(Array(text.utf8)).root)
      var before = 1
      var expected: [Int] = []
      for (index, value) in values.enumerated() {
        expected.append(before + 1 + (index == 0 ? 0 : 2))
        before = expected.last! + value.unicodeScalars.count + 1
      }
      #expect(root.elements?.map(\.span.start.column) == expected, "\(text)")
    }
  }

  /// Every position the reader gives (each value's start and end, each
  /// key's), app data built or not, in documents over many lines with text
  /// in several scripts between plain stretches: the line and column that
  /// `LineIndex` works out from the offset alone.
  @Test func everyPositionIsTheOneItsOffsetHas() throws {
    let pieces = ["a", "é", "中", "😀", "ж", " ", "\\u00e9", "ab", "😀😀", "ñx", "\\n", "x y z"]
    var generator = SystemRandomNumberGenerator()
    func text() -> String {
      "\""
        + (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined() + "\""
    }
    func space() -> String { ["", " ", "\n", "\n  ", "\r\n\t"].randomElement(using: &generator)! }
    func value(depth: Int) -> String {
      switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &generator) {
      case 0, 1: return text()
      case 2: return ["1", "-2.5e3", "true", "null", "0"].randomElement(using: &generator)!
      case 3:
        let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in space() + value(depth: depth + 1) }
        return "[" + elements.joined(separator: ",") + space() + "]"
      default:
        let members = (0..<Int.random(in: 0...4, using: &generator)).map { index in
          space() + "\"k\(index)\(pieces.randomElement(using: &generator)!)\"" + space() + ":" + space()
            + value(depth: depth + 1)
        }
        return "{" + members.joined(separator: ",") + space() + "}"
      }
    }
    for _ in 0..<200 {
      let document =
        "{" + space() + "\"aps\":" + space() + "{\"alert\":" + value(depth: 2) + ",\"sound\":" + text() + "},"
        + space() + "\"data\":" + space() + value(depth: 0) + "," + space() + "\"more\": " + value(depth: 1)
        + space() + "}"
      let bytes = Array(document.utf8)
      let lines = LineIndex(bytes: bytes)
      for eagerKeys in [nil, DocumentClassifier.keysItReads] {
        let root = try #require(JSONReader.read(bytes, deferringAllBut: eagerKeys).root, "\(document)")
        let mismatches = root.positionsOffTheirOffsets(in: lines).prefix(3).map {
          "@\($0.found.offset): \($0.found.line):\($0.found.column), not \($0.expected.line):\($0.expected.column)"
        }
        #expect(mismatches.isEmpty, "\(document): \(mismatches)")
      }
    }
  }

  @Test func columnsCountCharactersNotBytes() throws {
    // "é" is 2 bytes, "🎉" 4 bytes and one character each.
    let text = "{\"t\": \"é🎉\", \"b\": 1,}"
    let finding = try #require(syntaxError(text))
    #expect(finding.span.start.column == 19)
    #expect(finding.span.start.offset == 22)
    let tree = try #require(JSONReader.read(Array("{\"é🎉\": [true, \"ü\"]}".utf8)).root)
    let member = try #require(tree.member("é🎉"))
    #expect(member.keySpan.start.column == 2)
    #expect(member.keySpan.end.column == 6)
    #expect(member.value.elements?[1].span.start.column == 15)
    #expect(member.value.elements?[1].span.start.offset == 18)
  }

  @Test func errorsAfterMultibyteTextOnLaterLines() throws {
    let finding = try #require(syntaxError("{\n  \"title\": \"Grüße 👋\",\n  \"body\": 'x'\n}"))
    #expect((finding.span.start.line, finding.span.start.column) == (3, 11))
  }

  @Test func nodesCarrySpansAndPointers() throws {
    let text = "{\n  \"aps\": {\"alert\": {\"loc-args\": [\"a\", \"b/~\"]}},\n  \"a/b\": null\n}"
    let root = try #require(JSONReader.read(Array(text.utf8)).root)
    #expect(root.pointer == "")
    #expect(root.span.start == SourcePosition(line: 1, column: 1, offset: 0))
    #expect(root.span.end.line == 4 && root.span.end.column == 2)
    let args = try #require(root["aps"]?["alert"]?["loc-args"])
    #expect(args.pointer == "/aps/alert/loc-args")
    #expect(args.elements?[1].pointer == "/aps/alert/loc-args/1")
    #expect(args.span.start.line == 2 && args.span.start.column == 33)
    let escaped = try #require(root.member("a/b"))
    #expect(escaped.value.pointer == "/a~1b")
    #expect(escaped.keySpan.start.line == 3 && escaped.keySpan.start.column == 3)
  }

  @Test func numbersKeepTheirLiteralAndWholeness() throws {
    let root = try #require(JSONReader.read(Array("[1, 1.0, 1e0, -0, 2.5, 1E+2, 12345678901234567890]".utf8)).root)
    let numbers = try #require(root.elements).compactMap(\.numberValue)
    #expect(numbers.map(\.literal) == ["1", "1.0", "1e0", "-0", "2.5", "1E+2", "12345678901234567890"])
    #expect(numbers.map(\.isWhole) == [true, true, true, true, false, true, true])
    #expect(numbers[0].literal != numbers[1].literal)
  }

  @Test func trueAndOneStayDistinct() throws {
    let root = try #require(JSONReader.read(Array("{\"a\": true, \"b\": 1}".utf8)).root)
    #expect(root["a"]?.boolValue == true)
    #expect(root["a"]?.numberValue == nil)
    #expect(root["b"]?.numberValue?.literal == "1")
  }

  @Test func escapesAreDecoded() throws {
    let root = try #require(JSONReader.read(Array(#"["a\"b\\c\/d\n\u00e9\ud83c\udf89"]"#.utf8)).root)
    #expect(root.elements?.first?.stringValue == "a\"b\\c/d\né🎉")
  }

  /// Each printable character as the third digit of a `\u` escape: the
  /// sixteen digits in either case read as their value, anything else is a
  /// syntax error.
  @Test func onlyHexDigitsInEitherCaseMakeAnEscape() throws {
    let digits = Array("0123456789abcdef")
    for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) where scalar != "\"" && scalar != "\\" {
      let character = Character(scalar)
      let result = JSONReader.read(Array("[\"\\u00\(character)1\"]".utf8))
      if let digit = digits.firstIndex(of: Character(character.lowercased())) {
        let decoded = try #require(result.root?.elements?.first?.stringValue, "\(character)")
        #expect(decoded.unicodeScalars.map(\.value) == [UInt32(digit * 16 + 1)], "\(character)")
      } else {
        #expect(result.root == nil, "\(character) is no hex digit")
      }
    }
  }

  /// Every `\u` escape reads as its scalar, at each edge of UTF-8's one-,
  /// two-, three- and four-byte ranges and across the planes.
  @Test func unicodeEscapesReadAsTheirScalars() throws {
    var values: [UInt32] = [
      0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F389, 0x10FFFF,
    ]
    values += stride(from: 0x20, to: 0x110000, by: 0x1F3).map { UInt32($0) }
    for value in values {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let escape: String
      if value >= 0x10000 {
        let high = 0xD800 + ((value - 0x10000) >> 10)
        let low = 0xDC00 + ((value - 0x10000) & 0x3FF)
        escape = "\\u" + hex4(high) + "\\u" + hex4(low).lowercased()
      } else {
        escape = "\\u" + hex4(value)
      }
      let root = try #require(JSONReader.read(Array("[\"a\(escape)b\"]".utf8)).root, "\(escape)")
      #expect(root.elements?.first?.stringValue == "a" + String(scalar) + "b", "\(escape)")
    }
  }

  /// A string with escapes is unescaped in one pass into the string's own
  /// storage: text of every kind, each character spelled plainly or by any
  /// escape JSON allows, reads back as it was, with its compact size; a
  /// broken escape after them is still the error it was.
  @Test func everySpellingOfAStringReadsBackAsItWas() throws {
    let scalars: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "\u{00}", "\u{1F}", "\u{7F}", "é",
      "\u{7FF}", "\u{800}", "日", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "🎉", "\u{10FFFF}",
    ]
    let shortEscapes: [Unicode.Scalar: String] = [
      "\"": "\\\"", "\\": "\\\\", "/": "\\/", "\u{08}": "\\b", "\u{0C}": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in scalars.randomElement(using: &generator)! }
      var spelled = ""
      for scalar in text {
        let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where !mustEscape: spelled.unicodeScalars.append(scalar)
        case 1 where shortEscapes[scalar] != nil: spelled += shortEscapes[scalar]!
        default:
          if scalar.value >= 0x10000 {
            let high = 0xD800 + ((scalar.value - 0x10000) >> 10)
            let low = 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)
            spelled += "\\u" + hex4(high).lowercased() + "\\u" + hex4(low)
          } else {
            spelled += "\\u" + hex4(scalar.value)
          }
        }
      }
      // A backslash first, so the string is never one without escapes.
      let document = "[\"\\/\(spelled)\"]"
      let result = JSONReader.read(Array(document.utf8))
      let root = try #require(result.root, "\(document)")
      var expected = "/"
      expected.unicodeScalars.append(contentsOf: text)
      #expect(root.elements?.first?.stringValue == expected, "\(document)")
      #expect(result.compactSize == CompactJSON.size(of: root), "\(document)")
      // A broken escape after them is worded as before.
      let broken = JSONReader.read(Array("[\"\\/\(spelled)\\u12G4\"]".utf8))
      #expect(broken.root == nil)
      #expect(broken.findings.map(\.message) == ["invalid \\u escape: expected four hex digits"], "\(document)")
    }
  }

  @Test func duplicateKeysAreKeptForTheRule() throws {
    let root = try #require(JSONReader.read(Array("{\"a\": 1, \"a\": 2}".utf8)).root)
    #expect(root.members?.count == 2)
    #expect(root["a"]?.numberValue?.literal == "2")
    let diagnostics = lint("{\"aps\": {}, \n \"aps\": {}}")
    let duplicate = try #require(diagnostics.first { $0.rule == RuleID.duplicateKey.rawValue })
    #expect(duplicate.span.start.line == 2 && duplicate.span.start.column == 2)
    #expect(duplicate.message.contains("line 1, column 2"))
  }

  @Test func deepNestingIsOneDiagnosticNotACrash() {
    let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
    let result = JSONReader.read(deep)
    #expect(result.root == nil)
    #expect(result.findings.count == 1)
    #expect(result.findings.first?.message.contains("nesting") == true)
    #expect(result.findings.first?.span.start.column == ReaderLimits.maxDepth + 1)
    let allowed =
      String(repeating: "[", count: ReaderLimits.maxDepth) + String(repeating: "]", count: ReaderLimits.maxDepth)
    #expect(JSONReader.read(Array(allowed.utf8)).root != nil)
  }

  @Test func encodingProblemsAreInvalidEncoding() throws {
    let latin1: [UInt8] = Array("{\"a\": \"caf".utf8) + [0xE9] + Array("\"}".utf8)
    let finding = try #require(JSONReader.read(latin1).findings.first)
    #expect(finding.rule == RuleID.invalidEncoding)
    #expect(finding.span.start.column == 11)
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"aps\": {}}".utf8)
    let bomResult = JSONReader.read(bom)
    #expect(bomResult.findings.map(\.rule) == [RuleID.invalidEncoding])
    #expect(bomResult.root?["aps"] != nil, "the rest of a file with a BOM is still read")
    let nul: [UInt8] = Array("{\"a\":".utf8) + [0] + Array("1}".utf8)
    #expect(JSONReader.read(nul).findings.first?.message.contains("NUL") == true)
    let overlong: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]
    #expect(JSONReader.read(overlong).findings.first?.rule == RuleID.invalidEncoding)
    let surrogate: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22]
    #expect(JSONReader.read(surrogate).findings.first?.rule == RuleID.invalidEncoding)
  }

  @Test func jsonLinesPositionsAreThoseOfTheFile() throws {
    let text = "{\"aps\": {}}\n\n{\"aps\": \"x\"}\n{bad}\n"
    let diagnostics = lint(text, path: "batch.jsonl")
    #expect(diagnostics.map(\.rule) == [RuleID.apsMissing.rawValue, RuleID.syntaxError.rawValue])
    #expect(diagnostics.map(\.span.start.line) == [3, 4])
    #expect(diagnostics.map(\.document) == [1, 2])
    #expect(diagnostics[0].span.start.offset == 21)
  }
}

@Suite struct CompactSizeTests {
  /// The reader counts the compact size while reading; it must be exactly
  /// the size of the tree serialized compactly, whatever the spelling.
  @Test(arguments: [
    "{}", "[]", " { \"a\" : [ 1 , 2.50 , -3e2 , true , false , null ] }\n",
    "{\"s\": \"\\u00e9\\u0041\\/\\\"\\\\\\n\\t\\b\\f\\r\\u0001\\ud83d\\ude00\"}",
    "\u{FEFF}{\"aps\": {\"alert\": \"BOM\"}}", "{\"k\":\"caf\u{E9} \u{1F600}\"}\r\n\r\n",
    "{\n\t\"aps\": {\n\t\t\"alert\": {\"title\": \"\\u2028\"}\n\t}\n}",
  ])
  func theReadersCountIsTheTreesCompactSize(text: String) throws {
    let result = JSONReader.read(Array(text.utf8))
    let root = try #require(result.root)
    #expect(result.compactSize == CompactJSON.size(of: root), "\(text)")
  }

  @Test func everySampleIsCountedExactly() throws {
    var checked = 0
    for directory in ["samples/good", "samples/bad", "samples/ExampleApp/push", "Tests/Fixtures"] {
      guard case .success(let names) = FileSystem.list(repositoryRoot + "/" + directory) else { continue }
      for name in names where name.hasSuffix(".json") {
        guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/\(directory)/\(name)") else { continue }
        let result = JSONReader.read(bytes)
        guard let root = result.root else { continue }
        #expect(result.compactSize == CompactJSON.size(of: root), "\(directory)/\(name)")
        checked += 1
      }
    }
    #expect(checked > 10)
  }

  /// Strings are scanned sixteen bytes at a time (eight without SSE2): a
  /// quote, backslash or control character must be found at every offset
  /// of a step, and after the last whole step.
  @Test func stringsEndAndEscapeAtEveryOffsetOfAStep() throws {
    for length in 0..<40 {
      let plain = String(repeating: "a", count: length)
      let root = try #require(JSONReader.read(Array("[\"\(plain)\", \"\(plain)\\n\(plain)\"]".utf8)).root)
      #expect(root.elements?.map(\.stringValue) == [plain, plain + "\n" + plain], "length \(length)")
      let multibyte = String(repeating: "é", count: length)
      let accented = try #require(JSONReader.read(Array("[\"\(multibyte)\"]".utf8)).root)
      #expect(accented.elements?.first?.stringValue == multibyte, "length \(length)")
      let broken = try #require(
        JSONReader.read(Array("[\"\(plain)\u{01}\"]".utf8)).findings.first { $0.rule == RuleID.syntaxError },
        "length \(length)")
      #expect(broken.message.contains("control character U+0001"))
      #expect(broken.span.start.column == length + 3, "length \(length)")
      // App data is skipped by the same scan, then built when asked.
      let payload = "{\"aps\":{},\"data\":[\"\(plain)\",\"\(plain)\\\"\(plain)\",\"\(multibyte)\"]}"
      let deferred = try #require(
        JSONReader.read(Array(payload.utf8), deferringAllBut: DocumentClassifier.keysItReads).root)
      #expect(deferred["data"]?.elements?.map(\.stringValue) == [plain, plain + "\"" + plain, multibyte])
    }
  }

  /// The encoding check also steps sixteen bytes at a time: a NUL or a
  /// byte that is not ASCII is found at every offset of a step.
  @Test func encodingProblemsAreFoundAtEveryOffsetOfAStep() {
    for offset in 0..<40 {
      for bad: UInt8 in [0x00, 0xFF] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[offset] = bad
        let problem = bytes.withUnsafeBufferPointer { EncodingCheck.firstProblem(in: $0) }
        #expect(problem?.offset == offset, "byte \(bad) at \(offset)")
      }
    }
  }

  /// Whether text is all ASCII, which lets the reader count columns in
  /// bytes: NULs before, between and after do not end the scan, and a byte
  /// past ASCII anywhere, after NULs or not, is found.
  @Test func asciiIsToldPastNULsAndAtEveryOffset() {
    #expect(EncodingCheck.isASCII(UnsafeBufferPointer(start: nil, count: 0)))
    for count in [1, 15, 16, 17, 40] {
      for nul in [nil, 0, count / 2, count - 1] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
        if let nul { bytes[nul] = 0 }
        #expect(bytes.withUnsafeBufferPointer(EncodingCheck.isASCII), "NUL at \(nul ?? -1) of \(count)")
        for offset in 0..<count where offset != nul {
          var other = bytes
          other[offset] = 0xC3
          #expect(
            !other.withUnsafeBufferPointer(EncodingCheck.isASCII), "0xC3 at \(offset), NUL at \(nul ?? -1) of \(count)")
        }
      }
    }
  }

  /// The encoding check agrees with the standard library's UTF-8 decoding
  /// on where the text first goes wrong: every lead and continuation byte
  /// at the edges of its ranges, in sequences whole, cut short and run
  /// together, after ASCII runs of every length up to two steps.
  @Test func theEncodingCheckFindsTheFirstBadByteWhereTheStandardLibraryDoes() {
    let edges: [UInt8] = [
      0x00, 0x01, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3,
      0xF4, 0xF5, 0xFF, 0x8F, 0x90, 0x9F, 0xA0,
    ]
    var generator = SystemRandomNumberGenerator()
    var cases: [[UInt8]] = []
    for first in edges {
      for second in edges {
        cases.append([first, second])
        for third in [0x80, 0xBF, 0x41] as [UInt8] {
          cases += [[first, second, third], [first, second, third, 0x80]]
        }
      }
    }
    for _ in 0..<20_000 {
      cases.append((0..<Int.random(in: 1...8, using: &generator)).map { _ in edges.randomElement(using: &generator)! })
    }
    for tail in cases {
      for prefix in [0, 1, 15, 16, 17, 33] {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: prefix) + tail + Array("é€😀z".utf8)
        let found = bytes.withUnsafeBufferPointer { EncodingCheck.firstProblem(in: $0) }
        #expect(found?.offset == Self.firstBadOffset(bytes), "\(bytes)")
      }
    }
  }

  /// The offset of the first NUL or the first byte the standard library
  /// cannot decode as the start of a scalar.
  static func firstBadOffset(_ bytes: [UInt8]) -> Int? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar.value == 0 { return offset }
        offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  @Test func wholeNumbersReadDigitByDigitEqualTheirDoubleValue() throws {
    let literals = [
      "0", "-0", "7", "-7", "4096", "999999999999999", "-999999999999999", "1000000000000000",
      "9007199254740993", "-12345678901234567890",
    ]
    let root = try #require(JSONReader.read(Array("[\(literals.joined(separator: ","))]".utf8)).root)
    let numbers = try #require(root.elements).compactMap(\.numberValue)
    #expect(numbers.map(\.literal) == literals)
    for number in numbers {
      let expected = try #require(Double(number.literal))
      #expect(number.doubleValue == expected, "\(number.literal)")
      #expect(number.doubleValue.sign == expected.sign, "\(number.literal)")
      #expect(number.isWhole)
    }
  }

  /// The reader tells `duplicate-key` whether any object repeats a key, so
  /// the rule walks only trees that have one.
  @Test(
    arguments: [
      ("{\"a\": 1, \"b\": {\"c\": [1, {\"d\": 2, \"e\": 3}]}}", true),
      ("{\"a\": 1, \"a\": 2}", false),
      ("{\"a\": [{\"x\": 1}, {\"y\": 1, \"z\": 2, \"y\": 3}]}", false),
      ("[{\"a\": 1}, {\"a\": 1}]", true),
      ("{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}", true),
      ("{" + (0..<40).map { "\"k\($0 % 39)\": \($0)" }.joined(separator: ", ") + "}", false),
    ])
  func theReaderKnowsWhetherKeysRepeat(text: String, unique: Bool) throws {
    let result = JSONReader.read(Array(text.utf8))
    #expect(result.root != nil)
    #expect(result.keysAreUnique == unique, "\(text)")
  }

  /// A wide object's repeats are found through a table of its members'
  /// indices: each repeat is paired with the key's first member, whatever
  /// the table's collisions, as comparing every pair would pair it.
  @Test(arguments: [17, 40, 1000])
  func aWideObjectsRepeatedKeysPairWithTheirFirstMember(width: Int) {
    let span = SourceSpan.fileStart
    // Keys that repeat once, twice and not at all, in other scripts too,
    // and one spelled with a combining accent, equal as Swift's strings are.
    let keys = (0..<width).map { index -> String in
      switch index % 7 {
      case 0: "k\(index % 5)"
      case 1: "ключ\(index % 11)"
      case 2: index % 2 == 0 ? "caf\u{E9}" : "cafe\u{301}"
      default: "unique-\(index)"
      }
    }
    let members = keys.map { Member(key: $0, keySpan: span, value: Node(value: .null, span: span, pointer: "")) }
    var expected: [(index: Int, first: Int)] = []
    for index in keys.indices {
      if let first = keys[..<index].firstIndex(of: keys[index]) { expected.append((index, first)) }
    }
    let found = members.repeatedKeys()
    #expect(!expected.isEmpty)
    #expect(found.map(\.index) == expected.map(\.index))
    #expect(found.map(\.first) == expected.map(\.first))
  }

  @Test func aRepeatedKeyOnOneJSONLineIsReportedThere() {
    let lines = """
      {"aps": {"alert": "one", "badge": 1}}
      {"aps": {"alert": "two", "badge": 1, "badge": 2}}
      {"aps": {"alert": "three"}}
      """
    let repeated = lint(lines, path: "batch.jsonl").filter { $0.rule == RuleID.duplicateKey.rawValue }
    #expect(repeated.map(\.span.start.line) == [2])
    #expect(repeated.first?.span.start.column == 38)
  }
}

/// Syntax errors name the character met, never the bytes of one.
@Suite struct CharacterNamingTests {
  @Test(arguments: [
    ("{\"aps\": {},\u{FEFF} \"a\": 1}", "found U+FEFF (byte-order mark)"),
    ("{\"aps\":\u{00A0}{}}", "found U+00A0 (no-break space)"),
    ("{\"aps\": {}\u{200B}}", "found U+200B (zero-width space)"),
    ("{\"aps\": {}, é: 1}", "found 'é'"),
  ])
  func invisibleCharactersGoByCodePoint(text: String, words: String) {
    let messages = JSONReader.read(Array(text.utf8)).findings.map(\.message)
    #expect(messages.contains { $0.contains(words) }, "\(messages)")
  }

  @Test func aStringsTableNamesTheCharacterToo() {
    let messages = StringsFileReader.read(Array("\"A\" = \"B\";\n\u{00A0}\"C\" = \"D\";\n".utf8)).findings.map(
      \.message)
    #expect(messages.contains { $0.contains("found U+00A0 (no-break space)") }, "\(messages)")
  }
}
