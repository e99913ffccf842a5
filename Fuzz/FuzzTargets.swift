// libFuzzer targets, built by scripts/fuzz with -sanitize=fuzzer,address
// together with PushLintCore's sources. PUSHLINT_FUZZ_TARGET picks one:
// json, yaml, plist, pipeline (bytes → diagnostics in every format),
// sound (the CAF, WAV and AIFF header reader), strings (the .strings
// reader), localization (the bytes as every kind of Localizable table, judged
// against payloads), template (payload templates, placeholders anywhere),
// pbxproj (an Xcode project: the old-style plist reader and the targets read
// from it), objc (Objective-C registrations, resolved across two files, and
// the bytes as a WatchKit storyboard), profile (a provisioning profile's
// container), swift (Swift registrations through swift-syntax, resolved
// across two files), fix (--fix on the bytes as JSON and YAML: a fixed file always
// reads) or server (the bytes as a stream of language server messages).

enum FuzzTarget: String {
  case json, yaml, plist, pipeline, sound, strings, localization, template, pbxproj, objc, profile, swift, fix, server

  static let selected: FuzzTarget = {
    guard let name = System.environment("PUSHLINT_FUZZ_TARGET"),
      let target = FuzzTarget(rawValue: name)
    else {
      System.write(
        Array(
          "set PUSHLINT_FUZZ_TARGET to json, yaml, plist, pipeline, sound, strings, localization, template, pbxproj, objc, profile, swift, fix or server\n"
            .utf8),
        to: System.standardError)
      System.exit(2)
    }
    return target
  }()
}

func checkPositions(_ findings: [Finding], size: Int) {
  for finding in findings {
    precondition(finding.span.start.line >= 1 && finding.span.start.column >= 1, "position below 1")
    precondition(finding.span.start.offset <= size, "position past the end")
    precondition(!finding.message.isEmpty, "empty message")
  }
}

/// `--fix` on the bytes: what it writes always reads, holds no new error,
/// and a second pass has nothing left that it could apply.
func fuzzFix(_ bytes: [UInt8]) {
  let linter = Linter(configuration: Configuration(directory: "/fuzz"), jobs: 1)
  for path in ["p.json", "p.yaml", "Info.plist", "p.apns"] {
    let before = linter.report(bytes: bytes, path: path).diagnostics
    let result = linter.fix(bytes: bytes, path: path, currentDirectory: "/fuzz", unsafe: true)
    guard result.bytes != bytes else { continue }
    let after = linter.report(bytes: result.bytes, path: path).diagnostics
    precondition(Linter.isSafeStep(from: before, to: after), "a fix broke \(path), or added an error or a repeated key")
  }
}

/// The bytes cut into messages a client might send: the server answers
/// each, whatever it holds, and never traps.
func fuzzServer(_ bytes: [UInt8]) {
  let server = LanguageServer { Linter(configuration: Configuration(directory: $0), jobs: 1) }
  _ = server.handle(
    Array(
      #"{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"rootUri": "file:///fuzz", "capabilities": {}}}"#
        .utf8))
  let open =
    #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/p.json", "version": 1, "text": "{\"aps\": {\"badge\": \"3\"}}"}}}"#
  _ = server.handle(Array(open.utf8))
  for message in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
    _ = server.handle(Array(message))
    _ = server.flush()
  }
}

/// The bytes as a Swift file that registers categories and as the module's
/// other file, which declares the constants the first names: every
/// identifier the reader resolves lies inside the file it names.
func fuzzSwiftSource(_ bytes: [UInt8]) {
  let source = CodeSource(path: "App/Notifications.swift", bytes: bytes)
  let module = CodeModule(files: [("App/Constants.swift", { bytes })])
  for registrations in SwiftRegistrationReader().registrations(in: [source], module: module) {
    for category in registrations.categories {
      precondition(category.initializer.start.line >= 1 && category.initializer.end.offset <= bytes.count, "position")
      precondition(category.identifier.span.end.offset <= bytes.count, "identifier position")
      for action in category.actions ?? [] {
        precondition(
          action.identifier.span.start.line >= 1 && action.identifier.span.end.offset <= bytes.count, "action position")
      }
    }
    for unresolved in registrations.unresolved {
      precondition(unresolved.span.start.line >= 1 && unresolved.span.end.offset <= bytes.count, "unresolved position")
    }
  }
}

