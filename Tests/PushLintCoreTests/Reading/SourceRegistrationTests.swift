import PushLintSwiftSource
import Testing

@testable import PushLintCore

/// Categories registered in Swift and Objective-C, the Xcode project and
/// provisioning profiles: fixtures written for pushlint that reproduce the
/// patterns public apps use (README, "Categories from source code").
@Suite struct SourceRegistrationTests {
  func linter() -> Linter {
    var linter = Linter(configuration: Configuration(directory: "/nonexistent-project"), jobs: 1)
    linter.registrationReaders.append(SwiftRegistrationReader())
    return linter
  }

  /// The categories the readers find, as "IDENTIFIER@line: ACTION[options]…".
  func registered(_ files: [(String, String)]) -> (categories: [String], unresolved: [String]) {
    let reader: any RegistrationReader =
      files[0].0.hasSuffix(".swift") ? SwiftRegistrationReader() : ObjCRegistrationReader()
    let sources = files.map { CodeSource(path: $0.0, bytes: Array($0.1.utf8)) }
    let registering = sources.filter { CodeSource.mentionsNotificationTypes($0.bytes) }
    let others = sources.filter { !CodeSource.mentionsNotificationTypes($0.bytes) }
    let module = CodeModule(files: others.map { source in (source.path, { source.bytes }) })
    let found = reader.registrations(in: registering, module: module)
    let categories = found.flatMap { file in
      file.categories.map { category in
        let actions =
          category.actions.map { list in
            list.map { action in
              var notes = action.options.map(\.text)
              if action.isTextInput { notes.append("text") }
              if action.isConditional { notes.append("if") }
              return action.identifier.text + (notes.isEmpty ? "" : "[\(notes.joined(separator: ","))]")
            }.joined(separator: " ")
          } ?? "?"
        let options = category.options.isEmpty ? "" : "[\(category.options.map(\.text).joined(separator: ","))]"
        return "\(category.identifier.text)\(options)@\(category.initializer.start.line): \(actions)"
      }
    }
    let unresolved = found.flatMap { file in file.unresolved.map { "\(file.path):\($0.span.start.line)" } }
    return (categories, unresolved)
  }

