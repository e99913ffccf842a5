/// Detected by the encoding check every reader runs first (`Reading/Encoding.swift`).
enum InvalidEncodingRule: ReaderRule {
  /// What keeps an `.xcconfig` file from being read.
  enum BuildSettingsProblem: WordedProblem {
    case notUTF8

    var words: (message: String, help: String?) { ("an .xcconfig file that is not UTF-8", "save it as UTF-8") }
  }
}

extension EncodingProblem: FindingReason {
  public var message: String {
    switch kind {
    case .byteOrderMark:
      "the file starts with a UTF-8 byte-order mark; APNs bodies are plain UTF-8 JSON, remove the BOM"
    case .nulByte:
      "NUL byte (0x00) in the file; a payload is UTF-8 text and cannot contain raw NUL bytes"
    case .invalidUTF8(let byte):
      "byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid UTF-8; APNs bodies must be UTF-8"
    case .utf16(let bigEndian):
      "the file is UTF-16 (\(bigEndian ? "big" : "little")-endian byte-order mark); APNs bodies must be UTF-8"
    }
  }

  public var help: String? { nil }
}
