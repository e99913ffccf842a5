import Foundation
import PackagePlugin

/// Embeds every file of the top-level `rules/` folder into `PushLintCore`, so a
/// copied `pushlint` binary needs no resource bundle beside it.
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
        displayName: "Embedding rules/ (\(names.count) files)",
        executable: try context.tool(named: "RuleCatalogEmbedder").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
