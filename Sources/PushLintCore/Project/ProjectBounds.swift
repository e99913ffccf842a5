/// Where a project ends when no `.pushlint.yml` says so, as Xcode bounds
/// one: the folder of an Xcode project or workspace is a project of its own,
/// and so is a test-fixture folder (`Tests`, `…Tests`, `Fixtures`), whose
/// plists, strings and sounds are not the app's. A file in neither belongs
/// to the root's project.
struct ProjectBounds {
  let root: String
  private var cache: [String: Bool] = [:]

  init(root: String) {
    self.root = root
  }

  /// The nearest bounding folder between `directory` and the root (the root
  /// excluded), or nil when the file is the root project's.
  mutating func project(containing directory: String) -> String? {
    // Under the root, not merely a name that starts like it (/repo2 is not under /repo).
    guard directory.hasPrefix(root == "/" ? root : root + "/") else { return nil }
    var current = directory
    // Byte counts: a path's characters need not be counted to compare lengths.
    while current != root && current.utf8.count > root.utf8.count {
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
