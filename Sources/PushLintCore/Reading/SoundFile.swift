/// What pushlint reads from a sound file's own header: container, codec and
/// duration. No audio library is needed for the three containers iOS plays
/// for notifications (CAF, WAV, AIFF).
public struct SoundFileInfo: Sendable, Equatable {
  public var container: String
  /// The codec as the container names it (`lpcm`, `ima4`, `ulaw`, `alaw`, `aac `, a WAV format tag…).
  public var codec: String
  public var isSupportedCodec: Bool
  public var seconds: Double?

  /// Notification sounds must be Linear PCM, MA4 (IMA/ADPCM), µLaw or aLaw,
  /// in aiff, wav or caf, and shorter than 30 seconds.
  public static let maximumSeconds = 30.0

  /// Why the system would play the default sound instead.
  public enum Problem: Sendable, Equatable {
    case codec(String)
    case tooLong(seconds: Double)
  }

  /// Why the system would play the default sound instead, or nil.
  public var problem: Problem? {
    if !isSupportedCodec { return .codec(codec) }
    if let seconds, seconds >= SoundFileInfo.maximumSeconds { return .tooLong(seconds: seconds) }
    return nil
  }
}

public enum SoundFileReader {
  public static let extensions: Set<String> = ["caf", "wav", "aif", "aiff", "aifc", "mp3", "m4a", "aac", "ogg", "flac"]

  /// The header's facts, or why the file is not a sound iOS can play.
  public static func inspect(_ bytes: [UInt8], name: String) -> Result<SoundFileInfo, SoundFileError> {
    guard bytes.count >= 12 else {
      return .failure(.tooShort)
    }
    let magic = fourCC(bytes, 0)
    if magic == "caff" { return caf(bytes) }
    if magic == "RIFF" && fourCC(bytes, 8) == "WAVE" { return wav(bytes) }
    if magic == "FORM" && (fourCC(bytes, 8) == "AIFF" || fourCC(bytes, 8) == "AIFC") { return aiff(bytes) }
    let kind = fileExtension(name)
    return .failure(.notASoundFile(fileExtension: kind))
  }

  static func fourCC(_ bytes: [UInt8], _ offset: Int) -> String {
    guard offset + 4 <= bytes.count else { return "" }
    return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
  }

