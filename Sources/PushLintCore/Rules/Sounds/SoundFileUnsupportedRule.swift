enum SoundFileUnsupportedRule: FileRule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // Most projects declare no sound files: nothing to look at then.
    guard !context.project.sounds.isEmpty else { return [] }
    return requestedSounds(document).compactMap { node, name in
      guard let entry = context.project.sounds.first(where: { $0.name == name }) else { return nil }
      let problem: String
      switch entry.header {
      case .failure(let error): problem = error.message
      case .success(let info):
        guard let found = info.problem else { return nil }
        problem = found
      }
      return finding(
        at: node,
        "sound \"\(name)\" (\(entry.path)) cannot be a notification sound: \(problem); the default sound plays instead",
        help: "convert it, e.g. afconvert -f caff -d ima4 in.wav \(name), and keep it under 30 seconds")
    }
  }

  /// A sound file named on the command line is linted too: one that cannot
  /// be a notification sound is reported at its start.
  static func check(file: FileSubject, context: RuleContext) -> [Finding] {
    guard case .sound(let sound) = file else { return [] }
    let problem: String
    switch sound.header {
    case .failure(let error): problem = error.message
    case .success(let info):
      guard let found = info.problem else { return [] }
      problem = found
    }
    let name = Paths.fileName(sound.path)
    return [
      finding(
        at: .fileStart, pointer: "",
        "\(name) cannot be a notification sound: \(problem); payloads naming it play the default sound",
        help: "convert it, e.g. afconvert -f caff -d ima4 in.wav \(name), and keep it under 30 seconds")
    ]
  }
}
