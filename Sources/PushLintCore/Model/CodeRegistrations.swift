/// Notification categories and actions that an app's source code registers
/// (`UNNotificationCategory`, `UNNotificationAction`,
/// `UNTextInputNotificationAction`), as far as they can be known without
/// running the app. The Swift and Objective-C readers produce it; the
/// classification stage turns it into a categories document, so the
/// category rules judge code as they judge a categories file.
public struct CodeRegistrations: Sendable {
  public var path: String
  public var categories: [CodeCategory] = []
  /// Registrations whose identifier (or action list) depends on what only
  /// running the app tells; no rule reports a category they might be.
  public var unresolved: [CodeUnresolved] = []

  public init(path: String, categories: [CodeCategory] = [], unresolved: [CodeUnresolved] = []) {
    self.path = path
    self.categories = categories
    self.unresolved = unresolved
  }

  public var isEmpty: Bool { categories.isEmpty && unresolved.isEmpty }

  /// The branches of each category and action written in any, by where
  /// its identifier starts (a registration in none is left out): asked once
  /// a file, as a file may register thousands.
  public var branchesByIdentifier: [Int: [CodeBranch]] {
    var table: [Int: [CodeBranch]] = [:]
    for category in categories {
      if !category.branches.isEmpty { table[category.identifier.span.start.offset] = category.branches }
      for action in category.actions ?? [] where !action.branches.isEmpty {
        table[action.identifier.span.start.offset] = action.branches
      }
    }
    return table
  }
}

/// One arm of a branching statement (`if` … `else`, a `switch` case, an
/// `#if` clause) that a registration is written in. Two registrations in
/// different arms of one statement never run in the same pass: an
/// `if #available(iOS 12.0, *)` branch and its `else` may each declare
/// the same category for their own OS versions.
public struct CodeBranch: Sendable, Equatable {
  /// Names the statement: where it starts in its file, and its kind; or,
  /// negative, an availability check wherever it is written (`availability`).
  public var statement: Int
  /// Which arm: an `if` chain's arms (`if`, each `else if`, `else`) counted
  /// from 0, or where a `switch`'s case or an `#if`'s clause starts.
  public var arm: Int

  public init(statement: Int, arm: Int) {
    self.statement = statement
    self.arm = arm
  }

  /// The side of an availability check (`#available(iOS 15, *)`,
  /// `@available(iOS 15, *)`) a registration is written on: `holds` where
  /// the check passed, else where it failed. A device's OS version does not
  /// change while the app runs, so two registrations on either side of the
  /// same check never both run, whether the two checks are one statement or
  /// two (one in each of two functions that build a category each).
  /// `condition` is the check as written; spaces and a version's trailing
  /// `.0`s do not tell two checks apart.
  public static func availability(_ condition: String, holds: Bool) -> CodeBranch {
    var text = Array(condition.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
    // A version's last `.0`, again until none is left: `15.0.0` is `15`,
    // `10.0.1` stays as it is.
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    let isDigitOrDot = { (byte: UInt8) in isDigit(byte) || byte == UInt8(ascii: ".") }
    var removed = true
    while removed {
      removed = false
      var index = 1
      while index + 1 < text.count {
        if text[index] == UInt8(ascii: "."), text[index + 1] == UInt8(ascii: "0"), isDigit(text[index - 1]),
          index + 2 == text.count || !isDigitOrDot(text[index + 2])
        {
          text.removeSubrange(index..<index + 2)
          removed = true
        } else {
          index += 1
        }
      }
    }
    // FNV-1a: the same number in every run, so output never depends on it;
    // the top bit keeps it apart from statements named by their offset.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return CodeBranch(statement: Int(bitPattern: UInt(hash | 1 << 63)), arm: holds ? 0 : 1)
  }

  /// Whether two registrations of one file, each in `first` and `second`,
  /// sit in different arms of one statement.
  public static func areExclusive(_ first: [CodeBranch], _ second: [CodeBranch]) -> Bool {
    first.contains { branch in second.contains { $0.statement == branch.statement && $0.arm != branch.arm } }
  }
}

/// A string the code gives, at the expression that gives it in this file.
public struct CodeString: Sendable, Equatable {
  public var text: String
  public var span: SourceSpan

