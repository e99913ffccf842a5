import Testing

@testable import PushLintCore

@Suite struct ClassificationTests {
  func kind(_ text: String, path: String = "x.json") -> DocumentKind? {
    let bytes = Array(text.utf8)
    let format = DocumentClassifier.format(of: bytes, path: path)
    let root: Node?
    switch format {
    case .plist: root = PlistReader.read(bytes).root
    case .yaml: root = YAMLReader.read(bytes).first?.result.root
    default: root = JSONReader.read(bytes).root
    }
    return DocumentClassifier.kind(of: root, format: format, path: path)
  }

  static func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
  }

  @Test func everyKindOfInputsMd() {
    #expect(kind(#"{"aps": {"alert": "Hi"}}"#) == .payload)
    #expect(kind(#"{"Simulator Target Bundle": "com.example"}"#, path: "a.apns") == .payload)
    #expect(
      kind(#"{"headers": {"apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}"#)
        == .envelope)
    #expect(
      kind(#"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}, "validate_only": true}"#) == .fcmMessage)
    #expect(kind("categories:\n  - identifier: INVITE\n", path: "categories.yaml") == .categories)
    let content = Self.plist(
      "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string></dict>"
    )
    #expect(kind(content, path: "Info.plist") == .extensionInfoPlist)
    let service = Self.plist(
      "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string></dict>"
    )
    #expect(kind(service, path: "Info.plist") == .extensionInfoPlist)
    let widget = Self.plist(
      "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>"
    )
    #expect(kind(widget, path: "Info.plist") == nil)
    #expect(
      kind(
        Self.plist("<key>CFBundleIdentifier</key><string>com.example</string><key>LSRequiresIPhoneOS</key><true/>"),
        path: "Info.plist") == .appInfoPlist)
    #expect(kind(Self.plist("<key>UIBackgroundModes</key><array/>"), path: "Info.plist") == .appInfoPlist)
    #expect(
      kind(Self.plist("<key>aps-environment</key><string>production</string>"), path: "App.entitlements")
        == .entitlements)
    #expect(kind(#"{"name": "app", "version": "1.0.0"}"#, path: "package.json") == nil)
    // .NET MAUI and Xamarin sign with an Entitlements.plist.
    #expect(
      kind(
        Self.plist("<key>aps-environment</key><string>production</string>"),
        path: "Platforms/iOS/Entitlements.plist") == .entitlements)
  }

  /// "message", "headers" and "categories" are common words: an API
  /// response, an HTTP fixture or a shop's catalogue is none of pushlint's
  /// kinds (seen in pocket-casts-ios's test fixtures).
  @Test func commonKeysNeedTheShapeAroundThem() {
    #expect(kind(#"{"status": "ok", "message": null, "result": {"podcast_updates": {}}}"#) == nil)
    #expect(kind(#"{"message": {"text": "Hello", "user": "ann"}}"#) == nil)
    #expect(kind(#"{"message": {"topic": "news", "notification": {"title": "Hi"}}}"#) == .fcmMessage)
    #expect(kind(#"{"headers": {"Content-Type": "text/plain"}, "payload": {"id": 1}}"#) == nil)
    #expect(kind(#"{"headers": {"APNs-Priority": "5"}, "payload": {"sync": 1}}"#) == .envelope)
    #expect(kind(#"{"categories": ["Books", "Music"], "items": []}"#) == nil)
    #expect(kind(#"{"categories": [{"name": "Books"}]}"#) == nil)
    #expect(kind(#"{"categories": [{"identifier": "INVITE", "actions": []}]}"#) == .categories)
  }

  /// Requests that look like APNs' or FCM's but go elsewhere, or that
  /// Apple's Wallet handles, are read for syntax only: none of the push
  /// rules applies to them (bodies from node-apn, gorush and Expo's SDK).
  @Test func requestsForOtherServicesAndWalletPassesAreNoPushes() {
    #expect(
      kind(#"{"headers": {"apns-topic": "pass.com.example.loyalty", "apns-push-type": "background"}, "payload": {}}"#)
        == .other)
    #expect(kind(#"{"headers": {"APNs-Topic": "Pass.com.example.card"}, "payload": {"aps": ""}}"#) == .other)
    #expect(
      kind(#"{"headers": {"apns-topic": "com.example.passes"}, "payload": {"aps": {"alert": "Hi"}}}"#) == .envelope)
    #expect(
      kind(#"{"validate_only": false, "message": {"token": ["pushtoken1"], "notification": {"title": "Hi"}}}"#)
        == .other)
    #expect(
      kind(#"{"message": {"topic": "news", "apns": {"hms_options": {"target_user_type": 1}, "payload": {}}}}"#)
        == .other)
    #expect(kind(#"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}}"#) == .fcmMessage)
    // Firebase Admin's ApnsConfig, kept as a fixture: the SDK's names in aps.
    #expect(
      kind(
        #"{"headers": {"apns-push-type": "background"}, "payload": {"aps": {"contentAvailable": true}}}"#)
        == .other)
    #expect(
      kind(#"{"headers": {}, "payload": {"aps": {"alert": {"titleLocKey": "T", "locKey": "B"}}}}"#) == .other)
    #expect(
      kind(#"{"headers": {}, "payload": {"aps": {"mutableContent": true, "thread-id": "g"}}}"#) == .other)
    #expect(
      kind(#"{"headers": {}, "payload": {"aps": {"mutableContent": true, "content-available": 1}}}"#) == .envelope)
    #expect(kind(#"{"headers": {}, "payload": {"aps": {"alert": "Hi", "threadId": "t"}}}"#) == .envelope)
    #expect(kind(#"{"aps": {"mutableContent": true}}"#) == .payload)
    // AeroGear UnifiedPush's send format: its `apns` holds none of FCM's keys.
    #expect(
      kind(
        #"{"message": {"alert": "Hi", "badge": 2, "apns": {"action-category": "c", "content-available": true}}, "criteria": {}}"#
      ) == .other)
    #expect(kind(#"{"message": {"apns": {"headers": {"apns-priority": "5"}, "aps": {}}}}"#) == .fcmMessage)
    // An in-app message service's test data (Exponea's): a `message` whose
    // only FCM field is a `name` of its own.
    #expect(
      kind(#"{"message": {"id": "5dd8", "name": "Welcome", "message_type": "modal", "payload": {}}, "type": "SHOW"}"#)
        == .other)
    #expect(kind(#"{"message": {"name": "projects/p/messages/1", "tokn": "t"}}"#) == .fcmMessage)
    #expect(kind(#"{"message": {"name": "Welcome", "topic": "news"}}"#) == .fcmMessage)
    // Courier's send body: a `data` beside keys that are not FCM's, no target.
    #expect(
      kind(
        #"{"message": {"to": {"user_id": "u1"}, "content": {"title": "Hi"}, "data": {"a": "1"}, "routing": {}}}"#)
        == .other)
    #expect(kind(#"{"message": {"notification": {"title": "Hi"}, "data": {}, "ttl": "60s"}}"#) == .fcmMessage)
    #expect(kind(#"{"message": {"topic": "news", "to": "x", "content": {}, "routing": {}}}"#) == .fcmMessage)
    // Another service's request in the legacy shape, to an e-mail address or a phone number.
    #expect(kind(#"{"to": "+15551234567", "data": {"sms": true}}"#) == .other)
    #expect(kind(#"{"to": "ops@example.com", "data": {"a": 1}, "priority": "high"}"#) == .other)
    #expect(kind(#"{"to": "<DEVICE TOKEN>", "data": {"a": 1}}"#) == .fcmLegacyMessage)
    #expect(kind(#"{"message": {"token": "t", "apns": {"aps": {"alert": "Hi"}}}}"#) == .fcmMessage)
    #expect(kind(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Hi", "data": {"a": 1}}"#) == .other)
    #expect(kind(#"{"to": "ExpoPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "priority": "high"}"#) == .other)
    #expect(kind(#"{"to": "/topics/news", "notification": {"title": "Hi"}}"#) == .fcmLegacyMessage)
    #expect(
      kind(#"{"to": "a6345d0278adc55d3474f5", "data": {"message": "Hi"}, "notification": {"body": "Hi"}}"#) == .other)
    #expect(
      kind(#"{"to": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Hi"}}"#)
        == .fcmLegacyMessage)
    #expect(kind(#"{"to": "abc123", "data": {"a": 1}}"#) == .fcmLegacyMessage)
  }

  /// Only an app runs from its Info.plist: a test bundle's or framework's
  /// (Leanplum's tests, owncloud's framework) is not an app's.
  @Test func bundleAndFrameworkPlistsAreNotAppPlists() {
    func plist(_ type: String) -> String {
      Self.plist(
        "<key>CFBundleIdentifier</key><string>com.example.x</string><key>CFBundlePackageType</key><string>\(type)</string>"
      )
    }
    #expect(kind(plist("APPL"), path: "App/Info.plist") == .appInfoPlist)
    #expect(kind(plist("BNDL"), path: "AppTests/Info.plist") == nil)
    #expect(kind(plist("FMWK"), path: "Kit/Info.plist") == nil)
    // The type a build setting: Xcode's test-bundle template has only bundle keys.
    let variable =
      "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"
      + "<key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>"
    #expect(kind(Self.plist(variable), path: "AppTests/Info.plist") == nil)
    #expect(
      kind(Self.plist(variable + "<key>UILaunchStoryboardName</key><string>Launch</string>"), path: "App/Info.plist")
        == .appInfoPlist)
  }

  /// A .strings file written as an XML property list (Xcode compiles them
  /// so, and translation tools export them so) is a localization table.
  @Test func aStringsFileInXMLIsALocalization() {
    let table = Self.plist("<key>GREETING</key><string>Hello %@</string>")
    #expect(DocumentClassifier.format(of: Array(table.utf8), path: "en.lproj/Localizable.strings") == .plist)
    #expect(kind(table, path: "en.lproj/Localizable.strings") == .localization)
    #expect(
      DocumentClassifier.format(of: Array("\"A\" = \"B\";\n".utf8), path: "en.lproj/Localizable.strings") == .strings)
  }

  @Test func explicitFilesWithoutAKindAreJudgedAsPayloads() {
    let diagnostics = lint(#"{"name": "app"}"#, path: "welcome.json")
    #expect(diagnostics.map(\.rule) == [RuleID.apsMissing.rawValue])
    #expect(lint(#"{"name": "app"}"#, path: "package.json").isEmpty, "a file every repository has is no payload")
  }

  @Test func walkedJSONLinesSkipLinesOfNoKind() {
    let scratch = ScratchDirectory()
    scratch.write("logs/events.jsonl", "{\"event\": \"open\"}\n{\"event\": \"close\"\n")
    scratch.write("push/batch.jsonl", "{\"aps\": {}}\n{\"note\": \"no aps\"}\n{\"aps\": {},}\n")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map { "\($0.path):\($0.span.start.line)" } == ["push/batch.jsonl:3"])
    #expect(report.files == 1)
    let explicit = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["push/batch.jsonl"], currentDirectory: scratch.path)
    #expect(explicit.diagnostics.map(\.span.start.line) == [2, 3])
  }

  @Test func explicitFilesOfUnknownExtensionAreSniffed() {
    #expect(DocumentClassifier.format(of: Array("  {\"aps\": {}}".utf8), path: "payload.txt") == .json)
    #expect(DocumentClassifier.format(of: Array("<?xml version=\"1.0\"?>".utf8), path: "Info") == .plist)
    #expect(DocumentClassifier.format(of: Array("bplist00xxxxxxxx".utf8), path: "Info") == .plist)
    #expect(DocumentClassifier.format(of: Array("aps:\n  badge: 1\n".utf8), path: "payload") == .yaml)
  }
}

