/// Reading: each file into documents, classified, with a template made
/// readable first.
extension Linter {
  func isContext(_ document: Document) -> Bool { ProjectContext.isContextKind(document.kind) }

  /// A file read and classified, not yet checked.
  struct ReadFile: Sendable {
    var input: LintInput
    var documents: [Document] = []
    var error: FileError?
    /// JSON Lines files are streamed when checked, never held...
    var isJSONLines = false
    /// ...unless they were given in memory.
    var jsonLinesBytes: [UInt8]?
    var sound: SoundEntry?
    /// A JSON or YAML file that cannot add to the project context: only its
    /// bytes are held until it is checked, then it is read, checked and
    /// released at once (a tree takes several times the bytes).
    var deferredBytes: [UInt8]?
    /// A source file's text, held until the project's registrations are
    /// resolved. Read from disk, only a file that mentions a notification
    /// type is held; the others are read again only if a registration names
    /// their declarations.
    var code: CodeSource?
    var isCode = false
    var registers = false
    /// The file's `pushlint:` comments.
    var suppressions: [Suppression] = []
    /// Nothing but white space (or nothing at all): no document to judge,
    /// skipped and counted alike whether walked, named or piped.
    var isEmpty = false
    /// A property list of no kind by its keys, kept until the Xcode project
    /// has said whether an app target builds from it (`INFOPLIST_FILE`).
    var unclaimedPlist: Node?
  }

  func read(file input: LintInput) -> ReadFile {
    if input.isSound {
      let result: Result<SoundFileInfo, SoundFileError>
      switch FileSystem.readFile(input.absolutePath) {
      case .success(let bytes): result = SoundFileReader.inspect(bytes, name: input.absolutePath)
      case .failure(let error): result = .failure(.unreadable(reason: error.reason))
      }
      return ReadFile(
        input: input,
        sound: SoundEntry(name: Paths.fileName(input.absolutePath), path: input.displayPath, header: result))
    }
    if SourceFormat.from(fileName: input.absolutePath) == .jsonLines {
      return ReadFile(input: input, isJSONLines: true)
    }
    switch FileSystem.readFile(input.absolutePath) {
    case .failure(let error):
      return ReadFile(input: input, error: FileError(path: input.displayPath, error.problem))
    case .success(let bytes):
      if let format = SourceFormat.from(fileName: input.absolutePath), format.isSourceCode {
        return readCode(bytes: bytes, input: input, holdingAll: false)
      }
      if DocumentClassifier.mayHoldPayloads(
        DocumentClassifier.format(of: bytes, path: input.absolutePath), path: input.absolutePath)
        && !DocumentClassifier.mayBeContext(bytes)
      {
        return ReadFile(input: input, deferredBytes: bytes)
      }
      return read(bytes: bytes, input: input)
    }
  }

