import PushLintSwiftSource
import Testing

@testable import PushLintCore

@Suite struct WalkTests {
  @Test(arguments: [
    ("", "."), (".", "."), ("/", "/"), ("//", "/"), ("a//b/", "a/b"), ("./a", "a"), ("../a", "../a"),
    ("a/../..", ".."), ("/../a", "/a"), ("a/./b/../c", "a/c"), ("/a/b/..", "/a"), ("é/./ü/", "é/ü"),
    ("a/.../b", "a/.../b"), ("..a/b", "..a/b"), ("../../x", "../../x"), ("a/b/../../..", ".."),
    ("/a/./../../b", "/b"), ("x/..", "."), ("Tests/Fixtures/../samples//good/", "Tests/samples/good"),
  ])
  func pathsNormalizeAsTheFileSystemReadsThem(path: String, normalized: String) {
    #expect(Paths.normalize(path) == normalized)
  }

  @Test func unrelatedJSONAndYAMLAreSkippedSilently() {
    let scratch = ScratchDirectory()
    scratch.write("package.json", #"{"name": "app", "version": "1.0.0", "scripts": {"test": "jest"}}"#)
    scratch.write(
      "tsconfig.json", "{\n  // comments are fine in tsconfig\n  \"compilerOptions\": {\"strict\": true,},\n}\n")
    scratch.write(".github/workflows/ci.yml", "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n")
    scratch.write("docker-compose.yml", "version: '3'\nservices:\n  web:\n    image: nginx\n    ports: [80:80]\n")
    scratch.write("config/settings.yaml", "debug: yes\nretries: 010\n")
    let linter = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
    let report = linter.lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(TextReporter.line(for:)))")
    #expect(report.fileErrors.isEmpty)
  }

  @Test func brokenFilesAreReportedWhenTheyLookLikePushFiles() {
    let scratch = ScratchDirectory()
    scratch.write("push/broken.json", "{\"aps\": {\"alert\": \"Hi\",}}")
    scratch.write("push/other.json", "{\"name\": \"x\",}")
    scratch.write("push/sim.apns", "{\"Simulator Target Bundle\": [}")
    scratch.write("push/headers.yaml", "apns-push-type: alert\npayload: {aps: [}\n")
    scratch.write("push/categories.yaml", "categories:\n  - identifier: [\n")
    // A product listing has "categories" as a key, but no "identifier".
    scratch.write("Responses/products.json", "{\"products\": [{\"name\": \"Mug\", \"categories\": [],}]}")
    // A localization table that says "categories" in its text is no push file.
    scratch.write(
      "Localization/app.json", "{\"report\": {\"other\": \"It fits into no other categories\",},\n\"aps_note\": 1}")
    // A Helm chart's template, which Helm renders before it is YAML, and a
    // deployment that names a volume `apns-…`: neither is a push file.
    scratch.write(
      "charts/templates/deployment.yaml",
      "metadata:\n  name: {{ include \"gateway.fullname\" . }}-consumer\napns:\n  topic: com.example\n")
    scratch.write("deploy/volumes.yaml", "volumes:\n  - name: \"apns-certs\"\n    secret: [\n")
    // A project file is reported however little of it is readable, but not
    // a project generator's template of one, which fails at a placeholder.
    let settings =
      "{\n  objects = {\n    C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = "
    scratch.write("App.xcodeproj/project.pbxproj", settings + "15.0;;}; };\n  };\n}\n")
    scratch.write(
      "brick/__brick__/ios/Runner.xcodeproj/project.pbxproj", settings + "{{iosMinOsVersion}};}; };\n  };\n}\n")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(
      report.diagnostics.map(\.path) == [
        "App.xcodeproj/project.pbxproj", "push/broken.json", "push/categories.yaml", "push/headers.yaml",
        "push/sim.apns",
      ])
    #expect(report.diagnostics.allSatisfy { $0.rule == RuleID.syntaxError.rawValue })
  }