/// The kinds of file the pipeline target lints its input as, picked by the
/// input's first byte (`scripts/fuzz` seeds each file with its kind's).
let pipelinePaths = ["p.json", "p.yaml", "Info.plist", "p.jsonl", "p.apns", "App.entitlements"]

/// The findings a pipeline input keeps; the others are counted.
let pipelineFindingsPerFile = 64

/// The input's first byte picks the kind of file the rest is linted as: an
/// input costs one lint, and a mutation of that byte moves it to another kind.
func fuzzPipeline(_ input: [UInt8]) {
  guard let selector = input.first else { return }
  let bytes = Array(input.dropFirst())
  var linter = Linter(configuration: Configuration(directory: "/fuzz"), jobs: 1)
  // Each finding is worded and rendered five times by the same code, and
  // instrumented rendering took half of an input's time: the inputs the
  // corpus keeps hold a few hundred findings. Past the file's limit the
  // rest are counted, as a report counts those past 1,000, so the limit's
  // own path is fuzzed more often too.
  linter.options.findingsPerFile = pipelineFindingsPerFile
  let path = pipelinePaths[Int(selector) % pipelinePaths.count]
  let report = linter.report(bytes: bytes, path: path)
  let diagnostics = report.diagnostics
  precondition(diagnostics.count <= pipelineFindingsPerFile, "more findings shown than the file's limit")
  let text = TextReporter.render(diagnostics)
  precondition(OutputLines(text).count == diagnostics.count, "a text finding spans lines")
  let github = OutputLines(GitHubReporter.render(report))
  let prefixes = ["::error file=", "::warning file=", "::notice file="].map { Array($0.utf8) }
  for line in github.lines {
    precondition(prefixes.contains { github.line(line, startsWith: $0) }, "github line injected")
  }
  precondition(github.count == diagnostics.count, "a github finding spans lines")
  let pretty = PrettyReporter(color: false) { _ in bytes }.render(report)
  // The rule table depends on no input, and the full one would take most
  // of each input's time: the results are rendered with an empty one.
  let sarif = SARIFReporter.render(report, rules: SARIFReporter.RuleTable(catalog: try! RuleCatalog(files: [])))
  for output in [text, github.text, pretty, JSONReporter.render(report), sarif] {
    precondition(!OutputLines.containsEscapeByte(output), "raw escape byte in the output")
  }
}

/// A rendered output's non-empty lines (as `split(separator: "\n")` gives
/// them), found with `memchr`: the checks are this file's code, which the
/// fuzzer instruments, and a byte-by-byte search there costs more than the
/// rendering it checks.
struct OutputLines {
  let text: String
  let bytes: [UInt8]
  let lines: [Range<Int>]

  init(_ text: String) {
    self.text = text
    bytes = Array(text.utf8)
    var lines: [Range<Int>] = []
    var start = 0
    while start < bytes.count {
      let end = ByteSearch.firstIndex(of: [0x0A], in: bytes, from: start) ?? bytes.count
      if end > start { lines.append(start..<end) }
      start = end + 1
    }
    self.lines = lines
  }

  var count: Int { lines.count }

  func line(_ line: Range<Int>, startsWith prefix: [UInt8]) -> Bool {
    guard line.count >= prefix.count else { return false }
    let start = line.lowerBound
    return bytes.withUnsafeBufferPointer { System.compare($0.baseAddress! + start, prefix, count: prefix.count) == 0 }
  }

  static func containsEscapeByte(_ output: String) -> Bool {
    ByteSearch.firstIndex(of: [0x1B], in: Array(output.utf8)) != nil
  }
}

/// The bytes as each file of a `Localizable` table, with payloads that name
/// keys, so the tables' extraction and both localization rules run on them.
func fuzzLocalization(_ bytes: [UInt8]) {
  let linter = Linter(configuration: Configuration(directory: "/fuzz"), jobs: 1)
  let text = String(decoding: bytes, as: UTF8.self)
  _ = FormatArguments.specifiers(in: text)
  let key = text.split(separator: "\"").dropFirst().first.map(String.init) ?? "KEY"
  let payload = JSONOutput.string(key).serialized(indent: nil)
  let files: [(path: String, bytes: [UInt8])] = [
    ("App/en.lproj/Localizable.strings", bytes),
    ("App/de.lproj/Localizable.stringsdict", bytes),
    ("App/Localizable.xcstrings", bytes),
    ("push/p.json", Array("{\"aps\": {\"alert\": {\"loc-key\": \(payload), \"loc-args\": [\"a\"]}}}".utf8)),
    ("push/t.json", Array("{\"aps\": {\"alert\": {\"title-loc-key\": \(payload)}}}".utf8)),
  ]
  let diagnostics = linter.lint(project: files)
  precondition(
    TextReporter.render(diagnostics).split(separator: "\n").count == diagnostics.count, "a finding spans lines")
}

