/// Reading: each file into documents, classified, with a template made
/// readable first.
extension Linter {
  func isContext(_ document: Document) -> Bool { ProjectContext.isContextKind(document.kind) }

  /// A file read and classified, not yet checked: what it turned out to hold.
  struct ReadFile: Sendable {
    enum Content: Sendable {
      /// Its documents and its `pushlint:` comments. A property list of no
      /// kind by its keys is kept until the Xcode project has said whether
      /// an app target builds from it (`INFOPLIST_FILE`).
      case documents([Document], suppressions: [Suppression], unclaimedPlist: Node?)
      case unreadable(FileError)
      /// Nothing but white space (or nothing at all): no document to judge,
      /// skipped and counted alike whether walked, named or piped.
      case empty
      case sound(SoundEntry)
      /// JSON Lines are streamed when checked, never held (`bytes`: given in memory).
      case jsonLines(bytes: [UInt8]?)
      /// A JSON or YAML file that cannot add to the project context: only
      /// its bytes are held until it is checked, then it is read, checked
      /// and released at once (a tree takes several times the bytes).
      case deferred([UInt8])
      /// Source code: its text held (`source`) until the project's
      /// registrations are resolved when it names a notification type
      /// (`registers`); the others are read again only if a registration
      /// names their declarations.
      case code(source: CodeSource?, registers: Bool, suppressions: [Suppression])
    }

    var input: LintInput
    var content: Content
    /// For source code: the categories it gives notification contents as
    /// literals (`AssignedCategories`), kept whatever becomes of its text.
    var assignedCategories: [String] = []

    var documents: [Document] {
      if case .documents(let documents, _, _) = content { return documents }
      return []
    }

    var suppressions: [Suppression] {
      switch content {
      case .documents(_, let suppressions, _), .code(_, _, let suppressions): suppressions
      default: []
      }
    }

    var error: FileError? {
      if case .unreadable(let error) = content { return error }
      return nil
    }

    var sound: SoundEntry? {
      if case .sound(let sound) = content { return sound }
      return nil
    }

    var isCode: Bool {
      if case .code = content { return true }
      return false
    }

    var registers: Bool {
      if case .code(_, let registers, _) = content { return registers }
      return false
    }

    var code: CodeSource? {
      if case .code(let source, _, _) = content { return source }
      return nil
    }

    var unclaimedPlist: Node? {
      if case .documents(_, _, let plist) = content { return plist }
      return nil
    }

    /// Whether `unclaimedPlist` is there, asked without copying what the
    /// file holds (its documents, its comments and the property list).
    var hasUnclaimedPlist: Bool {
      if case .documents(_, _, .some) = content { return true }
      return false
    }

    /// A document found after reading: a registration document of source
    /// code, or a property list an Xcode project names.
    mutating func add(_ document: Document) {
      switch content {
      case .documents(let documents, let suppressions, _):
        content = .documents(documents + [document], suppressions: suppressions, unclaimedPlist: nil)
      case .code(_, _, let suppressions):
        content = .documents([document], suppressions: suppressions, unclaimedPlist: nil)
      default:
        break
      }
    }

