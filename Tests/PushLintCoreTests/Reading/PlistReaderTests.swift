import Testing

@testable import PushLintCore

@Suite struct PlistReaderTests {
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<!-- a comment -->
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionAttributes</key>
    \t\t<dict>
    \t\t\t<key>UNNotificationExtensionCategory</key>
    \t\t\t<array>
    \t\t\t\t<string>A &amp; B</string>
    \t\t\t\t<string><![CDATA[<raw>]]></string>
    \t\t\t</array>
    \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
    \t\t\t<real>0.5</real>
    \t\t\t<key>UNNotificationExtensionDefaultContentHidden</key>
    \t\t\t<true/>
    \t\t\t<key>Count</key>
    \t\t\t<integer>-3</integer>
    \t\t</dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.usernotifications.content-extension</string>
    \t</dict>
    </dict>
    </plist>
    """

  @Test func xmlValuesHaveLinePositions() throws {
    let result = PlistReader.read(Array(Self.xml.utf8))
    #expect(result.findings.isEmpty)
    let root = try #require(result.root)
    let attributes = try #require(root["NSExtension"]?["NSExtensionAttributes"])
    let categories = try #require(attributes.member("UNNotificationExtensionCategory"))
    #expect(categories.keySpan.start.line == 12)
    #expect(categories.keySpan.start.column == 4)
    #expect(categories.value.span.start.line == 13)
    #expect(categories.value.elements?.map(\.stringValue) == ["A & B", "<raw>"])
    #expect(categories.value.pointer == "/NSExtension/NSExtensionAttributes/UNNotificationExtensionCategory")
    #expect(attributes["UNNotificationExtensionInitialContentSizeRatio"]?.numberValue?.doubleValue == 0.5)
    #expect(attributes["UNNotificationExtensionDefaultContentHidden"]?.boolValue == true)
    #expect(attributes["Count"]?.numberValue?.literal == "-3")
    #expect(DocumentClassifier.kind(of: root, format: .plist, path: "Info.plist") == .extensionInfoPlist)
  }

  @Test(arguments: [
    ("<plist><dict><key>a</key></dict></plist>", 1, "no value"),
    ("<plist><dict><string>x</string></dict></plist>", 1, "where a <key> is expected"),
    ("<plist>\n<dict>\n<key>a</key>\n<string>x</dict>\n</plist>", 4, "expected </string>"),
    ("<plist><dict>\n<key>a</key><integer>1.5</integer></dict></plist>", 2, "not a whole number"),
    ("<plist><foo/></plist>", 1, "unknown plist element"),
    ("<plist><dict>", 1, "never closed"),
    ("<plist><string>a &nbsp; b</string></plist>", 1, "unknown entity"),
    ("", 1, "no plist value"),
    ("<plist version=\"1.0\"></plist>", 1, "holds no value"),
    ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"/>", 2, "holds no value"),
  ])
  func malformedXMLIsASyntaxError(text: String, line: Int, words: String) throws {
    let finding = try #require(PlistReader.read(Array(text.utf8)).findings.first)
    #expect(finding.rule == RuleID.syntaxError)
    #expect(finding.span.start.line == line, "\(finding.message)")
    #expect(finding.message.contains(words), "\(finding.message)")
  }

  func fixture(_ name: String) throws -> [UInt8] {
    guard case .success(let bytes) = FileSystem.readFile(repositoryRoot + "/Tests/Fixtures/plists/" + name) else {
      throw FixtureMissing()
    }
    return bytes
  }
  struct FixtureMissing: Error {}

  @Test func binaryPlistsAreReadFully() throws {
    let result = PlistReader.read(try fixture("content-extension.binary.plist"))
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    let root = try #require(result.root)
    #expect(DocumentClassifier.kind(of: root, format: .plist, path: "Info.plist") == .extensionInfoPlist)
    let attributes = try #require(root["NSExtension"]?["NSExtensionAttributes"])
    #expect(
      attributes["UNNotificationExtensionCategory"]?.elements?.map(\.stringValue) == [
        "MEETING_INVITATION", "CHAT_MESSAGE",
      ])
    #expect(attributes["UNNotificationExtensionInitialContentSizeRatio"]?.numberValue?.doubleValue == 0.5)
    #expect(attributes["UNNotificationExtensionDefaultContentHidden"]?.boolValue == false)
    #expect(attributes["UNNotificationExtensionUserInteractionEnabled"]?.boolValue == true)
    #expect(root["Count"]?.numberValue?.literal == "42")
    #expect(root["Negative"]?.numberValue?.literal == "-7")
    #expect(root["Big"]?.numberValue?.literal == "1099511627776")
    #expect(root["Created"]?.stringValue == "2024-03-01T12:30:05Z")
    #expect(root["Blob"]?.stringValue == "AAFoZWxsbw==")
    #expect(root["Greeting"]?.stringValue == "Grüße 👋")
    #expect(root["NSExtension"]?["NSExtensionAttributes"]?.pointer == "/NSExtension/NSExtensionAttributes")
  }

  @Test func binaryEntitlementsAreClassifiedByName() throws {
    let bytes = try fixture("App.binary.entitlements")
    let root = try #require(PlistReader.read(bytes).root)
    #expect(root["aps-environment"]?.stringValue == "production")
    #expect(DocumentClassifier.kind(of: root, format: .plist, path: "App.entitlements") == .entitlements)
  }

  @Test func truncatedOrCorruptBinaryPlistsAreDiagnosedNotCrashed() throws {
    let bytes = try fixture("content-extension.binary.plist")
    for length in stride(from: 8, to: bytes.count, by: 1) {
      let result = PlistReader.read(Array(bytes[0..<length]))
      #expect(result.root != nil || result.findings.first?.rule == RuleID.syntaxError)
    }
    for position in 8..<bytes.count {
      var corrupt = bytes
      corrupt[position] ^= 0xFF
      let result = PlistReader.read(corrupt)
      #expect(result.root != nil || result.findings.first?.rule == RuleID.syntaxError)
    }
  }

  @Test func aSelfContainingBinaryPlistIsRefused() {
    // bplist00, one array (object 0) holding a reference to itself.
    var bytes = Array("bplist00".utf8) + [0xA1, 0x00]
    let tableOffset = bytes.count
    bytes += [0x08]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
    let result = PlistReader.read(bytes)
    #expect(result.root == nil)
    #expect(result.findings.first?.message.contains("contains itself") == true)
  }

  @Test func eightByteReferencesPastIntAreOutOfRange() {
    // Found by fuzzing: references 8 bytes wide, of 2^64 - 1, in an array
    // and as a dictionary's key and value. Each is a syntax error naming
    // the reference, never a trap converting it to Int.
    let huge: [UInt8] = Array(repeating: 0xFF, count: 8)
    let one: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]
    for container in [[0xA1] + huge, [0xD1] + huge + one, [0xD1] + one + huge] {
      var bytes = Array("bplist00".utf8) + container
      let second = bytes.count
      bytes += [0x09]
      let tableOffset = bytes.count
      bytes += [0x08, UInt8(second)]
      bytes += [0, 0, 0, 0, 0, 0, 1, 8] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0]
      bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
      let result = PlistReader.read(bytes)
      #expect(result.root == nil)
      #expect(
        result.findings.first?.message.contains("object reference 18446744073709551615 is outside the 2 objects")
          == true,
        "\(result.findings.map(\.message))")
    }
  }

  @Test func aBinaryBillionLaughsIsRefused() throws {
    let result = PlistReader.read(try fixture("billion-laughs.binary.plist"))
    #expect(result.root == nil)
    #expect(result.findings.count == 1)
    #expect(result.findings.first?.message.contains("shared objects") == true)
  }

  @Test func sharedLeavesAreNotBudgeted() {
    // 150,000 references to one shared string: ordinary for plistlib and Xcode.
    let count = 150_000
    var bytes = Array("bplist00".utf8)
    let stringOffset = bytes.count
    bytes += [0x51, UInt8(ascii: "a")]
    let arrayOffset = bytes.count
    bytes += [0xAF, 0x12] + withUnsafeBytes(of: UInt32(count).bigEndian, Array.init)
    bytes += Array(repeating: 0, count: count)
    let table = bytes.count
    bytes += withUnsafeBytes(of: UInt32(stringOffset).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt32(arrayOffset).bigEndian, Array.init)
    bytes += [0, 0, 0, 0, 0, 0, 4, 1]
    bytes += withUnsafeBytes(of: UInt64(2).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt64(1).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
    let result = PlistReader.read(bytes)
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    #expect(result.root?.elements?.count == count)
  }
}

/// Info.plists that Xcode preprocesses (INFOPLIST_PREPROCESS) hold C
/// preprocessor lines; they are read as the preprocessor would with nothing
/// defined beyond the file's own #defines (owncloud's Info.plist has one).
@Suite struct PlistPreprocessingTests {
  static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.app</string>
    #define HAS_VOIP 1
    \t#ifndef DISABLE_PLAIN_HTTP
    \t<key>NSAppTransportSecurity</key>
    \t<dict><key>NSAllowsArbitraryLoads</key><true/></dict>
    \t#endif
    #if defined(HAS_VOIP) && HAS_VOIP >= 1 && !defined(APP_STORE)
    \t<key>UIBackgroundModes</key>
    \t<array><string>remote-notification</string><string>voip</string></array>
    #elif 1
    \t<key>UIBackgroundModes</key>
    \t<array><string>fetch</string></array>
    #else
    \t<key>UIBackgroundModes</key>
    #endif
    #ifdef SOMETHING_UNDEFINED
    \t<key>Broken</key>
    #endif
    #include "Shared.plist"
    </dict>
    </plist>

    """

