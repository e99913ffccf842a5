enum LiveActivityIncompleteRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.pushType == "liveactivity", let aps = push.aps else { return [] }
    // A handful of keys each: looked up in place rather than hashed into a set.
    func absent(_ keys: [String]) -> [String] { keys.filter { aps.member($0) == nil } }
    var missing = absent(["timestamp", "event"])
    var reason = "every liveactivity push needs \"timestamp\" and \"event\""
    if missing.isEmpty {
      switch aps["event"]?.stringValue {
      case "start":
        missing = absent(["attributes-type", "attributes", "content-state", "alert"])
        reason = "\"event\": \"start\" needs \"attributes-type\", \"attributes\", \"content-state\" and \"alert\""
      case "update":
        missing = absent(["content-state"])
        reason = "\"event\": \"update\" needs \"content-state\""
      default:
        break
      }
    }
    guard !missing.isEmpty else { return [] }
    let (needs, absentKeys) = (reason, missing)
    return [
      finding(
        atStartOf: aps, "\(needs); missing \(absentKeys.map { "\"\($0)\"" }.joined(separator: ", "))",
        help: "add \(absentKeys.map { "\"\($0)\"" }.joined(separator: ", ")) to aps")
    ]
  }
}
