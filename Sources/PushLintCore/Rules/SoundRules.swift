/// The sound names a payload asks for: `aps.sound` (a string, or the
/// dictionary's `name`) and a Live Activity alert's `sound`.
func requestedSounds(_ document: Document) -> [(node: Node, name: String)] {
  guard let aps = document.push?.aps else { return [] }
  var sounds: [(Node, String)] = []
  for sound in [aps["sound"], aps["alert"]?["sound"]].compactMap({ $0 }) {
    let node = sound.isObject ? sound["name"] : sound
    if let node, let name = node.stringValue, name != "default", !name.isEmpty, !document.containsPlaceholder(name) {
      sounds.append((node, name))
    }
  }
  return sounds
}

final class SoundFileMissingRule: Rule {
  static let name = "sound-file-missing"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let sounds = context.project.sounds
    guard !sounds.isEmpty else { return [] }
    return requestedSounds(document).compactMap { node, name in
      guard !sounds.contains(where: { $0.name == name }) else { return nil }
      var message = "sound \"\(name)\" matches no sound file in the project; the default sound plays instead"
      var help = "add \(name) to the app bundle (or Library/Sounds), or use \"default\""
      if let nearest = Suggestion.nearest(to: name, in: sounds.map(\.name)),
        let entry = sounds.first(where: { $0.name == nearest })
      {
        message += "; did you mean \"\(nearest)\" (\(entry.path))?"
        help = "write \"\(nearest)\""
      }
      return Finding(rule: Self.name, span: node.span, message: message, pointer: node.pointer, help: help)
    }
  }
}

final class SoundFileUnsupportedRule: Rule {
  static let name = "sound-file-unsupported"
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
      return Finding(
        rule: Self.name, span: node.span,
        message:
          "sound \"\(name)\" (\(entry.path)) cannot be a notification sound: \(problem); the default sound plays instead",
        pointer: node.pointer,
        help: "convert it, e.g. afconvert -f caff -d ima4 in.wav \(name), and keep it under 30 seconds")
    }
  }
}
