import Foundation

// Usage: RuleCatalogEmbedder OUTPUT.swift DIRECTORY
// Writes a Swift file holding the text of each file in DIRECTORY (not its
// hidden ones) under its name, and,
// from the rule documents among them (`NAME.md`), each rule's identity: a
// `RuleID` case, the conformance that ties the rule's type to it, and the
// registry's list of types. A document with no rule type, or a rule type
// with no document, then fails the build.

func swiftStringLiteral(_ text: String) -> String {
  quoted(text) { "\\u{\(String($0, radix: 16))}" }
}

/// `text` in double quotes, `"`, `\`, newlines, returns and tabs escaped as
/// Swift and JSON both write them, and the other control characters (and
/// DEL) as `control` spells a scalar's value.
func quoted(_ text: String, control: (UInt32) -> String) -> String {
  var literal = "\""
  literal.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": literal += "\\\\"
    case "\"": literal += "\\\""
    case "\n": literal += "\\n"
    case "\r": literal += "\\r"
    case "\t": literal += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        literal += control(scalar.value)
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
  }
  return literal + "\""
}

/// The words of a rule name written in capitals in Swift names.
let acronyms: Set<String> = ["api", "aps", "fcm", "url", "yaml"]

/// `fcm-target-count` → `FCMTargetCount`.
func upperCamelCase(_ name: String) -> String {
  name.split(separator: "-").map { word in
    acronyms.contains(String(word)) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
  }.joined()
}

/// `fcm-target-count` → `fcmTargetCount`.
func lowerCamelCase(_ name: String) -> String {
  let words = name.split(separator: "-").map(String.init)
  guard let first = words.first else { return name }
  return first + upperCamelCase(words.dropFirst().joined(separator: "-"))
}

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: RuleCatalogEmbedder OUTPUT DIRECTORY\n".utf8))
  exit(2)
}
let directory = URL(fileURLWithPath: arguments.dropFirst().first ?? "rules")
let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path)
  .filter { !$0.hasPrefix(".") }
  .sorted()
  .map { directory.appendingPathComponent($0).path }
var source = "// Generated from rules/ by RuleCatalogEmbedder. Do not edit.\n\n"
source += "enum EmbeddedRuleCatalog {\n  static let files: [(name: String, text: String)] = [\n"
for path in paths {
  let url = URL(fileURLWithPath: path)
  let text = try String(contentsOf: url, encoding: .utf8)
  source += "    (\(swiftStringLiteral(url.lastPathComponent)), \(swiftStringLiteral(text))),\n"
}
source += "  ]\n"
// The YAML files again, as JSON (YAMLToJSON says why).
source += "  static let yamlAsJSON: [(name: String, text: String)] = [\n"
for path in paths where path.hasSuffix(".yaml") {
  let url = URL(fileURLWithPath: path)
  do {
    let json = try YAMLToJSON.convert(
      try String(contentsOf: url, encoding: .utf8), name: "rules/\(url.lastPathComponent)")
    source += "    (\(swiftStringLiteral(url.lastPathComponent)), \(swiftStringLiteral(json))),\n"
  } catch let failure as YAMLToJSON.Failure {
    FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
    exit(1)
  }
}
source += "  ]\n}\n"

let ruleNames = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
  .filter { $0.hasSuffix(".md") && $0 != "README.md" }
  .map { String($0.dropLast(3)) }
source += """

  /// A rule's identity: one case for each document in `rules/`, its raw
  /// value the rule's product name.
  public enum RuleID: String, CaseIterable, Sendable, Hashable, Comparable {

  """
for name in ruleNames { source += "  case \(lowerCamelCase(name)) = \(swiftStringLiteral(name))\n" }
source += """

    /// The type that implements the rule.
    public var ruleType: any Rule.Type {
      switch self {

  """
for name in ruleNames { source += "    case .\(lowerCamelCase(name)): \(upperCamelCase(name))Rule.self\n" }
source += """
      }
    }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  """
for name in ruleNames {
  source += "\nextension \(upperCamelCase(name))Rule {\n  static var id: RuleID { .\(lowerCamelCase(name)) }\n}\n"
}

let data = Data(source.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
  try data.write(to: URL(fileURLWithPath: outputPath))
}