  @Test func swiftLiteralsConstantsInOtherFilesAndEnumRawValues() {
    let result = registered([
      (
        "App/Categories.swift",
        """
        import UserNotifications
        func register() {
          let reply = UNTextInputNotificationAction(identifier: Actions.reply, title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "")
          let chat = UNNotificationCategory(identifier: Category.chat.rawValue, actions: [reply], intentIdentifiers: [], options: [.customDismissAction])
          let plain = UNNotificationCategory(
            identifier: "PLAIN", actions: [], intentIdentifiers: [], options: [])
          let call = UNNotificationCategory.init(identifier: Category.call.rawValue, actions: [.init(identifier: "ANSWER", title: "Answer", options: [.foreground, .authenticationRequired])], intentIdentifiers: [], options: [])
          UNUserNotificationCenter.current().setNotificationCategories([chat, plain, call])
        }
        """
      ),
      ("App/Identifiers.swift", "enum Category: String { case chat = \"CHAT\"; case call }\n"),
      ("App/Actions.swift", "struct Actions {\n  static let reply = prefix + \"REPLY\"\n}\nlet prefix = \"CHAT_\"\n"),
    ])
    #expect(
      result.categories == [
        "CHAT[customDismissAction]@4: CHAT_REPLY[text]", "PLAIN@5: ",
        "call@7: ANSWER[foreground,authenticationRequired]",
      ])
    #expect(result.unresolved.isEmpty)
  }

  /// A constant that names itself, or constants that each name another
  /// several times (followed naively, 6^11 evaluations), leave the actions
  /// unknown instead of running for ever; the identifier is still read.
  @Test func swiftConstantsThatNameThemselvesOrMultiplyLeaveTheActionsUnknown() throws {
    var lines = [
      "import UserNotifications", "enum Lists {",
      "  static let l0 = [UNNotificationAction(identifier: \"A\", title: \"A\", options: [])]",
    ]
    for level in 1...11 {
      lines.append("  static let l\(level) = " + Array(repeating: "l\(level - 1)", count: 6).joined(separator: " + "))
    }
    lines += [
      "  static let all = [UNNotificationAction(identifier: \"B\", title: \"B\", options: [])] + all", "}",
      "func register() {",
      "  let many = UNNotificationCategory(identifier: \"MANY\", actions: Lists.l11, intentIdentifiers: [], options: [])",
      "  let looped = UNNotificationCategory(identifier: \"LOOPED\", actions: Lists.all, intentIdentifiers: [], options: [])",
      "  let few = UNNotificationCategory(identifier: \"FEW\", actions: Lists.l1, intentIdentifiers: [], options: [])",
      "}",
    ]
    let source = CodeSource(path: "Lists.swift", bytes: Array(lines.joined(separator: "\n").utf8))
    let found = SwiftRegistrationReader().registrations(in: [source], module: CodeModule(files: []))
    let categories = try #require(found.first).categories
    #expect(categories.map(\.identifier.text) == ["MANY", "LOOPED", "FEW"])
    #expect(categories[0].actionsUnresolved == .tooManyValuesToFollow)
    #expect(categories[1].actionsUnresolved == .refersToItself(name: "all"))
    #expect(categories[2].actions?.map(\.identifier.text) == Array(repeating: "A", count: 6))
  }

  /// A registration inside loops is tried for each element; what it finds
  /// the same way for each (the same category, the calls that pass its
  /// identifier, or why it is unknown) is listed once.
  @Test func swiftRegistrationsInsideLoopsAreListedOnce() {
    let result = registered([
      (
        "Setup.swift",
        """
        import UserNotifications
        func make(_ id: String) {
          for a in ["1", "2", "3"] {
            for b in ["4", "5", "6"] {
              _ = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: [])
              _ = UNNotificationCategory(identifier: "FIXED", actions: [], intentIdentifiers: [], options: [])
            }
          }
        }
        func unknown(_ id: String) {
          for a in ["1", "2", "3"] {
            _ = UNNotificationCategory(identifier: id + a, actions: [], intentIdentifiers: [], options: [])
          }
        }
        func setUp() {
          make("A")
          make("B")
        }
        """
      )
    ])
    #expect(result.categories == ["A@5: ", "B@5: ", "FIXED@6: "])
    #expect(result.unresolved == ["Setup.swift:12"])
  }

  /// swift-syntax's time doubles with each square bracket open at once: a
  /// file with more than 16 is not parsed and its registrations are unknown,
  /// at the bracket past the limit. Brackets in strings and comments do not
  /// count; those in an interpolation's code do.
  @Test func swiftFilesNestingTooManySquareBracketsAreUnresolved() throws {
    let category =
      "let c = UNNotificationCategory(identifier: \"DEEP\", actions: [], intentIdentifiers: [], options: [])\n"
    let deep = String(repeating: "[", count: 30)
    let texts = [
      "import UserNotifications\n" + category + "let matrix = \(deep)1\(String(repeating: "]", count: 30))\n",
      "import UserNotifications\n" + category + "let s = \"\\(\(deep)1)\"\n",
      "import UserNotifications\n" + category + "// \(deep)\n/* \(deep) /* \(deep) */ */\n"
        + "let s = \"\(deep)\", r = #\"\(deep)\\\"\"#, m = \"\"\"\n  \(deep)\n  \"\"\"\n",
    ]
    let results = texts.map { text in
      SwiftRegistrationReader().registrations(
        in: [CodeSource(path: "Deep.swift", bytes: Array(text.utf8))], module: CodeModule(files: []))
    }
    #expect(results[0].first?.categories.isEmpty == true)
    #expect(results[0].first?.unresolved.map(\.reason) == [.nestedTooDeeply(limit: 16)])
    #expect(results[0].first?.unresolved.first?.span.start.line == 3)
    #expect(results[0].first?.unresolved.first?.span.start.column == 30)
    #expect(results[1].first?.unresolved.map(\.reason) == [.nestedTooDeeply(limit: 16)])
    #expect(results[2].first?.categories.map(\.identifier.text) == ["DEEP"])
    #expect(results[2].first?.unresolved.isEmpty == true)
  }

  /// The same in Objective-C: macros that each name another six times, a
  /// macro that names itself, and a chain of locals, each followed once.
  /// Found by fuzzing: a constant whose array literal its `;` cuts short
  /// (`@[;`) trapped; its elements run to the end of what there is.
  @Test func objectiveCArrayLiteralsWithoutTheirBracketAreRead() throws {
    let text = """
      #import <UserNotifications/UserNotifications.h>
      NSArray *const kEmpty = @[;
      NSArray *const kOne = @[ [UNNotificationAction actionWithIdentifier:@"A" title:@"A" options:0];
      @implementation Setup
      - (void)go {
        id empty = [UNNotificationCategory categoryWithIdentifier:@"EMPTY" actions:kEmpty intentIdentifiers:@[] options:0];
        id one = [UNNotificationCategory categoryWithIdentifier:@"ONE" actions:kOne intentIdentifiers:@[] options:0];
      }
      @end
      """
    let source = CodeSource(path: "App/Setup.m", bytes: Array(text.utf8))
    let found = ObjCRegistrationReader().registrations(in: [source], module: CodeModule(files: []))
    let categories = try #require(found.first).categories
    #expect(categories.map(\.identifier.text) == ["EMPTY", "ONE"])
    #expect(categories[0].actions?.isEmpty == true)
    #expect(categories[1].actions?.map(\.identifier.text) == ["A"])
  }

  @Test func objectiveCMacrosThatNameThemselvesOrMultiplyLeaveTheActionsUnknown() throws {
    var lines = [
      "#import <UserNotifications/UserNotifications.h>",
      "#define L0 [UNNotificationAction actionWithIdentifier:@\"A\" title:@\"A\" options:0]",
    ]
    for level in 1...13 {
      lines.append("#define L\(level) @[" + Array(repeating: "L\(level - 1)", count: 6).joined(separator: ", ") + "]")
    }
    lines += [
      "#define ALL @[L0, ALL]", "@implementation Setup", "- (void)go {",
      "  id many = [UNNotificationCategory categoryWithIdentifier:@\"MANY\" actions:L13 intentIdentifiers:@[] options:0];",
      "  id looped = [UNNotificationCategory categoryWithIdentifier:@\"LOOPED\" actions:ALL intentIdentifiers:@[] options:0];",
      "  NSString *s0 = @\"CHAINED\";",
    ]
    for index in 1...20 { lines.append("  NSString *s\(index) = s\(index - 1);") }
    lines += [
      "  id chained = [UNNotificationCategory categoryWithIdentifier:s20 actions:@[L0] intentIdentifiers:@[] options:0];",
      "}", "@end",
    ]
    let source = CodeSource(path: "App/Setup.m", bytes: Array(lines.joined(separator: "\n").utf8))
    let found = ObjCRegistrationReader().registrations(in: [source], module: CodeModule(files: []))
    let categories = try #require(found.first).categories
    #expect(categories.map(\.identifier.text) == ["MANY", "LOOPED", "CHAINED"])
    #expect(categories[0].actions == nil)
    #expect(categories[1].actionsUnresolved == .refersToItself(name: "ALL"))
    #expect(categories[2].actions?.map(\.identifier.text) == ["A"])
  }

  @Test func swiftArraysBuiltInALocalConditionalsMapsAndAllCases() {
    let result = registered([
      (
        "Setup.swift",
        """
        import UserNotifications
        enum Kind: String, CaseIterable { case alpha = "A", beta = "B" }
        final class Setup {
          static let ids = ["X", "Y"]
          func run(premium: Bool) {
            var actions = [UNNotificationAction(identifier: "OPEN", title: "Open", options: [])]
            if premium {
              actions.append(UNNotificationAction(identifier: "SNOOZE", title: "Snooze", options: []))
            }
            actions += [UNNotificationAction(identifier: "LATER", title: "Later", options: [])]
            let main = UNNotificationCategory(identifier: "MAIN", actions: actions, intentIdentifiers: [], options: [])
            let perKind = Kind.allCases.map { kind in
              UNNotificationCategory(identifier: "KIND_" + kind.rawValue, actions: [], intentIdentifiers: [], options: [])
            }
            for id in Setup.ids {
              _ = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: [])
            }
            let mapped = UNNotificationCategory(identifier: "MAPPED", actions: ["ONE", "TWO"].map { UNNotificationAction(identifier: $0, title: $0, options: []) }, intentIdentifiers: [], options: [])
          }
        }
        """
      )
    ])
    #expect(
      result.categories == [
        "MAIN@11: OPEN SNOOZE[if] LATER", "KIND_A@13: ", "KIND_B@13: ", "X@16: ", "Y@16: ", "MAPPED@18: ONE TWO",
      ])
  }

  @Test func swiftEnumsThatComputeTheirIdentifiers() {
    let result = registered([
      (
        "Kinds.swift",
        """
        import UserNotifications
        enum Kind: String, CaseIterable {
          case chat = "CHAT", call = "CALL"
          var category: UNNotificationCategory {
            UNNotificationCategory(identifier: rawValue, actions: [], intentIdentifiers: [], options: [])
          }
        }
        enum Topic: CaseIterable {
          case news, sports
          var identifier: String {
            switch self {
            case .news: return "NEWS"
            case .sports: return "SPORTS"
            }
          }
        }
        func make(_ topic: Topic) -> UNNotificationCategory {
          UNNotificationCategory(identifier: topic.identifier, actions: [], intentIdentifiers: [], options: [])
        }
        let all = Topic.allCases.map { make($0) }
        """
      ),
      (
        "Level+Category.swift",
        """
        import UserNotifications
        extension Level {
          var unCategory: UNNotificationCategory {
            switch self {
            case .low:
              return UNNotificationCategory(identifier: categoryIdentifier, actions: [], intentIdentifiers: [], options: [])
            case .high, .urgent:
              return UNNotificationCategory(identifier: self.rawValue, actions: [], intentIdentifiers: [], options: [.allowInCarPlay])
            }
          }
        }
        """
      ),
      (
        "Level.swift",
        "enum Level: String, CaseIterable {\n  case low = \"LOW\", high = \"HIGH\", urgent = \"URGENT\"\n  var categoryIdentifier: String { self.rawValue }\n}\n"
      ),
    ])
    #expect(
      result.categories == [
        "CHAT@5: ", "CALL@5: ", "NEWS@18: ", "SPORTS@18: ", "LOW@6: ", "HIGH[allowInCarPlay]@8: ",
        "URGENT[allowInCarPlay]@8: ",
      ])
    #expect(result.unresolved.isEmpty)
  }

  @Test func actionIconsInSwiftAndObjectiveC() {
    let swift = SwiftRegistrationReader().registrations(
      in: [
        CodeSource(
          path: "A.swift",
          bytes: Array(
            "let c = UNNotificationCategory(identifier: \"C\", actions: [UNNotificationAction(identifier: \"OK\", title: \"OK\", options: [], icon: UNNotificationActionIcon(systemImageName: \"checkmark\"))], intentIdentifiers: [], options: [])\n"
              .utf8))
      ], module: .empty)
    let objc = ObjCRegistrationReader().registrations(
      in: [
        CodeSource(
          path: "A.m",
          bytes: Array(
            "[UNNotificationCategory categoryWithIdentifier:@\"C\" actions:@[[UNNotificationAction actionWithIdentifier:@\"OK\" title:@\"OK\" options:0 icon:[UNNotificationActionIcon iconWithTemplateImageName:@\"tick\"]]] intentIdentifiers:@[] options:0];\n"
              .utf8))
      ], module: .empty)
    for (found, expected) in [(swift, "systemImageName checkmark"), (objc, "templateImageName tick")] {
      let icon = found.first?.categories.first?.actions?.first?.icon
      #expect(icon.map { "\($0.kind) \($0.name.text)" } == expected)
    }
  }

  @Test func swiftCommentedOutAndDeadBranchesAreNotRegistrations() {
    let result = registered([
      (
        "A.swift",
        """
        import UserNotifications
        // let old = UNNotificationCategory(identifier: "OLD", actions: [], intentIdentifiers: [], options: [])
        /* UNNotificationCategory(identifier: "BLOCK", actions: [], intentIdentifiers: [], options: []) */
        #if false
        let dead = UNNotificationCategory(identifier: "DEAD", actions: [], intentIdentifiers: [], options: [])
        #elseif DEBUG
        let debug = UNNotificationCategory(identifier: "DEBUG_ONLY", actions: [], intentIdentifiers: [], options: [])
        #endif
        """
      )
    ])
    #expect(result.categories == ["DEBUG_ONLY@7: "])
  }

  @Test func swiftUnresolvableIdentifiersAreListedNotGuessed() {
    let result = registered([
      (
        "B.swift",
        """
        import UserNotifications
        func category(from server: ServerCategory) -> UNNotificationCategory {
          UNNotificationCategory(identifier: server.id, actions: [], intentIdentifiers: [], options: [])
        }
        func named(_ id: String) -> UNNotificationCategory {
          UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: [])
        }
        let a = named("FROM_CALL")
        let dynamic = UNNotificationCategory(identifier: "CAT_\\(UUID().uuidString)", actions: [], intentIdentifiers: [], options: [])
        let other = UNNotificationCategory(identifier: OtherModule.identifier, actions: [], intentIdentifiers: [], options: [])
        """
      )
    ])
    #expect(result.categories == ["FROM_CALL@6: "])
    #expect(result.unresolved == ["B.swift:3", "B.swift:9", "B.swift:10"])
  }

  @Test func swiftThatDoesNotParseStillYieldsWhatItCan() {
    let result = registered([
      (
        "Broken.swift",
        "import UserNotifications\nfunc f( {\nlet ok = UNNotificationCategory(identifier: \"OK\", actions: [], intentIdentifiers: [], options: [])\n}}}} ((( \"\n"
      )
    ])
    #expect(result.categories.contains("OK@3: "))
  }

  @Test func objectiveCMacrosConstantsLocalsAndDeadCode() {
    let result = registered([
      (
        "App/Setup.m",
        """
        #import "Constants.h"
        #define kReplyAction @"REPLY"
        - (void)registerCategories {
            UNTextInputNotificationAction *reply = [UNTextInputNotificationAction actionWithIdentifier:kReplyAction title:NSLocalizedString(@"Reply", nil) options:UNNotificationActionOptionNone textInputButtonTitle:@"Send" textInputPlaceholder:@""];
            NSMutableArray *actions = [NSMutableArray new];
            [actions addObject:reply];
            if (self.canDelete) {
                [actions addObject:[UNNotificationAction actionWithIdentifier:@"DELETE" title:@"Delete" options:UNNotificationActionOptionDestructive | UNNotificationActionOptionAuthenticationRequired]];
            }
            UNNotificationCategory *chat = [UNNotificationCategory categoryWithIdentifier:kChatCategory actions:actions intentIdentifiers:@[] options:UNNotificationCategoryOptionCustomDismissAction];
        #if 0
            UNNotificationCategory *old = [UNNotificationCategory categoryWithIdentifier:@"OLD" actions:@[] intentIdentifiers:@[] options:0];
        #endif
            // [UNNotificationCategory categoryWithIdentifier:@"COMMENTED" actions:@[] intentIdentifiers:@[] options:0];
            UNNotificationCategory *alert =
                [UNNotificationCategory categoryWithIdentifier:@"ALERT" actions:@[] intentIdentifiers:@[] options:0];
            [UNNotificationCategory categoryWithIdentifier:self.serverIdentifier actions:@[] intentIdentifiers:@[] options:0];
            [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObjects:chat, alert, nil]];
        }
        """
      ),
      ("App/Constants.m", "NSString *const kChatCategory = @\"CHAT\";\n"),
    ])
    #expect(
      result.categories == [
        "CHAT[customDismissAction]@10: REPLY[text] DELETE[destructive,authenticationRequired,if]", "ALERT@16: ",
      ])
    #expect(result.unresolved == ["App/Setup.m:17"])
  }

  /// An SDK's category set joined to the app's own (Braze's example app):
  /// the SDK's categories are unknown, listed as unresolved, so no rule
  /// calls a category the SDK registers missing.
  @Test func objectiveCCategoriesFromALibraryAreUnresolved() {
    let result = registered([
      (
        "App/AppDelegate.m",
        """
        - (void)registerCategories {
          UNNotificationCategory *like = [UNNotificationCategory categoryWithIdentifier:@"LIKE"
                                                                             actions:@[]
                                                                   intentIdentifiers:@[]
                                                                             options:0];
          NSMutableSet *categories = [NSMutableSet setWithSet:[ABKPushUtils getAppboyUNNotificationCategorySet]];
          [categories addObject:like];
          [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:categories];
        }

        """
      )
    ])
    #expect(result.categories == ["LIKE@2: "])
    #expect(result.unresolved == ["App/AppDelegate.m:6"])
    // Without setNotificationCategories in the file, such a method is not taken for one.
    let elsewhere = registered([
      (
        "App/Other.m",
        "id x = [UNNotificationCategory categoryWithIdentifier:@\"A\" actions:@[] intentIdentifiers:@[] options:0];\n"
          + "id y = [Catalog allCategories];\n"
      )
    ])
    #expect(elsewhere.unresolved.isEmpty)
  }

  /// An SDK's categories joined to the app's in Swift (Braze's documented
  /// form, and the shapes apps write around it) are listed as unresolved;
  /// the app's own categories are still read.
  @Test(arguments: [
    "UNUserNotificationCenter.current().setNotificationCategories(Braze.Notifications.categories.union([chat]))",
    "UNUserNotificationCenter.current().setNotificationCategories(Braze.Notifications.categories + [chat])",
    "let sdk = BrazeKit.shared\nUNUserNotificationCenter.current().setNotificationCategories(Set([chat]).union(sdk.notificationCategories))",
    "UNUserNotificationCenter.current().setNotificationCategories(Set([chat, Braze.Notifications.storyCategory]))",
    "center.setNotificationCategories(braze?.notifications.categories.union([chat]) ?? [chat])",
    "var categories: Set<UNNotificationCategory> = [chat]\ncategories.formUnion(Braze.Notifications.categories)\nUNUserNotificationCenter.current().setNotificationCategories(categories)",
    "var categories: Set<UNNotificationCategory> = [chat]\ncategories = categories.union(OneSignalKit.categories)\nUNUserNotificationCenter.current().setNotificationCategories(categories)",
  ])
  func swiftCategoriesFromALibraryAreUnresolved(registration: String) {
    let result = registered([
      (
        "App/Categories.swift",
        "import UserNotifications\nlet chat = UNNotificationCategory(identifier: \"CHAT\", actions: [], intentIdentifiers: [])\n"
      ),
      ("App/AppDelegate.swift", "import UserNotifications\nfunc register() {\n" + registration + "\n}\n"),
    ])
    #expect(result.categories == ["CHAT@2: "])
    #expect(
      result.unresolved.count == 1 && result.unresolved[0].hasPrefix("App/AppDelegate.swift:"), "\(result.unresolved)")
  }

  /// The app's own sets, constants and types are no library's.
  @Test(arguments: [
    "UNUserNotificationCenter.current().setNotificationCategories([chat])",
    "UNUserNotificationCenter.current().setNotificationCategories(Set([chat]).union(AppCategories.extra))",
    "let categories: Set<UNNotificationCategory> = [chat]\nUNUserNotificationCenter.current().setNotificationCategories(categories)",
  ])
  func swiftSetsOfTheAppsOwnAreNoLibrarys(registration: String) {
    let result = registered([
      (
        "App/Categories.swift",
        "import UserNotifications\nlet chat = UNNotificationCategory(identifier: \"CHAT\", actions: [], intentIdentifiers: [])\n"
          + "enum AppCategories { static let extra: Set<UNNotificationCategory> = [chat] }\n"
      ),
      ("App/AppDelegate.swift", "import UserNotifications\nfunc register() {\n" + registration + "\n}\n"),
    ])
    #expect(result.unresolved.isEmpty, "\(result.unresolved)")
  }

  @Test func aPushOfAnSDKsCategoryIsNotCalledUndeclaredButATypoOfTheAppsIsWithoutOne() {
    let categories =
      "import UserNotifications\nlet chat = UNNotificationCategory(identifier: \"CHAT\", actions: [], intentIdentifiers: [])\n"
    func findings(_ registration: String) -> [String] {
      linter().lint(project: [
        ("App/Categories.swift", Array(categories.utf8)),
        (
          "App/AppDelegate.swift",
          Array(("import UserNotifications\nfunc register() {\n" + registration + "\n}\n").utf8)
        ),
        (
          "push/story.json", Array("{\"aps\": {\"alert\": \"New story\", \"category\": \"ab_cat_push_story_v2\"}}".utf8)
        ),
        ("push/chat.json", Array("{\"aps\": {\"alert\": \"Hi\", \"category\": \"CHAT\"}}".utf8)),
      ]).map { "\($0.path) \($0.rule)" }
    }
    #expect(
      findings(
        "UNUserNotificationCenter.current().setNotificationCategories(Braze.Notifications.categories.union([chat]))"
      )
      .isEmpty)
    #expect(
      findings("UNUserNotificationCenter.current().setNotificationCategories([chat])") == [
        "push/story.json category-undeclared"
      ])
  }

  /// Action lists an app builds in a getter of several statements or picks
  /// with a condition (the shapes chat and alarm apps write): every action
  /// either branch holds, those only one holds marked conditional.
  @Test func swiftActionListsFromBranchingGettersAndConditions() {
    let result = registered([
      (
        "App/NotificationSetup.swift",
        """
        import UserNotifications

        final class NotificationSetup {
          var isPremium = false
          let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [])
          let markRead = UNNotificationAction(identifier: "MARK_READ", title: "Mark read", options: [])
          let snooze = UNNotificationAction(identifier: "SNOOZE", title: "Snooze", options: [])

          var reminderActions: [UNNotificationAction] {
            if isPremium {
              return [markRead, snooze]
            }
            return [markRead]
          }

          func alarmActions() -> [UNNotificationAction] {
            guard isPremium else { return [markRead] }
            return [snooze, markRead]
          }

          func register() {
            let reminder = UNNotificationCategory(identifier: "REMINDER", actions: reminderActions, intentIdentifiers: [])
            let alarm = UNNotificationCategory(identifier: "ALARM", actions: alarmActions(), intentIdentifiers: [])
            let chat = UNNotificationCategory(
              identifier: "CHAT", actions: isPremium ? [reply, markRead] : [reply], intentIdentifiers: [])
            UNUserNotificationCenter.current().setNotificationCategories([reminder, alarm, chat])
          }
        }

        """
      )
    ])
    #expect(
      result.categories == [
        "REMINDER@22: MARK_READ SNOOZE[if]", "ALARM@23: MARK_READ SNOOZE[if]", "CHAT@24: REPLY[text] MARK_READ[if]",
      ])
    #expect(result.unresolved.isEmpty)
  }

  /// Found by fuzzing: a local whose assignment statement has no `;` before
  /// the use (the use inside the statement) once trapped on a reversed range.
  @Test func objectiveCLocalAssignedAroundItsUseIsNoCrash() throws {
    guard
      case .success(let bytes) = FileSystem.readFile(
        repositoryRoot + "/Tests/Fixtures/code/fuzz-local-assigned-inside-its-use.m")
    else {
      Issue.record("the fixture is missing")
      return
    }
    let found = ObjCRegistrationReader().registrations(
      in: [CodeSource(path: "App/Setup.m", bytes: bytes)], module: CodeModule(files: []))
    #expect(found.flatMap(\.categories).map(\.identifier.text) == ["CHAT"])
  }

  /// A local is its nearest declaration before the use in the innermost
  /// block that has one, in a block of a thousand registrations as in a
  /// short one: a `var` with what is appended to it since, an inner block's
  /// own declaration only inside that block.
  @Test func swiftLocalsAreTheirNearestDeclarationInLongBlocks() {
    var lines = [
      "import UserNotifications", "func register(extra: UNNotificationAction?) {",
      "  var actions = [UNNotificationAction(identifier: \"FIRST\", title: \"F\", options: [])]",
      "  actions.append(UNNotificationAction(identifier: \"SECOND\", title: \"S\", options: []))",
      "  let outer = UNNotificationCategory(identifier: \"OUTER\", actions: actions, intentIdentifiers: [])",
      "  do {",
      "    let actions = [UNNotificationAction(identifier: \"INNER\", title: \"I\", options: [])]",
      "    let inner = UNNotificationCategory(identifier: \"INNER\", actions: actions, intentIdentifiers: [])",
      "  }",
      "  let after = UNNotificationCategory(identifier: \"AFTER\", actions: actions, intentIdentifiers: [])",
    ]
    for index in 0..<1_000 {
      lines.append("  let a\(index) = UNNotificationAction(identifier: \"A\(index)\", title: \"A\", options: [])")
      lines.append(
        "  let c\(index) = UNNotificationCategory(identifier: \"C\(index)\", actions: [a\(index)], intentIdentifiers: [])"
      )
    }
    lines += [
      "  guard let extra else { return }",
      "  let guarded = UNNotificationCategory(identifier: \"GUARDED\", actions: [extra], intentIdentifiers: [])", "}",
    ]
    let result = registered([("Setup.swift", lines.joined(separator: "\n"))])
    let expected =
      ["OUTER@5: FIRST SECOND", "INNER@8: INNER", "AFTER@10: FIRST SECOND"]
      + (0..<1_000).map { "C\($0)@\(12 + 2 * $0): A\($0)" }
    #expect(Array(result.categories.prefix(1_003)) == expected)
    // The guard binds `extra` at run time: the actions are unknown.
    #expect(Array(result.categories.dropFirst(1_003)) == ["GUARDED@2012: ?"])
  }

  /// A registration tried once for each element of its loop keeps, at
  /// every try, the places of its arguments as written: the identifier,
  /// an action from another file at its element of `actions`, the intents,
  /// the placeholder and the summary format.
  @Test func eachTryOfALoopedRegistrationPlacesItsArgumentsAsWritten() {
    let source = """
      import UserNotifications
      func register() {
        for name in ["NEWS", "SPORTS"] {
          let category = UNNotificationCategory(
            identifier: name,
            actions: [Shared.open, UNNotificationAction(identifier: "MUTE", title: "Mute", options: [])],
            intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "%u new",
            categorySummaryFormat: "%u more from %@",
            options: [.customDismissAction])
        }
      }
      """
    let shared = """
      enum Shared {
        static let open = UNNotificationAction(identifier: "OPEN", title: "Open", options: [.foreground])
      }
      """
    let sharedBytes = Array(shared.utf8)
    let module = CodeModule(files: [("App/Shared.swift", { sharedBytes })])
    let found = SwiftRegistrationReader().registrations(
      in: [CodeSource(path: "App/Register.swift", bytes: Array(source.utf8))], module: module)
    let categories: [CodeCategory] = found.flatMap(\.categories)
    func place(_ span: SourceSpan?) -> String {
      span.map { "\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column)" } ?? "-"
    }
    #expect(categories.map(\.identifier.text) == ["NEWS", "SPORTS"])
    for category in categories {
      #expect(place(category.initializer) == "4:20-4:42")
      #expect(place(category.identifier.span) == "5:19-5:23")
      #expect(category.actions?.map { $0.identifier.text } == ["OPEN", "MUTE"])
      // OPEN is declared in Shared.swift: placed where this category names it.
      #expect(category.actions?.map { place($0.identifier.span) } == ["6:17-6:28", "6:63-6:69"])
      #expect(category.intentIdentifiers?.map { $0.text } == ["INSendMessageIntent"])
      #expect(category.intentIdentifiers?.map { place($0.span) } == ["7:26-7:49"])
      #expect(category.hiddenPreviewsBodyPlaceholder?.text == "%u new")
      #expect(place(category.hiddenPreviewsBodyPlaceholder?.span) == "8:38-8:46")
      #expect(category.categorySummaryFormat?.text == "%u more from %@")
      #expect(place(category.categorySummaryFormat?.span) == "9:30-9:47")
      #expect(category.options.map { $0.text } == ["customDismissAction"])
    }
    #expect(found.allSatisfy { $0.unresolved.isEmpty })
  }

  /// An Objective-C local is the last assignment before the use in the
  /// same method: one in an earlier method is another variable.
  @Test func objectiveCLocalsAreTheLastAssignmentInTheirMethod() {
    var body = [
      "- (void)first {",
      "    NSArray *actions = @[[UNNotificationAction actionWithIdentifier:@\"ONE\" title:@\"1\" options:0]];",
    ]
    for index in 0..<500 {
      body.append(
        "    UNNotificationCategory *c\(index) = [UNNotificationCategory categoryWithIdentifier:@\"C\(index)\" actions:actions intentIdentifiers:@[] options:0];"
      )
    }
    body += [
      "}", "- (void)second {",
      "    UNNotificationCategory *early = [UNNotificationCategory categoryWithIdentifier:@\"EARLY\" actions:actions intentIdentifiers:@[] options:0];",
      "    actions = @[[UNNotificationAction actionWithIdentifier:@\"TWO\" title:@\"2\" options:0]];",
      "    UNNotificationCategory *late = [UNNotificationCategory categoryWithIdentifier:@\"LATE\" actions:actions intentIdentifiers:@[] options:0];",
      "}",
    ]
    let result = registered([("App/Setup.m", body.joined(separator: "\n"))])
    #expect(result.categories.count == 502)
    #expect(result.categories.prefix(2) == ["C0@3: ONE", "C1@4: ONE"])
    #expect(result.categories.last == "LATE@507: TWO")
    #expect(result.categories.dropLast().last == "EARLY@505: ?")
  }
  /// For each pair of categories of the file, in order, whether the
  /// readers place them in different arms of one branching statement.
  func exclusivePairs(_ path: String, _ text: String) -> [String] {
    let reader: any RegistrationReader = path.hasSuffix(".swift") ? SwiftRegistrationReader() : ObjCRegistrationReader()
    let source = CodeSource(path: path, bytes: Array(text.utf8))
    let categories = reader.registrations(in: [source], module: CodeModule(files: [])).flatMap(\.categories)
    var pairs: [String] = []
    for (index, first) in categories.enumerated() {
      for second in categories[(index + 1)...] where CodeBranch.areExclusive(first.branches, second.branches) {
        pairs.append("\(first.identifier.text)|\(second.identifier.text)")
      }
    }
    return pairs
  }

  @Test func registrationsInDifferentArmsOfOneStatementAreToldApart() {
    func category(_ name: String) -> String {
      "UNNotificationCategory(identifier: \"\(name)\", actions: [], intentIdentifiers: [], options: [])"
    }
    let swift = """
      func register(kind: Int) {
        if #available(iOS 12.0, *) {
          _ = \(category("A1"))
          if kind > 1 { _ = \(category("N1")) } else { _ = \(category("N2")) }
        } else if #available(iOS 11.0, *) {
          _ = \(category("B1"))
        } else {
          _ = \(category("C1"))
          _ = \(category("C2"))
        }
        switch kind {
        case 0: _ = \(category("S0"))
        default: _ = \(category("S1"))
        }
        #if os(iOS)
        _ = \(category("I1"))
        #else
        _ = \(category("I2"))
        #endif
        _ = \(category("AFTER"))
      }
      func legacy() {
        _ = \(category("P0"))
        guard #available(iOS 12.0, *) else {
          _ = \(category("G0"))
          return
        }
        _ = \(category("G1"))
        guard flag else { _ = \(category("H0")); return }
        if flag { _ = \(category("H1")) }
      }
      """
    // Every pair across arms of one chain, and none within an arm (C1, C2),
    // across statements (S0, I1) or with what follows them all; a guard's
    // else and what follows it, nested or not, but not what comes before
    // it (P0) nor the else of a guard after it (G1, H0); and the two sides
    // of `#available(iOS 12.0, *)`, in `register` and in `legacy`.
    #expect(
      exclusivePairs("App/Setup.swift", swift) == [
        "A1|B1", "A1|C1", "A1|C2", "A1|G0", "N1|N2", "N1|B1", "N1|C1", "N1|C2", "N1|G0", "N2|B1", "N2|C1", "N2|C2",
        "N2|G0", "B1|C1", "B1|C2", "B1|G1", "B1|H0", "B1|H1", "C1|G1", "C1|H0", "C1|H1", "C2|G1", "C2|H0", "C2|H1",
        "S0|S1", "I1|I2", "G0|G1", "G0|H0", "G0|H1", "H0|H1",
      ])
    func objc(_ name: String) -> String {
      "[UNNotificationCategory categoryWithIdentifier:@\"\(name)\" actions:@[] intentIdentifiers:@[] options:0];"
    }
    let objectiveC = """
      - (void)register {
          if (@available(iOS 12.0, *)) {
              \(objc("A1"))
              if (self.kind > 1) { \(objc("N1")) } else { \(objc("N2")) }
          } else if (JSPUSH_IOS_10_0) {
              \(objc("B1"))
          } else {
              \(objc("C1"))
              \(objc("C2"))
          }
          for (int i = 0; i < 2; i++) { \(objc("L1")) }
          \(objc("AFTER"))
      }
      """
    #expect(
      exclusivePairs("App/Setup.m", objectiveC) == [
        "A1|B1", "A1|C1", "A1|C2", "N1|N2", "N1|B1", "N1|C1", "N1|C2", "N2|B1", "N2|C1", "N2|C2", "B1|C1", "B1|C2",
      ])
  }

  /// One availability check written in another way is the same check: its
  /// spaces and a version's last `.0`s do not count, its other digits do.
  @Test func anAvailabilityCheckIsTheSameWhateverItsSpacesAndTrailingZeros() {
    let check = CodeBranch.availability("#available(iOS 15, *)", holds: true)
    #expect(CodeBranch.availability("#available(iOS 15.0.0,*)", holds: true) == check)
    #expect(CodeBranch.availability("#available( iOS 15.0 , * )", holds: true) == check)
    #expect(CodeBranch.availability("#available(iOS 15, *)", holds: false).statement == check.statement)
    #expect(CodeBranch.availability("#available(iOS 15, *)", holds: false) != check)
    #expect(check.statement < 0, "apart from statements named by their offset")
    #expect(
      CodeBranch.availability("#available(iOS 10.0.1, *)", holds: true)
        != CodeBranch.availability("#available(iOS 10.1, *)", holds: true))
    #expect(
      CodeBranch.availability("#available(iOS 15, *)", holds: true)
        != CodeBranch.availability("#available(iOS 150, *)", holds: true))
  }

  /// The two sides of one availability check never both run, even when
  /// the check is written twice, in two functions that each build a
  /// category; the same side of two checks, other checks, and a check
  /// among other conditions are no such pair.
  @Test func theTwoSidesOfOneAvailabilityCheckAreToldApartAcrossStatements() {
    func category(_ name: String) -> String {
      "UNNotificationCategory(identifier: \"\(name)\", actions: [], intentIdentifiers: [], options: [])"
    }
    let swift = """
      func first() {
        if #available(iOS 15.0, *) { _ = \(category("A15")) } else { _ = \(category("Aold")) }
      }
      func second() {
        if #available(iOS 15, *) {
          _ = \(category("B15"))
        } else if #available(iOS 13.0, *) {
          _ = \(category("B13"))
        } else {
          _ = \(category("Bold"))
        }
        if #available(iOS 16.0, *), flag { _ = \(category("C16")) } else { _ = \(category("Cother")) }
      }
      func third() {
        guard #available(iOS 15.0, *) else { _ = \(category("Gold")); return }
        _ = \(category("G15"))
      }
      """
    #expect(
      exclusivePairs("App/Setup.swift", swift) == [
        "A15|Aold", "A15|B13", "A15|Bold", "A15|Gold", "Aold|B15", "Aold|G15", "B15|B13", "B15|Bold", "B15|Gold",
        "B13|Bold", "B13|G15", "Bold|G15", "C16|Cother", "Gold|G15",
      ])
    func objc(_ name: String) -> String {
      "[UNNotificationCategory categoryWithIdentifier:@\"\(name)\" actions:@[] intentIdentifiers:@[] options:0];"
    }
    let objectiveC = """
      - (void)first {
          if (@available(iOS 15, *)) { \(objc("A15")) } else { \(objc("Aold")) }
      }
      - (void)second {
          if (@available(iOS 15.0, *)) {
              \(objc("B15"))
          } else if (self.flag) {
              \(objc("Bflag"))
          } else {
              \(objc("Bold"))
          }
          if (@available(iOS 16.0, *) && self.flag) { \(objc("C16")) } else { \(objc("Cother")) }
      }
      """
    #expect(
      exclusivePairs("App/Setup.m", objectiveC) == [
        "A15|Aold", "A15|Bflag", "A15|Bold", "Aold|B15", "B15|Bflag", "B15|Bold", "Bflag|Bold", "C16|Cother",
      ])
  }

  // MARK: Through the linter

  let contentExtension = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>NSExtension</key>
      <dict>
        <key>NSExtensionPointIdentifier</key>
        <string>com.apple.usernotifications.content-extension</string>
        <key>NSExtensionAttributes</key>
        <dict>
          <key>UNNotificationExtensionCategory</key>
          <array><string>CHAT</string><string>CHTA</string></array>
          <key>UNNotificationExtensionInitialContentSizeRatio</key>
          <real>1</real>
        </dict>
      </dict>
    </dict>
    </plist>

    """

  @Test func aContentExtensionIsJudgedAgainstCategoriesRegisteredInSwift() {
    let files: [(path: String, bytes: [UInt8])] = [
      (
        "App/Categories.swift",
        Array(
          "let c = UNNotificationCategory(identifier: \"CHAT\", actions: [], intentIdentifiers: [], options: [])\n".utf8
        )
      ),
      ("Content/Info.plist", Array(contentExtension.utf8)),
      ("push/a.json", Array("{\"aps\": {\"alert\": \"Hi\", \"category\": \"CHAT\"}}".utf8)),
    ]
    let diagnostics = linter().lint(project: files)
    #expect(
      diagnostics.map { "\($0.rule) \($0.path):\($0.span.start.line)" } == [
        "extension-category-undeclared Content/Info.plist:11"
      ])
    #expect(diagnostics.first?.message.contains("did you mean \"CHAT\" (App/Categories.swift:1)") == true)
    // An unresolved registration might be CHTA: nothing is reported about it.
    let unresolved =
      files + [
        (
          "App/Server.swift",
          Array(
            "func f(id: String) { _ = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: []) }\n"
              .utf8)
        )
      ]
    #expect(linter().lint(project: unresolved).isEmpty)
  }

  /// An action's identifier listed as the extension's category, from an
  /// action appended under a condition (the list is incomplete, the
  /// identifier still known).
  @Test func anActionIdentifierClaimedAsACategoryIsNamedAsOne() {
    let source = """
      var actions = [UNNotificationAction(identifier: "REPLY", title: "Reply", options: [])]
      if #available(iOS 15.0, *) { actions.append(UNNotificationAction(identifier: "CHTA", title: "Mute", options: [])) }
      let c = UNNotificationCategory(identifier: "CHAT", actions: actions, intentIdentifiers: [], options: [])

      """
    let diagnostics = linter().lint(project: [
      ("App/Categories.swift", Array(source.utf8)), ("Content/Info.plist", Array(contentExtension.utf8)),
    ])
    #expect(diagnostics.map(\.rule) == ["extension-category-undeclared"])
    #expect(
      diagnostics.first?.message.hasSuffix(
        "; \"CHTA\" is the identifier of an action (App/Categories.swift:2), not of a category") == true,
      "\(diagnostics.first?.message ?? "")")
    #expect(diagnostics.first?.help == "list the identifier of the category that offers the action")
  }

  /// A watch app's declaration of `category` in `file`: its payload (as
  /// Xcode's watch template pairs one with it) is not category-undeclared
  /// beside an app that registers another category in Swift, and a typo of
  /// it is, with a did-you-mean to `place`.
  func expectWatchDeclaration(
    _ category: String, in file: (path: String, text: String), typo: String, place: String
  ) {
    let files: [(path: String, bytes: [UInt8])] = [
      (
        "App/Categories.swift",
        Array(
          "let c = UNNotificationCategory(identifier: \"CHAT\", actions: [], intentIdentifiers: [], options: [])\n".utf8
        )
      ),
      (file.path, Array(file.text.utf8)),
      (
        "Watch Extension/PushNotificationPayload.apns",
        Array("{\"aps\": {\"alert\": \"Hi\", \"category\": \"\(category)\"}}".utf8)
      ),
      ("push/other.json", Array("{\"aps\": {\"alert\": \"Hi\", \"category\": \"\(typo)\"}}".utf8)),
    ]
    let diagnostics = linter().lint(project: files)
    #expect(diagnostics.map { "\($0.rule) \($0.path)" } == ["category-undeclared push/other.json"])
    #expect(
      diagnostics.first?.message.contains("did you mean \"\(category)\" (\(place))") == true,
      "\(diagnostics.first?.message ?? "")")
  }

  /// A watchOS app declares a category with its notification scene.
  @Test func aWatchNotificationSceneDeclaresItsCategory() {
    let watch = """
      @main struct WatchApp: App {
        var body: some Scene {
          WindowGroup { ContentView() }
          WKNotificationScene(controller: NotificationController.self, category: "myCategory")
        }
      }

      """
    expectWatchDeclaration(
      "myCategory", in: ("Watch App/WatchApp.swift", watch), typo: "myCategroy", place: "Watch App/WatchApp.swift:4")
  }

  /// A WatchKit storyboard's notification interface names its category
  /// (XML entities decoded).
  @Test func aWatchKitStoryboardDeclaresItsCategory() {
    let storyboard = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0">
        <scenes>
          <scene sceneID="a">
            <objects>
              <notificationController id="b">
                <items/>
                <notificationCategory key="notificationCategory" identifier="bolus&amp;Failure" id="JfB-70-Muf"/>
              </notificationController>
            </objects>
          </scene>
        </scenes>
      </document>

      """
    expectWatchDeclaration(
      "bolus&Failure", in: ("WatchApp/Base.lproj/Interface.storyboard", storyboard), typo: "bolus&Failur",
      place: "WatchApp/Base.lproj/Interface.storyboard:8")
  }

  @Test func categoryRulesReportAtTheSwiftSource() {
    let source = """
      let c = UNNotificationCategory(identifier: "CHAT", actions: [
        UNNotificationAction(identifier: "com.apple.UNNotificationDefaultActionIdentifier", title: "Open", options: []),
      ], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "%d messages", options: [])
      let d = UNNotificationCategory(identifier: "CHAT", actions: [], intentIdentifiers: [], options: [])

      """
    let diagnostics = linter().lint(project: [("App/C.swift", Array(source.utf8))])
    #expect(
      diagnostics.map { "\($0.rule) \($0.span.start.line):\($0.span.start.column)" } == [
        "reserved-identifier 2:36", "format-specifier 3:58", "duplicate-identifier 4:44",
      ])
  }

  // MARK: Xcode projects and profiles

  static let project = """
    // !$*UTF8*$!
    {
      objects = {
        T1 /* Chat */ = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Chat; productType = "com.apple.product-type.application"; dependencies = (D1); };
        T2 = { isa = PBXNativeTarget; buildConfigurationList = L2; name = "Chat Content"; productType = "com.apple.product-type.app-extension"; };
        D1 = { isa = PBXTargetDependency; target = T2; };
        P = { isa = PBXProject; buildConfigurationList = L0; };
        L0 = { isa = XCConfigurationList; buildConfigurations = (C0, C4); };
        L1 = { isa = XCConfigurationList; buildConfigurations = (C1, C2); };
        L2 = { isa = XCConfigurationList; buildConfigurations = (C3); };
        C0 = { isa = XCBuildConfiguration; name = Release; buildSettings = { ORG = com.example; }; };
        C4 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { ORG = com.example; }; };
        C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = "$(ORG).chat.debug"; INFOPLIST_FILE = "$(SRCROOT)/Chat/Info.plist"; CODE_SIGN_ENTITLEMENTS = Chat/Chat.entitlements; INFOPLIST_KEY_CFBundleDisplayName = Chat; }; };
        C2 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = "${ORG}.$(PRODUCT_NAME:lower)"; }; };
        C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = "$(ORG).chat.$(TARGET_NAME:rfc1034identifier)"; }; };
      };
    }

    """

  @Test func xcodeProjectTargetsWithExpandedSettings() {
    let result = StringsFileReader.readPropertyList(Array(Self.project.utf8))
    #expect(result.findings.isEmpty)
    let targets = XcodeProjectReader.targets(of: result.root!, path: "ios/Chat.xcodeproj/project.pbxproj")
    #expect(targets.map(\.name) == ["Chat", "Chat Content"])
    #expect(targets[0].bundleIdentifiers == ["com.example.chat.debug", "com.example.chat"])
    #expect(targets[0].infoPlist == "ios/Chat/Info.plist")
    #expect(targets[0].entitlements == "ios/Chat/Chat.entitlements")
    #expect(targets[0].infoPlistKeys == ["CFBundleDisplayName": "Chat"])
    #expect(targets[0].dependencies == ["Chat Content"])
    #expect(targets[0].isApp && !targets[1].isApp)
    #expect(targets[1].bundleIdentifiers == ["com.example.chat.Chat-Content"])
  }

  /// Build settings that each name another eight times (8^10 expansions
  /// and a text of a billion characters), or that name themselves, expand
  /// to nothing known, at once; a setting named many times is expanded once
  /// and reads the same each time.
  @Test func settingsThatMultiplyOrNameThemselvesAreUnknown() {
    var settings = ["L0": "x", "SHORT": "$(L1).$(L1)", "SELF": "a$(OTHER)", "OTHER": "b$(SELF)"]
    for level in 1...10 { settings["L\(level)"] = String(repeating: "$(L\(level - 1))", count: 8) }
    var expander = SettingExpander(settings: settings, builtIn: ["TARGET_NAME": "Chat"])
    #expect(expander.expand("$(L10)") == nil)
    #expect(expander.expand("$(L5)") == String(repeating: "x", count: 32_768))
    #expect(expander.expand("$(SELF)") == nil)
    #expect(expander.expand("$(SHORT)-$(TARGET_NAME)") == "xxxxxxxx.xxxxxxxx-Chat")
    // A chain deeper than 16 stops, and what it passed through reads as before.
    var chain = ["C0": "end"]
    for level in 1...20 { chain["C\(level)"] = "$(C\(level - 1))" }
    var deep = SettingExpander(settings: chain, builtIn: [:])
    #expect(deep.expand("$(C20)") == nil)
    #expect(deep.expand("$(C3)") == "end")
  }

  /// The file a configuration is based on, as a file reference or, since
  /// Xcode 16, as a path inside a synchronized folder.
  @Test(arguments: [
    "F1 = { isa = PBXFileReference; path = Release.xcconfig; sourceTree = \"<group>\"; };\n"
      + "C1 = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = F1; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = \"$(APP_ID)\"; }; };",
    "G1 = { isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Config; sourceTree = \"<group>\"; };\n"
      + "C1 = { isa = XCBuildConfiguration; name = Release; baseConfigurationReferenceAnchor = G1; baseConfigurationReferenceRelativePath = Release.xcconfig; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = \"$(APP_ID)\"; }; };",
  ])
  func bundleIdentifiersFromTheXcconfigFilesAConfigurationIsBasedOn(configuration: String) {
    let project = """
      // !$*UTF8*$!
      {
        objects = {
          T1 = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Chat; productType = "com.apple.product-type.application"; };
          L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
          \(configuration)
        };
      }

      """
    let files: [(path: String, bytes: [UInt8])] = [
      ("ios/Chat.xcodeproj/project.pbxproj", Array(project.utf8)),
      ("ios/Config/Release.xcconfig", Array("#include \"Shared.xcconfig\"\nAPP_ID = $(ORG).chat // the app\n".utf8)),
      ("ios/Config/Shared.xcconfig", Array("ORG = com.example\nAPP_ID[sdk=macosx*] = other\n".utf8)),
      (
        "push/call.json",
        Array(
          "{\"headers\": {\"apns-push-type\": \"alert\", \"apns-topic\": \"com.example.chats\"}, \"payload\": {\"aps\": {\"alert\": \"Hi\"}}}"
            .utf8)
      ),
    ]
    let diagnostics = linter().lint(project: files)
    #expect(diagnostics.map(\.rule) == ["topic-bundle-mismatch"])
    #expect(diagnostics.first?.message.contains("did you mean \"com.example.chat\"") == true)
    // Without the file the setting comes from, the identifier is unknown and nothing is reported.
    #expect(linter().lint(project: files.filter { !$0.path.hasSuffix("Release.xcconfig") }).isEmpty)
  }

  @Test func extensionsOfTwoAppsMayClaimTheSameCategory() {
    let project = """
      // !$*UTF8*$!
      {
        objects = {
          A1 = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Phone; productType = "com.apple.product-type.application"; dependencies = (D1); };
          A2 = { isa = PBXNativeTarget; buildConfigurationList = L2; name = Mac; productType = "com.apple.product-type.application"; dependencies = (D2); };
          E1 = { isa = PBXNativeTarget; buildConfigurationList = L3; name = PhoneContent; productType = "com.apple.product-type.app-extension"; };
          E2 = { isa = PBXNativeTarget; buildConfigurationList = L4; name = MacContent; productType = "com.apple.product-type.app-extension"; };
          D1 = { isa = PBXTargetDependency; target = E1; };
          D2 = { isa = PBXTargetDependency; target = E2; };
          L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
          L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
          L3 = { isa = XCConfigurationList; buildConfigurations = (C3); };
          L4 = { isa = XCConfigurationList; buildConfigurations = (C4); };
          C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = com.example.phone; }; };
          C2 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = com.example.mac; }; };
          C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = PhoneContent/Info.plist; }; };
          C4 = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = MacContent/Info.plist; }; };
        };
      }

      """
    var files: [(path: String, bytes: [UInt8])] = [
      ("PhoneContent/Info.plist", Array(contentExtension.utf8)),
      ("MacContent/Info.plist", Array(contentExtension.utf8)),
    ]
    // Without the project, two extensions claiming one category conflict.
    #expect(linter().lint(project: files).map(\.rule).contains("extension-category-conflict"))
    files.append(("Chat.xcodeproj/project.pbxproj", Array(project.utf8)))
    #expect(!linter().lint(project: files).map(\.rule).contains("extension-category-conflict"))
  }

  /// An extension folder no target builds (left behind by a rename) claims
  /// nothing: only an Xcode project that names every extension's Info.plist
  /// says so.
  @Test func anExtensionPlistNoTargetBuildsClaimsNoCategory() {
    func project(infoPlist: String) -> String {
      """
      // !$*UTF8*$!
      {
        objects = {
          A1 = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Phone; productType = "com.apple.product-type.application"; dependencies = (D1); };
          E1 = { isa = PBXNativeTarget; buildConfigurationList = L3; name = Content; productType = "com.apple.product-type.app-extension"; };
          D1 = { isa = PBXTargetDependency; target = E1; };
          L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
          L3 = { isa = XCConfigurationList; buildConfigurations = (C3); };
          C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = com.example.phone; }; };
          C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { \(infoPlist) }; };
        };
      }

      """
    }
    let files: [(path: String, bytes: [UInt8])] = [
      ("Content/Info.plist", Array(contentExtension.utf8)),
      ("NotificationContent/Info.plist", Array(contentExtension.utf8)),
    ]
    func conflicts(_ infoPlist: String) -> Bool {
      linter().lint(project: files + [("Chat.xcodeproj/project.pbxproj", Array(project(infoPlist: infoPlist).utf8))])
        .map(\.rule).contains("extension-category-conflict")
    }
    #expect(!conflicts("INFOPLIST_FILE = Content/Info.plist;"))
    #expect(!conflicts("INFOPLIST_FILE = NotificationContent/Info.plist;"))
    // Nor is it judged against the app's categories; the one built is,
    // named in any case (Xcode on a Mac finds it whatever its folder's case).
    func undeclared(_ infoPlist: String) -> Set<String> {
      let withCategories =
        files + [
          ("Chat.xcodeproj/project.pbxproj", Array(project(infoPlist: infoPlist).utf8)),
          ("categories.yaml", Array("categories:\n  - identifier: OTHER\n".utf8)),
        ]
      return Set(
        linter().lint(project: withCategories).filter { $0.rule == "extension-category-undeclared" }.map(\.path))
    }
    #expect(undeclared("INFOPLIST_FILE = Content/Info.plist;") == ["Content/Info.plist"])
    #expect(undeclared("INFOPLIST_FILE = content/info.plist;") == ["Content/Info.plist"])
    // An extension whose Info.plist the project does not name may be built from either.
    #expect(conflicts("PRODUCT_NAME = Content;"))
  }

  /// Each content extension is judged against the categories of the app that
  /// embeds it: the Mac app's registration does not serve the iPhone app's extension.
  @Test func aContentExtensionIsJudgedAgainstItsOwnAppsCategories() {
    let project = """
      // !$*UTF8*$!
      {
        objects = {
          P = { isa = PBXProject; mainGroup = G0; };
          G0 = { isa = PBXGroup; children = (G1, G2, F3); sourceTree = "<group>"; };
          G1 = { isa = PBXGroup; children = (F1); path = Phone; sourceTree = "<group>"; };
          G2 = { isa = PBXGroup; children = (F2); path = Mac; sourceTree = "<group>"; };
          F1 = { isa = PBXFileReference; path = Categories.swift; sourceTree = "<group>"; };
          F2 = { isa = PBXFileReference; path = Categories.swift; sourceTree = "<group>"; };
          F3 = { isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
          B1 = { isa = PBXBuildFile; fileRef = F1; };
          B2 = { isa = PBXBuildFile; fileRef = F2; };
          S1 = { isa = PBXSourcesBuildPhase; files = (B1); };
          S2 = { isa = PBXSourcesBuildPhase; files = (B2); };
          A1 = { isa = PBXNativeTarget; name = Phone; productType = "com.apple.product-type.application"; buildPhases = (S1); dependencies = (D1, D3); };
          A2 = { isa = PBXNativeTarget; name = Mac; productType = "com.apple.product-type.application"; buildPhases = (S2); };
          K1 = { isa = PBXNativeTarget; name = Kit; productType = "com.apple.product-type.framework"; fileSystemSynchronizedGroups = (F3); };
          E1 = { isa = PBXNativeTarget; buildConfigurationList = L3; name = PhoneContent; productType = "com.apple.product-type.app-extension"; };
          D1 = { isa = PBXTargetDependency; target = E1; };
          D3 = { isa = PBXTargetDependency; target = K1; };
          L3 = { isa = XCConfigurationList; buildConfigurations = (C3); };
          C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = PhoneContent/Info.plist; }; };
        };
      }

      """
    func category(_ name: String) -> [UInt8] {
      Array(
        "let c = UNNotificationCategory(identifier: \"\(name)\", actions: [], intentIdentifiers: [], options: [])\n"
          .utf8)
    }
    let files: [(path: String, bytes: [UInt8])] = [
      ("Chat.xcodeproj/project.pbxproj", Array(project.utf8)), ("Phone/Categories.swift", category("CHAT")),
      ("Mac/Categories.swift", category("CHTA")), ("PhoneContent/Info.plist", Array(contentExtension.utf8)),
    ]
    let diagnostics = linter().lint(project: files)
    #expect(diagnostics.map { "\($0.rule) \($0.span.start.line)" } == ["extension-category-undeclared 11"])
    #expect(diagnostics.first?.message.contains("Phone, the app embedding it, does not register") == true)
    // Registered by a framework the app depends on, the category reaches the extension.
    let framework = files + [("Shared/More.swift", category("CHTA"))]
    #expect(linter().lint(project: framework).isEmpty)
  }

  /// A push is judged against the app its topic names: its entitlements,
  /// profile and registrations, not another app's of the same project.
  @Test func aPushIsJudgedAgainstTheAppItsTopicNames() {
    let project = """
      // !$*UTF8*$!
      {
        objects = {
          P = { isa = PBXProject; mainGroup = G0; };
          G0 = { isa = PBXGroup; children = (F1, F2); sourceTree = "<group>"; };
          F1 = { isa = PBXFileReference; path = Phone/Categories.swift; sourceTree = "<group>"; };
          F2 = { isa = PBXFileReference; path = Mac/Categories.swift; sourceTree = "<group>"; };
          B1 = { isa = PBXBuildFile; fileRef = F1; };
          B2 = { isa = PBXBuildFile; fileRef = F2; };
          S1 = { isa = PBXSourcesBuildPhase; files = (B1); };
          S2 = { isa = PBXSourcesBuildPhase; files = (B2); };
          A1 = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Phone; productType = "com.apple.product-type.application"; buildPhases = (S1); };
          A2 = { isa = PBXNativeTarget; buildConfigurationList = L2; name = Mac; productType = "com.apple.product-type.application"; buildPhases = (S2); };
          L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
          L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
          C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = com.example.phone; CODE_SIGN_ENTITLEMENTS = Phone/Phone.entitlements; }; };
          C2 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = com.example.mac; CODE_SIGN_ENTITLEMENTS = Mac/Mac.entitlements; }; };
        };
      }

      """
    func entitlements(critical: Bool) -> [UInt8] {
      Array(
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>com.apple.developer.usernotifications.critical-alerts</key><\(critical)/></dict></plist>\n"
          .utf8)
    }
    func push(_ topic: String) -> [UInt8] {
      Array(
        "{\"headers\": {\"apns-push-type\": \"alert\", \"apns-topic\": \"\(topic)\"}, \"payload\": {\"aps\": {\"alert\": \"Smoke\", \"category\": \"ALARM\", \"interruption-level\": \"critical\"}}}"
          .utf8)
    }
    let base: [(path: String, bytes: [UInt8])] = [
      ("Chat.xcodeproj/project.pbxproj", Array(project.utf8)),
      (
        "Phone/Categories.swift",
        Array(
          "let c = UNNotificationCategory(identifier: \"ALARM\", actions: [], intentIdentifiers: [], options: [])\n"
            .utf8)
      ),
      ("Mac/Categories.swift", Array("let c = 1\n".utf8)),
      ("Phone/Phone.entitlements", entitlements(critical: true)),
      ("Mac/Mac.entitlements", entitlements(critical: false)),
    ]
    func rules(_ files: [(path: String, bytes: [UInt8])]) -> [String] {
      linter().lint(project: files).map { "\($0.rule) \($0.path)" }
    }
    #expect(rules(base + [("push/phone.json", push("com.example.phone"))]).isEmpty)
    let mac = rules(base + [("push/mac.json", push("com.example.mac"))])
    #expect(mac == ["category-undeclared push/mac.json", "critical-alert-entitlement push/mac.json"])
    // Mac's own profile grants it; a profile for another app would not.
    func profile(_ identifier: String) -> [UInt8] {
      Array(
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>Entitlements</key><dict><key>application-identifier</key><string>\(identifier)</string><key>com.apple.developer.usernotifications.critical-alerts</key><true/></dict></dict></plist>"
          .utf8)
    }
    let granted = rules(
      base + [("push/mac.json", push("com.example.mac")), ("Mac/mac.mobileprovision", profile("TEAM.com.example.mac"))])
    #expect(granted == ["category-undeclared push/mac.json"])
    let other = rules(
      base + [
        ("push/mac.json", push("com.example.mac")), ("Phone/p.mobileprovision", profile("TEAM.com.example.phone")),
      ])
    #expect(other.contains("critical-alert-entitlement push/mac.json"))
  }

  @Test func aTruncatedProjectIsASyntaxErrorWithAPosition() {
    let truncated = String(Self.project.prefix(300))
    let diagnostics = linter().lint(project: [("A.xcodeproj/project.pbxproj", Array(truncated.utf8))])
    #expect(diagnostics.map(\.rule) == ["syntax-error"])
    #expect(diagnostics.first.map { $0.span.start.line > 1 } == true)
  }

  @Test func aProfileThatGrantsTheEntitlementSilencesTheFinding() {
    let entitlements =
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>aps-environment</key><string>production</string></dict></plist>\n"
    let profile =
      [0x30, 0x82, 0x01, 0x00, 0x06, 0x09]
      + Array(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>Entitlements</key><dict><key>com.apple.developer.usernotifications.critical-alerts</key><true/></dict></dict></plist>"
          .utf8) + [0xA0, 0x82, 0x00]
    let payload = Array("{\"aps\": {\"alert\": \"Smoke\", \"interruption-level\": \"critical\"}}".utf8)
    let without = linter().lint(project: [("App/App.entitlements", Array(entitlements.utf8)), ("push/a.json", payload)])
    #expect(without.map(\.rule) == ["critical-alert-entitlement"])
    #expect(without.first?.message.contains("signing step") == true)
    let with = linter().lint(project: [
      ("App/App.entitlements", Array(entitlements.utf8)), ("App/embedded.mobileprovision", profile),
      ("push/a.json", payload),
    ])
    #expect(with.isEmpty)
  }

  /// Found by fuzzing: a profile whose plist is unreadable text must say so.
  @Test func aProfileWithAnUnreadablePlistIsAFinding() {
    let bytes =
      [0x30, 0x82] + Array("<?xml version=\"1.0\" encoding=".utf8) + [0, 0, 0, 2]
      + Array("3>\n<plist version=\"1.0\"><dict/></plist>".utf8)
    let result = ProvisioningProfileReader.read(bytes)
    #expect(result.root != nil || !result.findings.isEmpty)
    #expect(ProvisioningProfileReader.read(Array("no plist here".utf8)).findings.map(\.rule) == [.syntaxError])
  }

  /// fastlane match keeps profiles encrypted in a repository: a walk sets
  /// them aside, and one named on the command line is a note, not a
  /// damaged profile.
  @Test func aProfileFastlaneMatchKeepsEncryptedIsSetAsideNotCalledDamaged() {
    // base64 of "Salted__" and of "match_encrypted_v2__", each with some of what follows.
    let first = "U2FsdGVkX1+yB0kD2f0Q3w7Yb8x1c2VjcmV0\nc2VjcmV0c2VjcmV0\n"
    let second = "bWF0Y2hfZW5jcnlwdGVkX3YyX18AAQIDBAUGBw==\n"
    for text in [first, second, "\n" + first] {
      #expect(ProvisioningProfileReader.isEncrypted(Array(text.utf8)))
    }
    #expect(!ProvisioningProfileReader.isEncrypted(Array("no plist here".utf8)))
    let scratch = ScratchDirectory()
    scratch.write("profiles/appstore/AppStore_com.example.app.mobileprovision", first)
    scratch.write("profiles/development/Development_com.example.app.mobileprovision", second)
    scratch.write("push/hi.json", #"{"aps": {"alert": "Hi"}}"#)
    let linter = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
    let walked = linter.lint(paths: ["."], currentDirectory: scratch.path)
    #expect(walked.diagnostics.isEmpty, "\(walked.diagnostics.map(TextReporter.line(for:)))")
    let named = linter.lint(
      paths: ["profiles/appstore/AppStore_com.example.app.mobileprovision"], currentDirectory: scratch.path)
    #expect(named.diagnostics.map { "\($0.severity) \($0.rule)" } == ["info syntax-error"])
    #expect(named.diagnostics.first?.message.contains("encrypted") == true)
  }

  @Test func theProjectCommandPrintsTheDocumentedJSONShape() {
    let scratch = ScratchDirectory()
    scratch.write("ios/Chat.xcodeproj/project.pbxproj", Self.project)
    scratch.write(
      "ios/Chat/Categories.swift",
      "let c = UNNotificationCategory(identifier: \"CHAT\", actions: [UNNotificationAction(identifier: \"OPEN\", title: \"Open\", options: [.foreground])], intentIdentifiers: [], options: [])\nfunc f(id: String) { _ = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: []) }\n"
    )
    scratch.write("ios/Chat/Other.swift", "struct Other {}\n")
    let result = run(pushlintBinary, ["project", "--format", "json"], in: scratch.path)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    for fragment in [
      "\"version\": 1", "\"root\": \"ios\"", "\"path\": \"ios/Chat/Categories.swift\"",
      "\"kind\": \"source-registrations\"",
      "\"reason\": \"names no notification type; not parsed\"",
      "\"bundleIdentifier\": \"com.example.chat.debug\"", "\"productType\": \"com.apple.product-type.application\"",
      "\"infoPlist\": \"ios/Chat/Info.plist\"", "\"identifier\": \"CHAT\"", "\"line\": 1", "\"textInput\": false",
      "\"options\": [\n                \"foreground\"", "\"unresolved\": [", "\"line\": 2",
    ] {
      #expect(output.contains(fragment), "\(fragment) in \(output)")
    }
  }
}

