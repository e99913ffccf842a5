import Testing

@testable import PushLintCore

/// The language server as a client drives it, message by message, in
/// process: lifecycle, diagnostics pushed and pulled, edits, fixes, hover,
/// completion, the app's side changing on disk, and bad input.
@Suite struct LanguageServerTests {
  /// A server and the messages it sent, parsed back.
  final class Session {
    let server: LanguageServer
    let root: String

    init(root: String, utf8: Bool = false, folders: [String]? = nil) {
      self.root = root
      server = LanguageServer { folder in
        var linter = Linter(configuration: Configuration(directory: folder), jobs: 1)
        linter.usesNearestConfiguration = true
        return linter
      }
      let encodings = utf8 ? #""general": {"positionEncodings": ["utf-8", "utf-16"]}, "# : ""
      let workspace =
        folders.map { folders in
          #", "workspaceFolders": ["# + folders.map { #"{"uri": "file://\#($0)", "name": "f"}"# }.joined(separator: ",")
            + "]"
        } ?? ""
      _ = request(
        "initialize",
        #"{"rootUri": "file://\#(root)", "capabilities": {\#(encodings)"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}\#(workspace)}"#
      )
    }

    var nextID = 0

    /// The messages a raw message brings back, parsed.
    func send(_ text: String) -> [Node] {
      server.handle(Array(text.utf8)).compactMap { JSONReader.read(Array($0.serialized().utf8)).root }
    }

