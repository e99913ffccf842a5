/// Where a project ends when no `.pushlint.yml` says so, as Xcode bounds
/// one: the folder of an Xcode project or workspace is a project of its own,
/// and so is a test-fixture folder (`Tests`, `…Tests`, `Fixtures`), whose
/// plists, strings and sounds are not the app's. A file in neither belongs
/// to the root's project. A file outside the root (a folder named on the
/// command line from elsewhere) is bounded the same way by the folders
/// above it, as it would be linted from its own folder.
struct ProjectBounds {
  let root: String
  private var cache: [String: Bool] = [:]

  init(root: String) {
    self.root = root
  }

  /// The nearest bounding folder between `directory` and the root (the root
  /// excluded), or nil when the file is the root project's; for a folder
  /// outside the root, the nearest above it.
  mutating func project(containing directory: String) -> String? {
    let top = Paths.isWithin(directory, root) ? root : "/"
    var current = directory
    // Byte counts: a path's characters need not be counted to compare lengths.
    while current != top && current.utf8.count > top.utf8.count {
      if isBoundary(current) { return current }
      current = Paths.directoryName(current)
    }
    return nil
  }

  private mutating func isBoundary(_ directory: String) -> Bool {
    if let known = cache[directory] { return known }
    let name = Paths.fileName(directory)
    // An Xcode project bundle (with the workspace inside it) belongs to the
    // folder that holds it, as its project.pbxproj describes that folder.
    if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
      cache[directory] = false
      return false
    }
    var bounds = name == "Tests" || name == "Fixtures" || name.hasSuffix("Tests")
    if !bounds, case .success(let entries) = FileSystem.list(directory) {
      bounds = entries.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }
    cache[directory] = bounds
    return bounds
  }
}
