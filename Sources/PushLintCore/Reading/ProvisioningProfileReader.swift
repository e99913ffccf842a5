/// Reads a provisioning profile (`.mobileprovision`, `.provisionprofile`):
/// a CMS-signed container whose content is an XML property list. The
/// signature is not checked (that is the build's job); the plist is read
/// where it lies in the container, so positions are the file's own offsets.
public enum ProvisioningProfileReader {
  public static func read(_ bytes: [UInt8]) -> ReadResult {
    if isEncrypted(bytes) {
      return ReadResult(
        root: nil,
        findings: [
          Finding(
            rule: .syntaxError, span: .fileStart, reason: SyntaxErrorRule.ProfileProblem.encrypted, severity: .info)
        ])
    }
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

  /// Whether the file is a profile as fastlane match stores it: encrypted,
  /// behind OpenSSL's `Salted__` header (match's first format) or
  /// `match_encrypted_v2__`, written in base64 (or, by hand, raw), after
  /// any byte-order mark and white space.
  public static func isEncrypted(_ bytes: [UInt8]) -> Bool {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let rest = bytes[start...]
    return ["U2FsdGVkX1", "bWF0Y2hfZW5jcnlwdGVkX3Yy", "Salted__", "match_encrypted_v2__"].contains {
      rest.starts(with: $0.utf8)
    }
  }
}
