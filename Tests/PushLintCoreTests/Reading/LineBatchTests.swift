import Testing

@testable import PushLintCore

@Suite struct LineBatchTests {
  /// Every batch the reader gives, as (number, offset, text, tooLong) per line.
  func lines(of reader: inout LineBatchReader) -> [(Int, Int, String, Bool)] {
    var found: [(Int, Int, String, Bool)] = []
    while let result = reader.next() {
      guard case .success(let batch) = result else {
        if case .failure(let error) = result { Issue.record("read failed: \(error)") }
        continue
      }
      for line in batch.lines {
        found.append((line.number, line.offset, String(decoding: batch.bytes[line.range], as: UTF8.self), line.tooLong))
      }
    }
    return found
  }

  /// What splitting the text's bytes at its line breaks gives: the reference.
  func expected(_ text: String) -> [(Int, Int, String, Bool)] {
    var found: [(Int, Int, String, Bool)] = []
    var offset = 0
    let parts = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      // The text after the last break is a line only when it is not empty.
      if index == parts.count - 1 && part.isEmpty { break }
      found.append((index + 1, offset, String(decoding: part, as: UTF8.self), false))
      offset += part.count + 1
    }
    return found
  }

  @Test func linesCutByEveryReadSizeComeOutWhole() {
    let text = "{\"aps\": {}}\n\n{\"a\": \"é\"}\r\nlast line without a break"
    for readSize in [1, 2, 3, 5, 7, 11, 64, 4096] {
      var reader = LineBatchReader(bytes: Array(text.utf8), readSize: readSize)
      let got = lines(of: &reader)
      let want = expected(text)
      #expect(got.map(\.0) == want.map(\.0), "read size \(readSize)")
      #expect(got.map(\.1) == want.map(\.1), "read size \(readSize)")
      #expect(got.map(\.2) == want.map(\.2), "read size \(readSize)")
    }
  }

  @Test func aFileReadsAsTheSameBytesInMemory() throws {
    let scratch = ScratchDirectory()
    let text = (1...3000).map { "{\"aps\": {\"badge\": \($0)}}" }.joined(separator: "\n") + "\n"
    scratch.write("batch.jsonl", text)
    var fromFile = try LineBatchReader.reading(scratch.path + "/batch.jsonl", readSize: 1000).get()
    let got = lines(of: &fromFile)
    let want = expected(text)
    #expect(got.count == 3000)
    #expect(got.map(\.0) == want.map(\.0))
    #expect(got.map(\.1) == want.map(\.1))
    #expect(got.map(\.2) == want.map(\.2))
    #expect(fromFile.next() == nil)
  }

  /// Read as JSON Lines linting reads (each batch into the bytes of the
  /// batch before last), a file gives the same lines at any read size; a
  /// batch something still holds, as a finding could, is never written over.
  @Test func batchesReadIntoTheBytesOfAnEarlierBatchAreTheSame() throws {
    let scratch = ScratchDirectory()
    let text =
      (1...3000).map { "{\"aps\": {\"alert\": \"\(String(repeating: "é", count: $0 % 37))\"}}" }
      .joined(separator: "\n") + "\nlast"
    scratch.write("batch.jsonl", text)
    let want = expected(text)
    for readSize in [7, 100, 1000, 4096] {
      var reader = try LineBatchReader.reading(scratch.path + "/batch.jsonl", readSize: readSize).get()
      var spare: [UInt8] = []
      var previous: [UInt8] = []
      var held: [(bytes: [UInt8], copy: [UInt8])] = []
      var got: [(Int, Int, String)] = []
      var batches = 0
      while let result = reader.next(reusing: &spare) {
        guard case .success(let batch) = result else {
          Issue.record("read failed")
          break
        }
        for line in batch.lines {
          got.append((line.number, line.offset, String(decoding: batch.bytes[line.range], as: UTF8.self)))
        }
        batches += 1
        if batches % 3 == 0 { held.append((batch.bytes, Array(batch.bytes))) }
        spare = previous
        previous = batch.bytes
      }
      #expect(got.map(\.0) == want.map(\.0), "read size \(readSize)")
      #expect(got.map(\.1) == want.map(\.1), "read size \(readSize)")
      #expect(got.map(\.2) == want.map(\.2), "read size \(readSize)")
      #expect(!held.isEmpty && held.allSatisfy { $0.bytes == $0.copy }, "read size \(readSize)")
    }
  }

  @Test func anEmptyInputHasNoBatch() {
    var reader = LineBatchReader(bytes: [])
    #expect(reader.next() == nil)
  }

  @Test func onlyRegularFilesAreRead() {
    let scratch = ScratchDirectory()
    _ = run("/usr/bin/mkfifo", [scratch.path + "/pipe.jsonl"])
    for (path, reason) in [(scratch.path + "/pipe.jsonl", "not a regular file"), (scratch.path, "is a directory")] {
      guard case .failure(let error) = LineBatchReader.reading(path) else {
        Issue.record("\(path) was opened as a JSON Lines file")
        continue
      }
      #expect(error.reason.contains(reason), "\(path)")
    }
  }

  @Test func aLineOverTheLimitIsSkippedAndTheNextKeepsItsNumber() {
    let long = String(repeating: "x", count: FileLimits.maxLineLength + 10)
    let text = "{\"a\": 1}\n" + long + "\n{\"b\": 2}\n"
    var reader = LineBatchReader(bytes: Array(text.utf8), readSize: 1 << 20)
    let got = lines(of: &reader)
    #expect(got.map(\.0) == [1, 2, 3])
    #expect(got.map(\.3) == [false, true, false])
    #expect(got[2].1 == 9 + long.utf8.count + 1)
    let third = got[2].2
    #expect(third == "{\"b\": 2}")
  }

  /// Through the linter: the skipped line is one `syntax-error` at its own
  /// line, and the lines around it are checked at theirs.
  @Test func aLongLineInAFileIsOneDiagnostic() {
    let scratch = ScratchDirectory()
    let long = String(repeating: "x", count: FileLimits.maxLineLength + 10)
    scratch.write("batch.jsonl", "{\"aps\": {\"badge\": \"1\"}}\n" + long + "\n{\"aps\": {\"badge\": \"3\"}}\n")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 2)
      .lint(paths: ["batch.jsonl"], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.span.start.line) == [1, 2, 3])
    #expect(report.diagnostics.map(\.rule) == ["value-type", RuleID.syntaxError.rawValue, "value-type"])
    let skipped = report.diagnostics[1].message.hasPrefix("line 2 is longer than 16 MiB")
    #expect(skipped)
  }
}
