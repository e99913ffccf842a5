enum PayloadNearLimitRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let size = PayloadSize.of(document), size.bytes <= size.limit, size.bytes * 10 >= size.limit * 9
    else { return [] }
    let push = size.push
    let largest = size.largestStrings
    return [
      finding(
        atStartOf: push.anchor,
        "payload is \(size.bytes) of \(size.limit) bytes (\(size.bytes * 100 / size.limit)%)"
          + (largest.isEmpty ? "" : "; largest strings: \(largest)")
      )
    ]
  }
}
