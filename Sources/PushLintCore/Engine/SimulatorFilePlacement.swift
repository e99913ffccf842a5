/// A Simulator push file (`.apns`) that no Xcode project's folder holds,
/// placed with the app it names. A React Native or Flutter repository keeps
/// its app in `ios/`, a project of its own (`ProjectBounds`), and its `.apns`
/// files wherever its developers test from: at the root no app is in their
/// project, so no rule that needs the app's side could judge them. The file
/// says which app it is for (`Simulator Target Bundle`), so it joins the one
/// project whose Xcode project gives an app that bundle identifier.
extension Linter {
  /// Moves the `.apns` files of `root` (the files of the configuration's own
  /// project) into the project of `implicitGroups` whose Xcode project has
  /// an app target of the file's target bundle, when exactly one does.
  /// Nothing moves when the root folder holds an Xcode project of its own:
  /// its files are that app's.
  func placeSimulatorFiles(_ root: inout [LintInput], implicitGroups: inout [String: [LintInput]]) {
    guard !implicitGroups.isEmpty, root.contains(where: { $0.fileExtension == "apns" }) else { return }
    if case .success(let entries) = FileSystem.list(configuration.directory),
      entries.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") })
    {
      return
    }
    // The app targets' bundle identifiers of each Xcode project, by the
    // project it bounds: read once, and only when a Simulator file is there
    // to place.
    let projects: [(root: String, bundles: [String])] = implicitGroups.keys.sorted().compactMap { key in
      let bundles = (implicitGroups[key] ?? []).filter { $0.absolutePath.hasSuffix("/project.pbxproj") }.flatMap {
        Self.appBundleIdentifiers(ofProjectAt: $0.absolutePath)
      }
      return bundles.isEmpty ? nil : (key, bundles)
    }
    guard !projects.isEmpty else { return }
    var kept: [LintInput] = []
    for input in root {
      guard input.fileExtension == "apns", let bundle = Self.simulatorTargetBundle(of: input) else {
        kept.append(input)
        continue
      }
      let owners = projects.filter { project in
        project.bundles.contains { PushSchema.sameBundleIdentifier($0, bundle) }
      }
      guard owners.count == 1 else {
        kept.append(input)
        continue
      }
      implicitGroups[owners[0].root, default: []].append(input)
    }
    root = kept
  }

  /// The bundle identifier an `.apns` file names.
  static func simulatorTargetBundle(of input: LintInput) -> String? {
    guard case .success(let bytes) = FileSystem.readFile(input.absolutePath, limit: 1 << 20) else { return nil }
    let root = JSONReader.read(bytes, keyNames: nil, toleratingTrailingCommas: true).root
    guard let bundle = root?["Simulator Target Bundle"]?.stringValue, !bundle.isEmpty else { return nil }
    return bundle
  }

  /// The bundle identifiers of the app targets of the Xcode project at
  /// `path`, as the project context reads them (settings expanded; those
  /// an `.xcconfig` gives are not known here).
  static func appBundleIdentifiers(ofProjectAt path: String) -> [String] {
    guard case .success(let bytes) = FileSystem.readFile(path),
      let root = StringsFileReader.readPropertyList(bytes).root
    else { return [] }
    return XcodeProjectReader.targets(of: root, path: path).filter(\.isApp).flatMap(\.bundleIdentifiers)
  }
}