  @Test func directivesAreFollowedAndPositionsKept() throws {
    let bytes = Array(Self.text.utf8)
    #expect(PlistPreprocessing.hasDirectives(bytes))
    let prepared = PlistPreprocessing.apply(bytes)
    #expect(prepared.count == bytes.count)
    let result = PlistReader.read(prepared)
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    let root = try #require(result.root)
    #expect(root.members?.map(\.key) == ["CFBundleIdentifier", "NSAppTransportSecurity", "UIBackgroundModes"])
    #expect(root["UIBackgroundModes"]?.elements?.compactMap(\.stringValue) == ["remote-notification", "voip"])
    #expect(root.member("UIBackgroundModes")?.keySpan.start.line == 12)
  }

  @Test func aPlistWithoutDirectivesIsLeftAlone() {
    let plain = Array(ClassificationTests.plist("<key>A</key><string>#if 0</string>").utf8)
    #expect(!PlistPreprocessing.hasDirectives(plain))
  }

  @Test func aPreprocessedInfoPlistIsNotASyntaxError() {
    let scratch = ScratchDirectory()
    scratch.write("App/Info.plist", Self.text)
    scratch.write("push/sync.json", "{\"aps\": {\"content-available\": 1}}")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(TextReporter.line(for:)))")
  }
}
