struct DuplicateKeyRule: Rule {
  static let name = RuleName.duplicateKey

  func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let root = document.root, !document.keysAreUnique else { return [] }
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
      // Through the buffer, so comparing keys copies no member.
      members.withUnsafeBufferPointer { buffer in
        for index in 1..<buffer.count {
          for earlier in 0..<index where buffer[earlier].key == buffer[index].key {
            repeats.append((index, buffer[earlier]))
            break
          }
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
      members.withUnsafeBufferPointer { buffer in
        for index in buffer.indices where buffer[index].value.isContainer {
          visit(buffer[index].value, into: &findings)
        }
      }
    case .array(let elements):
      elements.withUnsafeBufferPointer { buffer in
        for index in buffer.indices where buffer[index].isContainer { visit(buffer[index], into: &findings) }
      }
    default:
      break
    }
  }
}
