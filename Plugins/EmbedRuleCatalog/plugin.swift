import Foundation
import PackagePlugin

/// Embeds every file of the top-level `rules/` folder into `PushLintCore`, so a
/// copied `pushlint` binary needs no resource bundle beside it. The folder
/// itself is an input and the embedder lists it, so a rule document added
/// since the plugin last ran is embedded too.
@main
struct EmbedRuleCatalog: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let rulesDirectory = context.package.directoryURL.appendingPathComponent("rules")
    let names = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let inputs = names.map { rulesDirectory.appendingPathComponent($0) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRuleCatalog.swift")
    return [
      .buildCommand(
        displayName: "Embedding rules/",
        executable: try context.tool(named: "RuleCatalogEmbedder").url,
        arguments: [output.path, rulesDirectory.path],
        inputFiles: [rulesDirectory] + inputs,
        outputFiles: [output]
      )
    ]
  }
}