  static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
    guard offset >= 0, offset + size <= bytes.count else { return 0 }
    var value: UInt64 = 0
    for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
    guard offset >= 0, offset + size <= bytes.count else { return 0 }
    var value: UInt64 = 0
    for index in (offset..<(offset + size)).reversed() { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// Core Audio Format: `desc` gives the codec and packet layout, `pakt` the
  /// frame count of compressed audio, `data` the size of the audio.
  static func caf(_ bytes: [UInt8]) -> Result<SoundFileInfo, SoundFileError> {
    var offset = 8
    var sampleRate = 0.0
    var codec = ""
    var bytesPerPacket: UInt64 = 0
    var framesPerPacket: UInt64 = 0
    var dataBytes: UInt64?
    var validFrames: UInt64?
    while offset + 12 <= bytes.count {
      let type = fourCC(bytes, offset)
      let declared = Int64(bitPattern: bigEndian(bytes, offset + 4, 8))
      let body = offset + 12
      let available = UInt64(bytes.count - body)
      let size = declared < 0 ? available : min(UInt64(declared), available)
      switch type {
      case "desc":
        sampleRate = Double(bitPattern: bigEndian(bytes, body, 8))
        codec = fourCC(bytes, body + 8)
        bytesPerPacket = bigEndian(bytes, body + 16, 4)
        framesPerPacket = bigEndian(bytes, body + 20, 4)
      case "data":
        dataBytes = size >= 4 ? size - 4 : 0  // the edit count comes first
      case "pakt":
        validFrames = bigEndian(bytes, body + 8, 8)
      default:
        break
      }
      guard declared >= 0 else { break }
      offset = body + Int(min(size, UInt64(Int.max / 2)))
    }
    guard !codec.isEmpty else { return .failure(.missingChunk(container: "CAF", chunk: "desc")) }
    var frames: UInt64?
    if let validFrames, validFrames > 0 {
      frames = validFrames
    } else if let dataBytes, bytesPerPacket > 0, framesPerPacket > 0 {
      frames = dataBytes / bytesPerPacket * framesPerPacket
    }
    let seconds = frames.flatMap { sampleRate > 0 && sampleRate.isFinite ? Double($0) / sampleRate : nil }
    return .success(
      SoundFileInfo(
        container: "caf", codec: codec, isSupportedCodec: ["lpcm", "ima4", "ulaw", "alaw"].contains(codec),
        seconds: seconds))
  }

  /// RIFF WAVE: the `fmt ` chunk's format tag and byte rate, the `data` chunk's size.
  static func wav(_ bytes: [UInt8]) -> Result<SoundFileInfo, SoundFileError> {
    var offset = 12
    var format: UInt64?
    var byteRate: UInt64 = 0
    var dataBytes: UInt64?
    while offset + 8 <= bytes.count {
      let type = fourCC(bytes, offset)
      let size = littleEndian(bytes, offset + 4, 4)
      let body = offset + 8
      if type == "fmt " {
        format = littleEndian(bytes, body, 2)
        byteRate = littleEndian(bytes, body + 8, 4)
        if format == 0xFFFE { format = littleEndian(bytes, body + 24, 2) }  // WAVE_FORMAT_EXTENSIBLE's subformat
      } else if type == "data" {
        dataBytes = min(size, UInt64(bytes.count - body))
      }
      offset = body + Int(min(size, UInt64(bytes.count))) + Int(size & 1)
    }
    guard let format else { return .failure(.missingChunk(container: "WAV", chunk: "fmt")) }
    let names: [UInt64: String] = [
      1: "Linear PCM", 3: "IEEE float", 6: "aLaw", 7: "µLaw", 0x11: "IMA ADPCM", 0x55: "MP3",
    ]
    let seconds = dataBytes.flatMap { byteRate > 0 ? Double($0) / Double(byteRate) : nil }
    return .success(
      SoundFileInfo(
        container: "wav", codec: names[format] ?? "WAV format 0x\(String(format, radix: 16))",
        isSupportedCodec: [1, 6, 7, 0x11].contains(format), seconds: seconds))
  }

  /// AIFF and AIFF-C: `COMM` holds the frame count, the sample rate (an
  /// 80-bit extended float) and, in AIFF-C, the compression type.
  static func aiff(_ bytes: [UInt8]) -> Result<SoundFileInfo, SoundFileError> {
    let isCompressed = fourCC(bytes, 8) == "AIFC"
    var offset = 12
    while offset + 8 <= bytes.count {
      let type = fourCC(bytes, offset)
      let size = bigEndian(bytes, offset + 4, 4)
      let body = offset + 8
      if type == "COMM" {
        let frames = bigEndian(bytes, body + 2, 4)
        let rate = extended80(bytes, body + 8)
        let codec = isCompressed ? fourCC(bytes, body + 18) : "NONE"
        let supported = ["NONE", "sowt", "twos", "ulaw", "ULAW", "alaw", "ALAW", "ima4"].contains(codec)
        return .success(
          SoundFileInfo(
            container: isCompressed ? "aifc" : "aiff", codec: codec == "NONE" ? "Linear PCM" : codec,
            isSupportedCodec: supported, seconds: rate > 0 ? Double(frames) / rate : nil))
      }
      offset = body + Int(min(size, UInt64(bytes.count))) + Int(size & 1)
    }
    return .failure(.missingChunk(container: "AIFF", chunk: "COMM"))
  }

  static func extended80(_ bytes: [UInt8], _ offset: Int) -> Double {
    guard offset + 10 <= bytes.count else { return 0 }
    let exponent = Int(bigEndian(bytes, offset, 2) & 0x7FFF) - 16383
    let mantissa = bigEndian(bytes, offset + 2, 8)
    guard mantissa != 0, abs(exponent) < 1000 else { return 0 }
    return Double(mantissa) * pow2(exponent - 63)
  }

  static func pow2(_ exponent: Int) -> Double {
    var result = 1.0
    if exponent >= 0 {
      for _ in 0..<exponent { result *= 2 }
    } else {
      for _ in 0..<(-exponent) { result /= 2 }
    }
    return result
  }
}

/// Why a file is not a sound iOS can play, or could not be read.
public enum SoundFileError: Error, Sendable, Equatable {
  case tooShort
  /// No CAF, WAV or AIFF header; `fileExtension` is the file's.
  case notASoundFile(fileExtension: String)
  case missingChunk(container: String, chunk: String)
  case unreadable(reason: String)
}