    func request(_ method: String, _ params: String) -> Node? {
      nextID += 1
      return send(#"{"jsonrpc": "2.0", "id": \#(nextID), "method": "\#(method)", "params": \#(params)}"#).first
    }

    func notify(_ method: String, _ params: String) -> [Node] {
      send(#"{"jsonrpc": "2.0", "method": "\#(method)", "params": \#(params)}"#)
    }

    func flush() -> [Node] { server.flush().compactMap { JSONReader.read(Array($0.serialized().utf8)).root } }

    func uri(_ name: String) -> String { "file://\(root)/\(name)" }

    func open(_ name: String, _ text: String) {
      let escaped = FixSpelling.jsonString(text)
      _ = notify(
        "textDocument/didOpen",
        #"{"textDocument": {"uri": "\#(uri(name))", "languageId": "json", "version": 1, "text": \#(escaped)}}"#)
    }

    /// The labels completion offers in `text`, opened as `name`, with the
    /// cursor before its `|` (taken out), or at its end without one.
    func completionLabels(_ name: String, _ text: String) -> [String] {
      let before = String(text[..<(text.firstIndex(of: "|") ?? text.endIndex)])
      let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
      open(name, text.replacing("|", with: ""))
      let answer = request(
        "textDocument/completion",
        #"{"textDocument": {"uri": "\#(uri(name))"}, "position": {"line": \#(lines.count - 1), "character": \#(lines.last!.utf16.count)}}"#
      )
      return answer?["result"]?.elements?.compactMap { $0["label"]?.stringValue } ?? []
    }

    /// The rules of the diagnostics published for `name` by the next flush.
    func published(_ name: String) -> [String]? {
      for message in flush() where message["params"]?["uri"]?.stringValue == uri(name) {
        return message["params"]?["diagnostics"]?.elements?.compactMap { $0["code"]?.stringValue }
      }
      return nil
    }
  }

  @Test func initializeAnswersCapabilitiesAndShutdownThenExitEndsCleanly() throws {
    let scratch = ScratchDirectory()
    let server = LanguageServer { Linter(configuration: Configuration(directory: $0), jobs: 1) }
    let early = server.handle(Array(#"{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}"#.utf8))
    #expect(early.first?.serialized().contains("-32002") == true, "a request before initialize is refused")
    let session = Session(root: scratch.path)
    let initialize = try #require(
      session.send(
        #"{"jsonrpc": "2.0", "id": 9, "method": "initialize", "params": {"capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}}"#
      ).first)
    let capabilities = try #require(initialize["result"]?["capabilities"])
    #expect(capabilities["hoverProvider"]?.boolValue == true)
    #expect(capabilities["textDocumentSync"]?["change"]?.numberValue?.intValue == 2)
    #expect(capabilities["codeActionProvider"]?["codeActionKinds"]?.elements?.count == 2)
    let watch = session.notify("initialized", "{}")
    #expect(watch.first?["method"]?.stringValue == "client/registerCapability")
    #expect(session.request("shutdown", "null")?["result"] != nil)
    #expect(session.request("textDocument/hover", "{}")?["error"]?["code"]?.numberValue?.intValue == -32600)
    _ = session.notify("exit", "null")
    #expect(session.server.exitCode == 0)
  }

  @Test func diagnosticsArePushedOnOpenAndChangeAndAnsweredToPulls() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    session.open("push.json", #"{"aps": {"alert": "Hi", "badge": "3"}}"#)
    #expect(session.published("push.json") == ["value-type"])
    #expect(session.published("push.json") == nil, "nothing changed: nothing published again")
    // An incremental edit: "3" (quotes and all) becomes 3.
    _ = session.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": "\#(session.uri("push.json"))", "version": 2}, "contentChanges": [{"range": {"start": {"line": 0, "character": 33}, "end": {"line": 0, "character": 36}}, "text": "3"}]}"#
    )
    #expect(session.published("push.json") == [])
    _ = session.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": "\#(session.uri("push.json"))", "version": 3}, "contentChanges": [{"text": "{\"aps\": {\"alert\": \"x\", \"thread_id\": 1}}"}]}"#
    )
    let pulled = try #require(
      session.request("textDocument/diagnostic", #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}}"#))
    #expect(pulled["result"]?["kind"]?.stringValue == "full")
    #expect(pulled["result"]?["items"]?.elements?.compactMap { $0["code"]?.stringValue } == ["unknown-key"])
    let closed = session.notify("textDocument/didClose", #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}}"#)
    #expect(closed.first?["params"]?["diagnostics"]?.elements?.isEmpty == true, "closing clears its diagnostics")
  }

  @Test func rangesCountUTF16UnlessTheClientOffersUTF8() throws {
    let scratch = ScratchDirectory()
    let text = #"{"aps": {"alert": "😀 é", "badge": "3"}}"#
    for utf8 in [false, true] {
      let session = Session(root: scratch.path, utf8: utf8)
      session.open("push.json", text)
      let pulled = try #require(
        session.request("textDocument/diagnostic", #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}}"#))
      let start = pulled["result"]?["items"]?.elements?.first?["range"]?["start"]?["character"]?.numberValue?.intValue
      // "😀" is 2 UTF-16 units and 4 bytes; "é" 1 unit and 2 bytes.
      #expect(start == (utf8 ? 38 : 35), "utf8: \(utf8)")
    }
  }

  @Test func codeActionsOfferEachFixAndAFixAllThatTheEditsCarryOut() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    let text = #"{"aps": {"alert": "Hi", "badge": "3", "thread_id": "t"}}"#
    session.open("push.json", text)
    let answer = try #require(
      session.request(
        "textDocument/codeAction",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 57}}, "context": {"diagnostics": []}}"#
      ))
    let actions = try #require(answer["result"]?.elements)
    #expect(actions.compactMap { $0["kind"]?.stringValue } == ["quickfix", "quickfix", "source.fixAll.pushlint"])
    let fixAll = try #require(actions.last?["edit"]?["changes"]?[session.uri("push.json")]?.elements?.first)
    // Only the stretch between the first and the last change is replaced.
    #expect(fixAll["newText"]?.stringValue == #"3, "thread-"#)
    #expect(fixAll["range"]?["start"]?["character"]?.numberValue?.intValue == 33)
    #expect(fixAll["range"]?["end"]?["character"]?.numberValue?.intValue == 46)
    let only = try #require(
      session.request(
        "textDocument/codeAction",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "context": {"diagnostics": [], "only": ["source.fixAll"]}}"#
      ))
    #expect(only["result"]?.elements?.compactMap { $0["kind"]?.stringValue } == ["source.fixAll.pushlint"])
  }

  @Test func hoverExplainsKeysAndFindingsAndCompletionOffersWhatIsMissing() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    session.open("push.json", #"{"aps": {"interruption-level": "passive", "badge": "3"}}"#)
    let hover = try #require(
      session.request(
        "textDocument/hover",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "position": {"line": 0, "character": 12}}"#))
    let text = try #require(hover["result"]?["contents"]?["value"]?.stringValue)
    #expect(text.contains("**interruption-level**") && text.contains("time-sensitive") && text.contains("iOS 15.0"))
    let onFinding = try #require(
      session.request(
        "textDocument/hover",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "position": {"line": 0, "character": 52}}"#))
    #expect(onFinding["result"]?["contents"]?["value"]?.stringValue?.contains("**value-type** (pushlint)") == true)
    let keys = try #require(
      session.request(
        "textDocument/completion",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "position": {"line": 0, "character": 9}}"#))
    let labels = keys["result"]?.elements?.compactMap { $0["label"]?.stringValue } ?? []
    #expect(labels.contains("alert") && labels.contains("sound") && !labels.contains("badge"), "\(labels)")
    let values = try #require(
      session.request(
        "textDocument/completion",
        #"{"textDocument": {"uri": "\#(session.uri("push.json"))"}, "position": {"line": 0, "character": 33}}"#))
    #expect(
      values["result"]?.elements?.compactMap { $0["label"]?.stringValue }
        == ["\"passive\"", "\"active\"", "\"time-sensitive\"", "\"critical\""])
  }

  static func infoPlist(mode: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
    <key>UIBackgroundModes</key><array><string>\(mode)</string></array></dict></plist>
    """
  }

  /// An app whose Info.plist has only the audio background mode, and a
  /// background push open against it, reported.
  func appWithAudioOnly(in scratch: ScratchDirectory) -> Session {
    scratch.write(".pushlint.yml", "context: [App/Info.plist]\n")
    scratch.write("App/Info.plist", Self.infoPlist(mode: "audio"))
    let session = Session(root: scratch.path)
    session.open("push/sync.json", #"{"aps": {"content-available": 1}}"#)
    #expect(session.published("push/sync.json") == ["background-mode-missing"])
    return session
  }

  /// The app's side, read from disk: fix the Info.plist and the payload's
  /// finding goes when the client says the file changed.
  @Test func aContextFileChangingOnDiskLintsTheOpenDocumentsAgain() throws {
    let scratch = ScratchDirectory()
    let session = appWithAudioOnly(in: scratch)
    scratch.write("App/Info.plist", Self.infoPlist(mode: "remote-notification"))
    _ = session.notify(
      "workspace/didChangeWatchedFiles", #"{"changes": [{"uri": "\#(session.uri("App/Info.plist"))", "type": 2}]}"#)
    #expect(session.published("push/sync.json") == [])
  }

  /// A JSON document being typed does not parse; completion still knows
  /// where the cursor is, from the text before it.
  @Test func completionWorksInAJSONDocumentBeingTyped() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    for (text, expected, absent) in [
      (#"{"aps": {"badge": 1, "thr"#, "thread-id", "badge"), (#"{"aps": {"alert": {"ti"#, "title", "badge"),
      (#"{"aps": {"interruption-level": "pa"#, "\"passive\"", "alert"), (#"{"aps": {"sound": "a", "#, "badge", "sound"),
    ] {
      let labels = session.completionLabels("typing.json", text)
      #expect(labels.contains(expected) && !labels.contains(absent), "\(text): \(labels)")
    }
  }

  /// A YAML document being typed may not parse, or parse as something
  /// else (a key without its colon reads as its parent's value); the text
  /// before the cursor says where it is.
  @Test func completionWorksInAYAMLDocumentBeingTyped() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    for (text, expected, absent) in [
      ("aps:\n  alert:\n    ti", "title", "badge"),
      ("aps:\n  alert:\n    ti|\n  sound: default\n", "title", "sound"),
      ("aps:\n  badge: 1\n  ", "sound", "badge"),
      ("aps:\n  badge: 1\n  |\n  sound: x\n  alert: [", "thread-id", "badge"),
      ("aps:\n  interruption-level: ", "passive", "alert"),
      ("aps:\n  interruption-level:", "passive", "alert"),
      ("aps:\n  interruption-level: pa", "passive", "alert"),
      ("payload:\n  aps: {alert: x}\nheaders:\n  apns-p", "apns-priority", "aps"),
      ("aps: {alert: x, \"badge\": 1, }", "sound", "badge"),
    ] {
      let labels = session.completionLabels("typing.yaml", text)
      #expect(labels.contains(expected) && !labels.contains(absent), "\(text): \(labels)")
    }
  }

  /// Lints run off the thread that takes messages: the smallest document
  /// goes first, a lint of a text since changed publishes nothing, and the
  /// lints running in the background run beside the messages.
  @Test func lintsRunInTheBackgroundAndAStaleOneIsNotPublished() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    session.open(
      "large.json", #"{"aps": {"alert": "x", "badge": "3"}, "data": "\#(String(repeating: "x", count: 5000))"}"#)
    session.open("small.json", #"{"aps": {"alert": "x", "badge": "3"}}"#)
    let first = try #require(session.server.nextLint())
    #expect(first.uri == session.uri("small.json"))
    let second = try #require(session.server.nextLint(skipping: [first.uri]))
    #expect(second.uri == session.uri("large.json") && session.server.nextLint() == nil)
    let lints = BackgroundLints()
    lints.start(second)
    // The small document changes while the lints are out: its lint is stale.
    _ = session.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": "\#(session.uri("small.json"))", "version": 2}, "contentChanges": [{"text": "{\"aps\": {\"alert\": \"x\", \"badge\": 3}}"}]}"#
    )
    #expect(session.server.finish(first, first.run()).isEmpty)
    var finished: [(job: LanguageServer.LintJob, diagnostics: [Diagnostic])] = []
    let deadline = ContinuousClock.now + .seconds(60)
    while finished.isEmpty && ContinuousClock.now < deadline { finished = lints.takeFinished() }
    #expect(finished.map(\.job.uri) == [session.uri("large.json")] && !lints.isBusy)
    #expect(session.server.finish(finished[0].job, finished[0].diagnostics).isEmpty, "large.json was marked again")
    #expect(session.published("small.json") == [])
  }

  /// An open Info.plist counts as the editor holds it, saved or not.
  @Test func anUnsavedContextFileIsTheOneJudgedAgainst() throws {
    let scratch = ScratchDirectory()
    let session = appWithAudioOnly(in: scratch)
    session.open("App/Info.plist", Self.infoPlist(mode: "remote-notification"))
    #expect(session.published("push/sync.json") == [])
  }

  @Test func eachWorkspaceFolderHasItsOwnConfiguration() throws {
    let scratch = ScratchDirectory()
    scratch.write("one/.pushlint.yml", "rules: {value-type: off}\n")
    scratch.write("two/.pushlint.yml", "rules: {value-type: error}\n")
    let session = Session(root: scratch.path, folders: [scratch.path + "/one", scratch.path + "/two"])
    session.open("one/p.json", #"{"aps": {"alert": "x", "badge": "3"}}"#)
    session.open("two/p.json", #"{"aps": {"alert": "x", "badge": "3"}}"#)
    let published = session.flush()
    let severities = Dictionary(
      uniqueKeysWithValues: published.compactMap { message -> (String, [Int])? in
        guard let uri = message["params"]?["uri"]?.stringValue else { return nil }
        return (
          uri, message["params"]?["diagnostics"]?.elements?.compactMap { $0["severity"]?.numberValue?.intValue } ?? []
        )
      })
    #expect(severities[session.uri("one/p.json")] == [])
    #expect(severities[session.uri("two/p.json")] == [1])
  }

  @Test func malformedUnknownAndOutOfOrderMessagesGetErrorsNotCrashes() {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    for (text, code) in [
      ("not json", -32700), ("[1, 2]", -32600), (#"{"jsonrpc": "2.0", "id": 3}"#, -32600),
      (#"{"jsonrpc": "2.0", "id": 4, "method": "workspace/unknown"}"#, -32601),
    ] {
      #expect(session.send(text).first?["error"]?["code"]?.numberValue?.intValue == code, "\(text)")
    }
    // Notifications about documents never opened, and nonsense params, are ignored.
    #expect(session.notify("textDocument/didChange", #"{"textDocument": {"uri": "file:///nowhere"}}"#).isEmpty)
    #expect(session.notify("textDocument/didOpen", "17").isEmpty)
    #expect(session.request("textDocument/hover", #"{"position": 3}"#)?["result"] != nil)
    #expect(session.request("textDocument/codeAction", "null")?["result"]?.elements?.isEmpty == true)
  }

  /// A document longer than the readers' longest string (16 MiB) travels
  /// as one string of a message, and is linted.
  @Test func aDocumentLongerThanTheLongestStringIsLinted() throws {
    let scratch = ScratchDirectory()
    let session = Session(root: scratch.path)
    let half = String(repeating: "x", count: 9 << 20)
    session.open("big.json", #"{"aps": {"alert": "x"}, "a": ""# + half + #"", "b": ""# + half + #""}"#)
    #expect(session.published("big.json") == ["payload-too-large"])
  }

  @Test func framingReadsSplitMessagesAndSkipsABadHeader() {
    var chunks: [[UInt8]] = [
      Array("Content-Length: 2\r\n\r\n{}Content-".utf8), Array("Length: 4\r\n\r\nnull".utf8),
      Array("X: y\r\n\r\nContent-Length: 2\r\n\r\n[]".utf8),
    ]
    var reader = MessageReader {
      chunks.isEmpty ? [] : chunks.removeFirst()
    }
    var frames: [String] = []
    while let frame = reader.next() {
      switch frame {
      case .message(let body): frames.append(String(decoding: body, as: UTF8.self))
      case .malformedHeader: frames.append("malformed")
      }
    }
    #expect(frames == ["{}", "null", "malformed", "[]"])
  }
}
