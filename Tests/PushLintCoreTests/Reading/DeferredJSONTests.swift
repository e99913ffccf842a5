import Testing

@testable import PushLintCore

/// The JSON reader may defer a payload's app data (`DeferredJSON`): whatever
/// it defers must read back as the very tree, findings and sizes it would
/// have given without deferring.
struct DeferredJSONTests {
  /// Every node with its pointer, span and value, deferred values built.
  static func dump(_ node: Node, into lines: inout [String]) {
    let node = node.built
    let span = node.span
    let place =
      "\(node.pointer) \(span.start.line):\(span.start.column)@\(span.start.offset)-\(span.end.line):\(span.end.column)@\(span.end.offset)"
    switch node.stored {
    case .object(let members):
      lines.append("\(place) object \(members.count)")
      for member in members {
        let key = member.keySpan
        lines.append("  key \(member.key) \(key.start.line):\(key.start.column)@\(key.start.offset)-\(key.end.offset)")
        dump(member.value, into: &lines)
      }
    case .array(let elements):
      lines.append("\(place) array \(elements.count)")
      for element in elements { dump(element, into: &lines) }
    case .string(let text): lines.append("\(place) string \(text.debugDescription)")
    case .number(let number): lines.append("\(place) number \(number.literal) \(number.isWhole) \(number.doubleValue)")
    case .bool(let flag): lines.append("\(place) bool \(flag)")
    case .null: lines.append("\(place) null")
    case .placeholder(let text): lines.append("\(place) placeholder \(text)")
    case .deferred: lines.append("\(place) still deferred")
    case .wide:
      var members: [Member] = []
      node.forEachMember { members.append($0) }
      lines.append("\(place) object \(members.count)")
      for member in members {
        let key = member.keySpan
        lines.append("  key \(member.key) \(key.start.line):\(key.start.column)@\(key.start.offset)-\(key.end.offset)")
        dump(member.value, into: &lines)
      }
    }
  }

  static func dump(_ result: ReadResult) -> [String] {
    var lines = result.findings.map {
      "finding \($0.rule) \($0.span.start.line):\($0.span.start.column)@\($0.span.start.offset) \($0.message) \($0.help ?? "")"
    }
    lines.append("compact \(result.compactSize.map(String.init) ?? "-") unique \(result.keysAreUnique)")
    if let root = result.root { dump(root, into: &lines) }
    return lines
  }

