import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite struct StringsFileReaderTests {
  func entries(_ result: ReadResult) -> [String] {
    (result.root?.members ?? []).map { "\($0.key)=\($0.value.stringValue ?? "?")" }
  }

  @Test func readsXcodesFormatWithCommentsEscapesAndUnquotedWords() {
    let text = """
      /* A comment
         over two lines */
      "GREETING" = "Hello, \\"%@\\"\\n"; // trailing comment
      UNQUOTED_KEY = plain.value;
      "ALONE";
      "UNICODE" = "caf\\U00e9 \\101";
      """
    let result = StringsFileReader.read(Array(text.utf8))
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    #expect(
      entries(result) == [
        "GREETING=Hello, \"%@\"\n", "UNQUOTED_KEY=plain.value", "ALONE=ALONE", "UNICODE=café A",
      ])
    let greeting = result.root?.members?[0]
    #expect(greeting?.keySpan.start.line == 3)
    #expect(greeting?.keySpan.start.column == 1)
    #expect(greeting?.value.span.start.column == 14)
  }

  /// Escapes as Foundation reads them (CFOldStylePList's getSlashedChar):
  /// `\U` takes up to four hex digits, none at all being a NUL, surrogate
  /// pairs join, and `\u` is a plain "u". A translator's "\Utwórz" is no
  /// syntax error (rocket.chat's Polish table has one).
  /// The same table in every encoding Xcode's copyStrings reads: UTF-8
  /// with and without a byte-order mark, UTF-16 in either order with and
  /// without one, and with the mark written twice (translation platforms
  /// export that; Foundation reads the second as a mark too).
  @Test func everyEncodingXcodeReadsGivesTheSameEntries() {
    let text = "/* Greeting */\n\"HELLO\" = \"Grüße, %@ ☕\";\n\"BYE\" = \"Tschüss\";\n"
    let units = Array(text.utf16)
    func utf16(_ bigEndian: Bool, marks: Int) -> [UInt8] {
      (Array(repeating: 0xFEFF, count: marks) + units).flatMap { unit -> [UInt8] in
        bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
    }
    let utf8 = Array(text.utf8)
    let variants: [(String, [UInt8])] = [
      ("UTF-8", utf8), ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + utf8),
      ("UTF-8 with two marks", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + utf8),
      ("UTF-16LE", utf16(false, marks: 0)), ("UTF-16BE", utf16(true, marks: 0)),
      ("UTF-16LE with a mark", utf16(false, marks: 1)), ("UTF-16BE with a mark", utf16(true, marks: 1)),
      ("UTF-16LE with two marks", utf16(false, marks: 2)), ("UTF-16BE with two marks", utf16(true, marks: 2)),
    ]
    for (name, bytes) in variants {
      let result = StringsFileReader.read(bytes)
      #expect(result.findings.isEmpty, "\(name): \(result.findings.map(\.message))")
      #expect(entries(result) == ["HELLO=Grüße, %@ ☕", "BYE=Tschüss"], "\(name)")
    }
  }

  @Test func aDoublyMarkedUTF16TableResolvesLocKeys() {
    let table = (Array(repeating: UInt16(0xFEFF), count: 2) + Array("\"INVITE_TITLE\" = \"Einladung\";\n".utf16))
      .flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    var linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    let found = linter.lint(project: [
      ("App/de.lproj/Localizable.strings", table),
      ("push/invite.json", Array("{\"aps\": {\"alert\": {\"title-loc-key\": \"INVITE_TITLE\"}}}".utf8)),
      ("push/typo.json", Array("{\"aps\": {\"alert\": {\"title-loc-key\": \"INVITE_TITEL\"}}}".utf8)),
    ])
    #expect(found.map { "\($0.path) \($0.rule)" } == ["push/typo.json loc-key-undefined"])
  }

  @Test func unicodeEscapesReadAsFoundationReadsThem() {
    let text = #""A" = "\Utwórz"; "B" = "\u00e9"; "C" = "\UD83D\UDE00!"; "D" = "\U00e9x";"#
    let result = StringsFileReader.read(Array(text.utf8))
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    #expect(entries(result) == ["A=\u{0}twórz", "B=u00e9", "C=😀!", "D=éx"])
  }

  @Test func aDoubledSemicolonSaysWhatFoundationLoses() {
    let result = StringsFileReader.read(Array("\"A\" = \"a\";\n\"B\" = \"b\";;\n\"C\" = \"c\";\n".utf8))
    #expect(result.root == nil)
    #expect(
      result.findings.map(\.message) == [
        "a second ; after the entry \"B\": Foundation stops reading the table here, and every entry after it is lost"
      ])
    #expect(result.findings.first?.span.start.line == 2)
    #expect(result.findings.first?.span.start.column == 11)
  }

  func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
    var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
  }

  @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
  func readsUTF16InEitherByteOrder(bigEndian: Bool, bom: Bool) {
    let text = "/* Deutsch */\n\"TITLE\" = \"Gr\u{FC}\u{DF}e, %1$@ \u{1F44B}\";\n\"BODY\" = \"%2$@\";\n"
    let result = StringsFileReader.read(utf16(text, bigEndian: bigEndian, bom: bom))
    #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    #expect(entries(result) == ["TITLE=Grüße, %1$@ 👋", "BODY=%2$@"])
    #expect(result.root?.members?[1].keySpan.start.line == 3)
  }

  @Test func mistakesAreSyntaxErrorsAtTheirPlace() {
    let cases: [(String, Int, Int, String)] = [
      ("\"A\" = \"a\"\n\"B\" = \"b\";", 1, 10, "expected ; after the entry \"A\""),
      ("\"A\" = \"never closed;\n", 1, 7, "never closed"),
      ("/* open comment\n\"A\" = \"a\";", 1, 1, "never closed"),
      ("\"A\" = ;", 1, 7, "expected a value"),
      ("\"A\" = \u{201C}a\u{201D};", 1, 7, "expected a value"),
      ("\"A\" = \"a\"", 1, 10, "ends before the ;"),
    ]
    for (text, line, column, message) in cases {
      let result = StringsFileReader.read(Array(text.utf8))
      #expect(result.root == nil, "\(text)")
      let finding = result.findings.first
      #expect(finding?.rule == .syntaxError, "\(text)")
      #expect(
        finding?.span.start.line == line && finding?.span.start.column == column,
        "\(text): \(String(describing: finding?.span.start))")
      #expect(finding?.message.contains(message) == true, "\(text): \(finding?.message ?? "")")
    }
  }

  @Test func brokenEncodingsAreInvalidEncodingNotCrashes() {
    let oddUTF16: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x41]
    #expect(StringsFileReader.read(oddUTF16).findings.first?.rule == .invalidEncoding)
    let loneSurrogate: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00]
    #expect(StringsFileReader.read(loneSurrogate).findings.first?.rule == .invalidEncoding)
    let latin1: [UInt8] = Array("\"A\" = \"caf".utf8) + [0xE9] + Array("\";".utf8)
    let finding = StringsFileReader.read(latin1).findings.first
    #expect(finding?.rule == .invalidEncoding)
    #expect(finding?.span.start.column == 11)
    #expect(StringsFileReader.read([]).root?.members?.isEmpty == true, "an empty table is a table")
  }
}

