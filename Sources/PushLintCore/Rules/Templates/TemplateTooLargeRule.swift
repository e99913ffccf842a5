enum TemplateTooLargeRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let template = document.template, let push = document.push, let payload = push.sentPayload,
      let written = push.sentSize
    else { return [] }
    let limit = push.payloadLimit
    let size = TemplateSize(payload: payload, written: written, template: template, fromYAML: document.format == .yaml)
    let unbounded = size.unbounded
    if size.worst > limit {
      let dominant = size.shares.filter { $0.limit != nil && $0.worst > 0 }.sorted {
        $0.worst != $1.worst ? $0.worst > $1.worst : $0.name < $1.name
      }
      let named = dominant.prefix(3).map { share in
        "\(share.name) \(share.worst) bytes (\(share.limit!.description)\(share.occurrences > 1 ? " × \(share.occurrences)" : ""))"
      }
      var message =
        "worst-case payload is \(unbounded.isEmpty ? "" : "at least ")\(size.worst) bytes, over the \(limit)-byte limit for \(push.pushType) pushes, "
        + "with every placeholder at its maximum and JSON escaping counted (as written, \(size.written) bytes)"
      if !named.isEmpty { message += "; the largest fills: \(named.joined(separator: ", "))" }
      if !unbounded.isEmpty { message += "; not counted, having no maximum: \(shortList(unbounded))" }
      let first = dominant.first?.name ?? "the longest placeholder"
      let said = message
      return [
        finding(
          atStartOf: push.anchor, said,
          help:
            "lower the maximum of \(first) under templates in .pushlint.yml and truncate it to that when sending, or send an identifier and let a service extension fetch the text"
        )
      ]
    }
    guard !unbounded.isEmpty else { return [] }
    return [
      finding(
        atStartOf: push.anchor,
        "\(unbounded.count == 1 ? "placeholder" : "placeholders") \(shortList(unbounded)) \(unbounded.count == 1 ? "has" : "have") no maximum length, so the worst-case size of this template is unknown (\(size.worst) bytes with \(unbounded.count == 1 ? "it" : "them") empty)",
        help:
          "declare a maximum under templates.placeholders in .pushlint.yml, e.g. \(unbounded[0]): {max-characters: 40}, or a templates.default",
        severity: .info)
    ]
  }
}