/// The bytes as a payload template in JSON and YAML, with and without a
/// configured pattern, and the template rules over them.
func fuzzTemplate(_ bytes: [UInt8]) {
  for yaml in [
    "templates:\n  default: {max-characters: 64}\n  placeholders: {body: {max-bytes: 900}}\n",
    "templates:\n  pattern: '\\$\\{(\\w+)\\}'\n  default: 10\n",
  ] {
    guard let configuration = try? Configuration.parse(Array(yaml.utf8), file: ".pushlint.yml", directory: "/fuzz")
    else { preconditionFailure("the fuzz configuration is valid") }
    let linter = Linter(configuration: configuration, jobs: 1)
    for path in ["t.json", "t.yaml"] {
      let diagnostics = linter.lint(bytes: bytes, path: path).diagnostics
      for diagnostic in diagnostics {
        precondition(diagnostic.span.start.line >= 1 && diagnostic.span.start.column >= 1, "position below 1")
      }
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let buffer = UnsafeBufferPointer(start: data, count: size)
  switch FuzzTarget.selected {
  case .fix:
    fuzzFix(Array(buffer))
  case .server:
    fuzzServer(Array(buffer))
  case .json:
    let result = JSONReader.read(buffer)
    precondition(result.root != nil || !result.findings.isEmpty, "no verdict")
    checkPositions(result.findings, size: size)
    checkDeferring(buffer)
    checkOnePassSkip(buffer)
    if result.findings.isEmpty, let root = result.root { checkNodePositions(root, in: Array(buffer)) }
    // Padded, an input's containers are large enough to be kept as bytes.
    // For one input in four each way: the padded text is many times slower
    // to read. As `aps` and as app data in a root of a thousand members
    // more, the root is kept as its bytes but for `aps` (`WideObject`); as
    // a member of an `aps` of a thousand more, `aps` is kept as its bytes;
    // as the first and last elements of a large `categories`, that array
    // is kept as its bytes though its key is one the reader builds.
    if size % 4 == 1 {
      var wide = Array(#"{"aps": "#.utf8) + buffer + Array(#", "data": "#.utf8) + buffer
      wide += Array(",".utf8) + wideMembers + largeRoom + Array(#""last": 1}"#.utf8)
      wide.withUnsafeBufferPointer { checkDeferring($0) }
      break
    }
    if size % 4 == 2 {
      var aps = Array(#"{"aps": {"#.utf8) + wideMembers + largeRoom
      aps += Array(#""k": "#.utf8) + buffer + Array("}}".utf8)
      aps.withUnsafeBufferPointer { checkDeferring($0) }
      break
    }
    if size % 4 == 3 {
      var categories = Array(#"{"aps": {"alert": "x"}, "categories": ["#.utf8) + buffer + Array(",".utf8)
      categories += largeRoom + buffer + Array("]}".utf8)
      categories.withUnsafeBufferPointer { checkDeferring($0) }
      break
    }
    // Inside a payload's aps, with white space after its first two opening
    // brackets and a thousand members more after its first opening brace,
    // the input's containers are large enough to be kept as bytes.
    guard size % 4 == 0 else { break }
    var padded = Array(#"{"aps": {"k": "#.utf8)
    var widenedArrays = 0
    var widenedObject = false
    for byte in buffer {
      padded.append(byte)
      if byte == UInt8(ascii: "[") && widenedArrays < 2 {
        padded += repeatElement(UInt8(ascii: " "), count: JSONScanner.largeContainerBytes)
        widenedArrays += 1
      } else if byte == UInt8(ascii: "{") && !widenedObject {
        padded += repeatElement(UInt8(ascii: " "), count: JSONScanner.largeContainerBytes)
        for member in 0..<JSONScanner.wideObjectMembers { padded += Array("\"~\(member)\":0,".utf8) }
        widenedObject = true
      }
    }
    padded += Array("}}".utf8)
    padded.withUnsafeBufferPointer { checkDeferring($0) }
  case .yaml:
    for document in YAMLReader.read(buffer) {
      checkPositions(document.result.findings, size: size)
    }
  case .plist:
    let result = PlistReader.read(Array(buffer))
    precondition(result.root != nil || !result.findings.isEmpty, "no verdict")
    checkPositions(result.findings, size: size)
    // The preprocessor's view of an Info.plist keeps every byte's place.
    let preprocessed = PlistPreprocessing.apply(Array(buffer))
    precondition(preprocessed.count == size, "preprocessing changed the length")
    checkPositions(PlistReader.read(preprocessed).findings, size: size)
  case .pipeline:
    fuzzPipeline(Array(buffer))
  case .strings:
    let result = StringsFileReader.read(Array(buffer))
    precondition(result.root != nil || !result.findings.isEmpty, "no verdict")
    // UTF-16 text is read as UTF-8, which takes at most 3 bytes per 2.
    checkPositions(result.findings, size: size * 2)
  case .localization:
    fuzzLocalization(Array(buffer))
  case .template:
    fuzzTemplate(Array(buffer))
  case .pbxproj:
    let result = StringsFileReader.readPropertyList(Array(buffer))
    precondition(result.root != nil || !result.findings.isEmpty, "no verdict")
    checkPositions(result.findings, size: size * 2)
    if let root = result.root {
      for target in XcodeProjectReader.targets(of: root, path: "ios/App.xcodeproj/project.pbxproj") {
        precondition(target.declaration.path.hasSuffix("project.pbxproj"), "a target outside its project")
        _ = target.productKind
      }
    }
  case .objc:
    // The bytes as the registering file and as the module's other file.
    let bytes = Array(buffer)
    let source = CodeSource(path: "App/Setup.m", bytes: bytes)
    let module = CodeModule(files: [("App/Constants.m", { bytes })])
    for registrations in ObjCRegistrationReader().registrations(in: [source], module: module) {
      for category in registrations.categories {
        precondition(category.initializer.start.line >= 1 && category.initializer.start.offset <= size, "position")
      }
    }
    // And as a WatchKit storyboard.
    let storyboard = CodeSource(path: "Watch/Interface.storyboard", bytes: Array(buffer))
    for registrations in StoryboardRegistrationReader().registrations(in: [storyboard], module: module) {
      for category in registrations.categories {
        precondition(category.identifier.span.end.offset <= size, "position")
      }
    }
  case .swift:
    fuzzSwiftSource(Array(buffer))
  case .profile:
    let result = ProvisioningProfileReader.read(Array(buffer))
    precondition(result.root != nil || !result.findings.isEmpty, "no verdict")
    checkPositions(result.findings, size: size)
  case .sound:
    if case .success(let info) = SoundFileReader.inspect(Array(buffer), name: "f.caf") {
      precondition(info.seconds.map { $0 >= 0 || $0.isNaN } ?? true, "negative duration")
      _ = info.problem
    }
  }
  return 0
}

/// Deferring must change nothing: the same findings, sizes and tree, read
/// whole and a child at a time; from a buffer (a JSON Lines batch, whose
/// values are copied) and from the file's own array (whose long strings in
/// built values are kept as its bytes too).
/// The file's own array is read as a lint reads it, with the schema's key
/// names: the same tree, and each key found among them that name.
func checkDeferring(_ buffer: UnsafeBufferPointer<UInt8>) {
  let result = JSONReader.read(buffer)
  checkDeferring(JSONReader.read(buffer, deferringAllBut: DocumentClassifier.keysItReads), against: result)
  let named = JSONReader.read(
    Array(buffer), deferringAllBut: DocumentClassifier.keysItReads, keyNames: PushSchema.standard.keyNames)
  checkDeferring(named, against: result)
  if let root = named.root { checkSchemaKeys(root, in: PushSchema.standard.keyNames) }
}

/// Each member's `schemaKey`, where it has one, is where its key is in `names`.
func checkSchemaKeys(_ node: Node, in names: NameTable) {
  node.forEachMember { member in
    if member.schemaKey >= 0 {
      precondition(
        Int(member.schemaKey) < names.count && names.name(at: Int(member.schemaKey)) == member.key,
        "a key's position among the schema's names is another name's")
    }
    checkSchemaKeys(member.value, in: names)
  }
  node.forEachElement { checkSchemaKeys($0, in: names) }
}

func checkDeferring(_ deferred: ReadResult, against result: ReadResult) {
  precondition(
    deferred.findings.map { "\($0.rule) \($0.span) \($0.message)" }
      == result.findings.map { "\($0.rule) \($0.span) \($0.message)" }, "deferring changed the findings")
  precondition(deferred.compactSize == result.compactSize, "deferring changed the compact size")
  precondition(deferred.keysAreUnique == result.keysAreUnique, "deferring changed the repeated keys")
  if let root = result.root, let other = deferred.root {
    precondition(sameTree(root, other), "deferring changed the tree")
    precondition(sameWalk(root, other), "walking a deferred value changed what it holds")
  } else {
    precondition(result.root == nil && deferred.root == nil, "deferring changed whether the text reads")
  }
}

/// Every position in the tree (each value's start and end, each key's), as
/// the reader gives it and with app data built, is the line and column
/// `LineIndex` works out from its offset.
func checkNodePositions(_ root: Node, in bytes: [UInt8]) {
  let lines = LineIndex(bytes: bytes)
  precondition(root.positionsOffTheirOffsets(in: lines).isEmpty, "a position off its offset")
  if let deferred = JSONReader.read(bytes, deferringAllBut: DocumentClassifier.keysItReads).root {
    precondition(deferred.positionsOffTheirOffsets(in: lines).isEmpty, "a position off its offset, app data deferred")
  }
}

/// Where the one-pass skip of app data accepts a value, the scan accepts
/// it too and ends alike, with the same counts, keys checked or not.
func checkOnePassSkip(_ buffer: UnsafeBufferPointer<UInt8>) {
  for checkingKeys in [true, false] {
    let (onePass, scan) = JSONScanner.skipBothWays(buffer, depth: 1, checkingKeys: checkingKeys)
    guard let onePass else { continue }
    precondition(scan?.0 == onePass.0 && scan?.commas == onePass.commas, "the one-pass skip differs from the scan")
  }
}

/// A thousand members and 64 KiB of white space: what makes an object
/// large and wide enough to be kept as its bytes.
let wideMembers = (0..<JSONScanner.wideObjectMembers).flatMap { Array("\"~\($0)\":0,".utf8) }
let largeRoom = Array(repeatElement(UInt8(ascii: " "), count: JSONScanner.largeContainerBytes))

/// Whether walking and looking up the members of `deferred`, a child at a
/// time, gives what `node` holds.
func sameWalk(_ node: Node, _ deferred: Node) -> Bool {
  var children: [Node] = []
  deferred.forEachChild { children.append($0) }
  var expected: [Node] = []
  node.forEachChild { expected.append($0) }
  guard children.count == expected.count,
    zip(children, expected).allSatisfy({ sameTree($1, $0) && sameWalk($1, $0) })
  else {
    return false
  }
  guard deferred.elementCount == node.elementCount else { return false }
  var elements = 0
  deferred.forEachElement { _ in elements += 1 }
  guard elements == node.elementCount ?? 0, deferred.containsElement(where: { _ in true }) == (elements > 0) else {
    return false
  }
  // Each lookup scans the object: the first members are enough to check.
  var same = true
  var looked = 0
  node.forEachMember { member in
    looked += 1
    guard looked <= 16 else { return }
    guard let found = deferred.member(member.key) else {
      same = false
      return
    }
    let last = node.member(member.key)!
    if found.keySpan != last.keySpan || !sameTree(found.value, last.value) { same = false }
  }
  return same
}

/// Whether two trees are the same, deferred values built.
func sameTree(_ left: Node, _ right: Node) -> Bool {
  // Asked before building: a string kept as its bytes answers from them.
  guard left.hasText == right.hasText else { return false }
  let left = left.built
  let right = right.built
  guard left.span == right.span, left.pointer == right.pointer else { return false }
  switch (left.value, right.value) {
  case (.object(let a), .object(let b)):
    return a.count == b.count
      && zip(a, b).allSatisfy { $0.key == $1.key && $0.keySpan == $1.keySpan && sameTree($0.value, $1.value) }
  case (.array(let a), .array(let b)):
    return a.count == b.count && zip(a, b).allSatisfy { sameTree($0, $1) }
  case (.string(let a), .string(let b)): return a == b
  case (.number(let a), .number(let b)): return a == b || (a.literal == b.literal && a.doubleValue.isNaN)
  case (.bool(let a), .bool(let b)): return a == b
  case (.null, .null): return true
  default: return false
  }
}
