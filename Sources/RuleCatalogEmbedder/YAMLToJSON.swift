import CYAML

/// The catalog's YAML files (`rules/schema.yaml`, `rules/configuration.yaml`)
/// as JSON, written at build time: pushlint reads them at every start, and
/// its JSON reader reads them in a tenth of the time libyaml takes.
///
/// Plain scalars are resolved as pushlint's YAML reader resolves them (the
/// YAML 1.2 core schema). So that the JSON cannot differ from what that
/// reader makes of the YAML, anything the two could spell differently fails
/// the build instead: a plain scalar that looks like a number but is not
/// spelt as JSON spells one (`+1`, `0x10`, `1.`), an alias, a tag, a key that
/// is not a scalar, more than one document. A test reads both and compares
/// the trees.
enum YAMLToJSON {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func convert(_ text: String, name: String) throws -> String {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { throw Failure(description: "\(name): libyaml did not start") }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws -> String in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var output = ""
      // Each open container: whether it is a mapping, and how many scalars
      // and containers it holds so far (a mapping's keys included).
      var open: [(isMapping: Bool, count: Int)] = []
      var documents = 0
      func fail(_ message: String, _ mark: yaml_mark_t) -> Failure {
        Failure(description: "\(name):\(mark.line + 1):\(mark.column + 1): \(message)")
      }
      // Writes what goes before the next item of the innermost container;
      // whether that item is a mapping's key.
      func beginItem() -> Bool {
        guard let last = open.indices.last else { return false }
        let count = open[last].count
        open[last].count += 1
        if open[last].isMapping {
          if count > 0 { output += count % 2 == 1 ? ":" : "," }
          return count % 2 == 0
        }
        if count > 0 { output += "," }
        return false
      }
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
          throw fail(parser.problem.map { String(cString: $0) } ?? "not YAML", parser.problem_mark)
        }
        defer { yaml_event_delete(&event) }
        switch event.type {
        case YAML_STREAM_END_EVENT:
          return output
        case YAML_DOCUMENT_START_EVENT:
          documents += 1
          if documents > 1 { throw fail("one document only", event.start_mark) }
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
          let isMapping = event.type == YAML_MAPPING_START_EVENT
          let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
          if tag != nil { throw fail("no tags", event.start_mark) }
          if beginItem() { throw fail("a key is a scalar", event.start_mark) }
          output += isMapping ? "{" : "["
          open.append((isMapping, 0))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
          output += open.removeLast().isMapping ? "}" : "]"
        case YAML_SCALAR_EVENT:
          let scalar = event.data.scalar
          if scalar.tag != nil && !(scalar.quoted_implicit == 1 || scalar.plain_implicit == 1) {
            throw fail("no tags", event.start_mark)
          }
          let value = String(
            decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
          let isKey = beginItem()
          if isKey || scalar.style != YAML_PLAIN_SCALAR_STYLE {
            output += jsonString(value)
          } else if let literal = try plainLiteral(value, mark: event.start_mark, fail: fail) {
            output += literal
          } else {
            output += jsonString(value)
          }
        case YAML_ALIAS_EVENT:
          throw fail("no aliases", event.start_mark)
        default:
          break
        }
      }
    }
  }

  /// The JSON literal a plain scalar stands for, or nil for a string.
  private static func plainLiteral(
    _ text: String, mark: yaml_mark_t, fail: (String, yaml_mark_t) -> Failure
  ) throws -> String? {
    switch text {
    case "", "~", "null", "Null", "NULL": return "null"
    case "true", "True", "TRUE": return "true"
    case "false", "False", "FALSE": return "false"
    default: break
    }
    guard let first = text.utf8.first, "0123456789+-.".utf8.contains(first) else { return nil }
    guard isJSONNumber(text) else {
      throw fail("'\(text)' may be read as a number: quote it, or write the number as JSON does", mark)
    }
    return text
  }

  /// RFC 8259's number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [-+]? [0-9]+)?`.
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if bytes.first == UInt8(ascii: "0") {
      bytes = bytes.dropFirst()
    } else if digits() == 0 {
      return false
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      if digits() == 0 { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      if digits() == 0 { return false }
    }
    return bytes.isEmpty
  }

  static func jsonString(_ text: String) -> String {
    quoted(text) { value in
      let hex = String(value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}