@Suite struct FormatArgumentsTests {
  @Test(arguments: [
    ("Hello", 0), ("%@ invited you to %@", 2), ("%1$@ hat %2$@", 2), ("%2$@ only", 2), ("100%% sure", 0),
    ("%d items from %@", 2), ("%ld %lld %zd", 3), ("%*d", 2), ("%.*f", 2), ("%1$*2$d", 2),
    ("%#@messages@ from %@", 2), ("%2$#@messages@", 2), ("ends with %", 0), ("%q", 0), ("%-5.2f%%", 1),
  ])
  func countsArgumentsAsStringFormatConsumesThem(format: String, expected: Int) {
    #expect(FormatArguments.count(in: format) == expected, "\(format)")
  }

  @Test func onlyArgumentsNamedByPositionCountAsPositional() {
    #expect(FormatArguments.highestPositionalArgument(in: "%d messages") == 0)
    #expect(FormatArguments.highestPositionalArgument(in: "%d messages from %2$@") == 2)
    #expect(FormatArguments.highestPositionalArgument(in: "%*3$d") == 3)
    #expect(FormatArguments.highestPositionalArgument(in: "%1$#@n@ %@") == 1)
  }

  @Test func aCatalogSubstitutionTakesItsArgNum() {
    #expect(FormatArguments.count(in: "%#@files@") { $0 == "files" ? 3 : nil } == 3)
  }
}

@Suite struct LocalizationTests {
  func project(_ files: [(String, String)]) -> Localizations {
    let linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    var localizations = Localizations()
    for (path, text) in files {
      let read = linter.read(
        bytes: Array(text.utf8),
        input: LintInput(displayPath: path, absolutePath: "/p/" + path, explicit: false, namedByGlob: false))
      for document in read.documents { localizations.add(document) }
    }
    return localizations
  }