  /// Reads `text` both ways and expects the same; returns the deferred read.
  @discardableResult
  static func expectSameReading(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ReadResult {
    let bytes = Array(text.utf8)
    let eager = JSONReader.read(bytes, firstLine: 7, baseOffset: 100)
    let deferred = JSONReader.read(
      bytes, firstLine: 7, baseOffset: 100, deferringAllBut: DocumentClassifier.keysItReads)
    #expect(dump(deferred) == dump(eager), "\(text)", sourceLocation: sourceLocation)
    return deferred
  }

  static let payloads = [
    #"{"aps":{"alert":"hi"},"order":{"id":4,"items":[{"sku":"S0","qty":0},{"sku":"S1","qty":1.5e3}]}}"#,
    #"{"sync":["a","b",[],{}, true, false, null, -0.5, 12345678901234567890],"aps":{"content-available":1}}"#,
    #"{"aps":{}, "ciphertext": "AAAA\"\u00e9\n\ud83d\ude00BBBB\/", "n": -12}"#,
    #"{"aps":{"alert":"é"},"data":{"name":"Zoë ☕️","nested":{"deeper":[1,{"x":"ü"}]}}}"#,
    "{\n  \"aps\": {\"badge\": 1},\n  \"data\": {\n    \"a\": [1,\n      2],\n\t\"b\": \"x\"\r\n  }\n}",
    #"{"aps":{},"a/b":{"c~d":[{"e":1}]},"":{"":""}}"#,
    #"{"aps":{},"x":{"k":1,"k2":{"k":2},"k3":3}}"#,
    "{\"aps\":{},\"café\":{\"é\":1,\"e\\u0301\":2}}",
    // Escapes in app data are measured, not unescaped: what they add to the
    // compact size must come out as the parser counts it.
    #"{"aps":{},"data":{"s":"Zoë \n☕️ \"q\" \u0001\t\u00e9","t":["\ud83d\ude00\\","a\/b","\u001f\u007F"]}}"#,
  ]

  @Test("reads the same with and without deferring", arguments: payloads)
  func readsTheSame(text: String) {
    Self.expectSameReading(text)
  }

  /// A root that is no object may be kept as its bytes; built, it is the
  /// very tree, and what is wrong with it is reported the same.
  @Test(
    "a root that is no object reads the same deferred",
    arguments: [
      "[1, 2.5e3, -0, {\"a\": [true, null, \"\\u00e9\"]}]", " \"text\" ", "\n42\n", "[]", "[{\"k\": 1, \"k\": 2}]",
      "[1,]", "[] x", "[\"\u{01}\"]", "nul", "{\"aps\": {}}",
    ])
  func aRootThatIsNoObjectReadsTheSame(text: String) {
    let bytes = Array(text.utf8)
    let eager = JSONReader.read(bytes, firstLine: 7, baseOffset: 100)
    let deferred = JSONReader.read(bytes, firstLine: 7, baseOffset: 100, deferringARootThatIsNoObject: true)
    #expect(Self.dump(deferred) == Self.dump(eager), "\(text)")
  }

  /// App data nested past the scan's first 64 levels, or with objects whose
  /// keys fill its first key stack, is scanned again with room for any
  /// depth the reader accepts: kept as its bytes, and read the same. Past
  /// the reader's limit it is the parser's error, as before.
  /// Where the bytes of the value at `key` of `root`, deferred, start.
  static func deferredBytesStart(_ root: Node, key: String) -> UnsafePointer<UInt8>? {
    guard case .deferred(let deferred)? = root.member(key)?.value.stored else { return nil }
    return deferred.withBytes { bytes, _ in bytes.baseAddress }
  }

  /// A file read whole keeps its app data as a range of its own bytes (a
  /// copy would hold 200 MB of app data twice); a JSON Lines batch's bytes
  /// are copied, so no finding keeps the batch.
  @Test func appDataSharesAFilesBytesAndCopiesABatchs() throws {
    let text = #"{"aps": {"alert": "x"}, "order": {"id": 7, "items": [1, 2, 3]}}"#
    let bytes = Array(text.utf8)
    let offset = try #require(text.utf8.firstRange(of: #"{"id""#.utf8)).lowerBound.utf16Offset(in: text)
    let read = JSONReader.read(bytes, deferringAllBut: DocumentClassifier.keysItReads)
    let root = try #require(read.root)
    let start = try #require(Self.deferredBytesStart(root, key: "order"))
    bytes.withUnsafeBufferPointer { #expect(start == $0.baseAddress! + offset) }
    #expect(root.member("order")?.value.member("id")?.value.numberValue?.intValue == 7)

    try bytes.withUnsafeBufferPointer { buffer in
      let root = try #require(JSONReader.read(buffer, deferringAllBut: DocumentClassifier.keysItReads).root)
      let start = try #require(Self.deferredBytesStart(root, key: "order"))
      #expect(!(buffer.baseAddress!..<buffer.baseAddress! + buffer.count).contains(start))
      #expect(root.member("order")?.value.member("items")?.value.elements?.count == 3)
    }
  }

  @Test func deeplyNestedAppDataIsDeferredAndReadsTheSame() throws {
    func nested(_ depth: Int, inner: String) -> String {
      (0..<depth).map { $0 % 2 == 0 ? "{\"k\(depth - $0)\":" : "[" }.joined() + inner
        + (0..<depth).reversed().map { $0 % 2 == 0 ? "}" : "]" }.joined()
    }
    let keys = (0..<20).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
    for (depth, inner) in [(70, "[1, \"é\", null]"), (200, "{\(keys)}"), (510, "1"), (40, "{\(keys)}")] {
      let text = "{\"aps\": {\"badge\": 1}, \"data\": \(nested(depth, inner: inner))}"
      let deferred = Self.expectSameReading(text)
      #expect(deferred.root.map { isDeferred($0["data"]!) } == true, "depth \(depth)")
    }
    // A repeated key deep inside is the parser's to report, at any depth.
    Self.expectSameReading("{\"aps\": {}, \"data\": \(nested(100, inner: "{\"a\": 1, \"a\": 2}"))}")
    let tooDeep = Self.expectSameReading("{\"aps\": {}, \"data\": \(nested(600, inner: "1"))}")
    #expect(tooDeep.root == nil && tooDeep.findings.first?.message.contains("nest") == true)
  }

  @Test func aLargeArrayRootIsKeptAsItsBytes() throws {
    let text = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
    let root = try #require(JSONReader.read(Array(text.utf8), deferringARootThatIsNoObject: true).root)
    #expect(isDeferred(root) && !root.isObject && root.typeName == "array")
    #expect(root.elements?.count == 1000)
  }

  /// A deferred container walked a child at a time gives the children it
  /// gives built, and the largest strings come out the same.
  /// The strings of a deferred value, scanned without building it: each
  /// with its pointer and compact size as the built value's string gives.
  @Test(arguments: payloads + escapedStrings)
  func aDeferredValueScannedForStringsFindsTheBuiltOnesStrings(text: String) throws {
    let bytes = Array(text.utf8)
    let deferred = try #require(JSONReader.read(bytes, deferringAllBut: DocumentClassifier.keysItReads).root)
    for member in deferred.members ?? [] {
      let original = member.value
      guard isDeferred(original) else { continue }
      var scanned: [String] = []
      let wasDeferred = original.forEachDeferredString { size, pointer in scanned.append("\(pointer()) \(size)") }
      var built: [String] = []
      Self.strings(of: original.built, into: &built)
      #expect(wasDeferred && scanned == built, "\(member.key) in \(text)")
    }
    let largest = CompactJSON.largestStrings(in: deferred, count: 3)
    let eager = try #require(JSONReader.read(bytes).root)
    let expected = CompactJSON.largestStrings(in: eager, count: 3)
    #expect(largest.map(\.pointer) == expected.map(\.pointer) && largest.map(\.bytes) == expected.map(\.bytes))
  }

  /// Every escape JSON has, in values and in keys, beside text that needs none.
  static let escapedStrings = [
    #"{"aps":{},"d":{"q\"k":"a\"b\\c\/d\b\f\n\r\t","k~/":["\u0000\u0001\u001f\u0020\u007f\u0080"]}}"#,
    #"{"aps":{},"d":["\u07ff\u0800\uffff\ud800\udc00\udbff\udfff","\u00E9\u00e9é€😀","\u0022\u005c\u002F"]}"#,
    #"{"aps":{},"s":"\n\u2028plain text of some length","e":"","n":[[["deep"]],{"":{"x":"y"}}]}"#,
    #"{"aps":{},"c":["\u0000\u0001\u001f\u0020\u007f\u0080","a\"b\\c\/d\b\f\n\r\t"],"m":{"k~/":{"x/y":["a string"]}}}"#,
  ]

  /// Each string value of a built tree: its pointer and compact size.
  static func strings(of node: Node, into lines: inout [String]) {
    switch node.value {
    case .string(let text): lines.append("\(node.pointer) \(CompactJSON.stringSize(text) - 2)")
    case .array(let elements): for element in elements { strings(of: element, into: &lines) }
    case .object(let members): for member in members { strings(of: member.value, into: &lines) }
    default: break
    }
  }

  /// The largest strings kept as the walk goes are those a sort of every
  /// string gives: largest first, ties by pointer, short strings left out,
  /// whatever order the document holds them in.
  @Test func theLargestStringsAreThoseASortOfEveryStringGives() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<40 {
      let lengths = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...14, using: &generator)
      }
      let members = lengths.enumerated().map {
        "\"k\($0.offset % 7)\($0.offset)\": [\"\(String(repeating: "é", count: $0.element))\"]"
      }
      let text = "{" + (["\"aps\": {}"] + members).joined(separator: ", ") + "}"
      let root = try #require(JSONReader.read(Array(text.utf8), deferringAllBut: DocumentClassifier.keysItReads).root)
      var every: [(pointer: String, bytes: Int)] = []
      for (offset, length) in lengths.enumerated() where length * 2 >= 8 {
        every.append(("/k\(offset % 7)\(offset)/0", length * 2))
      }
      every.sort { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.pointer < $1.pointer }
      for count in [0, 1, 3, 50] {
        let largest = CompactJSON.largestStrings(in: root, count: count)
        #expect(largest.map(\.pointer) == every.prefix(count).map(\.pointer), "\(text)")
        #expect(largest.map(\.bytes) == every.prefix(count).map(\.bytes), "\(text)")
      }
    }
  }

  @Test func onlyAppDataAtTheTopIsDeferred() throws {
    let result = Self.expectSameReading(
      #"{"aps":{"alert":{"title":"t"}},"headers":{"x":1},"payload":{"y":2},"message":{"z":3},"categories":[],"data":{"n":[1]},"s":"text","b":true}"#
    )
    let root = try #require(result.root)
    let deferred = (root.members ?? []).filter { isDeferred($0.value) }
    #expect(deferred.map(\.key) == ["data", "s", "b"])
    // Asked through the accessors, a deferred value answers as built.
    #expect(root["data"]?.isObject == true)
    #expect(root["data"]?["n"]?.elements?.count == 1)
    #expect(root["data"]?["n"]?.elements?.first?.pointer == "/data/n/0")
    #expect(root["s"]?.stringValue == "text")
    #expect(root["b"]?.boolValue == true)
    #expect(root["data"]?.typeName == "object")
  }

  /// Inside the values a document builds, a long string (an alert's body),
  /// with escapes or without, is kept as its bytes when the reader has an
  /// array to share: it reads back as the parser's string, and says whether
  /// it has text unbuilt. A short string, and one read from a buffer the
  /// reader must not hold, are built.
  @Test func longStringsInBuiltValuesAreKeptAsBytesAndReadTheSame() throws {
    let long = String(repeating: "Zoë ☕️ 会议 🎉 ", count: 6)
    // Text as servers that escape everything past ASCII send it: one `\u`
    // escape a character, pairs for what is past U+FFFF, short escapes.
    let escaped = String(repeating: #"Zo\u00eb \u2615\ufe0f \u4f1a\u8bae \ud83c\udf89 \"\t\/ "#, count: 3)
    let unescaped = String(repeating: "Zoë ☕️ 会议 🎉 \"\t/ ", count: 3)
    let text = """
      {"aps": {"alert": {"body": "\(long)", "title": "short", "subtitle": "\(long)\\n"},
       "loc-args": ["\(long)", "", "\(escaped)", "\\u00e9"]}, "x": ""}
      """
    // The same tree, and the same compact size: what the escapes of the
    // kept strings save is counted as the parser counts it.
    let result = Self.expectSameReading(text)
    let aps = try #require(result.root?["aps"])
    let body = try #require(aps["alert"]?["body"])
    #expect(isDeferred(body))
    #expect(body.stringValue == long)
    #expect(body.hasText)
    #expect(JSONType(of: body) == .string)
    #expect(aps["alert"]?["title"].map(isDeferred) == false)
    #expect(aps["alert"]?["subtitle"].map(isDeferred) == true)
    #expect(aps["alert"]?["subtitle"]?.stringValue == long + "\n")
    let arguments = try #require(aps["loc-args"]?.elements)
    #expect(arguments.map(isDeferred) == [true, false, true, false])
    #expect(arguments.map(\.hasText) == [true, false, true, true])
    #expect(arguments[2].stringValue == unescaped)
    // App data kept as its bytes answers too: an empty string has no text.
    #expect(result.root?["x"].map(isDeferred) == true)
    #expect(result.root?["x"]?.hasText == false)

    try Array(text.utf8).withUnsafeBufferPointer { buffer in
      let root = try #require(JSONReader.read(buffer, deferringAllBut: DocumentClassifier.keysItReads).root)
      let body = try #require(root["aps"]?["alert"]?["body"])
      #expect(!isDeferred(body))
      #expect(body.stringValue == long)
    }
  }

  /// A string kept as its bytes is checked as the parser checks one: a
  /// broken escape, a lone surrogate, a control byte or a missing quote in
  /// a long string is the parser's finding, at its place.
  @Test(
    "a long string that does not read is the parser's to word",
    arguments: [#"\u12G4"#, #"\x"#, "\u{01}", #"\ud83d\u0041"#, #"\udc00"#, #"\"#])
  func aLongStringThatDoesNotReadIsTheParsers(flaw: String) {
    let text = #"{"aps":{"alert":{"body":""# + String(repeating: "\\u00e9", count: 20) + flaw + #""}}}"#
    let result = Self.expectSameReading(text)
    #expect(result.root == nil, "\(flaw)")
    #expect(result.findings.map(\.rule) == [.syntaxError], "\(flaw)")
  }

  func isDeferred(_ node: Node) -> Bool {
    if case .deferred = node.stored { return true }
    return false
  }

  @Test func aRepeatedKeyIsLeftToTheParser() throws {
    // The parser reports the repeat; keys compare as strings do, so a key
    // written with an escape, or in another normalization form, or as a
    // character whose canonical form is ASCII (KELVIN SIGN is K), repeats.
    let many = (0..<40).map { "\"key\($0)\":\($0)" }.joined(separator: ",")
    for text in [
      #"{"aps":{},"data":{"k":1,"k":2}}"#,
      #"{"aps":{},"data":{"":"l", "":"er", "": ""},"s": {}}"#,
      #"{"aps":{},"data":{"a":{"":1},"":2,"":3}}"#,
      #"{"aps":{},"data":{"k":1,"\u006b":2}}"#,
      "{\"aps\":{},\"data\":{\"é\":1,\"e\u{301}\":2}}",
      "{\"aps\":{},\"data\":{\"K\":1,\"\u{212A}\":2}}",
      "{\"aps\":{},\"data\":{\"\u{212A}\":1,\"K\":2}}",
      "{\"aps\":{},\"data\":{\(many),\"key7\":0}}",
      "{\"aps\":{},\"data\":{\(many),\"\\u006bey39\":0}}",
    ] {
      let result = Self.expectSameReading(text)
      let data = try #require(result.root?.member("data")?.value)
      #expect(!isDeferred(data), "\(text)")
      #expect(result.keysAreUnique == false, "\(text)")
    }
  }

  /// App data is skipped in one pass (in C) where it can be, and by the
  /// scan otherwise: where the one pass accepts a value, the scan accepts
  /// it and ends at the same byte, line and counts. The common shapes take
  /// the one pass; what it leaves to the scan (keys with escapes or in
  /// other scripts, objects of many keys, deep nesting) and everything the
  /// scan refuses, it refuses.
  @Test func theOnePassSkipEndsAsTheScanDoes() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let manyKeys = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
    let accepted = [
      #"{"id":4,"items":[{"sku":"S0","qty":0},{"sku":"S1","qty":1.5e3}],"note":"Zoë ☕️ 名前"}"#,
      "{\n  \"a\": [1,\n      2],\n\t\"b\": \"x\"\r\n  }",
      #"["\u00e9\n\"q\" \ud83d\ude00", -0, 0.5, -1E-2, true, false, null, [], {}, [[]], {"":""}]"#,
      #"{"k":1,"k2":{"k":2},"k3":3}"#, " 42", #""text""#,
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ]
    let leftToTheScan = [
      #"{"é":1}"#, #"{"\u006b":1}"#, manyKeys, deep, "{\"k\":1,\"k\":2}", #"{"a":{"":1},"":2,"":3}"#,
      "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[-]", "[1e]", "[truth]", "[nul]", "{\"a\" 1}", "[\"\u{01}\"]",
      #"["\ud800"]"#, #"["\x"]"#, "[1 2]", "{\"a\":1", "[", "'a'", "",
    ]
    for text in accepted + leftToTheScan {
      Array(text.utf8).withUnsafeBufferPointer { bytes in
        for checkingKeys in [true, false] {
          let (onePass, scan) = JSONScanner.skipBothWays(bytes, depth: 1, checkingKeys: checkingKeys)
          if let onePass {
            #expect(scan?.0 == onePass.0 && scan?.commas == onePass.commas, "\(text.prefix(60))")
          }
          if accepted.contains(text) {
            #expect(onePass != nil, "\(text.prefix(60))")
          } else if checkingKeys {
            #expect(onePass == nil, "\(text.prefix(60))")
          }
        }
      }
    }
  }

  /// Objects of many keys, keys with escapes and keys in other scripts are
  /// kept as bytes like any other app data, and read the same when built.
  @Test func keysOfAnyTextAndNumberAreDeferred() throws {
    let many = (0..<2000).map { "\"key\($0)\":{\"n\":\($0)}" }.joined(separator: ",")
    for text in [
      #"{"aps":{},"data":{"\u006b":1,"k\"":2}}"#,
      "{\"aps\":{},\"data\":{\"é\":1,\"名前\":\"値\",\"😀\":[{\"ключ\":true}]}}",
      "{\"aps\":{},\"data\":{\(many)}}",
      "{\"aps\":{},\"data\":{\(many),\"ü\":0}}",
      "{\"aps\":{},\"data\":[{\(many)},{\(many)}]}",
    ] {
      let result = Self.expectSameReading(text)
      let data = try #require(result.root?.member("data")?.value)
      #expect(isDeferred(data), "\(text.prefix(80))")
      #expect(result.keysAreUnique, "\(text.prefix(80))")
    }
  }

  /// A large array of mixed values over many lines, in several scripts, with
  /// a large array and an object inside it: 64 KiB and more.
  static func largeArray(elements: Int, nestedLarge: Bool = true) -> String {
    var parts: [String] = []
    for index in 0..<elements {
      switch index % 6 {
      case 0: parts.append("\"é\(index) 名前 😀\"")
      case 1: parts.append("\(index)")
      case 2: parts.append("-\(index).5e-3")
      case 3: parts.append("[\"x\", {\"k~/\": null}]")
      case 4: parts.append("{\"a\": true, \"b\": [false]}")
      default: parts.append("\"\\u00e9\\n\\\"\"")
      }
      if index == elements / 2 && nestedLarge { parts.append(largeArray(elements: elements, nestedLarge: false)) }
    }
    return "[\n  " + parts.joined(separator: ",\n  ") + "\n]"
  }

  /// An object of `members` members in several scripts, each holding a
  /// little, with a large array among them.
  static func wideObject(members: Int) -> String {
    var parts = (0..<members).map { "\"ключ\($0)\": {\"v\": [\($0), \"é😀\"], \"s\": \"x\\n\"}" }
    parts.insert("\"large\": \(largeArray(elements: 4000, nestedLarge: false))", at: members / 2)
    return "{\n" + parts.joined(separator: ",\n") + "}"
  }

  /// Inside a top-level value, an array of 64 KiB and more, or an object
  /// as large and of a thousand members or more, is kept as its bytes (a
  /// payload never holds one: a fixture's array of numbers would cost some
  /// 200 bytes a number as nodes), and reads as the very tree, its findings
  /// and sizes. Inside one, built, a large container is kept the same way.
  /// A large object of few members (an alert around a large `loc-args`) is
  /// built, and the large value in it kept as bytes.
  @Test func largeContainersInsideTopLevelValuesAreKeptAsBytesAndReadTheSame() throws {
    let large = Self.largeArray(elements: 4000)
    #expect(Self.largeArray(elements: 4000, nestedLarge: false).utf8.count >= JSONScanner.largeContainerBytes)
    let narrow = (0..<2000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
    let text =
      "{\"aps\": {\"alert\": {\"loc-key\": \"K\", \"loc-args\": \(large)}, \"url-args\": [\"a\", [1]],\n"
      + "\"content-state\": \(Self.wideObject(members: 2000)), \"small\": {\(narrow)}},\n"
      + "\"message\": {\"data\": [\(large), 1]}, \"data\": \(large)}"
    let result = Self.expectSameReading(text)
    let root = try #require(result.root)
    let locArgs = try #require(root["aps"]?["alert"]?["loc-args"])
    let urlArgs = try #require(root["aps"]?["url-args"])
    let alert = try #require(root["aps"]?["alert"])
    let messageData = try #require(root["message"]?["data"]?.elements?.first)
    #expect(isDeferred(locArgs) && !isDeferred(urlArgs) && !isDeferred(alert) && isDeferred(messageData))
    let contentState = try #require(root["aps"]?["content-state"])
    let small = try #require(root["aps"]?["small"])
    #expect(isDeferred(contentState) && !isDeferred(small))
    let largeInside = try #require(contentState["large"])
    #expect(isDeferred(largeInside) && largeInside.pointer == "/aps/content-state/large")
    // Built, the array keeps the large array inside it as bytes.
    let inside = try #require(locArgs.elements?[2001])
    #expect(isDeferred(inside) && inside.elementCount == 4000)
    #expect(inside.pointer == "/aps/alert/loc-args/2001")
    // A small document is read as before, whatever it holds.
    let smallDocument = Self.expectSameReading("{\"aps\": {\"url-args\": \(Self.largeArray(elements: 30))}}")
    let smallArray = try #require(smallDocument.root?["aps"]?["url-args"])
    #expect(!isDeferred(smallArray))
  }

  /// A top-level value's own object of many members (an `aps` of
  /// thousands of custom keys) is kept as its bytes too, and read a member
  /// at a time; so is a top-level array (`categories`, until the file is
  /// known to be a categories file).
  @Test func aTopLevelValuesOwnWideObjectOrLargeArrayIsKeptAsBytes() throws {
    let custom = (0..<3000).map { "\"custom\($0)\": [\($0), \"é😀\"]" }.joined(separator: ",\n")
    let text =
      "{\"aps\": {\"alert\": {\"title\": \"T\"}, \(custom), \"badge\": 1},\n"
      + "\"categories\": \(Self.largeArray(elements: 4000))}"
    let result = Self.expectSameReading(text)
    let root = try #require(result.root)
    let aps = try #require(root["aps"])
    let categories = try #require(root["categories"])
    #expect(isDeferred(aps) && isDeferred(categories))
    let built = try #require(categories.built.elements)
    #expect(categories.elementCount == built.count && categories.elements?.last?.pointer == built.last?.pointer)
    #expect(built.count >= 4000 && built.last?.pointer == "/categories/\(built.count - 1)")
    #expect(aps["badge"]?.numberValue?.intValue == 1 && aps["alert"]?["title"]?.stringValue == "T")
    #expect(aps["custom2999"]?.elements?.first?.pointer == "/aps/custom2999/0" && aps["absent"] == nil)
  }

  /// A large `categories` is kept as its bytes: one that holds no category
  /// (a payload's app data) is classified without being built, and the
  /// rules of a categories file build it a category at a time, finding
  /// what they find in a small one, at the same places.
  @Test func aLargeCategoriesArrayIsReadACategoryAtATime() throws {
    let numbers = (0..<40000).map(String.init).joined(separator: ", ")
    let payloadText = "{\"aps\": {\"alert\": \"Hi\"}, \"categories\": [\(numbers)]}"
    let payload = try #require(
      JSONReader.read(Array(payloadText.utf8), deferringAllBut: DocumentClassifier.keysItReads).root)
    #expect(isDeferred(try #require(payload["categories"])))
    #expect(!DocumentClassifier.isCategories(payload))
    // A payload too large to send, and nothing said of categories.
    #expect(lint(payloadText, path: "p.json").filter { $0.severity >= .warning }.map(\.rule) == ["payload-too-large"])

    func categoriesText(count: Int) -> String {
      let entries = (0..<count).map { index in
        let identifier = index == count - 1 ? "C1" : "C\(index)"
        return "{\"identifier\": \"\(identifier)\", \"actions\": [{\"identifier\": \"A\(index)\", \"title\": \"T\"}]}"
      }
      return "{\"categories\": [\n" + entries.joined(separator: ",\n") + "\n]}"
    }
    let large = categoriesText(count: 2000)
    try #require(large.utf8.count >= JSONScanner.largeContainerBytes)
    let read = try #require(
      JSONReader.read(Array(large.utf8), deferringAllBut: DocumentClassifier.keysItReads).root)
    #expect(isDeferred(try #require(read["categories"])))
    #expect(DocumentClassifier.isCategories(read))
    let found = lint(large, path: "categories.json").filter { $0.rule == "duplicate-identifier" }
    #expect(found.map(\.span.start.line) == [2001], "\(found.map(TextReporter.line(for:)))")
    let small = lint(categoriesText(count: 3), path: "categories.json").filter { $0.rule == "duplicate-identifier" }
    #expect(small.map(\.span.start.line) == [4] && small.map(\.span.start.column) == found.map(\.span.start.column))
  }

  /// An array the scan refuses (a repeated key inside) is the parser's, and
  /// no later array of the document is measured again.
  @Test func aLargeArrayWithARepeatedKeyIsLeftToTheParser() throws {
    let large = Self.largeArray(elements: 4000)
    let text =
      "{\"aps\": {\"url-args\": [{\"k\": 1, \"k\": 2}, \(large)], \"x\": \(large)}}"
    let result = Self.expectSameReading(text)
    let first = try #require(result.root?["aps"]?["url-args"])
    let later = try #require(result.root?["aps"]?["x"])
    #expect(!isDeferred(first) && !isDeferred(later))
    #expect(result.keysAreUnique == false)
  }

  /// A deferred container walked a child at a time gives the children the
  /// built one holds, in order, with their pointers and spans, and counts
  /// its elements as the built one does.
  @Test func aDeferredContainerWalkedAChildAtATimeGivesTheBuiltChildren() throws {
    let large = Self.largeArray(elements: 4000)
    let text =
      "{\"aps\": {\"x\": \(large), \"w\": \(Self.wideObject(members: 2000))},\n"
      + "\"data\": {\"a\": \(large), \"b\": {\"c\": [1]}, \"é\": \"ü\"}}"
    let root = try #require(
      JSONReader.read(Array(text.utf8), deferringAllBut: DocumentClassifier.keysItReads).root)
    let nodes = [
      try #require(root["aps"]?["x"]), try #require(root["aps"]?["w"]), try #require(root["data"]),
    ]
    for node in nodes {
      // A member is found as in the built object, built alone.
      for key in ["ключ0", "large", "ключ1999", "b", "é", "absent", "ключ"] {
        var found: [String] = []
        if let member = node.member(key) { Self.dump(member.value, into: &found) }
        var expected: [String] = []
        if let member = node.built.member(key) { Self.dump(member.value, into: &expected) }
        #expect(found == expected && node.hasMember(key) == !expected.isEmpty, "\(key)")
        #expect(node.member(key)?.keySpan == node.built.member(key)?.keySpan, "\(key)")
      }
      #expect(isDeferred(node))
      var walked: [String] = []
      node.forEachChild { Self.dump($0, into: &walked) }
      var built: [String] = []
      node.built.forEachChild { Self.dump($0, into: &built) }
      #expect(walked == built && !walked.isEmpty)
      var keys: [String] = []
      node.forEachMember { keys.append("\($0.key) \($0.keySpan.start.offset) \($0.value.pointer)") }
      #expect(keys == (node.built.members ?? []).map { "\($0.key) \($0.keySpan.start.offset) \($0.value.pointer)" })
      #expect(node.elementCount == node.built.elements?.count)
      #expect(node.containsMember { $0.key == "é" || $0.key == "ключ7" } == node.isObject)
      #expect(!node.containsMember { $0.key == "absent" })
    }
  }

  /// A root of many members, as a payload whose app data is thousands of
  /// top-level keys: the keys of each script and spelling.
  static func wideRoot(members: Int, extra: String = "") -> String {
    var parts = (0..<members).map { index -> String in
      switch index % 4 {
      case 0: "\"key\(index)\": \(index)"
      case 1: "\"ключ\(index)\": {\"v\": [\(index), \"é😀\"]}"
      case 2: "\"k\\u00e9\(index)\": \"x\\n\""
      default: "\"a_rather_long_key_for_the_app_\(index)\": [true, null]"
      }
    }
    parts.insert(#""aps": {"alert": {"title": "T", "loc-args": \#(largeArray(elements: 4000))}, "badge": 1}"#, at: 7)
    parts.insert(#""headers": {"apns-push-type": "alert"}"#, at: members / 2)
    return "{\n  " + parts.joined(separator: ",\n  ") + extra + "\n}\n"
  }

  func isWide(_ node: Node) -> Bool {
    if case .wide = node.stored { return true }
    return false
  }

  /// A large root of many members is kept as its bytes but for the members
  /// a reader builds at once (`aps`, `headers`): it reads as the very tree,
  /// its findings and sizes, and its members are found, walked and
  /// counted as the tree's.
  @Test func aWideRootIsKeptAsItsBytesAndReadsTheSame() throws {
    // A key written with an escape is found by the key it spells.
    let text = Self.wideRoot(members: 3000, extra: ",\n  \"\\u0061scii\": 1")
    let result = Self.expectSameReading(text)
    let root = try #require(result.root)
    #expect(isWide(root) && result.keysAreUnique)
    let tree = try #require(JSONReader.read(Array(text.utf8), firstLine: 7, baseOffset: 100).root)
    for key in [
      "aps", "headers", "key0", "ключ2997", "ké2998", "a_rather_long_key_for_the_app_3", "absent", "payload", "ascii",
    ] {
      var found: [String] = []
      if let member = root.member(key) { Self.dump(member.value, into: &found) }
      var expected: [String] = []
      if let member = tree.member(key) { Self.dump(member.value, into: &expected) }
      #expect(found == expected && root.hasMember(key) == !expected.isEmpty, "\(key)")
      #expect(root.member(key)?.keySpan == tree.member(key)?.keySpan, "\(key)")
      #expect((root[key] != nil) == !expected.isEmpty, "\(key)")
    }
    // What a rule reads is built as the tree holds it; app data stays bytes.
    let aps = try #require(root["aps"])
    let locArgs = try #require(aps["alert"]?["loc-args"])
    let appData = try #require(root["ключ1"])
    #expect(!isDeferred(aps) && isDeferred(locArgs) && isDeferred(appData))
    var keys: [String] = []
    root.forEachMember { keys.append("\($0.key) \($0.keySpan.start.offset) \($0.value.pointer)") }
    let treeKeys = (tree.members ?? []).map { "\($0.key) \($0.keySpan.start.offset) \($0.value.pointer)" }
    #expect(keys == treeKeys, "the members walked differ from the tree's")
    #expect(root["ascii"]?.numberValue?.intValue == 1)
    #expect(root.members?.count == 3003 && root.isObject && root.isContainer && root.keysAreKnownUnique)
    #expect(root.containsMember { $0.key == "ключ2997" } && !root.containsMember { $0.key == "absent" })
    #expect(JSONType(of: root) == .object)
    var children = 0
    root.forEachChild { _ in children += 1 }
    #expect(children == 3003)
    // A small root, or a large one of few members, is read as before.
    let few = try #require(Self.expectSameReading(Self.wideRoot(members: 100)).root)
    #expect(!isWide(few))
  }

  /// A wide root whose keys repeat (at its top, past the first keys
  /// compared as bytes, or spelt with an escape; or inside a member), or
  /// with anything wrong in it or after it, is the parser's: it reports
  /// what is wrong.
  @Test func aWideRootWithARepeatedKeyOrAnErrorIsLeftToTheParser() throws {
    for extra in [
      ",\n  \"key8\": 1", ",\n  \"aps\": {}", ",\n  \"k\\u0065y12\": 1", ",\n  \"ключ5\": 1",
      ",\n  \"x\": {\"a\": 1, \"a\": 2}",
    ] {
      let result = Self.expectSameReading(Self.wideRoot(members: 3000, extra: extra))
      let root = try #require(result.root)
      #expect(!isWide(root) && !result.keysAreUnique, "\(extra)")
    }
    for broken in [Self.wideRoot(members: 3000, extra: ","), Self.wideRoot(members: 3000) + "x"] {
      let result = Self.expectSameReading(broken)
      #expect(result.root == nil && result.findings.count == 1)
    }
  }

  @Test func brokenAppDataGivesTheSameError() {
    for text in [
      #"{"aps":{},"data":{"a":1,}}"#,
      #"{"aps":{},"data":[1 2]}"#,
      #"{"aps":{},"data":"unterminated}"#,
      #"{"aps":{},"data":{"a":tru}}"#,
      #"{"aps":{},"data":{"a":01}}"#,
      "{\"aps\":{},\"data\":\"tab\tinside\"}",
      #"{"aps":{},"data":"\x"}"#,
      #"{"aps":{},"data":"\ud800"}"#,
      #"{"aps":{},"data":["ok \n","\ud800x"]}"#,
      #"{"aps":{},"data":["\udc00 é"]}"#,
      #"{"aps":{},"data":["é \u12"]}"#,
      #"{"aps":{},"data":["\n\ud83d\u0041"]}"#,
      #"{"aps":{},"data":{'a':1}}"#,
      #"{"aps":{},"data":[1,2]"#,
      #"{"aps":{},"data":truex}"#,
    ] {
      let result = Self.expectSameReading(text)
      #expect(result.root == nil, "\(text)")
    }
  }

  @Test func nestingPastTheLimitIsTheSameError() {
    let depth = ReaderLimits.maxDepth
    for levels in [depth - 2, depth - 1, depth, depth + 5] {
      let text =
        #"{"aps":{},"data":"# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}"
      Self.expectSameReading(text)
    }
  }

  /// JSONTestSuite's documents as app data: every one reads (or fails) the
  /// same with deferring, positions on several lines included.
  @Test(.enabled(if: sharedDirectory != nil, "../shared is not beside the repository"))
  func theConformanceSuiteAsAppData() throws {
    let directory = (sharedDirectory ?? "") + "/conformance/JSONTestSuite/test_parsing"
    guard case .success(let names) = FileSystem.list(directory) else { return }
    var compared = 0
    for name in names where name.hasSuffix(".json") {
      guard case .success(let bytes) = FileSystem.readFile(directory + "/" + name) else { continue }
      let wrapped = Array(#"{"aps":{},"data":"#.utf8) + bytes + Array("}".utf8)
      let eager = JSONReader.read(wrapped)
      let deferred = JSONReader.read(wrapped, deferringAllBut: DocumentClassifier.keysItReads)
      #expect(Self.dump(deferred) == Self.dump(eager), "\(name)")
      compared += 1
    }
    #expect(compared > 300)
  }
}

/// A walked JSON file is classified from its top level first
/// (`JSONScanner.topLevel`): the scan may only set aside what the reader
/// and the classifier would have set aside too.
@Suite struct TopLevelScanTests {
  func scan(_ bytes: [UInt8]) -> JSONScanner.TopLevel? {
    bytes.withUnsafeBufferPointer { JSONScanner.topLevel(of: $0, keeping: { _ in true }) }
  }

  func scan(_ text: String) -> JSONScanner.TopLevel? { scan(Array(text.utf8)) }

  @Test func itGivesTheRootsKeysOrThatItIsNoObject() {
    #expect(
      scan(#" {"type": "FeatureCollection", "features": [{"x": [1.5, -2e3]}], "n\u00e4me": "Stra\u00dfe"} "#)
        == .object(keys: ["type", "features", "näme"]))
    #expect(scan("{}") == .object(keys: []))
    #expect(scan(#"[1, 2, {"aps": {}}]"#) == .notAnObject)
    #expect(scan(#""text""#) == .notAnObject)
    // Not plain UTF-8: the reader says so.
    #expect(scan(Array(#"{"a": ""#.utf8) + [0xFF] + Array(#""}"#.utf8)) == nil)
    // Enough keys end the scan: the rest is the reader's to read.
    let stopped = Array(#"{"aps": {}, "data": [1,"#.utf8).withUnsafeBufferPointer {
      JSONScanner.topLevel(of: $0, keeping: { _ in true }, enough: { !$0.isEmpty })
    }
    #expect(stopped == .object(keys: ["aps"]))
    #expect(!Array(#"{"aps": {}, "data": [1,"#.utf8).withUnsafeBufferPointer(DocumentClassifier.topLevelShowsNoKind))
    #expect(Array(#"{"data": [1, 2]}"#.utf8).withUnsafeBufferPointer(DocumentClassifier.topLevelShowsNoKind))
    // Keys past what a deferred value takes (escaped, many) are no obstacle.
    let many = "{" + (0..<100).map { #""k\#($0)": {"\u00e9": \#($0)}"# }.joined(separator: ",") + "}"
    #expect(scan(many) == .object(keys: (0..<100).map { "k\($0)" }))
    for broken in [
      #"{"a": 1"#, #"{"a": 1} x"#, #"{"a" 1}"#, #"{"a": [1,]}"#, #"{"a": tru}"#, "", "{\"a\": \"\u{01}\"}",
    ] {
      #expect(scan(broken) == nil, "\(broken)")
    }
  }

  /// Over the JSONTestSuite: what the scan calls well-formed, the reader
  /// reads without a finding, with the same root and top-level keys.
  @Test(.enabled(if: sharedDirectory != nil)) func itAgreesWithTheReaderOnTheJSONTestSuite() throws {
    var scanned = 0
    for prefix in ["y_", "n_", "i_"] {
      for name in JSONTestSuiteTests.files(prefix: prefix) {
        guard case .success(let bytes) = FileSystem.readFile(JSONTestSuiteTests.directory + "/" + name) else {
          continue
        }
        guard let topLevel = scan(bytes) else { continue }
        scanned += 1
        let result = JSONReader.read(bytes)
        let root = try #require(result.root, "\(name): the scan accepted what the reader rejects")
        #expect(result.findings.isEmpty, "\(name)")
        #expect(topLevel == (root.isObject ? .object(keys: (root.members ?? []).map(\.key)) : .notAnObject), "\(name)")
      }
    }
    #expect(scanned > 90)
  }

  /// Over every JSON file of the samples and fixtures: what the scan says
  /// is no kind, the classifier finds no kind in once it is read.
  @Test func whatItSetsAsideIsNoKind() throws {
    var files: [String] = []
    func walk(_ directory: String) {
      guard case .success(let names) = FileSystem.list(directory) else { return }
      for name in names {
        let path = directory + "/" + name
        if name.hasSuffix(".json") { files.append(path) } else if !name.contains(".") { walk(path) }
      }
    }
    walk(repositoryRoot + "/samples")
    walk(repositoryRoot + "/Tests/Fixtures")
    #expect(files.count > 50)
    var setAside = 0
    for path in files {
      guard case .success(let bytes) = FileSystem.readFile(path) else { continue }
      let kind = DocumentClassifier.kind(of: JSONReader.read(bytes).root, format: .json, path: path)
      if bytes.withUnsafeBufferPointer(DocumentClassifier.topLevelShowsNoKind) {
        setAside += 1
        #expect(kind == nil, "\(path) is a \(String(describing: kind))")
      }
    }
    #expect(setAside > 0)
  }
}