  public init(_ text: String, span: SourceSpan) {
    self.text = text
    self.span = span
  }
}

public struct CodeCategory: Sendable {
  public var identifier: CodeString
  /// The initializer: `UNNotificationCategory(` or `.init(` in Swift, the
  /// `[UNNotificationCategory` receiver in Objective-C.
  public var initializer: SourceSpan
  /// In order; nil when the list cannot be known statically (then
  /// `actionsUnresolved` says why, and no rule counts the actions).
  public var actions: [CodeAction]?
  public var actionsUnresolved: Unknowable?
  /// Option names as Swift spells them (`customDismissAction`), at their expressions.
  public var options: [CodeString] = []
  public var intentIdentifiers: [CodeString]?
  public var hiddenPreviewsBodyPlaceholder: CodeString?
  public var categorySummaryFormat: CodeString?
  /// The arms of branching statements the registration is written in, innermost first.
  public var branches: [CodeBranch] = []

  public init(identifier: CodeString, initializer: SourceSpan) {
    self.identifier = identifier
    self.initializer = initializer
  }
}

public struct CodeAction: Sendable {
  public var identifier: CodeString
  public var initializer: SourceSpan
  /// nil when the title is not a literal (a localized string, say).
  public var title: CodeString?
  /// `foreground`, `destructive`, `authenticationRequired`.
  public var options: [CodeString] = []
  public var isTextInput = false
  /// Present only in some runs of the app (appended under a condition).
  public var isConditional = false
  /// The file the action is declared in, when a reader knows it.
  public var path: String?
  /// `UNNotificationActionIcon(systemImageName:)` or `(templateImageName:)`:
  /// the kind (`systemImageName`) and the image's name.
  public var icon: (kind: String, name: CodeString)?
  /// The arms of branching statements the action is written in, innermost first.
  public var branches: [CodeBranch] = []

  public init(identifier: CodeString, initializer: SourceSpan) {
    self.identifier = identifier
    self.initializer = initializer
  }

  /// Every position moved to `span` of `path`: an action declared in one
  /// file and used by a category in another is shown where the category
  /// uses it, in the category's branches.
  public mutating func relocate(to span: SourceSpan, path: String, branches: [CodeBranch]) {
    self.branches = branches
    identifier.span = span
    initializer = span
    title?.span = span
    icon?.name.span = span
    for index in options.indices { options[index].span = span }
    self.path = path
  }
}

public struct CodeUnresolved: Error, Sendable, Equatable {
  public var span: SourceSpan
  public var reason: Unknowable

  public init(span: SourceSpan, reason: Unknowable) {
    self.span = span
    self.reason = reason
  }
}

/// A source file handed to a registration reader.
public struct CodeSource: Sendable {
  /// The path diagnostics name.
  public var path: String
  public var bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// Whether the text names one of the notification types: the byte search
  /// that decides which files are parsed at all.
  public static func mentionsNotificationTypes(_ bytes: [UInt8]) -> Bool {
    ByteSearch.contains("UNNotificationCategory", in: bytes) || ByteSearch.contains("UNNotificationAction", in: bytes)
      || ByteSearch.contains("UNTextInputNotificationAction", in: bytes)
      || ByteSearch.contains("WKNotificationScene", in: bytes)
      || ByteSearch.contains("<notificationCategory", in: bytes)
      || ByteSearch.contains("setNotificationCategories", in: bytes)
  }
}

/// The rest of a module's source files, for the declarations a registration
/// names: read and searched only when a name is not found in the files
/// that register.
public struct CodeModule: Sendable {
  let files: [(path: String, load: @Sendable () -> [UInt8]?)]

  public init(files: [(path: String, load: @Sendable () -> [UInt8]?)]) {
    self.files = files
  }

  public static let empty = CodeModule(files: [])

  /// How many times declarations are looked for in further files: a
  /// constant may name a constant of a third file, and that one a fourth.
  public static let lookupRounds = 3

  /// Reads, into a reader's declarations (`add`), the files that hold the
  /// names its registrations still miss (`missingNames`, evaluated anew each
  /// round), until none is missing or `lookupRounds` rounds have passed.
  /// `registering` are the files already read.
  public func addDeclarations(
    missing missingNames: () -> Set<String>, registering: [CodeSource], add: (CodeSource) -> Void
  ) {
    var loaded = Set(registering.map(\.path))
    for _ in 0..<Self.lookupRounds {
      let more = files(containingAny: missingNames()).filter { loaded.insert($0.path).inserted }
      if more.isEmpty { return }
      more.forEach(add)
    }
  }