@Suite struct KnownKindsByNameTests {
  /// A walk skips files it cannot read only when nothing says what they are:
  /// an Info.plist, an entitlements file, a project.pbxproj or a profile is
  /// known by its name, so a truncated one is a syntax error.
  @Test func truncatedFilesOfKnownKindsAreReportedInAWalk() {
    let scratch = ScratchDirectory()
    scratch.write(
      "App/Info.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>UIBackgroundModes</key>\n")
    scratch.write(
      "App/App.entitlements", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>aps-environment</key>")
    scratch.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXNativeTarget;")
    scratch.write("App/embedded.mobileprovision", "not a profile")
    scratch.write("push/a.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    let report = Linter(configuration: Configuration(directory: scratch.path), jobs: 1)
      .lint(paths: ["."], currentDirectory: scratch.path)
    #expect(
      report.diagnostics.map { "\($0.rule) \($0.path)" }.sorted() == [
        "syntax-error App.xcodeproj/project.pbxproj", "syntax-error App/App.entitlements",
        "syntax-error App/Info.plist",
        "syntax-error App/embedded.mobileprovision",
      ])
    #expect(report.diagnostics.allSatisfy { $0.span.start.line >= 1 })
  }
}

@Suite struct InitTests {
  /// `pushlint init` in a copy of samples/ExampleApp without its
  /// configuration writes the targets and context the sample's has.
  @Test func initWritesTheExampleAppsTargetsAndContext() throws {
    let scratch = ScratchDirectory()
    _ = run("/bin/cp", ["-r", repositoryRoot + "/samples/ExampleApp", scratch.path + "/app"])
    _ = run("/bin/rm", [scratch.path + "/app/.pushlint.yml"])
    let result = run(pushlintBinary, ["init"], in: scratch.path + "/app")
    #expect(result.status == 0, "\(result.standardError)")
    let written = try Configuration.load(
      file: scratch.path + "/app/.pushlint.yml", currentDirectory: scratch.path + "/app")
    let sample = try Configuration.load(
      file: repositoryRoot + "/samples/ExampleApp/.pushlint.yml", currentDirectory: repositoryRoot)
    #expect(written.targets == sample.targets)
    #expect(written.context.map(\.pattern) == sample.context.map(\.pattern))
    // The draft lints the app as the sample's configuration does, bar the template limits only a person knows.
    let lint = run(pushlintBinary, ["--rule", "template-too-large=off"], in: scratch.path + "/app")
    #expect(lint.status == 0 && lint.standardOutput.isEmpty, "\(lint.standardOutput)")
    // An existing configuration is kept.
    let again = run(pushlintBinary, ["init"], in: scratch.path + "/app")
    #expect(again.status == 2 && again.standardError.contains("already exists"))
  }
}

@Suite struct NamedSoundTests {
  /// A sound named on the command line is linted as a notification sound,
  /// not read silently.
  @Test func aSoundNamedOnTheCommandLineIsChecked() {
    let bad = run(pushlintBinary, ["samples/ExampleApp-broken/App/Sounds/alarm.caf"], in: repositoryRoot)
    #expect(bad.standardOutput.contains("alarm.caf:1:1: warning: alarm.caf cannot be a notification sound"), "\(bad)")
    #expect(bad.standardError.contains("in 1 file"), "\(bad.standardError)")
    let good = run(pushlintBinary, ["samples/ExampleApp/App/Sounds/alarm.caf"], in: repositoryRoot)
    #expect(good.status == 0 && good.standardOutput.isEmpty, "\(good)")
    #expect(good.standardError.contains("no problems in 1 file"), "\(good.standardError)")
  }
}
