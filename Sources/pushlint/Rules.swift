import ArgumentParser
import PushLintCore

struct Rules: ParsableCommand {
  // Named here: derived from the type, the name would cost a reflective
  // String(describing:) of it at every start.
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List the rules, or show one rule's document.")

  @Argument(help: "A rule name; without it, every rule on one line each.")
  var name: String?

  @Option(name: [.customShort("f"), .long], help: "text (the default) or json.")
  var format: String = "text"

  func validate() throws {
    guard ["text", "json"].contains(format) else {
      throw ValidationError("--format takes text or json for rules, not '\(format)'")
    }
  }

  func run() throws {
    let catalog = RuleCatalog.standard
    let names = RuleRegistry.standard.names
    if let name, catalog.description(of: name) == nil || !names.contains(name) {
      let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
      FileHandle.standardError.write("pushlint: no rule named \"\(SafeText.escape(name))\"\(hint)\n")
      terminate(ExitStatus.usage)
    }
    if format == "json" {
      FileHandle.standardOutput.write(json(names: name.map { [$0] } ?? names, catalog: catalog))
      return
    }
    guard let name else {
      let width = names.map(\.count).max() ?? 0
      var output = ""
      for ruleName in names {
        guard let description = catalog.description(of: ruleName) else { continue }
        let padded = ruleName.padding(to: width)
        let severity = description.severity.rawValue.padding(to: 7)
        output += "\(padded)  \(severity)  \(description.summary)\n"
      }
      FileHandle.standardOutput.write(output)
      return
    }
    guard let description = catalog.description(of: name), names.contains(name) else {
      let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
      FileHandle.standardError.write("pushlint: no rule named \"\(name)\"\(hint)\n")
      terminate(ExitStatus.usage)
    }
    var output = "\(description.name) (\(description.severity.rawValue))\n\n\(description.markdown)\n"
    if let source = description.source { output += "\nSource: \(source)\n" }
    FileHandle.standardOutput.write(output)
  }
}

extension Rules {
  /// `{"version": 1, "rules": [{"name", "severity", "summary", "source", "markdown"}]}`; the
  /// document's Markdown only when one rule is asked for.
  func json(names: [String], catalog: RuleCatalog) -> String {
    let rules = names.compactMap { name -> JSONOutput? in
      guard let description = catalog.description(of: name) else { return nil }
      var members: [(String, JSONOutput)] = [
        ("name", .string(description.name)), ("severity", .string(description.severity.rawValue)),
        ("summary", .string(description.summary)), ("source", description.source.map(JSONOutput.string) ?? .null),
      ]
      if self.name != nil { members.append(("markdown", .string(description.markdown))) }
      return .object(members)
    }
    return JSONOutput.object([("version", .int(1)), ("rules", .array(rules))]).serialized() + "\n"
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
