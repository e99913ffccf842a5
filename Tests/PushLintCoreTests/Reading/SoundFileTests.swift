import Testing

@testable import PushLintCore

@Suite struct SoundFileTests {
  func inspect(_ name: String) throws -> SoundFileInfo {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/Tests/Fixtures/sounds/" + name) else {
      throw SoundFileError.unreadable(reason: "missing fixture \(name)")
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
    #expect(long.problem == .tooLong(seconds: 31))
    #expect(try inspect("aac-2s.caf").problem == .codec("aac "))
    let wav = try inspect("pcm-3s.wav")
    #expect(wav.container == "wav" && wav.isSupportedCodec && wav.seconds == 3)
    #expect(try inspect("float-1s.wav").problem == .codec("IEEE float"))
    let aiff = try inspect("pcm-2s.aiff")
    #expect(aiff.container == "aiff" && aiff.isSupportedCodec && aiff.seconds == 2)
    let aifc = try inspect("ulaw-40s.aifc")
    #expect(aifc.container == "aifc" && aifc.codec == "ulaw" && aifc.isSupportedCodec && aifc.seconds == 40)
  }

  /// Found by the sound fuzz target: a denormal sample rate made the
  /// duration about 1e300 seconds, and formatting it trapped.
  @Test func anAbsurdDurationIsReportedNotTrapped() throws {
    var bytes = Array("caff".utf8) + [0, 1, 0, 0] + Array("desc".utf8) + [0, 0, 0, 0, 0, 0, 0, 32]
    bytes += [0x06, 0, 0, 0, 0, 0, 0, 0] + Array("ima4".utf8) + [0, 0, 0, 0] + [0, 0, 0, 34] + [0, 0, 0, 64]
    bytes +=
      [0, 0, 0, 1, 0, 0, 0, 0] + Array("data".utf8) + [0, 0, 0, 0, 0, 0, 0, 40] + Array(repeating: 0x80, count: 40)
    let info = try SoundFileReader.inspect(bytes, name: "absurd.caf").get()
    #expect((info.seconds ?? 0) > 1e9)
    #expect(
      SoundFileUnsupportedRule.problem(.success(info))
        == "it lasts more than a billion seconds; notification sounds must be shorter than 30")
  }

  @Test func otherFormatsAndBrokenHeadersAreReportedNotCrashed() throws {
    let mp3: [UInt8] = Array("ID3\u{4}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}abcdefgh".utf8)
    guard case .failure(let error) = SoundFileReader.inspect(mp3, name: "ding.mp3") else {
      Issue.record("an mp3 passed")
      return
    }
    #expect(error == .notASoundFile(fileExtension: "mp3"))
    #expect(SoundFileUnsupportedRule.problem(.failure(error))?.contains("(a .mp3 file)") == true)
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
