/// Reads `bplist00` files completely. Every object reference is bounds-checked,
/// cycles are refused and shared objects count toward a node budget, so a
/// hostile file cannot loop or expand without bound. Positions are file-level.
struct BinaryPlistReader {
  let bytes: [UInt8]
  var offsetSize = 0
  var referenceSize = 0
  var objectCount = 0
  var offsetTableStart = 0
  var visiting: Set<Int> = []
  /// Containers read once already: reading one again expands a shared subtree.
  var readContainers: Set<Int> = []
  /// How deep inside such a repeated expansion the reader is.
  var repeatDepth = 0
  /// Nodes created by repeated expansion; writers share equal leaves
  /// routinely, so only shared containers (the billion-laughs shape) count.
  var expandedNodes = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  struct Failure: Error {
    var problem: SyntaxErrorRule.BinaryPlistProblem
  }

  mutating func read() -> ReadResult {
    do {
      let root = try readDocument()
      return ReadResult(root: root, findings: [])
    } catch {
      return ReadResult(
        root: nil,
        findings: [
          Finding(rule: .syntaxError, span: .fileStart, reason: error.problem)
        ])
    }
  }

  mutating func readDocument() throws(Failure) -> Node {
    guard Array(bytes[0..<8]) == Array("bplist00".utf8) else {
      throw Failure(problem: .unsupportedFormat(magic: String(decoding: bytes[0..<8], as: UTF8.self)))
    }
    guard bytes.count >= 8 + 32 else { throw Failure(problem: .noTrailer) }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let count = try unsigned(at: trailer + 8, size: 8)
    let top = try unsigned(at: trailer + 16, size: 8)
    let tableOffset = try unsigned(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw Failure(problem: .integerSizesOutOfRange(offsetSize: Int(offsetSize), referenceSize: Int(referenceSize)))
    }
    guard count > 0, count < UInt64(bytes.count), top < count, tableOffset >= 8,
      tableOffset < UInt64(trailer), UInt64(trailer) - tableOffset >= count * UInt64(offsetSize)
    else {
      throw Failure(problem: .trailerOutsideFile)
    }
    objectCount = Int(count)
    offsetTableStart = Int(tableOffset)
    return try object(Int(top), pointer: "", depth: 0)
  }

