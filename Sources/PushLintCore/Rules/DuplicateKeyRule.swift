struct DuplicateKeyRule: Rule {
  static let name = RuleName.duplicateKey

  func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let root = document.root else { return [] }
    var findings: [Finding] = []
    visit(root, into: &findings)
    return findings
  }

  /// For each member whose key appeared before, its index and the first
  /// member with that key. Small objects (nearly all) are compared pairwise,
  /// which is cheaper than hashing every key.
  private func firstOccurrences(of members: [Member]) -> [(Int, Member)] {
    var repeats: [(Int, Member)] = []
    if members.count <= 16 {
      for index in 1..<members.count {
        if let first = members[..<index].firstIndex(where: { $0.key == members[index].key }) {
          repeats.append((index, members[first]))
        }
      }
      return repeats
    }
    var first: [String: Int] = [:]
    for (index, member) in members.enumerated() {
      if let earlier = first[member.key] {
        repeats.append((index, members[earlier]))
      } else {
        first[member.key] = index
      }
    }
    return repeats
  }

  private func visit(_ node: Node, into findings: inout [Finding]) {
    switch node.value {
    case .object(let members):
      if members.count > 1 {
        for (index, earlier) in firstOccurrences(of: members) {
          let member = members[index]
          let place =
            earlier.keySpan == .fileStart
            ? "earlier in the file" : "at line \(earlier.keySpan.start.line), column \(earlier.keySpan.start.column)"
          findings.append(
            Finding(
              rule: Self.name, span: member.keySpan,
              message:
                "duplicate key \"\(member.key)\"; the first is \(place), and readers silently keep only one of them",
              pointer: member.value.pointer,
              help: "remove one of the two, or merge them into one"))
        }
      }
      for index in members.indices { visit(members[index].value, into: &findings) }
    case .array(let elements):
      for index in elements.indices { visit(elements[index], into: &findings) }
    default:
      break
    }
  }
}
