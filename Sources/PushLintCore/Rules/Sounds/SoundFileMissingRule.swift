enum SoundFileMissingRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let sounds = context.project.sounds
    guard !sounds.isEmpty else { return [] }
    return requestedSounds(document).compactMap { node, name in
      guard !sounds.contains(where: { $0.name == name }) else { return nil }
      var message = "sound \"\(name)\" matches no sound file in the project; the default sound plays instead"
      var help = "add \(name) to the app bundle (or Library/Sounds), or use \"default\""
      var fix: Fix?
      if let nearest = Suggestion.nearest(to: name, in: sounds.map(\.name)),
        let entry = sounds.first(where: { $0.name == nearest })
      {
        message += "; did you mean \"\(nearest)\" (\(entry.path))?"
        help = "write \"\(nearest)\""
        fix = writing(nearest, at: node, in: document)
      }
      let (said, advice, change) = (message, help, fix)
      return finding(at: node, said, help: advice, fix: change)
    }
  }
}
