/// Between reading and checking: the registrations in a project's source
/// files, resolved across all of them (a constant in one file names the
/// category registered in another), become categories documents of the
/// files that register.
extension Linter {
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
        files[index].documents.append(RegistrationDocuments.document(for: registrations, format: format))
      }
    }
    for index in files.indices { files[index].code = nil }
  }
}
