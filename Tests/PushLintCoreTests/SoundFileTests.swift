import Testing

@testable import PushLintCore

@Suite struct SoundFileTests {
  func inspect(_ name: String) throws -> SoundFileInfo {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/Tests/Fixtures/sounds/" + name) else {
      throw SoundFileError(message: "missing fixture \(name)")
    }
    return try SoundFileReader.inspect(bytes, name: name).get()
  }

  @Test func headersGiveContainerCodecAndDuration() throws {
    let ima4 = try inspect("ima4-5s.caf")
    #expect(ima4.container == "caf" && ima4.codec == "ima4" && ima4.isSupportedCodec)
    #expect(abs((ima4.seconds ?? 0) - 5) < 0.01)
    #expect(ima4.problem == nil)
    let long = try inspect("lpcm-31s.caf")
    #expect(long.codec == "lpcm" && long.seconds == 31)
    #expect(long.problem?.contains("lasts 31 seconds") == true)
    #expect(try inspect("aac-2s.caf").problem?.contains("codec is aac") == true)
    let wav = try inspect("pcm-3s.wav")
    #expect(wav.container == "wav" && wav.isSupportedCodec && wav.seconds == 3)
    #expect(try inspect("float-1s.wav").problem?.contains("IEEE float") == true)
    let aiff = try inspect("pcm-2s.aiff")
    #expect(aiff.container == "aiff" && aiff.isSupportedCodec && aiff.seconds == 2)
    let aifc = try inspect("ulaw-40s.aifc")
    #expect(aifc.container == "aifc" && aifc.codec == "ulaw" && aifc.isSupportedCodec && aifc.seconds == 40)
  }

  @Test func otherFormatsAndBrokenHeadersAreReportedNotCrashed() throws {
    let mp3: [UInt8] = Array("ID3\u{4}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}abcdefgh".utf8)
    guard case .failure(let error) = SoundFileReader.inspect(mp3, name: "ding.mp3") else {
      Issue.record("an mp3 passed")
      return
    }
    #expect(error.message.contains("(a .mp3 file)"))
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/Tests/Fixtures/sounds/ima4-5s.caf") else {
      return
    }
    for length in 0..<200 {
      _ = SoundFileReader.inspect(Array(bytes.prefix(length)), name: "cut.caf")
    }
    var corrupt = bytes
    for index in stride(from: 0, to: 120, by: 1) {
      corrupt[index] ^= 0xA5
      _ = SoundFileReader.inspect(corrupt, name: "corrupt.caf")
    }
  }
}
