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

  func run() throws {
    let catalog = RuleCatalog.standard
    let names = RuleRegistry.standard.names
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

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
