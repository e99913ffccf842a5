/// `pushlint lsp`: a Language Server Protocol server. It takes one message
/// at a time (`handle`) and answers with the messages to send. The
/// documents changed since they were last published are linted as
/// `LintJob`s (`nextLint`, run anywhere, `finish`), which the caller starts
/// when no more input is waiting, so a burst of edits is linted once, and
/// may run beside the messages that keep coming; `flush` does them all at
/// once.
public final class LanguageServer {
  /// Set once `exit` is received: the process's status.
  public private(set) var exitCode: Int32?
  var initialized = false
  var shuttingDown = false
  var roots: [String] = []
  var countsUTF16 = true
  var canWatchFiles = false
  var documents: [String: OpenDocument] = [:]
  var dirty: Set<String> = []
  /// Counts changes to the open documents (and what they are judged
  /// against): a lint of an older state is not published.
  var changes = 0
  var linters: [String: Linter] = [:]
  let makeLinter: (String) -> Linter
  let navigation = SchemaNavigation(schema: .standard)

  struct OpenDocument {
    var uri: String
    var path: String
    var text: DocumentText
    var version: Int
    /// The findings of the last lint of this text (nil: not linted since it changed).
    var diagnostics: [Diagnostic]?
    /// `changes` when the document or what it is judged against last changed.
    var generation = 0
  }

  /// A document's lint, to be run off the thread that takes messages: its
  /// text as it stood, and the linter and place it is linted with.
  public struct LintJob: Sendable {
    let uri: String
    let generation: Int
    let linter: Linter
    let bytes: [UInt8]
    let path: String
    let root: String

    /// Whether the lint takes a few milliseconds (a document up to 256 KB),
    /// so that it is run at once where the messages are taken: a hop to
    /// another thread and back would cost more than the lint.
    public var isQuick: Bool { bytes.count <= 256 << 10 }

    /// The document's findings.
    public func run() -> [Diagnostic] {
      linter.report(bytes: bytes, path: path, currentDirectory: root).diagnostics.filter { $0.path == path }
    }
  }