    /// Source code's text, no longer needed once registrations are resolved.
    mutating func releaseCode() {
      if case .code(_, let registers, let suppressions) = content {
        content = .code(source: nil, registers: registers, suppressions: suppressions)
      }
    }
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
        content: .sound(SoundEntry(name: Paths.fileName(input.absolutePath), path: input.displayPath, header: result)))
    }
    if SourceFormat.from(fileExtension: input.fileExtension) == .jsonLines {
      return ReadFile(input: input, content: .jsonLines(bytes: nil))
    }
    if !options.openBuffers.isEmpty, let buffer = options.openBuffers[input.absolutePath] {
      return read(bytes: buffer, input: input)
    }
    switch FileSystem.readFile(input.absolutePath, limit: FileLimits.maxFileSize(forExtension: input.fileExtension)) {
    case .failure(let error):
      return ReadFile(input: input, content: .unreadable(FileError(path: input.displayPath, error.problem)))
    case .success(let bytes):
      if let format = SourceFormat.from(fileExtension: input.fileExtension), format.isSourceCode {
        return readCode(bytes: bytes, input: input, holdingAll: false)
      }
      if DocumentClassifier.mayHoldPayloads(
        DocumentClassifier.format(of: bytes, fileExtension: input.fileExtension), fileExtension: input.fileExtension)
        && !DocumentClassifier.mayBeContext(bytes)
      {
        return ReadFile(input: input, content: .deferred(bytes))
      }
      return read(bytes: bytes, input: input)
    }
  }

  /// Reads and classifies; documents of no kind in a walked file are dropped.
  func read(bytes: [UInt8], input: LintInput) -> ReadFile {
    let format = DocumentClassifier.format(of: bytes, fileExtension: input.fileExtension)
    if Self.isBlank(bytes) && !format.isSourceCode {
      return ReadFile(input: input, content: .empty)
    }
    let prepared = templatePreparation(bytes, format: format, input: input)
    let bytes = prepared?.bytes ?? bytes
    var read: [(index: Int, result: ReadResult)]
    switch format {
    case .json:
      // A walked file that its top level shows is none of the kinds is set
      // aside after a scan, without a tree: a repository's large map or
      // fixture costs its bytes, not a hundred times them.
      let name = input.fileExtension
      if !input.explicit, !name.isSameKey(as: "apns"), !Localizations.isFileExtension(name),
        bytes.withUnsafeBufferPointer(DocumentClassifier.topLevelShowsNoKind)
      {
        return ReadFile(input: input, content: .documents([], suppressions: [], unclaimedPlist: nil))
      }
      read = [
        (
          0,
          JSONReader.read(
            bytes, deferringAllBut: DocumentClassifier.keysItReads, deferringARootThatIsNoObject: true,
            keyNames: rules.schema.keyNames, toleratingTrailingCommas: name.isSameKey(as: "apns"))
        )
      ]
    case .plist:
      let preprocessed = !PlistReader.isBinary(bytes) && PlistPreprocessing.hasDirectives(bytes)
      read = [(0, PlistReader.read(preprocessed ? PlistPreprocessing.apply(bytes) : bytes))]
    case .strings: read = [(0, StringsFileReader.read(bytes))]
    case .yaml:
      // As a walked JSON file: a YAML file whose top level shows it is none
      // of the kinds is set aside after a scan, without a tree. Only one
      // that would be dropped unread anyway: the scan does not check syntax.
      if !input.explicit, !input.namedByGlob, !DocumentClassifier.mentionsPush(bytes),
        bytes.withUnsafeBufferPointer(DocumentClassifier.yamlTopLevelShowsNoKind)
      {
        return ReadFile(
          input: input,
          content: .documents([], suppressions: SuppressionComments.scan(bytes, format: format), unclaimedPlist: nil))
      }
      read = YAMLReader.read(bytes).map { ($0.index, $0.result) }
    case .jsonLines:
      return ReadFile(input: input, content: .jsonLines(bytes: bytes))
    case .swift, .objectiveC, .storyboard:
      return readCode(bytes: bytes, input: input, holdingAll: true)
    case .xcodeProject: read = [(0, StringsFileReader.readPropertyList(bytes))]
    case .provisioningProfile:
      // A walked profile that fastlane match keeps encrypted holds nothing
      // to read and nothing wrong: it is set aside.
      if !input.explicit, ProvisioningProfileReader.isEncrypted(bytes) {
        return ReadFile(input: input, content: .documents([], suppressions: [], unclaimedPlist: nil))
      }
      read = [(0, ProvisioningProfileReader.read(bytes))]
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
    let suppressions = SuppressionComments.scan(bytes, format: format)
    var documents: [Document] = []
    documents.reserveCapacity(read.count)
    var unclaimedPlist: Node?
    let mentionsPush =
      read.contains { if case .none = $0.result.root { true } else { false } }
      && DocumentClassifier.mentionsPush(bytes) && !DocumentClassifier.holdsAnotherToolsDirectives(bytes)
    // Each result is moved out, not copied (a retain of each collection it
    // holds, and a release of each when the array goes), in order.
    read.reverse()
    while case (let index, var result)? = read.popLast() {
      let kind: DocumentKind?
      if input.explicit, format == .yaml, result.findings.isEmpty,
        result.root.map({ if case .null = $0.value { true } else { false } }) ?? true
      {
        // An empty YAML document holds nothing to lint; a run of nothing
        // else then says so instead of passing.
        continue
      } else if input.explicit {
        kind = DocumentClassifier.explicitKind(
          of: result.root, format: format, path: input.absolutePath, fileExtension: input.fileExtension)
      } else if result.root == nil {
        let name = input.fileExtension
        let fileName = Paths.fileName(input.absolutePath)
        // Files of a kind known by name are reported however little of them is readable.
        let knownByName =
          ["apns", "entitlements", "pbxproj", "mobileprovision", "provisionprofile"].contains(name)
          || fileName == "Info.plist" || DocumentClassifier.isEntitlementsPlistName(fileName)
        let reportable = input.namedByGlob || knownByName || Localizations.isFileExtension(name) || mentionsPush
        // A generator's template of such a file (Mason's `__brick__`) is
        // no file of the project until the generator has filled it.
        let isTemplate =
          result.findings.first.map {
            DocumentClassifier.failsAtPlaceholder(bytes, at: $0.span.start.offset)
          } ?? false
        kind = reportable && (input.namedByGlob || !isTemplate) ? .other : nil
      } else {
        kind = DocumentClassifier.kind(
          of: result.root, format: format, fileExtension: input.fileExtension,
          fileName: Paths.fileName(input.absolutePath))
      }
      guard let kind else {
        if format == .plist, let root = result.root, root.isObject { unclaimedPlist = root }
        continue
      }
      var document = Document(
        path: input.displayPath, index: index, format: format, kind: kind, root: result.root.take(),
        readerFindings: result.findings)
      document.readerFacts = ReaderFacts(compactSize: result.compactSize, keysAreUnique: result.keysAreUnique)
      if [.payload, .envelope, .fcmMessage].contains(kind) { document.template = template }
      documents.append(consume document)
    }
    return ReadFile(
      input: input, content: .documents(documents, suppressions: suppressions, unclaimedPlist: unclaimedPlist))
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
    let assigned = AssignedCategories.literals(in: bytes)
    guard registers || holdingAll else {
      return ReadFile(
        input: input, content: .code(source: nil, registers: false, suppressions: []), assignedCategories: assigned)
    }
    let suppressions = SourceFormat.from(fileExtension: input.fileExtension).map {
      SuppressionComments.scan(bytes, format: $0)
    }
    return ReadFile(
      input: input,
      content: .code(
        source: CodeSource(path: input.displayPath, bytes: bytes), registers: registers,
        suppressions: suppressions ?? []),
      assignedCategories: assigned)
  }

  /// A JSON or YAML payload file with placeholders, made readable; nil for
  /// every other file (the common case costs one search for `{{`).
  func templatePreparation(_ bytes: [UInt8], format: SourceFormat, input: LintInput) -> TemplateReader.Prepared? {
    guard DocumentClassifier.mayHoldPayloads(format, fileExtension: input.fileExtension) else { return nil }
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
  let absolutePath: String
  /// `fileExtension(absolutePath)`, which reading, classifying and
  /// checking the file each ask.
  let fileExtension: String
  /// Named on the command line: always linted, whatever it holds.
  var explicit: Bool
  /// Matched by a configured glob: reported even when it cannot be parsed.
  var namedByGlob: Bool
  /// An audio file: read for the project's sounds, never linted itself.
  var isSound = false

  init(displayPath: String, absolutePath: String, explicit: Bool, namedByGlob: Bool, isSound: Bool = false) {
    self.displayPath = displayPath
    self.absolutePath = absolutePath
    fileExtension = extensionOfPath(absolutePath)
    self.explicit = explicit
    self.namedByGlob = namedByGlob
    self.isSound = isSound
  }
}

/// `fileExtension(_:)` where a `fileExtension` member hides it (the module
/// is named otherwise in the fuzz binary, so it cannot be qualified).
private func extensionOfPath(_ path: String) -> String { fileExtension(path) }
