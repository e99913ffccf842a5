import Testing

@testable import PushLintCore

@Suite struct LineIndexTests {
  /// The line and column of every offset (and the end) from the text's
  /// start on, counted byte by byte: what `LineIndex` gives, however long
  /// the line.
  func counted(_ bytes: [UInt8]) -> [(line: Int, column: Int)] {
    let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var positions: [(line: Int, column: Int)] = []
    var line = 1
    var column = 1
    for index in 0...bytes.count {
      positions.append((line, column))
      // The mark takes no column: the text's first character is column 1.
      guard index < bytes.count, index >= textStart else { continue }
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[index] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return positions
  }

  /// Lines longer than the step between column marks, short ones between
  /// them, text in several scripts, and a byte-order mark: every offset is
  /// placed where counting places it.
  @Test(arguments: [false, true])
  func everyOffsetOfLongAndShortLinesIsPlacedAsCountingPlacesIt(byteOrderMark: Bool) {
    let long = String(repeating: "<true/>Grüße 👋 ключ ", count: 300)
    let text = long + "\nshort\n\n" + long + long + "\n" + String(repeating: "x", count: LineIndex.columnStep) + "\nend"
    let bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    let index = LineIndex(bytes: bytes)
    let positions = counted(bytes)
    for offset in (byteOrderMark ? 3 : 0)...bytes.count {
      let position = index.position(ofOffset: offset)
      let expected = positions[offset]
      #expect(position.line == expected.line && position.column == expected.column, "offset \(offset)")
      if position.line != expected.line || position.column != expected.column { return }
    }
  }

  /// A property list written on one line: each element's position is
  /// where it stands on that line.
  @Test func aPropertyListOnOneLineKeepsItsColumns() throws {
    let elements = String(repeating: "<true/>", count: 2000)
    let text =
      "<plist version=\"1.0\"><dict><key>Flags</key><array>" + elements + "<string>é</string></array></dict></plist>"
    let root = try #require(PlistReader.read(Array(text.utf8)).root)
    let flags = try #require(root["Flags"]?.elements)
    #expect(flags.count == 2001)
    let prefix = "<plist version=\"1.0\"><dict><key>Flags</key><array>".count
    #expect(flags[1500].span.start.line == 1)
    #expect(flags[1500].span.start.column == prefix + 1500 * 7 + 1)
    #expect(flags[2000].span.start.column == prefix + 2000 * 7 + 1)
  }
}