  func unsigned(at offset: Int, size: Int) throws(Failure) -> UInt64 {
    guard offset >= 0, size > 0, size <= 8, offset + size <= bytes.count else {
      throw Failure(problem: .integerPastEnd(offset: offset))
    }
    var value: UInt64 = 0
    for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// The object reference stored at `offset`, one of the file's objects:
  /// a reference takes up to 8 bytes, and any value past the object count
  /// (up to 2^64 - 1) is out of range, not a number to convert.
  func storedReference(at offset: Int) throws(Failure) -> Int {
    let reference = try unsigned(at: offset, size: referenceSize)
    guard reference < UInt64(objectCount) else {
      throw Failure(problem: .referenceOutOfRange(reference: reference, objectCount: objectCount))
    }
    return Int(reference)
  }

  func objectOffset(_ reference: Int) throws(Failure) -> Int {
    guard reference >= 0, reference < objectCount else {
      throw Failure(problem: .referenceOutOfRange(reference: UInt64(max(reference, 0)), objectCount: objectCount))
    }
    let offset = try unsigned(at: offsetTableStart + reference * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(offsetTableStart) else {
      throw Failure(problem: .objectOutsideObjects(reference: reference))
    }
    return Int(offset)
  }

  /// The length that follows a marker: its low nibble, or an int object after it.
  func length(marker: UInt8, at offset: Int) throws(Failure) -> (length: Int, dataStart: Int) {
    let nibble = Int(marker & 0x0F)
    guard nibble == 0x0F else { return (nibble, offset + 1) }
    guard offset + 1 < bytes.count else { throw Failure(problem: .lengthPastEnd) }
    let intMarker = bytes[offset + 1]
    guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
      throw Failure(problem: .lengthNotInteger(offset: offset + 1))
    }
    let size = 1 << Int(intMarker & 0x0F)
    let value = try unsigned(at: offset + 2, size: size)
    guard value < UInt64(bytes.count) else { throw Failure(problem: .lengthExceedsFile(length: value)) }
    return (Int(value), offset + 2 + size)
  }

  mutating func object(_ reference: Int, pointer: String, depth: Int) throws(Failure) -> Node {
    if repeatDepth > 0 { expandedNodes += 1 }
    guard expandedNodes <= YAMLReader.maxExpandedNodes else {
      throw Failure(problem: .tooManyValues(limit: YAMLReader.maxExpandedNodes))
    }
    guard depth < ReaderLimits.maxDepth else {
      throw Failure(problem: .nestingTooDeep(limit: ReaderLimits.maxDepth))
    }
    guard !visiting.contains(reference) else {
      throw Failure(problem: .containsItself(reference: reference))
    }
    let offset = try objectOffset(reference)
    let marker = bytes[offset]
    func node(_ value: StoredValue) -> Node { Node(stored: value, span: .fileStart, pointer: pointer) }
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x00: return node(.null)
      case 0x08: return node(.bool(false))
      case 0x09: return node(.bool(true))
      default: throw Failure(problem: .unknownMarker(marker, offset: offset))
      }
    case 0x1:
      let size = 1 << Int(marker & 0x0F)
      guard size <= 16, offset + 1 + size <= bytes.count else {
        throw Failure(problem: .integerCutOff(offset: offset))
      }
      let low = try unsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8))
      let literal = size >= 8 ? String(Int64(bitPattern: low)) : String(low)
      return node(.number(NumberValue(literal: literal, isWhole: true, doubleValue: Double(literal) ?? 0)))
    case 0x2:
      let size = 1 << Int(marker & 0x0F)
      guard size == 4 || size == 8 else { throw Failure(problem: .realSize(size, offset: offset)) }
      let bits = try unsigned(at: offset + 1, size: size)
      let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
      guard value.isFinite else { return node(.string(String(value))) }
      let number = NumberValue(jsonLiteral: String(value))
      return node(.number(NumberValue(literal: number.literal, isWhole: number.isWhole, doubleValue: value)))
    case 0x3:
      guard marker == 0x33 else {
        throw Failure(problem: .unknownMarker(marker, offset: offset))
      }
      let seconds = Double(bitPattern: try unsigned(at: offset + 1, size: 8))
      return node(.string(iso8601(secondsSince2001: seconds)))
    case 0x4:
      let (count, start) = try length(marker: marker, at: offset)
      guard start + count <= bytes.count else { throw Failure(problem: .cutOff(kind: "data", offset: offset)) }
      return node(.string(base64(bytes[start..<(start + count)])))
    case 0x5, 0x7:
      let (count, start) = try length(marker: marker, at: offset)
      guard start + count <= bytes.count else { throw Failure(problem: .cutOff(kind: "string", offset: offset)) }
      return node(.string(String(decoding: bytes[start..<(start + count)], as: UTF8.self)))
    case 0x6:
      let (count, start) = try length(marker: marker, at: offset)
      guard start + 2 * count <= bytes.count else { throw Failure(problem: .cutOff(kind: "string", offset: offset)) }
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in 0..<count {
        units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1]))
      }
      return node(.string(String(decoding: units, as: UTF16.self)))
    case 0x8:
      let uid = try unsigned(at: offset + 1, size: Int(marker & 0x0F) + 1)
      return node(.number(NumberValue(literal: String(uid), isWhole: true, doubleValue: Double(uid))))
    case 0xA, 0xC:
      let repeated = !readContainers.insert(reference).inserted
      if repeated { repeatDepth += 1 }
      defer { if repeated { repeatDepth -= 1 } }
      let (count, start) = try length(marker: marker, at: offset)
      guard start + count * referenceSize <= bytes.count else {
        throw Failure(problem: .cutOff(kind: "array", offset: offset))
      }
      visiting.insert(reference)
      var elements: [Node] = []
      for element in 0..<count {
        let child = try storedReference(at: start + element * referenceSize)
        elements.append(try object(child, pointer: pointer + "/\(element)", depth: depth + 1))
      }
      visiting.remove(reference)
      return node(.array(elements))
    case 0xD:
      let repeated = !readContainers.insert(reference).inserted
      if repeated { repeatDepth += 1 }
      defer { if repeated { repeatDepth -= 1 } }
      let (count, start) = try length(marker: marker, at: offset)
      guard start + 2 * count * referenceSize <= bytes.count else {
        throw Failure(problem: .cutOff(kind: "dictionary", offset: offset))
      }
      visiting.insert(reference)
      var members: [Member] = []
      for entry in 0..<count {
        let keyReference = try storedReference(at: start + entry * referenceSize)
        let valueReference = try storedReference(at: start + (count + entry) * referenceSize)
        let keyNode = try object(keyReference, pointer: pointer, depth: depth + 1)
        guard let key = keyNode.stringValue else {
          throw Failure(problem: .keyNotString(offset: offset, typeName: keyNode.typeName))
        }
        let value = try object(valueReference, pointer: Node.pointer(pointer, appending: key), depth: depth + 1)
        members.append(Member(key: key, keySpan: .fileStart, value: value))
      }
      visiting.remove(reference)
      return node(.object(members))
    default:
      throw Failure(problem: .unknownMarker(marker, offset: offset))
    }
  }
}

func base64<C: Collection>(_ data: C) -> String where C.Element == UInt8 {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var output: [UInt8] = []
  var buffer: [UInt8] = []
  func flush() {
    let padded = buffer + Array(repeating: 0, count: 3 - buffer.count)
    let value = UInt32(padded[0]) << 16 | UInt32(padded[1]) << 8 | UInt32(padded[2])
    for position in 0..<4 {
      if position <= buffer.count {
        output.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
      } else {
        output.append(UInt8(ascii: "="))
      }
    }
    buffer.removeAll()
  }
  for byte in data {
    buffer.append(byte)
    if buffer.count == 3 { flush() }
  }
  if !buffer.isEmpty { flush() }
  return String(decoding: output, as: UTF8.self)
}

/// A plist date (seconds since 2001-01-01 UTC) as ISO 8601 text.
func iso8601(secondsSince2001 seconds: Double) -> String {
  guard seconds.isFinite, abs(seconds) < 1e13 else { return String(seconds) }
  let unix = Int((seconds + 978_307_200).rounded(.down))
  let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
  let secondOfDay = unix - days * 86_400
  // Howard Hinnant's civil_from_days.
  let z = days + 719_468
  let era = (z >= 0 ? z : z - 146_096) / 146_097
  let dayOfEra = z - era * 146_097
  let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
  let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
  let monthIndex = (5 * dayOfYear + 2) / 153
  let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
  let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
  return
    "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
}
