/// Turns command-line paths and configured globs into the files to lint.
extension Linter {
  static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

  func collectInputs(paths: [String], currentDirectory: String, errors: inout [FileError]) -> [LintInput] {
    var inputs: [LintInput] = []
    var seen: Set<String> = []
    func add(_ input: LintInput) {
      guard seen.insert(input.absolutePath).inserted else { return }
      inputs.append(input)
    }
    func display(_ absolute: String) -> String {
      Paths.relative(absolute, to: currentDirectory) ?? absolute
    }
    if paths.isEmpty && !configuration.include.isEmpty {
      expand(
        configuration.include, key: "include", namedFilesAreExplicit: true, display: display, errors: &errors, into: add
      )
      return inputs
    }
    for path in paths.isEmpty ? ["."] : paths {
      let absolute = Paths.absolute(path, from: currentDirectory)
      let (type, _, code) = FileSystem.status(absolute)
      switch type {
      case .missing:
        errors.append(FileError(path: path, .system(FileSystem.systemError(code))))
      case .directory:
        walk(absolute, display: path, glob: nil, into: add)
      case .file where SoundFileReader.extensions.contains(fileExtension(absolute)):
        // Named on the command line, a sound is checked as a notification sound.
        add(
          LintInput(
            displayPath: path, absolutePath: absolute, explicit: !skipsUnrelatedFiles, namedByGlob: false,
            isSound: true))
      case .file where skipsUnrelatedFiles:
        guard SourceFormat.from(fileName: absolute) != nil else { continue }
        add(LintInput(displayPath: path, absolutePath: absolute, explicit: false, namedByGlob: false))
      case .file, .other:
        add(LintInput(displayPath: path, absolutePath: absolute, explicit: true, namedByGlob: false))
      }
    }
    return inputs
  }

  /// The configured `context` files: always read for cross-file rules, and
  /// reported on only when they are linted too (then they are inputs).
  func collectContextInputs(
    excluding linted: Set<String>, currentDirectory: String? = nil, errors: inout [FileError]
  ) -> [LintInput] {
    let base = currentDirectory ?? configuration.directory
    func display(_ absolute: String) -> String { Paths.relative(absolute, to: base) ?? absolute }
    var inputs: [LintInput] = []
    var seen = linted
    expand(configuration.context, key: "context", namedFilesAreExplicit: false, display: display, errors: &errors) {
      input in
      if seen.insert(input.absolutePath).inserted { inputs.append(input) }
    }
    return inputs
  }

  /// The files configured globs name, relative to the configuration: a plain
  /// path is that file (or a directory, walked); a pattern is walked from its
  /// literal prefix. A plain path that does not exist is an error.
  func expand(
    _ globs: [Glob], key: String, namedFilesAreExplicit: Bool, display: (String) -> String,
    errors: inout [FileError], into add: (LintInput) -> Void
  ) {
    for glob in globs {
      let start = Paths.absolute(glob.literalPrefix.isEmpty ? "." : glob.literalPrefix, from: configuration.directory)
      switch FileSystem.status(start).0 {
      case .file where !glob.hasWildcards:
        add(
          LintInput(
            displayPath: display(start), absolutePath: start, explicit: namedFilesAreExplicit, namedByGlob: true,
            isSound: SoundFileReader.extensions.contains(fileExtension(start))))
      case .directory:
        walk(start, display: display(start), glob: glob.hasWildcards ? glob : nil, into: add)
      default:
        if !glob.hasWildcards {
          errors.append(
            FileError(
              path: glob.pattern,
              .configuredPathMissing(key: key, configuration: configuration.file ?? Configuration.fileName)))
        }
      }
    }
  }

  /// Walks a directory depth-first in name order. Each directory is entered
  /// once (by device and inode), so symlink loops end.
  func walk(_ root: String, display rootDisplay: String, glob: Glob?, into add: (LintInput) -> Void) {
    var visited: Set<FileSystem.Identity> = []
    var pending: [(absolute: String, display: String)] = [(root, rootDisplay)]
    while let (directory, displayDirectory) = pending.popLast() {
      guard case (.directory, let identity?, _) = FileSystem.status(directory), visited.insert(identity).inserted else {
        continue
      }
      guard case .success(let entries) = FileSystem.entries(directory) else { continue }
      var subdirectories: [(String, String)] = []
      // Relative paths matter only to globs; most walks have none.
      let needsRelative = glob != nil || !configuration.exclude.isEmpty
      for (name, type) in entries {
        let absolute = directory == "/" ? "/" + name : directory + "/" + name
        let relative = needsRelative ? configuration.relativePath(absolute) : nil
        switch type ?? FileSystem.status(absolute).0 {
        case .directory:
          if name.hasPrefix(".") || Linter.skippedDirectories.contains(name) { continue }
          if let relative,
            configuration.exclude.contains(where: {
              $0.matches(relative) || $0.matchesDirectoryContents(relative) && $0.pattern.hasSuffix("/**")
            })
          {
            continue
          }
          subdirectories.append((absolute, Paths.join(displayDirectory, name)))
        case .file:
          let isSound = SoundFileReader.extensions.contains(fileExtension(name))
          guard isSound || SourceFormat.from(fileName: name) != nil else { continue }
          // Other tables (InfoPlist.strings, Main.strings) never hold notification text.
          if Localizations.isFileExtension(fileExtension(name)) && !Localizations.isLocalizableTable(name) {
            continue
          }
          if let relative, configuration.exclude.contains(where: { $0.matches(relative) }) { continue }
          var namedByGlob = false
          if let glob {
            guard let relative, glob.matches(relative) else { continue }
            namedByGlob = true
          }
          add(
            LintInput(
              displayPath: Paths.join(displayDirectory, name), absolutePath: absolute, explicit: false,
              namedByGlob: namedByGlob, isSound: isSound))
        default:
          continue
        }
      }
      pending.append(contentsOf: subdirectories.reversed())
    }
  }
}