  /// A key is expected in the languages of the tables beside those that
  /// define it: a framework's `.lproj` folders elsewhere are another
  /// bundle's, and a String Catalog holds its languages itself.
  @Test func aKeyIsExpectedInTheLanguagesBesideItsTables() {
    #expect(Localizations.tableFolder(ofPath: "App/Resources/de.lproj/Localizable.strings") == "App/Resources")
    #expect(Localizations.tableFolder(ofPath: "en.lproj/Localizable.stringsdict") == "")
    #expect(Localizations.tableFolder(ofPath: "App/Localizable.strings") == "App")
    #expect(Localizations.tableFolder(ofPath: "App/Localizable.xcstrings") == "App/Localizable.xcstrings")
    let localizations = project([
      ("App/en.lproj/Localizable.strings", #""INVITE" = "Invite"; "LATE" = "Late";"#),
      ("App/de.lproj/Localizable.strings", #""LATE" = "Spät";"#),
      ("Vendor/Kit/ja.lproj/Localizable.strings", #""SEND" = "送信";"#),
      ("Other/Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"A": {}}, "version": "1.0"}"#),
    ])
    #expect(localizations.sortedLanguages() == ["de", "en", "ja"])
    #expect(localizations.languages(beside: localizations.formats["INVITE"] ?? []) == ["de", "en"])
    #expect(localizations.languages(beside: localizations.formats["SEND"] ?? []) == ["ja"])
    #expect(localizations.languages(beside: localizations.formats["A"] ?? []) == ["en"])
  }

  /// The sorted keys and did-you-mean candidates are worked out once and
  /// kept, for the table as it was when asked: a table that gains a file
  /// answers with its new keys, and a copy made before keeps its own.
  @Test func theKeysKeptForDidYouMeanFollowTheTable() {
    let linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    func add(_ path: String, _ text: String, to localizations: inout Localizations) {
      let read = linter.read(
        bytes: Array(text.utf8),
        input: LintInput(displayPath: path, absolutePath: "/p/" + path, explicit: false, namedByGlob: false))
      for document in read.documents { localizations.add(document) }
    }
    var localizations = Localizations()
    add("en.lproj/Localizable.strings", "\"ORDER_SHIPPED\" = \"Shipped\";\n", to: &localizations)
    #expect(localizations.sortedKeys == ["ORDER_SHIPPED"])
    #expect(Suggestion.nearest(to: "TABLE_REDY", in: localizations.suggestionCandidates) == nil)
    let before = localizations
    add("de.lproj/Localizable.strings", "\"TABLE_READY\" = \"Bereit\";\n", to: &localizations)
    #expect(localizations.sortedKeys == ["ORDER_SHIPPED", "TABLE_READY"])
    #expect(Suggestion.nearest(to: "TABLE_REDY", in: localizations.suggestionCandidates) == "TABLE_READY")
    #expect(before.sortedKeys == ["ORDER_SHIPPED"])
    #expect(Suggestion.nearest(to: "TABLE_REDY", in: before.suggestionCandidates) == nil)
  }

  /// The project's category names as did-you-mean candidates follow its
  /// categories the same way.
  @Test func theCategoriesKeptForDidYouMeanFollowTheProject() {
    let linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    func documents(_ path: String, _ text: String) -> [Document] {
      linter.read(
        bytes: Array(text.utf8),
        input: LintInput(displayPath: path, absolutePath: "/p/" + path, explicit: false, namedByGlob: false)
      ).documents
    }
    var project = ProjectContext(documents: documents("a.json", #"{"categories": [{"identifier": "ORDER"}]}"#))
    #expect(project.nearestCategory(to: "CHATT").suggestion == nil)
    let before = project
    for document in documents("b.json", #"{"categories": [{"identifier": "CHAT"}]}"#) { project.add(document) }
    #expect(project.nearestCategory(to: "CHATT").suggestion == "CHAT")
    #expect(before.nearestCategory(to: "CHATT").suggestion == nil)
  }

  @Test func stringCatalogsGiveEveryLanguageAndTheSourceFallback() {
    let catalog = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "Order %@ shipped" : {},
          "FILES" : {
            "localizations" : {
              "en" : {"stringUnit" : {"state" : "translated", "value" : "%#@files@ in %@"},
                      "substitutions" : {"files" : {"argNum" : 1, "formatSpecifier" : "lld",
                        "variations" : {"plural" : {"one" : {"stringUnit" : {"value" : "%arg file"}},
                                                    "other" : {"stringUnit" : {"value" : "%arg files"}}}}}}},
              "ja" : {"variations" : {"device" : {"iphone" : {"variations" : {"plural" : {
                        "other" : {"stringUnit" : {"value" : "%1$@: %2$@ %3$@"}}}}}}}}
            }
          }
        },
        "version" : "1.0"
      }
      """
    let localizations = project([("App/Localizable.xcstrings", catalog)])
    #expect(localizations.sortedLanguages() == ["en", "ja"])
    let shipped = localizations.formats["Order %@ shipped"] ?? []
    #expect(shipped.map(\.language) == ["en"], "a key without localizations is its own source text")
    #expect(shipped.first?.arguments == 1)
    let files = localizations.formats["FILES"] ?? []
    #expect(files.map(\.language) == ["en", "ja"])
    #expect(files.map(\.arguments) == [2, 3])
  }

  @Test func aStringsdictWinsOverAStringsEntryAndOnlyTheLocalizableTableCounts() {
    let stringsdict = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
        <key>UNREAD</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
          <key>count</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>One message from %2$@</string>
            <key>other</key><string>%d messages from %2$@</string>
          </dict>
        </dict>
      </dict></plist>
      """
    let localizations = project([
      ("App/en.lproj/Localizable.strings", "\"UNREAD\" = \"%d unread\";\n"),
      ("App/en.lproj/Localizable.stringsdict", stringsdict),
      ("App/en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"App\";\n"),
    ])
    #expect(localizations.formats["UNREAD"]?.first?.arguments == 2)
    #expect(localizations.formats["UNREAD"]?.first?.path.hasSuffix(".stringsdict") == true)
    #expect(localizations.formats["CFBundleDisplayName"] == nil)
    #expect(localizations.files.count == 2)
  }

  @Test func theLanguageIsTheLprojFolder() {
    #expect(Localizations.language(ofPath: "App/pt-BR.lproj/Localizable.strings") == "pt-BR")
    #expect(Localizations.language(ofPath: "App/Base.lproj/Localizable.strings") == "Base")
    #expect(Localizations.language(ofPath: "Localizable.strings") == "default")
  }

  /// One loc-args element for a format with two %@ is
  /// reported in each language where it is wrong, and a correct payload is not.
  @Test func theExampleAppsLocArgsAreJudgedPerLanguage() {
    var linter = Linter(configuration: Configuration(directory: repositoryRoot), jobs: 2)
    linter.registrationReaders.append(SwiftRegistrationReader())
    linter.usesNearestConfiguration = true
    let broken = linter.lint(paths: ["samples/ExampleApp-broken/"], currentDirectory: repositoryRoot)
    let counts = broken.diagnostics.filter { $0.rule == "loc-args-count" }
    #expect(counts.count == 2)
    #expect(counts.contains { $0.message.contains("in en takes 2 arguments") })
    #expect(counts.contains { $0.message.contains("in de takes 2 arguments") && $0.message.contains("de.lproj") })
    #expect(!counts.contains { $0.message.contains(" in fr ") }, "the French text takes one")
    #expect(counts.allSatisfy { $0.severity == .error && $0.span.start.line == 7 && $0.span.start.column == 19 })
    let clean = linter.lint(paths: ["samples/ExampleApp/"], currentDirectory: repositoryRoot)
    #expect(!clean.diagnostics.contains { $0.rule.hasPrefix("loc-") })
    let reminder = linter.lint(
      paths: ["samples/ExampleApp/push/meeting-reminder.json"], currentDirectory: repositoryRoot)
    #expect(reminder.diagnostics.isEmpty, "the context names the tables, so one payload alone is judged the same")
  }

  /// The same judgement inside samples/ExampleApp itself: a reminder sent
  /// with one argument, checked against the app's own tables (read through
  /// its configuration's context), is wrong in each of its three languages.
  @Test func aOneArgumentReminderIsWrongInEachOfTheExampleAppsLanguages() throws {
    let configuration = try Configuration.load(
      file: "samples/ExampleApp/.pushlint.yml", currentDirectory: repositoryRoot)
    let linter = Linter(configuration: configuration, jobs: 1)
    let payload = """
      {"aps": {"alert": {"title-loc-key": "MEETING_REMINDER_TITLE", "title-loc-args": ["Design review"],
        "loc-key": "MEETING_REMINDER_BODY", "loc-args": ["Design review"]}}}
      """
    let wrong = linter.lint(bytes: Array(payload.utf8), path: "samples/ExampleApp/push/reminder.json").diagnostics
    #expect(wrong.map(\.rule) == ["loc-args-count", "loc-args-count", "loc-args-count"])
    let languages = wrong.compactMap { $0.message.split(separator: " ").dropFirst(2).first.map(String.init) }
    #expect(languages.sorted() == ["de", "en", "fr"], "\(wrong.map(\.message))")
    let right = payload.replacingPlaceholder("[\"Design review\"]}}}", with: "[\"Design review\", \"Room 4\"]}}}")
    #expect(linter.lint(bytes: Array(right.utf8), path: "samples/ExampleApp/push/reminder.json").diagnostics.isEmpty)
  }

  @Test func aKeyMissingEverywhereIsAWarningAndMissingInSomeLanguagesIsANote() {
    let linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    let diagnostics = linter.lint(
      project: [
        ("App/en.lproj/Localizable.strings", Array("\"A\" = \"a\";\n\"B\" = \"b\";\n".utf8)),
        ("App/de.lproj/Localizable.strings", Array("\"A\" = \"a\";\n".utf8)),
        ("App/fr.lproj/Localizable.strings", Array("\"A\" = \"a\";\n".utf8)),
        ("push/p.json", Array("{\"aps\": {\"alert\": {\"loc-key\": \"B\", \"title-loc-key\": \"C\"}}}".utf8)),
      ], reportOn: ["push/p.json"])
    let lines = diagnostics.map { "\($0.severity) \($0.message)" }
    #expect(lines.contains { $0.hasPrefix("info loc-key \"B\" is not localized in de, fr (it is in en)") }, "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("warning title-loc-key \"C\" is defined in no Localizable table") }, "\(lines)")
  }

  @Test func aWalkedTableWithASyntaxErrorIsReported() {
    let scratch = ScratchDirectory()
    scratch.write("App/en.lproj/Localizable.strings", "\"A\" = \"a\"\n")
    scratch.write("App/en.lproj/Main.strings", "this is not read")
    let result = run(pushlintBinary, ["."], in: scratch.path)
    #expect(
      result.standardOutput.hasPrefix("App/en.lproj/Localizable.strings:1:10: error: "), "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("Main.strings"))
  }
}

@Suite struct LocalizationWalkTests {
  /// A String Catalog is JSON, but context: a walk must read it up front
  /// like a categories file, not hold it as bytes until it is checked.
  @Test func aWalkedStringCatalogIsContext() {
    let scratch = ScratchDirectory()
    scratch.write(
      "App/Localizable.xcstrings",
      """
      {"sourceLanguage": "en", "strings": {"LATE": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "%@ is late"}},
        "de": {"stringUnit": {"state": "translated", "value": "%@ ist spät"}}}}}, "version": "1.0"}
      """)
    scratch.write("push/late.json", "{\"aps\": {\"alert\": {\"loc-key\": \"LATE\"}}}")
    scratch.write("push/typo.json", "{\"aps\": {\"alert\": {\"loc-key\": \"LAET\", \"loc-args\": []}}}")
    for jobs in [1, 4] {
      let report = Linter(configuration: Configuration(directory: scratch.path), jobs: jobs)
        .lint(paths: ["."], currentDirectory: scratch.path)
      #expect(
        report.diagnostics.map { "\($0.rule) \($0.path)" }.sorted() == [
          "loc-args-count push/late.json", "loc-args-count push/late.json", "loc-key-undefined push/typo.json",
        ], "jobs \(jobs): \(report.diagnostics.map(TextReporter.line(for:)))")
    }
  }

  /// A Localizable.strings written as an XML property list is a table like
  /// any other, not a syntax error.
  @Test func anXMLStringsTableDefinesItsKeys() {
    let scratch = ScratchDirectory()
    scratch.write(
      "App/de.lproj/Localizable.strings",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
        <dict>
          <key>LATE</key>
          <string>%@ ist spät</string>
        </dict>
      </plist>
      """)
    scratch.write("push/late.json", "{\"aps\": {\"alert\": {\"loc-key\": \"LATE\", \"loc-args\": [\"Bus\"]}}}")
    scratch.write("push/typo.json", "{\"aps\": {\"alert\": {\"loc-key\": \"LAET\", \"loc-args\": []}}}")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(
      report.diagnostics.map { "\($0.rule) \($0.path)" } == ["loc-key-undefined push/typo.json"],
      "\(report.diagnostics.map(TextReporter.line(for:)))")
  }
}
