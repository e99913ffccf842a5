enum PayloadTooLargeRule: Rule {
  static let name = "payload-too-large"
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let size = PayloadSize.of(document), size.bytes > size.limit else { return [] }
    let push = size.push
    let largest = size.largestStrings
    return [
      finding(
        atStartOf: push.anchor,
        "payload is \(size.bytes) bytes when sent as compact JSON, over the \(size.limit)-byte limit for \(size.pushType) pushes (APNs rejects it with PayloadTooLarge)"
          + (largest.isEmpty ? "" : "; largest strings: \(largest)"),
        help: "shorten the largest strings, or send an identifier and let a service extension fetch the content")
    ]
  }
}
