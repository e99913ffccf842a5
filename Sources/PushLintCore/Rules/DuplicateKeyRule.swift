struct DuplicateKeyRule: Rule {
  static let name = RuleName.duplicateKey

  func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let root = document.root else { return [] }
    var findings: [Finding] = []
    visit(root, into: &findings)
    return findings
  }

  private func visit(_ node: Node, into findings: inout [Finding]) {
    switch node.value {
    case .object(let members):
      if members.count > 1 {
        var firstSeen: [String: Member] = [:]
        for member in members {
          if let earlier = firstSeen[member.key] {
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
          } else {
            firstSeen[member.key] = member
          }
        }
      }
      for member in members { visit(member.value, into: &findings) }
    case .array(let elements):
      for element in elements { visit(element, into: &findings) }
    default:
      break
    }
  }
}
