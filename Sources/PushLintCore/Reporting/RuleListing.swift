/// What `pushlint rules` prints: the catalog as a list, one rule's
/// document, or JSON.
public enum RuleListing {
  /// One line a rule: name, default severity, summary; a rule that reports
  /// some cases lower by design has a line under it that says which.
  public static func text(_ names: [String], catalog: RuleCatalog) -> String {
    let width = names.map(\.count).max() ?? 0
    var output = ""
    for name in names {
      guard let description = catalog.description(of: name) else { continue }
      let padded = name + String(repeating: " ", count: width - name.count)
      let severity = description.severity.gccWord
      output +=
        "\(padded)  \(severity + String(repeating: " ", count: max(0, 7 - severity.count)))  \(description.summary)\n"
      for lower in description.lowerSeverities {
        output += String(repeating: " ", count: width + 11) + "\(lower.severity.gccWord) for \(lower.when)\n"
      }
    }
    return output
  }

  /// One rule's document, without the example marks, and its source.
  public static func document(_ description: RuleDescription) -> String {
    var output = "\(description.name) (\(description.severity.gccWord))\n"
    for lower in description.lowerSeverities {
      output += "  \(lower.severity.gccWord) for \(lower.when)\n"
    }
    if !description.fixes.isEmpty {
      output += "  fix: \(description.fixes.map(\.rawValue).joined(separator: ", "))"
      output +=
        description.fixes.contains(.safe) ? " (--fix applies the safe ones)\n" : " (with --fix --unsafe-fixes)\n"
    }
    output += "\n\(description.markdown)\n"
    if let source = description.source { output += "\nSource: \(source)\n" }
    return output
  }

  /// `{"version": 2, "rules": [{"name", "severity", "lowerSeverities",
  /// "group", "summary", "source", "markdown"}]}`; the document's Markdown
  /// only with `markdown`. Version 2 names severities error, warning, note.
  public static func json(_ names: [String], catalog: RuleCatalog, markdown: Bool) -> String {
    let rules = names.compactMap { name -> JSONOutput? in
      guard let description = catalog.description(of: name) else { return nil }
      let lower = description.lowerSeverities.map { lower in
        JSONOutput.object([("severity", .string(lower.severity.gccWord)), ("when", .string(lower.when))])
      }
      var members: [(String, JSONOutput)] = [
        ("name", .string(description.name)), ("severity", .string(description.severity.gccWord)),
        ("lowerSeverities", .array(lower)), ("fixes", .array(description.fixes.map { .string($0.rawValue) })),
        ("group", .string(description.group.rawValue)),
        ("summary", .string(description.summary)), ("source", description.source.map(JSONOutput.string) ?? .null),
      ]
      if markdown { members.append(("markdown", .string(description.markdown))) }
      return .object(members)
    }
    return JSONOutput.object([("version", .int(2)), ("rules", .array(rules))]).serialized() + "\n"
  }
}