  /// The files whose text contains any of `words` as a whole word (`Model1`
  /// is not found in `Model10`), in path order.
  public func files(containingAny words: Set<String>) -> [CodeSource] {
    guard !words.isEmpty else { return [] }
    let needles = words.map { Array($0.utf8) }
    return files.compactMap { file in
      guard let bytes = file.load(), needles.contains(where: { Self.containsWord($0, in: bytes) }) else {
        return nil
      }
      return CodeSource(path: file.path, bytes: bytes)
    }
  }

  static func containsWord(_ word: [UInt8], in bytes: [UInt8]) -> Bool {
    var start = 0
    while let found = ByteSearch.firstIndex(of: word, in: bytes, from: start) {
      let end = found + word.count
      if (found == 0 || !ByteSearch.isWordByte(bytes[found - 1]))
        && (end >= bytes.count || !ByteSearch.isWordByte(bytes[end]))
      {
        return true
      }
      start = found + 1
    }
    return false
  }
}

/// Reads the registrations of one source language.
public protocol RegistrationReader: Sendable {
  /// Lowercased file extensions this reader reads.
  var fileExtensions: Set<String> { get }
  /// The registrations in `files` (each mentions a notification type), one
  /// entry per file that registers or tries to, with names resolved across
  /// them and, as needed, across `module`.
  func registrations(in files: [CodeSource], module: CodeModule) -> [CodeRegistrations]
}

/// Why a code reader cannot know a value before the app runs. The facts
/// carry the source they are about (`text`, as written, shortened); `pushlint
/// project` words them.
public indirect enum Unknowable: Sendable, Equatable {
  case chainTooDeep
  /// A constant or function whose value names itself, directly or through others.
  case refersToItself(name: String)
  /// More constants and branches than one registration is followed through.
  case tooManyValuesToFollow
  /// A source file with more than `limit` square brackets open at once,
  /// which the parser would take minutes over; it is not read.
  case nestedTooDeeply(limit: Int)
  case conditionAtRunTime
  /// `text`, an expression, is decided at run time.
  case decidedAtRunTime(text: String)
  case expressionAtRunTime
  case switchOverRunTimeValue
  case switchWithIfConfig
  case switchWithoutBranch(caseName: String)
  case switchBranchNotOneExpression
  case stringWithEscapes
  case interpolationAtRunTime
  case enumCaseUndeclared(name: String)
  case firstOfEmptyArray
  case undeclared(name: String)
  case severalReturnValues(name: String)
  case declaredMoreThanOnce(name: String)
  case definedMoreThanOnce(name: String)
  case optionsAtRunTime
  case localizedString
  case resultOfCall(name: String)
  case resultOfMessage(receiver: String, selector: String)
  case mapOverRunTimeValues
  case mapClosureNotOneExpression
  case enumOwnCase(name: String)
  case boundByGuard(name: String)
  case assignedAtRunTime(name: String)
  case parameter(name: String, function: String)
  case closureParameter(name: String)
  case loopVariable(name: String)
  case boundByIf(name: String)
  case boundByWhile(name: String)
  case extendedAtRunTime(name: String)
  case reassigned(name: String)
  case actionWithoutIdentifier
  case actionIdentifier(text: String)
  case enumCaseNotString
  case emptyExpression
  case notAString(text: String)
  case noIdentifierArgument
  /// The category identifier `text` is not known, because of `why`.
  case categoryIdentifier(text: String, why: Unknowable?)
  case elementNotAnAction
  case notAnArrayOfActions
  case sceneNamesCategoryOnly
  case storyboardCategoryWithoutIdentifier
  case storyboardNamesCategoryOnly
  /// Categories from a library call (`source`) no file read declares.
  case libraryCategories(source: String)
}

extension Array where Element == Int {
  /// How many elements (in ascending order) are below `value`, found by
  /// halving: the registration readers' indexes of where each name is
  /// declared are asked for the last declaration before a use.
  public func countBelow(_ value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// The string constants of the UserNotifications framework a registration
/// may name instead of a literal, with the values Apple's headers give
/// them: a source reader knows them though the project declares them nowhere.
public enum FrameworkStrings {
  /// The action identifier the system reports when the notification itself is tapped.
  public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
  /// The action identifier the system reports when the notification is dismissed.
  public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

  public static let values: [String: String] = [
    "UNNotificationDefaultActionIdentifier": defaultActionIdentifier,
    "UNNotificationDismissActionIdentifier": dismissActionIdentifier,
  ]
}
