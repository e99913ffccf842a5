/// Which files belong to a library (a Swift package or a CocoaPods pod)
/// rather than to an app. iOS looks a notification's `loc-key` up in the
/// app's own `Localizable` table ("Generating a remote notification"); a
/// library's tables are the library's strings, and the keys of the pushes
/// an integrating app receives are in that app's table, which is not in the
/// library's repository.
///
/// A file is a library's when the nearest folder above it that holds a
/// `Package.swift`, a `.podspec` or a project holds no project; the search
/// goes up to the root, the root included (for a file outside the root, up
/// to /). A folder with an Xcode project or workspace, or the file that
/// makes one (Tuist's `Project.swift` and `Workspace.swift`, XcodeGen's
/// `project.yml`), builds an app or may, and its tables are the app's. So
/// is a Swift Playgrounds app package's (`.iOSApplication` in its manifest).
struct LibraryFolders {
  let root: String
  /// Each folder asked about: whether the files below it are a library's
  /// (nil: the folder decides nothing; ask its parent).
  private var verdicts: [String: Bool?] = [:]

  init(root: String) {
    self.root = root
  }

  /// Whether the file at `path` (absolute) belongs to a library.
  mutating func holds(_ path: String) -> Bool {
    var current = Paths.directoryName(path)
    let top = Paths.isWithin(current, root) ? root : "/"
    while current.utf8.count >= top.utf8.count {
      if let verdict = verdict(of: current) { return verdict }
      guard current != top else { break }
      current = Paths.directoryName(current)
    }
    return false
  }

  private mutating func verdict(of directory: String) -> Bool? {
    if let known = verdicts[directory] { return known }
    var verdict: Bool?
    if case .success(let entries) = FileSystem.list(directory) {
      if entries.contains(where: Self.makesProject) {
        verdict = false
      } else if entries.contains(where: { $0.hasSuffix(".podspec") }) {
        verdict = true
      } else if entries.contains("Package.swift") {
        verdict = !Self.isAppPackage(Paths.join(directory, "Package.swift"))
      }
    }
    verdicts[directory] = verdict
    return verdict
  }

  private static func makesProject(_ name: String) -> Bool {
    name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == "Project.swift"
      || name == "Workspace.swift" || name == "project.yml" || name == "project.yaml"
  }

  /// Whether the manifest at `path` builds an app (a Swift Playgrounds app
  /// package's `.iOSApplication` product).
  private static func isAppPackage(_ path: String) -> Bool {
    guard case .success(let bytes) = FileSystem.readFile(path, limit: 1 << 20) else { return false }
    return String(decoding: bytes, as: UTF8.self).contains(".iOSApplication(")
  }
}
