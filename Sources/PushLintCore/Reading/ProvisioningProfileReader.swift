/// Reads a provisioning profile (`.mobileprovision`, `.provisionprofile`):
/// a CMS-signed container whose content is an XML property list. The
/// signature is not checked (that is the build's job); the plist is read
/// where it lies in the container, so positions are the file's own offsets.
public enum ProvisioningProfileReader {
  public static func read(_ bytes: [UInt8]) -> ReadResult {
    guard let start = ByteSearch.firstIndex(of: Array("<?xml".utf8), in: bytes),
      let close = ByteSearch.firstIndex(of: Array("</plist>".utf8), in: bytes, from: start)
    else {
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .syntaxError, span: .fileStart, reason: SyntaxErrorRule.ProfileProblem.noPropertyList)
        ])
    }
    let end = close + "</plist>".utf8.count
    // Blank out what surrounds the plist, keeping every offset where it is.
    var masked = bytes
    for index in masked.indices where index < start || index >= end {
      masked[index] = masked[index] == UInt8(ascii: "\n") ? masked[index] : UInt8(ascii: " ")
    }
    return PlistReader.read(Array(masked[0..<end]))
  }
}
