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
