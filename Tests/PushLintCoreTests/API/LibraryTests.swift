import Dispatch
import Foundation
import PushLintCore
import Testing

/// Uses the library exactly as a provider server would: validate, then send
/// or refuse. (No @testable import: only the public API.)
@Suite struct LibraryTests {
  struct Refused: Error {
    var reasons: [String]
  }

  /// The server's send path.
  static func send(_ body: String, headers: [String: String], validator: PayloadValidator) throws -> String {
    let result = validator.validate(payload: body, headers: headers)
    guard result.isSendable else { throw Refused(reasons: result.errors.map { "\($0.rule): \($0.message)" }) }
    return "sent \(body.utf8.count) bytes"
  }

  @Test func aGoodPushIsSent() throws {
    let validator = PayloadValidator()
    let sent = try Self.send(
      #"{"aps": {"content-available": 1}, "sync": "inbox"}"#,
      headers: ["apns-push-type": "background", "apns-priority": "5", "apns-topic": "com.example.app"],
      validator: validator)
    #expect(sent == "sent 50 bytes")
  }

  @Test func anErrorPastTheShownFindingsStillRefusesThePush() {
    let unknown = (1...1001).map { "\"x\($0)\": 1, " }.joined()
    let result = PayloadValidator().validate(payload: "{\"aps\": {\(unknown)\"alert\": 42}}")
    // Shown: payload-too-large and 999 unknown keys; not shown: 2 unknown keys and the alert.
    #expect(result.errors.map(\.rule) == ["payload-too-large"])
    #expect(result.unshown[.error] == 1)
    #expect(!result.isSendable)
  }