  /// A test-fixture folder is a project of its own whether or not a
  /// configuration is looked for (`--no-config`, `--config`): its payloads
  /// are not judged against the app's sounds.
  @Test func aFixtureFolderIsItsOwnProjectWithOrWithoutConfigurations() {
    let scratch = ScratchDirectory()
    scratch.write("Sounds/ding.caf", bytes: Array("caff".utf8) + [0, 1, 0, 0])
    scratch.write("push/ring.json", #"{"aps": {"alert": "Hi", "sound": "dong.caf"}}"#)
    scratch.write("Tests/Fixtures/ring.json", #"{"aps": {"alert": "Hi", "sound": "custom.caf"}}"#)
    for nearest in [true, false] {
      var linter = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      linter.usesNearestConfiguration = nearest
      let report = linter.lint(paths: ["."], currentDirectory: scratch.path)
      #expect(
        report.diagnostics.map { "\($0.path) \($0.rule)" } == ["push/ring.json sound-file-missing"],
        "looking for configurations: \(nearest)")
    }
  }

  /// A repository named on the command line from another folder is split
  /// into projects as it is when linted from its own folder: its fixture
  /// folder and its library's tables are bounded the same way.
  @Test func aFolderNamedFromElsewhereIsBoundedAsFromItsOwnFolder() {
    let scratch = ScratchDirectory()
    let elsewhere = ScratchDirectory()
    scratch.write("Sounds/ding.caf", bytes: Array("caff".utf8) + [0, 1, 0, 0])
    scratch.write("push/ring.json", #"{"aps": {"alert": "Hi", "sound": "dong.caf"}}"#)
    scratch.write("Tests/Fixtures/ring.json", #"{"aps": {"alert": "Hi", "sound": "custom.caf"}}"#)
    scratch.write("Sdk.podspec", "Pod::Spec.new do |s| end\n")
    scratch.write("Sdk/en.lproj/Localizable.strings", "\"GREETING\" = \"Hello\";\n")
    scratch.write("Sdk/sample.apns", #"{"aps": {"alert": {"loc-key": "NEW_MESSAGE"}}}"#)
    func findings(from directory: String, naming path: String) -> [String] {
      Linter(configuration: Configuration(directory: directory), jobs: 1)
        .lint(paths: [path], currentDirectory: directory)
        .diagnostics.map { "\(Paths.fileName($0.path)) \($0.rule)" }
    }
    #expect(findings(from: scratch.path, naming: ".") == ["ring.json sound-file-missing"])
    #expect(findings(from: elsewhere.path, naming: scratch.path) == ["ring.json sound-file-missing"])
  }

  /// A Swift package's or pod's `Localizable` tables are the library's own
  /// strings, not the table of the app a push goes to: a library's sample
  /// push names keys the integrating app defines. An example app beside it
  /// (a folder with an Xcode project) keeps its own table, and so does a
  /// Swift Playgrounds app package.
  @Test func aLibrarysTablesAreNotTheAppsLocalizableTable() {
    let push = #"{"aps": {"alert": {"loc-key": "NEW_MESSAGE"}}}"#
    let table = "\"GREETING\" = \"Hello\";\n"
    for (manifest, libraryTableCounts) in [
      ("Package.swift", false), ("Sdk.podspec", false), ("App.xcodeproj/project.pbxproj", true),
      ("project.yml", true),
    ] {
      let scratch = ScratchDirectory()
      scratch.write(manifest, "// \(manifest)\n")
      scratch.write("Sources/Sdk/Resources/en.lproj/Localizable.strings", table)
      scratch.write("Sources/Sdk/sample_push.apns", push)
      scratch.write("Example/Example.xcodeproj/project.pbxproj", "{ objects = {}; }\n")
      scratch.write("Example/App/en.lproj/Localizable.strings", table)
      scratch.write("Example/push.json", push)
      let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
        .lint(paths: ["."], currentDirectory: scratch.path)
      let flagged = report.diagnostics.filter { $0.rule == RuleID.locKeyUndefined.rawValue }.map(\.path)
      #expect(
        flagged
          == (libraryTableCounts ? ["Example/push.json", "Sources/Sdk/sample_push.apns"] : ["Example/push.json"]),
        "beside \(manifest)")
    }
    let scratch = ScratchDirectory()
    scratch.write(
      "Package.swift", "let package = Package(name: \"App\", products: [.iOSApplication(name: \"App\")])\n")
    scratch.write("Resources/en.lproj/Localizable.strings", table)
    scratch.write("push.json", push)
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.rule) == [RuleID.locKeyUndefined.rawValue])
  }

  /// A React Native or Flutter repository keeps its app in `ios/`, a
  /// project of its own: a Simulator file at the root that names the app's
  /// bundle identifier is judged with that app (its sounds), and one that
  /// names no app of it, or only the start of an identifier, is not.
  @Test func aSimulatorFileOutsideTheXcodeProjectJoinsTheAppItNames() {
    let scratch = ScratchDirectory()
    scratch.write(
      "ios/App.xcodeproj/project.pbxproj",
      """
      {
        objects = {
          2B01 = {isa = PBXNativeTarget; buildConfigurationList = 2B11; buildPhases = (); name = App; productType = "com.apple.product-type.application";};
          2B11 = {isa = XCConfigurationList; buildConfigurations = (2B21);};
          2B21 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.rn;}; name = Release;};
        };
      }
      """)
    scratch.write("ios/App/ding.caf", bytes: Array("caff".utf8) + [0, 1, 0, 0])
    scratch.write(
      "push/app.apns", #"{"Simulator Target Bundle": "com.example.rn", "aps": {"alert": "Hi", "sound": "dong.caf"}}"#)
    scratch.write(
      "other.apns", #"{"Simulator Target Bundle": "com.example.web", "aps": {"alert": "Hi", "sound": "dong.caf"}}"#)
    scratch.write(
      "prefix.apns", #"{"Simulator Target Bundle": "com.example", "aps": {"alert": "Hi", "sound": "dong.caf"}}"#)
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map { "\($0.path) \($0.rule)" } == ["push/app.apns sound-file-missing"])
  }

  /// Folder and file names split at the last '/', whatever the
  /// characters beside it, as splitting the path into components would.
  @Test func aPathSplitsIntoFolderAndNameAtItsLastSlash() {
    for path in [
      "", "/", "//", "a", "/a", "a/", "a/b", "a//b", "/a/b/", "dir/é.json", "diŕ/x", "😀/👨‍👩‍👧.apns", "a/b//",
      "./x", "x/.", "Ünïcödé/Ördner/Datei.json",
    ] {
      let expectedName = path.split(separator: "/").last.map(String.init) ?? path
      #expect(Paths.fileName(path) == expectedName, "\(path)")
      let expectedFolder: String
      if let slash = path.unicodeScalars.lastIndex(of: "/") {
        expectedFolder = slash == path.startIndex ? "/" : String(path.unicodeScalars[..<slash])
      } else {
        expectedFolder = "."
      }
      #expect(Paths.directoryName(path) == expectedFolder, "\(path)")
    }
  }

  @Test func skippedDirectoriesAreNotEnteredAndSymlinkLoopsEnd() {
    let scratch = ScratchDirectory()
    for directory in [".hidden", ".build", "DerivedData", "Pods", "Carthage", "node_modules"] {
      scratch.write("\(directory)/bad.json", "{\"aps\": 1}")
    }
    scratch.write("real/bad.json", "{\"aps\": 1}")
    symlink(scratch.path + "/real", scratch.path + "/real/loop")
    symlink(scratch.path, scratch.path + "/real/up")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.path) == ["real/bad.json"])
  }

  @Test func excludeAndIncludeComeFromTheConfiguration() throws {
    let scratch = ScratchDirectory()
    scratch.write("push/a.json", "{\"aps\": 1}")
    scratch.write("push/fixtures/broken/b.json", "{\"aps\": 1}")
    scratch.write("elsewhere/c.json", "{\"aps\": 1}")
    var configuration = Configuration(directory: scratch.path)
    configuration.include = [Glob("push/**")]
    configuration.exclude = [Glob("push/fixtures/broken/**")]
    let report = Linter(configuration: configuration, jobs: 1).lint(paths: [], currentDirectory: scratch.path)
    #expect(report.diagnostics.map(\.path) == ["push/a.json"])
    let explicit = Linter(configuration: configuration, jobs: 1)
      .lint(paths: ["push/fixtures/broken/b.json"], currentDirectory: scratch.path)
    #expect(explicit.diagnostics.count == 1, "a file named explicitly is always linted")
  }

  @Test func outputIsTheSameWithOneOrManyThreads() {
    let scratch = ScratchDirectory()
    for index in 0..<60 {
      scratch.write(
        "p/\(index % 7)/f\(index).json", index % 3 == 0 ? "{\"aps\": \(index)}" : "{\"aps\": {}, \"aps\": {}}")
    }
    let one = Linter(configuration: Configuration(directory: scratch.path), jobs: 1).lint(
      paths: ["p"], currentDirectory: scratch.path)
    let many = Linter(configuration: Configuration(directory: scratch.path), jobs: 8).lint(
      paths: ["p"], currentDirectory: scratch.path)
    #expect(one.diagnostics.count == 60)
    #expect(TextReporter.render(one.diagnostics) == TextReporter.render(many.diagnostics))
  }
}
