import Foundation

// Usage: RuleCatalogEmbedder OUTPUT.swift FILE...
// Writes a Swift file holding each FILE's text under its base name.

func swiftStringLiteral(_ text: String) -> String {
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
        literal += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
  }
  return literal + "\""
}

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: RuleCatalogEmbedder OUTPUT FILE...\n".utf8))
  exit(2)
}
var source = "// Generated from rules/ by RuleCatalogEmbedder. Do not edit.\n\n"
source += "enum EmbeddedRuleCatalog {\n  static let files: [(name: String, text: String)] = [\n"
for path in arguments.dropFirst().sorted() {
  let url = URL(fileURLWithPath: path)
  let text = try String(contentsOf: url, encoding: .utf8)
  source += "    (\(swiftStringLiteral(url.lastPathComponent)), \(swiftStringLiteral(text))),\n"
}
source += "  ]\n}\n"
let data = Data(source.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
  try data.write(to: URL(fileURLWithPath: outputPath))
}