@Suite struct ByteSearchTests {
  @Test func findsTheFirstWholeNeedleWithinTheRange() {
    let bytes = Array("a{b{{c categorie categories".utf8)
    #expect(ByteSearch.firstIndex(of: Array("{{".utf8), in: bytes) == 3)
    #expect(ByteSearch.firstIndex(of: Array("categories".utf8), in: bytes) == 17)
    #expect(ByteSearch.firstIndex(of: Array("{".utf8), in: bytes, from: 2) == 3)
    #expect(ByteSearch.firstIndex(of: Array("{{".utf8), in: bytes, to: 4) == nil, "a needle past the end is not found")
    #expect(ByteSearch.firstIndex(of: Array("s".utf8), in: []) == nil)
    #expect(!ByteSearch.contains("categoriesX", in: bytes))
  }

  /// Every length up to past 16 bytes is compared its own way (by bytes, by
  /// two overlapping words, by `memcmp`): for each, the same bytes match,
  /// and bytes that differ in any one place do not, wherever the two runs
  /// sit in a buffer (the word loads are unaligned).
  @Test func sameBytesAgreesWithComparingEachByte() {
    let buffer = (0..<96).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    buffer.withUnsafeBufferPointer { bytes in
      let base = bytes.baseAddress!
      for count in 0...40 {
        for (one, other) in [(0, 48), (1, 50), (3, 55)] {
          var copy = Array(bytes[one..<(one + count)])
          copy.withUnsafeBufferPointer { copied in
            #expect(count == 0 || ByteSearch.same(base + one, copied.baseAddress!, count: count))
          }
          for place in 0..<count {
            copy[place] ^= 0x20
            copy.withUnsafeBufferPointer { changed in
              #expect(!ByteSearch.same(base + one, changed.baseAddress!, count: count), "\(count) \(place)")
            }
            copy[place] ^= 0x20
          }
          let expected = bytes[one..<(one + count)].elementsEqual(bytes[other..<(other + count)])
          #expect(ByteSearch.same(base + one, base + other, count: count) == expected, "\(count)")
        }
      }
    }
  }