  /// Reads and classifies; documents of no kind in a walked file are dropped.
  func read(bytes: [UInt8], input: LintInput) -> ReadFile {
    let format = DocumentClassifier.format(of: bytes, path: input.absolutePath)
    if Self.isBlank(bytes) && !format.isSourceCode {
      return ReadFile(input: input, isEmpty: true)
    }
    let prepared = templatePreparation(bytes, format: format, input: input)
    let bytes = prepared?.bytes ?? bytes
    var read: [(index: Int, result: ReadResult)]
    switch format {
    case .json: read = [(0, JSONReader.read(bytes))]
    case .plist:
      let preprocessed = !PlistReader.isBinary(bytes) && PlistPreprocessing.hasDirectives(bytes)
      read = [(0, PlistReader.read(preprocessed ? PlistPreprocessing.apply(bytes) : bytes))]
    case .strings: read = [(0, StringsFileReader.read(bytes))]
    case .yaml: read = YAMLReader.read(bytes).map { ($0.index, $0.result) }
    case .jsonLines:
      return ReadFile(input: input, isJSONLines: true, jsonLinesBytes: bytes)
    case .swift, .objectiveC, .storyboard:
      return readCode(bytes: bytes, input: input, holdingAll: true)
    case .xcodeProject: read = [(0, StringsFileReader.readPropertyList(bytes))]
    case .provisioningProfile: read = [(0, ProvisioningProfileReader.read(bytes))]
    case .xcconfig: read = [(0, BuildSettingsReader.read(bytes))]
    }
    var template: TemplateInfo?
    if let prepared {
      for index in read.indices where read[index].result.root != nil {
        TemplateReader.restore(&read[index].result.root!, prepared)
      }
      var seen: Set<String> = []
      let distinct = prepared.matches.filter { seen.insert($0.text).inserted }
      template = TemplateInfo(placeholders: distinct, settings: configuration.templates)
    }
    var file = ReadFile(input: input)
    file.suppressions = SuppressionComments.scan(bytes, format: format)
    let mentionsPush = read.contains { $0.result.root == nil } && DocumentClassifier.mentionsPush(bytes)
    for (index, result) in read {
      let kind: DocumentKind?
      if input.explicit, format == .yaml, result.findings.isEmpty,
        result.root.map({ if case .null = $0.value { true } else { false } }) ?? true
      {
        // An empty YAML document holds nothing to lint; a run of nothing
        // else then says so instead of passing.
        continue
      } else if input.explicit {
        kind = DocumentClassifier.explicitKind(of: result.root, format: format, path: input.absolutePath)
      } else if result.root == nil {
        let name = fileExtension(input.absolutePath)
        // Files of a kind known by name are reported however little of them is readable.
        let knownByName =
          ["apns", "entitlements", "pbxproj", "mobileprovision", "provisionprofile"].contains(name)
          || Paths.fileName(input.absolutePath) == "Info.plist"
        let reportable = input.namedByGlob || knownByName || Localizations.isFileExtension(name) || mentionsPush
        kind = reportable ? .other : nil
      } else {
        kind = DocumentClassifier.kind(of: result.root, format: format, path: input.absolutePath)
      }
      guard let kind else {
        if format == .plist, let root = result.root, root.isObject { file.unclaimedPlist = root }
        continue
      }
      var document = Document(
        path: input.displayPath, index: index, format: format, kind: kind, root: result.root,
        readerFindings: result.findings)
      document.readerFacts = ReaderFacts(compactSize: result.compactSize, keysAreUnique: result.keysAreUnique)
      if [.payload, .envelope, .fcmMessage].contains(kind) { document.template = template }
      file.documents.append(document)
    }
    return file
  }

  /// Nothing but white space, after a byte-order mark.
  static func isBlank(_ bytes: [UInt8]) -> Bool {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// A source file: held for the registration readers when it names a
  /// notification type, otherwise only noted (a byte search, no parse).
  func readCode(bytes: [UInt8], input: LintInput, holdingAll: Bool) -> ReadFile {
    let registers = CodeSource.mentionsNotificationTypes(bytes)
    guard registers || holdingAll else { return ReadFile(input: input, isCode: true) }
    var file = ReadFile(
      input: input, code: CodeSource(path: input.displayPath, bytes: bytes), isCode: true, registers: registers)
    if let format = SourceFormat.from(fileName: input.absolutePath) {
      file.suppressions = SuppressionComments.scan(bytes, format: format)
    }
    return file
  }

  /// A JSON or YAML payload file with placeholders, made readable; nil for
  /// every other file (the common case costs one search for `{{`).
  func templatePreparation(_ bytes: [UInt8], format: SourceFormat, input: LintInput) -> TemplateReader.Prepared? {
    guard DocumentClassifier.mayHoldPayloads(format, path: input.absolutePath) else { return nil }
    let settings = configuration.templates
    if !settings.files.isEmpty {
      guard let relative = configuration.relativePath(input.absolutePath),
        settings.files.contains(where: { $0.matches(relative) })
      else { return nil }
    }
    return TemplateReader.prepare(bytes, format: format, pattern: settings.pattern)
  }
}

/// A file to lint and how it was found.
struct LintInput: Sendable {
  var displayPath: String
  var absolutePath: String
  /// Named on the command line: always linted, whatever it holds.
  var explicit: Bool
  /// Matched by a configured glob: reported even when it cannot be parsed.
  var namedByGlob: Bool
  /// An audio file: read for the project's sounds, never linted itself.
  var isSound = false
}