  @Test func aBadPushIsRefusedWithReasons() {
    let validator = PayloadValidator()
    #expect(throws: Refused.self) {
      try Self.send(
        #"{"aps": {"content-available": 1, "alert": "Syncing"}}"#,
        headers: ["APNs-Push-Type": "background", "apns-priority": "10"], validator: validator)
    }
    do {
      _ = try Self.send(
        #"{"aps": {"content-available": 1, "alert": "Syncing"}}"#,
        headers: ["apns-push-type": "background", "apns-priority": "10"], validator: validator)
    } catch let refused as Refused {
      #expect(refused.reasons.contains { $0.hasPrefix("background-priority: ") })
      #expect(refused.reasons.contains { $0.hasPrefix("push-type-mismatch: ") })
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// A server holds the body as Foundation's Data (URLSession, JSONEncoder)
  /// or a slice of a larger buffer; both validate as their bytes do.
  @Test func dataAndSlicesValidateAsTheirBytes() throws {
    let body = #"{"aps": {"content-available": 1, "alert": "Syncing"}}"#
    let headers = ["apns-push-type": "background", "apns-priority": "5"]
    let validator = PayloadValidator()
    let expected = validator.validate(payload: Array(body.utf8), headers: headers).diagnostics
    #expect(expected.map(\.rule) == ["push-type-mismatch"])
    let fromData = validator.validate(payload: Data(body.utf8), headers: headers).diagnostics
    #expect(fromData == expected)
    let framed = Array("xx".utf8) + Array(body.utf8) + Array("yy".utf8)
    let fromSlice = validator.validate(payload: framed[2..<(framed.count - 2)], headers: headers).diagnostics
    #expect(fromSlice == expected)
  }

  @Test func withoutHeadersThePushTypeIsInferred() {
    let result = PayloadValidator().validate(payload: #"{"aps": {"badge": "3"}}"#)
    #expect(result.isSendable, "a badge the device cannot read is a warning: APNs delivers the push")
    #expect(result.diagnostics.map(\.rule) == ["value-type"])
    #expect(result.diagnostics.first?.severity == .warning)
    #expect(result.diagnostics.first?.help == "write 3 without quotes")
    #expect(
      !PayloadValidator().validate(payload: #"{"aps": {"alert": 42}}"#).isSendable, "an unreadable alert shows nothing")
  }

  @Test func targetsAndConfigurationApply() {
    let payload = #"{"aps": {"alert": "x", "interruption-level": "passive"}}"#
    #expect(PayloadValidator().validate(payload: payload).diagnostics.isEmpty)
    let old = PayloadValidator(targets: [.ios: OSVersion("14.0")!]).validate(payload: payload)
    #expect(old.diagnostics.map(\.rule) == ["unavailable-key"])
    #expect(old.isSendable)
  }

  /// A server's validator knows the app's categories and entitlements from
  /// the configured context, read once, and judges as a run over the file.
  @Test func theConfiguredContextIsReadOnceAndJudgedAsARunWould() throws {
    let scratch = ScratchDirectory()
    scratch.write(".pushlint.yml", "context:\n  - \"App/*.entitlements\"\n  - \"push/categories.yaml\"\n")
    scratch.write(
      "App/App.entitlements",
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>aps-environment</key>\n<string>production</string>\n</dict>\n</plist>\n"
    )
    scratch.write(
      "push/categories.yaml", "categories:\n  - identifier: ALARM\n    actions:\n      - {identifier: SNOOZE}\n")
    let configuration = try Configuration.load(file: ".pushlint.yml", currentDirectory: scratch.path)
    let validator = PayloadValidator(configuration: configuration)
    let linter = Linter(configuration: configuration, jobs: 1)
    let payload = #"{"aps": {"alert": "Fire", "category": "ALRAM", "interruption-level": "critical"}}"#
    let result = validator.validate(payload: payload)
    #expect(result.diagnostics.map(\.rule) == ["category-undeclared", "critical-alert-entitlement"])
    #expect(result.diagnostics == linter.lint(bytes: Array(payload.utf8), path: "payload.json").diagnostics)
    // Bytes that are context themselves (a categories document) are judged
    // with the context they make, as a run over them would.
    let categories = "categories:\n  - identifier: WAKE\n    actions:\n      - {identifier: SNOOZE}\n"
    let asCategories = validator.validate(payload: categories, name: "push/more.yaml")
    #expect(asCategories.diagnostics.map(\.rule) == ["required-key-missing"])
    #expect(
      asCategories.diagnostics == linter.lint(bytes: Array(categories.utf8), path: "push/more.yaml").diagnostics)
    // Read once: the payload is judged by the context as it was when the
    // validator was made.
    scratch.write("push/categories.yaml", "categories:\n  - identifier: ALRAM\n")
    #expect(validator.validate(payload: payload).diagnostics.map(\.rule).contains("category-undeclared"))
    #expect(
      !PayloadValidator(configuration: configuration).validate(payload: payload).diagnostics.map(\.rule).contains(
        "category-undeclared"))
  }

  /// What a validator works out once for the name it usually gives (the
  /// file's relative path, the configured headers, the size limits under
  /// its targets) judges each payload as a run over the file would, with
  /// headers given or not, and is worked out again when the configuration
  /// changes.
  @Test func theNamesScopeWorkedOutOnceJudgesAsARunWould() throws {
    let scratch = ScratchDirectory()
    scratch.write(
      ".pushlint.yml",
      "targets: {ios: \"16.0\"}\nheaders:\n  - files: \"**\"\n    apns-push-type: background\n    apns-priority: \"10\"\n"
    )
    let configuration = try Configuration.load(file: ".pushlint.yml", currentDirectory: scratch.path)
    let validator = PayloadValidator(configuration: configuration)
    let linter = Linter(configuration: configuration, jobs: 1)
    let background = #"{"aps": {"content-available": 1}}"#
    let configured = validator.validate(payload: background)
    #expect(configured.diagnostics.map(\.rule) == ["background-priority"])
    #expect(configured.diagnostics == linter.lint(bytes: Array(background.utf8), path: "payload.json").diagnostics)
    // Headers given replace the configured ones, for this payload alone.
    let given = validator.validate(
      payload: background, headers: ["apns-push-type": "background", "apns-priority": "5"])
    #expect(given.diagnostics.isEmpty)
    #expect(validator.validate(payload: background).diagnostics == configured.diagnostics)
    // A payload past the limit of the push type the headers name.
    let large = "{\"aps\": {\"content-available\": 1}, \"d\": \"" + String(repeating: "x", count: 4200) + "\"}"
    #expect(validator.validate(payload: large).diagnostics.map(\.rule).contains("payload-too-large"))
    #expect(
      !validator.validate(payload: large, headers: ["apns-push-type": "voip", "apns-priority": "10"]).diagnostics
        .map(\.rule).contains("payload-too-large"))
    // Other targets: the interruption level is judged against the new ones.
    let passive = #"{"aps": {"alert": "x", "interruption-level": "passive"}}"#
    var older = validator
    #expect(!older.validate(payload: passive).diagnostics.map(\.rule).contains("unavailable-key"))
    older.configuration.targets = [.ios: OSVersion("14.0")!]
    #expect(older.validate(payload: passive).diagnostics.map(\.rule).contains("unavailable-key"))
  }

  @Test func oneValidatorServesManyThreads() {
    let validator = PayloadValidator()
    let verdicts = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 200)
    defer { verdicts.deallocate() }
    nonisolated(unsafe) let shared = verdicts
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let body = index % 2 == 0 ? #"{"aps": {"alert": "Hi"}}"# : #"{"aps": {"alert": 42}}"#
      shared[index] = validator.validate(payload: body).isSendable
    }
    #expect((0..<200).allSatisfy { shared[$0] == ($0 % 2 == 0) })
  }
}
