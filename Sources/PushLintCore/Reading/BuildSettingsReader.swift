/// Reads an `.xcconfig` file: `KEY = value` lines, `//` comments and
/// `#include "other.xcconfig"`, into an object of settings (an include is a
/// member named `#include`). A setting with a condition (`KEY[sdk=…]`)
/// holds for some builds only and is left out.
public enum BuildSettingsReader {
  public static func read(_ bytes: [UInt8]) -> ReadResult {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .invalidEncoding, span: .fileStart, reason: InvalidEncodingRule.BuildSettingsProblem.notUTF8)
        ])
    }
    let lines = LineIndex(bytes: bytes)
    var members: [Member] = []
    var offset = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      defer { offset += line.utf8.count + 1 }
      var content = Substring(line)
      if let comment = content.firstRange(of: "//") { content = content[..<comment.lowerBound] }
      let trimmed = content.trimmingSpaces()
      let start = lines.position(
        ofOffset: offset + (line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count))
      let span = SourceSpan(start: start, end: lines.position(ofOffset: offset + content.utf8.count))
      if trimmed.hasPrefix("#include") {
        guard let open = trimmed.firstIndex(of: "\""),
          let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"")
        else { continue }
        let path = String(trimmed[trimmed.index(after: open)..<close])
        members.append(
          Member(key: "#include", keySpan: span, value: Node(value: .string(path), span: span, pointer: "/#include")))
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = trimmed[..<equals].trimmingSpaces()
      guard !key.isEmpty, !key.contains("[") else { continue }
      let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
      members.append(
        Member(
          key: String(key), keySpan: span,
          value: Node(value: .string(String(value)), span: span, parent: "", token: String(key))))
    }
    return ReadResult(
      root: Node(
        value: .object(members), span: SourceSpan(start: .fileStart, end: lines.position(ofOffset: bytes.count)),
        pointer: ""),
      findings: [])
  }
}

extension Substring {
  func trimmingSpaces() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" || first == "\r" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
    return result
  }
}
