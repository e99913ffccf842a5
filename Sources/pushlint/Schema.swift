import ArgumentParser
import PushLintCore

struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print a JSON Schema for editors: payload, envelope, fcm or config.")

  @Argument(help: "payload, envelope, fcm or config.")
  var kind: String

  func validate() throws {
    guard JSONSchemaWriter.Kind(rawValue: kind) != nil else {
      throw ValidationError("schema takes payload, envelope, fcm or config, not '\(kind)'")
    }
  }

  func run() throws {
    FileHandle.standardOutput.write(JSONSchemaWriter.schema(JSONSchemaWriter.Kind(rawValue: kind)!))
  }
}
