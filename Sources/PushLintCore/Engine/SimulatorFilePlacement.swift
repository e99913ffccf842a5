/// A Simulator push file (`.apns`) that no Xcode project's folder holds,
/// placed with the app it names. A React Native or Flutter repository keeps
/// its app in `ios/`, a project of its own (`ProjectBounds`), and its `.apns`
/// files wherever its developers test from: at the root no app is in their
/// project, so no rule that needs the app's side could judge them. The file
/// says which app it is for (`Simulator Target Bundle`), so it joins the one
/// project whose Xcode project gives an app that bundle identifier.
extension Linter {
  /// Moves the `.apns` files of `root` (the files of the configuration's own
  /// project) into the project of `implicitGroups` whose Xcode project sets
  /// `PRODUCT_BUNDLE_IDENTIFIER` to the file's target bundle, when exactly
  /// one does. Nothing moves when the root folder holds an Xcode project of
  /// its own: its files are that app's.
  func placeSimulatorFiles(_ root: inout [LintInput], implicitGroups: inout [String: [LintInput]]) {
    guard !implicitGroups.isEmpty, root.contains(where: { $0.fileExtension == "apns" }) else { return }
    if case .success(let entries) = FileSystem.list(configuration.directory),
      entries.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") })
    {
      return
    }
    // Each Xcode project's text, by the project it bounds: read once, and
    // only when a Simulator file is there to place.
    let projects: [(root: String, texts: [[UInt8]])] = implicitGroups.keys.sorted().compactMap { key in
      let texts = (implicitGroups[key] ?? []).filter { $0.absolutePath.hasSuffix("/project.pbxproj") }.compactMap {
        try? FileSystem.readFile($0.absolutePath).get()
      }
      return texts.isEmpty ? nil : (key, texts)
    }
    guard !projects.isEmpty else { return }
    var kept: [LintInput] = []
    for input in root {
      guard input.fileExtension == "apns", let bundle = Self.simulatorTargetBundle(of: input) else {
        kept.append(input)
        continue
      }
      let owners = projects.filter { project in project.texts.contains { Self.sets(bundle, in: $0) } }
      guard owners.count == 1 else {
        kept.append(input)
        continue
      }
      implicitGroups[owners[0].root, default: []].append(input)
    }
    root = kept
  }

  /// The bundle identifier an `.apns` file names, when it names a plain one.
  static func simulatorTargetBundle(of input: LintInput) -> String? {
    guard case .success(let bytes) = FileSystem.readFile(input.absolutePath, limit: 1 << 20) else { return nil }
    let root = JSONReader.read(bytes, keyNames: nil, toleratingTrailingCommas: true).root
    guard let bundle = root?["Simulator Target Bundle"]?.stringValue, !bundle.isEmpty,
      bundle.utf8.allSatisfy({ isBundleIdentifierByte($0) })
    else { return nil }
    return bundle
  }

  /// Whether a `project.pbxproj` text sets `PRODUCT_BUNDLE_IDENTIFIER` to
  /// exactly `bundle` (plain or quoted): the identifier alone as the value,
  /// so `com.example.app` is not found in `com.example.app.widget`.
  static func sets(_ bundle: String, in text: [UInt8]) -> Bool {
    let key = Array("PRODUCT_BUNDLE_IDENTIFIER = ".utf8)
    let value = Array(bundle.utf8)
    var start = 0
    while let index = ByteSearch.firstIndex(of: key, in: text, from: start) {
      var position = index + key.count
      start = position
      let quoted = position < text.count && text[position] == UInt8(ascii: "\"")
      if quoted { position += 1 }
      guard position + value.count < text.count, text[position..<position + value.count].elementsEqual(value)
      else { continue }
      let end = text[position + value.count]
      if end == (quoted ? UInt8(ascii: "\"") : UInt8(ascii: ";")) { return true }
    }
    return false
  }

  private static func isBundleIdentifierByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
      || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
