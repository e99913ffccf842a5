extension SyntaxErrorRule {
  /// What stops the binary property list reader, and how `syntax-error`
  /// words it. Byte offsets are the file's.
  enum BinaryPlistProblem: WordedProblem {
    case unsupportedFormat(magic: String)
    case noTrailer
    case integerSizesOutOfRange(offsetSize: Int, referenceSize: Int)
    case trailerOutsideFile
    case integerPastEnd(offset: Int)
    case referenceOutOfRange(reference: UInt64, objectCount: Int)
    case objectOutsideObjects(reference: Int)
    case lengthPastEnd
    case lengthNotInteger(offset: Int)
    case lengthExceedsFile(length: UInt64)
    case tooManyValues(limit: Int)
    case nestingTooDeep(limit: Int)
    case containsItself(reference: Int)
    case unknownMarker(UInt8, offset: Int)
    case integerCutOff(offset: Int)
    case realSize(Int, offset: Int)
    /// A value of `kind` ("data", "string", "array", "dictionary") runs
    /// past the end of the file.
    case cutOff(kind: String, offset: Int)
    case keyNotString(offset: Int, typeName: String)

    var words: (message: String, help: String?) {
      ("malformed binary plist: " + detail, nil)
    }

    var detail: String {
      switch self {
      case .unsupportedFormat(let magic): "unsupported format \"\(magic)\"; only bplist00 is read"
      case .noTrailer: "the file is too short for a trailer"
      case .integerSizesOutOfRange(let offsetSize, let referenceSize):
        "the trailer's integer sizes (\(offsetSize), \(referenceSize)) are out of range"
      case .trailerOutsideFile: "the trailer's object count, top object or offset table lie outside the file"
      case .integerPastEnd(let offset): "an integer at byte \(offset) runs past the end of the file"
      case .referenceOutOfRange(let reference, let count):
        "object reference \(reference) is outside the \(count) objects"
      case .objectOutsideObjects(let reference): "object \(reference) starts outside the object area"
      case .lengthPastEnd: "a length runs past the end of the file"
      case .lengthNotInteger(let offset): "a length at byte \(offset) is not an integer"
      case .lengthExceedsFile(let length): "a length of \(length) exceeds the file size"
      case .tooManyValues(let limit): "more than \(limit) values once shared objects are expanded"
      case .nestingTooDeep(let limit): "nesting is deeper than \(limit) levels"
      case .containsItself(let reference): "object \(reference) contains itself"
      case .unknownMarker(let marker, let offset): "unknown marker 0x\(String(marker, radix: 16)) at byte \(offset)"
      case .integerCutOff(let offset): "integer at byte \(offset) is cut off"
      case .realSize(let size, let offset): "real of \(size) bytes at byte \(offset)"
      case .cutOff(let kind, let offset): "\(kind) at byte \(offset) is cut off"
      case .keyNotString(let offset, let typeName): "a dictionary key at byte \(offset) is a \(typeName), not a string"
      }
    }
  }
}
