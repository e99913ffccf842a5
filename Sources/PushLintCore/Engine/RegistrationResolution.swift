/// Between reading and checking: the project context. The registrations in
/// a project's source files, resolved across all of them (a constant in one
/// file names the category registered in another), become categories
/// documents of the files that register; the Xcode project then says which
/// property lists are its apps' Info.plists.
extension Linter {
  /// The context the files make, once their registrations are resolved and
  /// every app target's `INFOPLIST_FILE` is read as that app's Info.plist,
  /// whatever its keys (with `GENERATE_INFOPLIST_FILE` it may hold only a
  /// few, or none).
  func projectContext(of files: inout [ReadFile]) -> ProjectContext {
    resolveRegistrations(&files)
    let assigned = files.flatMap(\.assignedCategories)
    let libraryTables = self.libraryTables(in: files)
    let isAppContext = { (document: Document) in
      ProjectContext.isContextKind(document.kind)
        && (document.kind != .localization || !libraryTables.contains(document.path))
    }
    var project = ProjectContext(
      documents: files.flatMap(\.documents).filter(isAppContext), sounds: files.compactMap(\.sound),
      assignedCategories: assigned)
    let read = Set(project.appPlists.map(\.declaration.path))
    let named = Set(project.targets.filter(\.isApp).compactMap(\.infoPlist)).subtracting(read)
    guard !named.isEmpty else { return project }
    var adopted = false
    for index in files.indices {
      guard named.contains(files[index].input.displayPath), let root = files[index].unclaimedPlist else { continue }
      files[index].add(
        Document(path: files[index].input.displayPath, format: .plist, kind: .appInfoPlist, root: root))
      adopted = true
    }
    if adopted {
      project = ProjectContext(
        documents: files.flatMap(\.documents).filter(isAppContext), sounds: files.compactMap(\.sound),
        assignedCategories: assigned)
    }
    return project
  }

  /// The paths of the localization files that are a library's own
  /// (`LibraryFolders`): not the app's `Localizable` table.
  func libraryTables(in files: [ReadFile]) -> Set<String> {
    var folders = LibraryFolders(root: configuration.directory)
    var result = Set<String>()
    for file in files where file.documents.contains(where: { $0.kind == .localization }) {
      if folders.holds(file.input.absolutePath) { result.insert(file.input.displayPath) }
    }
    return result
  }

  func resolveRegistrations(_ files: inout [ReadFile]) {
    guard files.contains(where: \.registers) else { return }
    for reader in registrationReaders {
      let ours = files.indices.filter {
        files[$0].isCode && reader.fileExtensions.contains(fileExtension(files[$0].input.absolutePath))
      }
      let sources = ours.filter { files[$0].registers }.compactMap { files[$0].code }
      guard !sources.isEmpty else { continue }
      let others = ours.filter { !files[$0].registers }.map { index -> (path: String, load: @Sendable () -> [UInt8]?) in
        let absolute = files[index].input.absolutePath
        let held = files[index].code?.bytes
        return (files[index].input.displayPath, { held ?? (try? FileSystem.readFile(absolute).get()) })
      }
      let format = reader.fileExtensions.first.flatMap { SourceFormat.from(fileName: "file." + $0) } ?? .objectiveC
      let positions = Dictionary(
        ours.map { (files[$0].input.displayPath, $0) }, uniquingKeysWith: { first, _ in first })
      for registrations in reader.registrations(in: sources, module: CodeModule(files: others)) {
        guard let index = positions[registrations.path] else { continue }
        files[index].add(RegistrationDocuments.document(for: registrations, format: format))
      }
    }
    for index in files.indices { files[index].releaseCode() }
  }
}
