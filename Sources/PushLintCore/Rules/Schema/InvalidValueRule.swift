/// A value outside its key's allowed values, range or format. Besides the
/// schema validator's findings, it judges what the schema cannot say: in a
/// categories file, every identifier in `minimalActions` must be one of the
/// category's actions.
enum InvalidValueRule: SchemaRule {
  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings = document.schemaFindings.filter { $0.rule == id }
    if document.kind == .categories, let root = document.root { findings += unknownMinimalActions(root) }
    return findings
  }

  static func unknownMinimalActions(_ root: Node) -> [Finding] {
    var findings: [Finding] = []
    for category in root["categories"]?.elements ?? [] {
      let actions = Set(category["actions"]?.elements?.compactMap { $0["identifier"]?.stringValue } ?? [])
      for reference in category["minimalActions"]?.elements ?? [] {
        guard let identifier = reference.stringValue, !actions.contains(identifier) else { continue }
        let suggestion = Suggestion.nearest(to: identifier, in: actions.sorted())
        findings.append(
          finding(
            at: reference,
            "\"minimalActions\" names \"\(identifier)\", which is not an action of this category"
              + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
            help: suggestion.map { "write \"\($0)\"" }))
      }
    }
    return findings
  }
}
