enum SoundFileUnsupportedRule: FileRule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    // Most projects declare no sound files: nothing to look at then.
    guard !context.project.sounds.isEmpty else { return [] }
    return requestedSounds(document).compactMap { node, name in
      guard let entry = context.project.sounds.first(where: { $0.name == name }) else { return nil }
      guard let problem = problem(entry.header) else { return nil }
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
    guard let problem = problem(sound.header) else { return [] }
    let name = Paths.fileName(sound.path)
    return [
      finding(
        at: .fileStart, pointer: "",
        "\(name) cannot be a notification sound: \(problem); payloads naming it play the default sound",
        help: "convert it, e.g. afconvert -f caff -d ima4 in.wav \(name), and keep it under 30 seconds")
    ]
  }

  /// Why the header makes the file no notification sound, in words.
  static func problem(_ header: Result<SoundFileInfo, SoundFileError>) -> String? {
    switch header {
    case .failure(.tooShort): "the file is too short for a sound header"
    case .failure(.notASoundFile(let kind)):
      "it is not a CAF, WAV or AIFF file\(kind.isEmpty ? "" : " (a .\(kind) file)"); notification sounds must be aiff, wav or caf"
    case .failure(.missingChunk(let container, let chunk)): "the \(container) file has no \(chunk) chunk"
    case .failure(.unreadable(let reason)): reason
    case .success(let info):
      switch info.problem {
      case .codec(let codec)?: "its codec is \(codec), not Linear PCM, MA4 (IMA/ADPCM), µLaw or aLaw"
      case .tooLong(let seconds)?:
        "it lasts \(spelled(seconds)) seconds; notification sounds must be shorter than \(Int(SoundFileInfo.maximumSeconds))"
      case nil: nil
      }
    }
  }

  static func spelled(_ seconds: Double) -> String {
    // A hostile header can claim any duration; Int() of it would trap.
    guard seconds.isFinite, seconds < 1e9 else { return "more than a billion" }
    let tenths = (seconds * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
  }
}