  /// A walked YAML file whose top level shows no kind is set aside unread;
  /// what the scan sets aside, the reader finds no kind in, document by
  /// document. Texts it cannot judge are left to the reader.
  @Test func aYAMLTopLevelScanSetsAsideOnlyWhatIsNoKind() throws {
    let setAside = [
      "en:\n  greeting: Hello\n  push: Push\n",
      "---\nname: CI\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: macos-14\n",
      "# comment\n\nkey: value # comment\nlist:\n- a\n- b\ntext: |\n  aps: not a key\n  to: neither\n",
      "a: \"quoted value\"\r\nb: 'x'\r\nc:\r\n  aps: nested\r\n",
      "\u{FEFF}名前: 値\nkey with spaces: 1\n",
      // A sequence at the root is no kind, whatever its entries hold.
      "- aps\n- to\n", "---\n- name: build\n  run: make\n# c\n-\n  aps: {alert: Hi}\n- aps:\n    alert: Hi\n",
    ]
    let leftToTheReader = [
      "aps:\n  alert: Hi\n", "to: device-token\ndata:\n  x: 1\n", "categories:\n  - identifier: A\n",
      "headers:\n  apns-push-type: alert\n", "\"aps\": {alert: Hi}\n", "{aps: {alert: Hi}}\n",
      "  aps:\n    alert: Hi\n",
      "a: 1\n---\naps:\n  alert: Hi\n", "a: 1\n...\n", "<<: *base\na: 1\n", "&root\na: 1\n", "? aps\n: 1\n",
      "- a\nkey: 1\n", "- a\n---\naps:\n  alert: Hi\n", "-a\n", "plain scalar\n", "%YAML 1.2\n---\na: 1\n", "a #x: 1\n",
      "a:b\n", "", "# only a comment\n",
      "---\n---\na: 1\n",
    ]
    for text in setAside + leftToTheReader {
      let bytes = Array(text.utf8)
      let scanned = bytes.withUnsafeBufferPointer(DocumentClassifier.yamlTopLevelShowsNoKind)
      #expect(scanned == setAside.contains(text), "\(text.debugDescription)")
      if scanned {
        for document in YAMLReader.read(bytes) {
          #expect(
            DocumentClassifier.kind(of: document.result.root, format: .yaml, path: "x.yaml") == nil,
            "\(text.debugDescription)")
        }
      }
    }
    // Every YAML file of the samples and fixtures: the same promise.
    var files: [String] = []
    func walk(_ directory: String) {
      guard case .success(let names) = FileSystem.list(directory) else { return }
      for name in names {
        let path = directory + "/" + name
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
          files.append(path)
        } else if !name.contains(".") {
          walk(path)
        }
      }
    }
    walk(repositoryRoot + "/samples")
    walk(repositoryRoot + "/Tests/Fixtures")
    #expect(files.count >= 10)
    for path in files {
      guard case .success(let bytes) = FileSystem.readFile(path),
        bytes.withUnsafeBufferPointer(DocumentClassifier.yamlTopLevelShowsNoKind)
      else { continue }
      for document in YAMLReader.read(bytes) {
        #expect(DocumentClassifier.kind(of: document.result.root, format: .yaml, path: path) == nil, "\(path)")
      }
    }
  }

  /// Set aside or read, a walked YAML file of no kind gives the same run:
  /// nothing to lint, its suppression comments still seen.
  @Test func aWalkedYAMLFileOfNoKindIsSetAsideAsItWouldBeDropped() {
    let scratch = ScratchDirectory()
    scratch.write("fixtures/locale.yml", "en:\n  hello: Hello # pushlint: disable=unknown-key\n")
    scratch.write("push/alert.yaml", "aps:\n  alert: Hello\n  badge: \"3\"\n")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.path) == ["push/alert.yaml"])
    #expect(report.files == 1)
  }
}
