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
    let names = RuleRegistry.standard.listingOrder(catalog)
    if let name, catalog.description(of: name) == nil || !names.contains(name) {
      FileHandle.standardError.write(CommandLineNotice.noRuleNamed(name, among: names) + "\n")
      terminate(ExitStatus.usage)
    }
    if format == "json" {
      FileHandle.standardOutput.write(
        RuleListing.json(name.map { [$0] } ?? names, catalog: catalog, markdown: name != nil))
      return
    }
    guard let name, let description = catalog.description(of: name) else {
      FileHandle.standardOutput.write(RuleListing.text(names, catalog: catalog))
      return
    }
    FileHandle.standardOutput.write(RuleListing.document(description))
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