  /// `makeLinter` makes the linter for a workspace folder (an absolute path).
  public init(makeLinter: @escaping (String) -> Linter) {
    self.makeLinter = makeLinter
  }

  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
  }

  // MARK: Messages

  public func handle(_ bytes: [UInt8]) -> [JSONOutput] {
    guard let message = JSONReader.readMessage(bytes) else {
      return [error(id: nil, .notJSON)]
    }
    guard message.isObject else { return [error(id: nil, .notAnObject)] }
    let id = message["id"]
    guard let method = message["method"]?.stringValue else {
      // A response to one of the server's requests (its registration) is
      // taken as read; anything else without a method is no message.
      if id != nil && (message.hasMember("result") || message.hasMember("error")) { return [] }
      return [error(id: id, .noMethod)]
    }
    let params = message["params"]
    if method == "exit" {
      exitCode = shuttingDown ? 0 : 1
      return []
    }
    guard initialized || method == "initialize" else {
      return id.map { [error(id: $0, .notInitialized)] } ?? []
    }
    if shuttingDown, let id {
      return [error(id: id, .shuttingDown)]
    }
    guard let id else {
      notify(method, params)
      return method == "initialized" ? registrations() : closedDiagnostics(method, params)
    }
    switch method {
    case "initialize": return [respond(id, initialize(params))]
    case "shutdown":
      shuttingDown = true
      return [respond(id, .null)]
    case "textDocument/diagnostic": return [respond(id, pullDiagnostics(params))]
    case "textDocument/codeAction": return [respond(id, codeActions(params))]
    case "textDocument/hover": return [respond(id, hover(params))]
    case "textDocument/completion": return [respond(id, completion(params))]
    default: return [error(id: id, .unhandled(method: method))]
    }
  }

  /// Diagnostics of every document changed since they were last published.
  public func flush() -> [JSONOutput] {
    var published: [JSONOutput] = []
    while let job = nextLint() { published += finish(job, job.run()) }
    return published
  }

  /// Whether a document waits to be linted.
  public var hasPendingLints: Bool { !dirty.isEmpty }

  /// The lint of the smallest document changed since it was last
  /// published (a payload being typed goes before a large document), or
  /// nil when none is; documents in `running` wait for the lint they are in.
  public func nextLint(skipping running: Set<String> = []) -> LintJob? {
    while let uri = dirty.subtracting(running).min(by: {
      (documents[$0]?.text.bytes.count ?? 0, $0) < (documents[$1]?.text.bytes.count ?? 0, $1)
    }) {
      dirty.remove(uri)
      guard let document = documents[uri] else { continue }
      return lintJob(document)
    }
    return nil
  }

  /// The lint of `document` as it stands now.
  func lintJob(_ document: OpenDocument) -> LintJob {
    let (linter, root, relative) = linting(document)
    return LintJob(
      uri: document.uri, generation: document.generation, linter: linter, bytes: document.text.bytes,
      path: relative, root: root)
  }

  /// Publishes `job`'s findings, unless the document changed (or closed)
  /// meanwhile: its next lint is due then.
  public func finish(_ job: LintJob, _ diagnostics: [Diagnostic]) -> [JSONOutput] {
    guard documents[job.uri]?.generation == job.generation else { return [] }
    documents[job.uri]?.diagnostics = diagnostics
    return [publish(job.uri)]
  }

  func respond(_ id: Node, _ result: JSONOutput) -> JSONOutput {
    .object([("jsonrpc", .string("2.0")), ("id", Self.json(id)), ("result", result)])
  }

  func error(id: Node?, _ refusal: LanguageServerWords.Refusal) -> JSONOutput {
    let code: ErrorCode =
      switch refusal {
      case .notJSON: .parseError
      case .notAnObject, .noMethod, .shuttingDown: .invalidRequest
      case .notInitialized: .serverNotInitialized
      case .unhandled: .methodNotFound
      }
    return .object([
      ("jsonrpc", .string("2.0")), ("id", id.map(Self.json) ?? .null),
      ("error", .object([("code", .int(code.rawValue)), ("message", .string(refusal.message))])),
    ])
  }

  func notification(_ method: String, _ params: JSONOutput) -> JSONOutput {
    .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
  }

  // MARK: Lifecycle

  func initialize(_ params: Node?) -> JSONOutput {
    initialized = true
    let encodings = params?["capabilities"]?["general"]?["positionEncodings"]?.elements?.compactMap(\.stringValue)
    countsUTF16 = !(encodings?.contains("utf-8") ?? false)
    canWatchFiles =
      params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
    roots = (params?["workspaceFolders"]?.elements ?? []).compactMap { $0["uri"]?.stringValue.flatMap(Self.path) }
    if roots.isEmpty, let root = params?["rootUri"]?.stringValue.flatMap(Self.path) ?? params?["rootPath"]?.stringValue
    {
      roots = [root]
    }
    return .object([
      (
        "capabilities",
        .object([
          ("positionEncoding", .string(countsUTF16 ? "utf-16" : "utf-8")),
          (
            "textDocumentSync",
            .object([
              ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
            ])
          ),
          (
            "diagnosticProvider",
            .object([("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(false))])
          ),
          (
            "codeActionProvider",
            .object([("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.pushlint")]))])
          ),
          ("hoverProvider", .bool(true)),
          ("completionProvider", .object([("triggerCharacters", .array([.string("\""), .string(":")]))])),
          (
            "workspace",
            .object([
              ("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))
            ])
          ),
        ])
      ),
      ("serverInfo", .object([("name", .string(PushLintInfo.name)), ("version", .string(PushLintInfo.version))])),
    ])
  }

  /// Asks the client to report changes to the files the app's side is
  /// read from, when it can.
  func registrations() -> [JSONOutput] {
    guard canWatchFiles else { return [] }
    let pattern =
      "**/*.{plist,entitlements,strings,stringsdict,xcstrings,swift,m,h,storyboard,pbxproj,xcconfig,yml,yaml,json,caf,wav,aiff}"
    return [
      .object([
        ("jsonrpc", .string("2.0")), ("id", .string("pushlint-watch")),
        ("method", .string("client/registerCapability")),
        (
          "params",
          .object([
            (
              "registrations",
              .array([
                .object([
                  ("id", .string("pushlint-watch")), ("method", .string("workspace/didChangeWatchedFiles")),
                  (
                    "registerOptions",
                    .object([("watchers", .array([.object([("globPattern", .string(pattern))])]))])
                  ),
                ])
              ])
            )
          ])
        ),
      ])
    ]
  }

  // MARK: Documents

  func notify(_ method: String, _ params: Node?) {
    switch method {
    case "textDocument/didOpen":
      guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue, let path = Self.path(uri) else {
        return
      }
      let text = Array((item["text"]?.stringValue ?? "").utf8)
      documents[uri] = OpenDocument(
        uri: uri, path: path, text: DocumentText(text, countsUTF16: countsUTF16),
        version: item["version"]?.numberValue?.intValue ?? 0)
      // Its text may not be what is on disk, which the others were judged against.
      markAllDirty()
    case "textDocument/didChange":
      guard let uri = params?["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else { return }
      for change in params?["contentChanges"]?.elements ?? [] {
        guard let text = change["text"]?.stringValue else { continue }
        if let range = change["range"], let start = offset(range["start"], in: document.text),
          let end = offset(range["end"], in: document.text), start <= end
        {
          let bytes = document.text.bytes
          document.text = DocumentText(
            Array(bytes[..<start]) + Array(text.utf8) + Array(bytes[end...]), countsUTF16: countsUTF16)
        } else {
          document.text = DocumentText(Array(text.utf8), countsUTF16: countsUTF16)
        }
      }
      document.version = params?["textDocument"]?["version"]?.numberValue?.intValue ?? document.version + 1
      documents[uri] = document
      // Another open document may depend on this one (a payload on an
      // Info.plist, entitlements, categories): every one is linted again.
      markAllDirty()
    case "textDocument/didSave", "workspace/didChangeWatchedFiles":
      markAllDirty()
    case "workspace/didChangeWorkspaceFolders":
      let event = params?["event"]
      let removed = Set((event?["removed"]?.elements ?? []).compactMap { $0["uri"]?.stringValue.flatMap(Self.path) })
      roots.removeAll { removed.contains($0) }
      roots += (event?["added"]?.elements ?? []).compactMap { $0["uri"]?.stringValue.flatMap(Self.path) }
      linters = [:]
      markAllDirty()
    default:
      break
    }
  }

  /// A closed document's diagnostics are cleared.
  func closedDiagnostics(_ method: String, _ params: Node?) -> [JSONOutput] {
    guard method == "textDocument/didClose", let uri = params?["textDocument"]?["uri"]?.stringValue,
      documents.removeValue(forKey: uri) != nil
    else { return [] }
    dirty.remove(uri)
    return [
      notification(
        "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    ]
  }

  func markAllDirty() {
    changes += 1
    for uri in documents.keys {
      documents[uri]?.diagnostics = nil
      documents[uri]?.generation = changes
      dirty.insert(uri)
    }
  }

  /// The workspace folder a file belongs to (the deepest), or its own folder.
  func root(of path: String) -> String {
    roots.filter { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.max { $0.count < $1.count }
      ?? Paths.directoryName(path)
  }

  func linter(for root: String) -> Linter {
    if let linter = linters[root] { return linter }
    let linter = makeLinter(root)
    linters[root] = linter
    return linter
  }

  /// The linter for `document`, with the other open documents as the editor
  /// holds them (an unsaved fix to the entitlements counts at once), and
  /// where it lints from: its workspace folder and the document's path there.
  func linting(_ document: OpenDocument) -> (linter: Linter, root: String, path: String) {
    let root = root(of: document.path)
    var linter = linter(for: root)
    linter.options.openBuffers = Dictionary(
      documents.values.filter { $0.uri != document.uri }.map { ($0.path, $0.text.bytes) },
      uniquingKeysWith: { first, _ in first })
    return (linter, root, Paths.relative(document.path, to: root) ?? document.path)
  }

  /// The document's findings, linted now if its text changed since.
  func diagnostics(_ uri: String) -> [Diagnostic] {
    guard let document = documents[uri] else { return [] }
    if let diagnostics = document.diagnostics { return diagnostics }
    let diagnostics = lintJob(document).run()
    documents[uri]?.diagnostics = diagnostics
    return diagnostics
  }

  func publish(_ uri: String) -> JSONOutput {
    let items = lspDiagnostics(uri)
    var params: [(String, JSONOutput)] = [("uri", .string(uri)), ("diagnostics", .array(items))]
    if let version = documents[uri]?.version { params.insert(("version", .int(version)), at: 1) }
    return notification("textDocument/publishDiagnostics", .object(params))
  }

  func pullDiagnostics(_ params: Node?) -> JSONOutput {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
      return .object([("kind", .string("full")), ("items", .array([]))])
    }
    dirty.remove(uri)
    return .object([("kind", .string("full")), ("items", .array(lspDiagnostics(uri)))])
  }

  func lspDiagnostics(_ uri: String) -> [JSONOutput] {
    guard let text = documents[uri]?.text else { return [] }
    return diagnostics(uri).map { diagnostic in
      .object([
        ("range", range(diagnostic.span, in: text)),
        ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
        ("code", .string(diagnostic.rule)), ("source", .string("pushlint")),
        ("message", .string(LanguageServerWords.message(diagnostic))),
      ])
    }
  }

  // MARK: Fixes

  func codeActions(_ params: Node?) -> JSONOutput {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
      return .array([])
    }
    let text = document.text
    let start = offset(params?["range"]?["start"], in: text) ?? 0
    let end = offset(params?["range"]?["end"], in: text) ?? start
    let only = params?["context"]?["only"]?.elements?.compactMap(\.stringValue)
    func wants(_ kind: String) -> Bool {
      only.map { kinds in kinds.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
    }
    var actions: [JSONOutput] = []
    let diagnostics = diagnostics(uri)
    if wants("quickfix") {
      for diagnostic in diagnostics {
        guard let fix = diagnostic.fix, fix.applicability != .displayOnly,
          diagnostic.span.start.offset <= end, diagnostic.span.end.offset >= start,
          let edits = FixSpelling.edits(of: fix, in: text.bytes)
        else { continue }
        actions.append(
          .object([
            ("title", .string(LanguageServerWords.quickFixTitle(fix, rule: diagnostic.rule))),
            ("kind", .string("quickfix")),
            ("isPreferred", .bool(fix.applicability == .safe)),
            ("edit", workspaceEdit(uri, edits.map { textEdit($0.span, $0.replacement, in: text) })),
          ]))
      }
    }
    if wants("source.fixAll.pushlint"), diagnostics.contains(where: { $0.fix?.applicability == .safe }) {
      // Checked against the same project the diagnostics were.
      let (linter, root, relative) = linting(document)
      let fixed = linter.fix(bytes: text.bytes, path: relative, currentDirectory: root, unsafe: false)
      if fixed.bytes != text.bytes {
        let (span, replacement) = Self.changedRange(from: text.bytes, to: fixed.bytes)
        actions.append(
          .object([
            ("title", .string(LanguageServerWords.fixAllTitle)), ("kind", .string("source.fixAll.pushlint")),
            ("edit", workspaceEdit(uri, [textEdit(span, replacement, in: text)])),
          ]))
      }
    }
    return .array(actions)
  }

  /// The one stretch that differs between two texts (what is common at
  /// both ends left out, on character boundaries) and what replaces it:
  /// an editor keeps its cursor and folds outside it.
  static func changedRange(from old: [UInt8], to new: [UInt8]) -> (span: SourceSpan, replacement: String) {
    var prefix = 0
    while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
    while prefix > 0 && old.indices.contains(prefix) && old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
    var suffix = 0
    while suffix < old.count - prefix && suffix < new.count - prefix
      && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    while suffix > 0 && old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
    let span = SourceSpan(
      start: SourcePosition(line: 0, column: 0, offset: prefix),
      end: SourcePosition(line: 0, column: 0, offset: old.count - suffix))
    return (span, String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self))
  }

  func workspaceEdit(_ uri: String, _ edits: [JSONOutput]) -> JSONOutput {
    .object([("changes", .object([(uri, .array(edits))]))])
  }

  func textEdit(_ span: SourceSpan, _ replacement: String, in text: DocumentText) -> JSONOutput {
    .object([("range", range(span, in: text)), ("newText", .string(replacement))])
  }

  // MARK: Positions

  func offset(_ position: Node?, in text: DocumentText) -> Int? {
    guard let line = position?["line"]?.numberValue?.intValue,
      let character = position?["character"]?.numberValue?.intValue
    else { return nil }
    return text.offset(line: line, character: character)
  }

  func range(_ span: SourceSpan, in text: DocumentText) -> JSONOutput {
    let start = text.position(ofOffset: span.start.offset)
    let end = text.position(ofOffset: max(span.start.offset, span.end.offset))
    return .object([
      ("start", .object([("line", .int(start.line)), ("character", .int(start.character))])),
      ("end", .object([("line", .int(end.line)), ("character", .int(end.character))])),
    ])
  }

  /// The path of a `file:` URI, percent-escapes decoded.
  static func path(_ uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var bytes: [UInt8] = []
    let raw = Array(uri.utf8.dropFirst(7))
    var index = 0
    while index < raw.count {
      if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
        let value = UInt8(String(decoding: raw[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        index += 3
      } else {
        bytes.append(raw[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A request's `id` (or any value) echoed back.
  static func json(_ node: Node) -> JSONOutput {
    switch node.value {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let number):
      number.isWhole
        ? (number.intValue.map(JSONOutput.int) ?? .number(number.doubleValue)) : .number(number.doubleValue)
    case .string(let text): .string(text)
    case .array(let elements): .array(elements.map(json))
    case .object(let members): .object(members.map { ($0.key, json($0.value)) })
    case .placeholder(let text): .string(text)
    }
  }
}

extension Linter {
  /// The documents of a buffer, read and classified as a run over the
  /// file would (for hover and completion).
  func documents(of bytes: [UInt8], path: String, absolutePath: String) -> [Document] {
    read(
      bytes: bytes, input: LintInput(displayPath: path, absolutePath: absolutePath, explicit: true, namedByGlob: false)
    )
    .documents
  }
}
