/// Reads `[UNNotificationCategory categoryWithIdentifier:actions:…]` and
/// `[UNNotificationAction actionWithIdentifier:title:options:]` registrations
/// from Objective-C, resolving identifiers through string literals,
/// `NSString *const` constants, `#define`s (in any file of the module) and
/// locals assigned earlier in the same method, with `addObject:` appends.
public struct ObjCRegistrationReader: RegistrationReader {
  public init() {}

  public var fileExtensions: Set<String> { ["m", "mm", "h"] }

  public func registrations(in files: [CodeSource], module: CodeModule) -> [CodeRegistrations] {
    let registering = files.map { ObjCFile($0) }
    var constants = ObjCConstants()
    for file in registering { constants.add(file) }
    module.addDeclarations(
      missing: {
        registering.reduce(into: Set<String>()) { missing, file in
          var evaluator = ObjCEvaluator(file: file, constants: constants)
          _ = evaluator.registrations()
          missing.formUnion(evaluator.missingNames)
        }
      }, registering: files, add: { constants.add(ObjCFile($0)) })
    return registering.map { file in
      var evaluator = ObjCEvaluator(file: file, constants: constants)
      return evaluator.registrations()
    }.filter { !$0.isEmpty }
  }
}

final class ObjCFile {
  let path: String
  let tokens: ObjCTokens
  let lines: LineIndex

  init(_ source: CodeSource) {
    path = source.path
    tokens = ObjCTokens(source.bytes)
    lines = LineIndex(bytes: source.bytes)
  }

  func span(_ first: ObjCToken, _ last: ObjCToken? = nil) -> SourceSpan {
    SourceSpan(start: lines.position(ofOffset: first.start), end: lines.position(ofOffset: (last ?? first).end))
  }
}

/// File-level constants and macros of the module: `NAME = @"…";` at brace
/// depth 0, and `#define NAME …`.
struct ObjCConstants {
  var values: [String: [[ObjCToken]]] = [:]

  mutating func add(_ file: ObjCFile) {
    for macro in file.tokens.macros { values[macro.name, default: []].append(macro.body) }
    let tokens = file.tokens.tokens
    var depth = 0
    for (index, token) in tokens.enumerated() {
      if token.text == "{" { depth += 1 }
      if token.text == "}" { depth = max(0, depth - 1) }
      guard depth == 0, token.text == "=", index > 0, tokens[index - 1].kind == .identifier else { continue }
      var end = index + 1
      while end < tokens.count && tokens[end].text != ";" { end += 1 }
      values[tokens[index - 1].text, default: []].append(Array(tokens[(index + 1)..<end]))
    }
  }
}

struct ObjCEvaluator {
  let file: ObjCFile
  let constants: ObjCConstants
  var missingNames: Set<String> = []
  private var depth = 0
  /// The constants and macros being evaluated: one met again names itself.
  private var evaluating: Set<String> = []
  /// Expressions evaluated for the registration at hand. Macros and
  /// constants that each name several others multiply: a few dozen of them
  /// could otherwise ask for billions of evaluations.
  private var steps = 0
  /// Far more than an app's registration takes.
  static let maxSteps = 50_000
  let tokens: [ObjCToken]
  /// Made when a local is first looked up.
  private var locals: LocalIndex?
  /// Made when the first registration is read.
  private var blocks: Blocks?

  static let actionOptions = [
    "UNNotificationActionOptionForeground": "foreground", "UNNotificationActionOptionDestructive": "destructive",
    "UNNotificationActionOptionAuthenticationRequired": "authenticationRequired",
  ]
  static let categoryOptions = [
    "UNNotificationCategoryOptionCustomDismissAction": "customDismissAction",
    "UNNotificationCategoryOptionAllowInCarPlay": "allowInCarPlay",
    "UNNotificationCategoryOptionHiddenPreviewsShowTitle": "hiddenPreviewsShowTitle",
    "UNNotificationCategoryOptionHiddenPreviewsShowSubtitle": "hiddenPreviewsShowSubtitle",
    "UNNotificationCategoryOptionAllowAnnouncement": "allowAnnouncement",
  ]
  static let noOptions: Set<String> = [
    "UNNotificationActionOptionNone", "UNNotificationCategoryOptionNone", "0", "kNilOptions",
  ]

  /// Evaluates `tokens` (by default the file's; a constant's body otherwise).
  init(file: ObjCFile, constants: ObjCConstants, tokens: [ObjCToken]? = nil) {
    self.file = file
    self.constants = constants
    self.tokens = tokens ?? file.tokens.tokens
  }

  indirect enum Value {
    case string(String)
    case array([(value: Value, conditional: Bool)])
    case action(CodeAction)
    case options([String])
    case unknown(Unknowable)

    var reason: Unknowable? {
      if case .unknown(let reason) = self { return reason }
      return nil
    }
  }

  /// A message send's parts: `[receiver part: argument part: argument …]`.
  struct MessageSend {
    var open: Int
    var receiver: Int
    var arguments: [(label: String, range: Range<Int>)]
    var close: Int
  }

  // MARK: Registrations

  mutating func registrations() -> CodeRegistrations {
    var result = CodeRegistrations(path: file.path)
    for index in tokens.indices
    where tokens[index].text == "[" && index + 1 < tokens.count && tokens[index + 1].text == "UNNotificationCategory" {
      guard let send = messageSend(at: index), send.arguments.first?.label == "categoryWithIdentifier" else {
        continue
      }
      let initializer = file.span(tokens[send.open], tokens[send.receiver])
      let identifierRange = send.arguments[0].range
      steps = 0
      let identifierValue = evaluate(identifierRange, at: index)
      guard case .string(let identifier) = identifierValue else {
        let reason = identifierValue.reason
        result.unresolved.append(
          CodeUnresolved(
            span: initializer,
            reason: .categoryIdentifier(text: String(text(identifierRange).prefix(60)), why: reason)))
        continue
      }
      var category = CodeCategory(
        identifier: CodeString(identifier, span: span(identifierRange)), initializer: initializer)
      category.branches = branches(at: index)
      for argument in send.arguments.dropFirst() {
        switch argument.label {
        case "actions":
          switch evaluate(argument.range, at: index) {
          case .array(let elements):
            var actions: [CodeAction] = []
            for element in elements {
              guard case .action(var action) = element.value else {
                category.actionsUnresolved = element.value.reason ?? .elementNotAnAction
                break
              }
              action.isConditional = action.isConditional || element.conditional
              actions.append(action)
            }
            if category.actionsUnresolved == nil { category.actions = actions }
          case let other:
            category.actionsUnresolved = other.reason ?? .notAnArrayOfActions
          }
        case "intentIdentifiers":
          if case .array(let elements) = evaluate(argument.range, at: index) {
            category.intentIdentifiers = elements.compactMap {
              if case .string(let text) = $0.value { CodeString(text, span: span(argument.range)) } else { nil }
            }
          }
        case "hiddenPreviewsBodyPlaceholder", "categorySummaryFormat":
          if case .string(let text) = evaluate(argument.range, at: index) {
            let value = CodeString(text, span: span(argument.range))
            if argument.label == "categorySummaryFormat" {
              category.categorySummaryFormat = value
            } else {
              category.hiddenPreviewsBodyPlaceholder = value
            }
          }
        case "options":
          category.options = options(argument.range, table: Self.categoryOptions)
        default: break
        }
      }
      result.categories.append(category)
    }
    result.unresolved += libraryCategories()
    return result
  }

  /// Categories a library builds and the app registers with its own (an
  /// SDK's `[ABKPushUtils getAppboyUNNotificationCategorySet]` joined to the
  /// app's set): in a file that calls `setNotificationCategories:`, a class's
  /// method named for categories stands for categories no file read
  /// declares, so no rule may call one of those missing.
  func libraryCategories() -> [CodeUnresolved] {
    guard tokens.contains(where: { $0.text == "setNotificationCategories" }) else { return [] }
    let apple: Set<String> = [
      "UNNotificationCategory", "UNUserNotificationCenter", "UNNotificationAction", "UNTextInputNotificationAction",
    ]
    return tokens.indices.compactMap { index in
      guard tokens[index].text == "[", index + 2 < tokens.count else { return nil }
      let receiver = tokens[index + 1]
      let selector = tokens[index + 2]
      guard receiver.kind == .identifier, selector.kind == .identifier, receiver.text.first?.isUppercase == true,
        !apple.contains(receiver.text), selector.text.contains("ategor")
      else { return nil }
      return CodeUnresolved(
        span: file.span(receiver, selector),
        reason: .libraryCategories(source: "[\(receiver.text) \(selector.text)]"))
    }
  }

  private func text(_ range: Range<Int>) -> String { tokens[range].map(\.text).joined(separator: " ") }

  private func span(_ range: Range<Int>) -> SourceSpan {
    guard let first = range.first, let last = range.last else { return .fileStart }
    return file.span(tokens[first], tokens[last])
  }

  private func options(_ range: Range<Int>, table: [String: String]) -> [CodeString] {
    tokens[range].compactMap { token in table[token.text].map { CodeString($0, span: file.span(token)) } }
  }

  /// The message send opening at `open`, or nil when it does not close.
  func messageSend(at open: Int) -> MessageSend? {
    guard open + 1 < tokens.count else { return nil }
    var arguments: [(String, Range<Int>)] = []
    var index = open + 2
    // A selector part: `label :` at this send's depth.
    while index < tokens.count {
      if tokens[index].text == "]" {
        return MessageSend(open: open, receiver: open + 1, arguments: arguments, close: index)
      }
      guard tokens[index].kind == .identifier, index + 1 < tokens.count, tokens[index + 1].text == ":" else {
        // A unary message (`[NSMutableArray new]`).
        if tokens[index].kind == .identifier, index + 1 < tokens.count, tokens[index + 1].text == "]" {
          return MessageSend(
            open: open, receiver: open + 1, arguments: [(tokens[index].text, index..<index)], close: index + 1)
        }
        return nil
      }
      let label = tokens[index].text
      let start = index + 2
      var end = start
      var nesting = 0
      while end < tokens.count {
        let text = tokens[end].text
        if text == "[" || text == "(" || text == "{" { nesting += 1 }
        if text == "]" || text == ")" || text == "}" {
          if nesting == 0 { break }
          nesting -= 1
        }
        if nesting == 0 && tokens[end].kind == .identifier && end + 1 < tokens.count && tokens[end + 1].text == ":"
          && end > start
        {
          break
        }
        if nesting == 0 && text == ";" { return nil }
        end += 1
      }
      arguments.append((label, start..<end))
      index = end
    }
    return nil
  }

  // MARK: Expressions

  mutating func evaluate(_ range: Range<Int>, at use: Int) -> Value {
    guard depth < 24 else { return .unknown(.chainTooDeep) }
    guard steps < Self.maxSteps else { return .unknown(.tooManyValuesToFollow) }
    steps += 1
    depth += 1
    defer { depth -= 1 }
    var range = range
    // Casts and parentheses: `(NSString *)x`, `(x)`.
    while range.count >= 2, tokens[range.lowerBound].text == "(" {
      guard let close = matching(range.lowerBound), close < range.upperBound else { break }
      if close == range.upperBound - 1 {
        range = (range.lowerBound + 1)..<(range.upperBound - 1)
      } else {
        range = (close + 1)..<range.upperBound
      }
    }
    guard let first = range.first else { return .unknown(.emptyExpression) }
    let token = tokens[first]
    if range.count == 1 {
      switch token.kind {
      case .string: return .string(token.text)
      case .identifier:
        if token.text == "nil" { return .array([]) }
        return lookup(token.text, at: use)
      default: return .unknown(.notAString(text: token.text))
      }
    }
    if token.text == "@", range.count >= 2, tokens[first + 1].text == "[" {
      // Without its `]` (a broken file, or a constant cut at its `;`), the
      // literal runs to the end of the range.
      let closed = range.count >= 3 && tokens[range.upperBound - 1].text == "]"
      let elements = (first + 2)..<(closed ? range.upperBound - 1 : range.upperBound)
      return .array(split(elements).map { (evaluate($0, at: use), false) })
    }
    if token.text == "[", let send = messageSend(at: first) { return message(send, at: use) }
    if range.contains(where: { tokens[$0].text == "|" }) || Self.actionOptions[token.text] != nil {
      return .options(tokens[range].compactMap { Self.actionOptions[$0.text] ?? Self.categoryOptions[$0.text] })
    }
    if token.kind == .identifier, tokens[first + 1].text == "(" {
      return .unknown(token.text.contains("Localized") ? .localizedString : .resultOfCall(name: token.text))
    }
    return .unknown(.decidedAtRunTime(text: String(text(range).prefix(40))))
  }

  private func matching(_ open: Int) -> Int? {
    var nesting = 0
    for index in open..<tokens.count {
      if ["(", "[", "{"].contains(tokens[index].text) { nesting += 1 }
      if [")", "]", "}"].contains(tokens[index].text) {
        nesting -= 1
        if nesting == 0 { return index }
      }
    }
    return nil
  }

  /// Comma-separated parts of a range, at its own nesting level.
  private func split(_ range: Range<Int>) -> [Range<Int>] {
    guard !range.isEmpty else { return [] }
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    var nesting = 0
    for index in range {
      let text = tokens[index].text
      if ["(", "[", "{"].contains(text) { nesting += 1 }
      if [")", "]", "}"].contains(text) { nesting -= 1 }
      if text == "," && nesting == 0 {
        parts.append(start..<index)
        start = index + 1
      }
    }
    if start < range.upperBound { parts.append(start..<range.upperBound) }
    return parts.filter { !$0.isEmpty }
  }

  private mutating func message(_ send: MessageSend, at use: Int) -> Value {
    let receiver = tokens[send.receiver].text
    let first = send.arguments.first?.label ?? ""
    if ["UNNotificationAction", "UNTextInputNotificationAction"].contains(receiver), first == "actionWithIdentifier" {
      let identifier = send.arguments[0].range
      guard case .string(let name) = evaluate(identifier, at: use) else {
        return .unknown(.actionIdentifier(text: String(text(identifier).prefix(60))))
      }
      var action = CodeAction(
        identifier: CodeString(name, span: span(identifier)),
        initializer: file.span(tokens[send.open], tokens[send.receiver]))
      action.path = file.path
      action.branches = branches(at: send.open)
      action.isTextInput = receiver == "UNTextInputNotificationAction"
      for argument in send.arguments.dropFirst() {
        if argument.label == "title", case .string(let title) = evaluate(argument.range, at: use) {
          action.title = CodeString(title, span: span(argument.range))
        }
        if argument.label == "options" { action.options = options(argument.range, table: Self.actionOptions) }
        if argument.label == "icon", let open = argument.range.first, tokens[open].text == "[",
          let iconSend = messageSend(at: open), let part = iconSend.arguments.first,
          let kind = ["iconWithSystemImageName": "systemImageName", "iconWithTemplateImageName": "templateImageName"][
            part.label],
          case .string(let name) = evaluate(part.range, at: use)
        {
          action.icon = (kind, CodeString(name, span: span(part.range)))
        }
      }
      return .action(action)
    }
    switch (receiver, first) {
    case ("NSArray", "arrayWithObjects"), ("NSSet", "setWithObjects"), ("NSMutableArray", "arrayWithObjects"):
      let parts = send.arguments.flatMap { split($0.range) }
      return .array(
        parts.map { evaluate($0, at: use) }.filter { if case .array(let e) = $0, e.isEmpty { false } else { true } }.map
        { ($0, false) })
    case ("NSArray", "arrayWithObject"), ("NSSet", "setWithObject"):
      return .array([(evaluate(send.arguments[0].range, at: use), false)])
    case ("NSSet", "setWithArray"), ("NSArray", "arrayWithArray"), ("NSMutableArray", "arrayWithArray"):
      return evaluate(send.arguments[0].range, at: use)
    case ("NSMutableArray", "new"), ("NSMutableArray", "array"), ("NSMutableSet", "set"), ("NSMutableSet", "new"):
      return .array([])
    default:
      return .unknown(.resultOfMessage(receiver: receiver, selector: first))
    }
  }

  // MARK: Names

  /// A local assigned earlier in the same method (with its `addObject:`s
  /// since), then a constant or macro of the module.
  private mutating func lookup(_ name: String, at use: Int) -> Value {
    if let local = localValue(name, at: use) { return local }
    guard let candidates = constants.values[name], !candidates.isEmpty else {
      if Self.noOptions.contains(name) { return .options([]) }
      if let framework = FrameworkStrings.values[name] { return .string(framework) }
      missingNames.insert(name)
      return .unknown(.undeclared(name: name))
    }
    guard !evaluating.contains(name) else { return .unknown(.refersToItself(name: name)) }
    var values: [Value] = []
    for body in candidates {
      // A constant's own tokens, perhaps from another file: only its value is used.
      var nested = ObjCEvaluator(file: file, constants: constants, tokens: body)
      nested.depth = depth
      nested.steps = steps
      nested.evaluating = evaluating
      nested.evaluating.insert(name)
      let value = nested.evaluate(0..<nested.tokens.count, at: nested.tokens.count)
      steps = nested.steps
      missingNames.formUnion(nested.missingNames)
      values.append(value)
    }
    let strings = Set(values.compactMap { if case .string(let text) = $0 { text } else { nil } })
    if strings.count == 1 && values.allSatisfy({ $0.reason == nil }) { return .string(strings.first!) }
    if values.count == 1 { return values[0] }
    return .unknown(.definedMoreThanOnce(name: name))
  }

  /// `name = expr;` before `use` inside the same method body.
  private mutating func localValue(_ name: String, at use: Int) -> Value? {
    if locals == nil { locals = LocalIndex(tokens) }
    guard let locals else { return nil }
    let use = min(use, tokens.count)
    // The method body: the outermost `{` still open at `use`.
    let bodyStart = locals.bodyStarts[use]
    guard bodyStart >= 0 else { return nil }
    let assignments = locals.assignments[name] ?? []
    let before = assignments.countBelow(use)
    guard before > 0, assignments[before - 1] > bodyStart else { return nil }
    let assignment = assignments[before - 1]
    var end = assignment + 1
    while end < tokens.count && tokens[end].text != ";" { end += 1 }
    let assigned = evaluate((assignment + 1)..<end, at: assignment)
    guard case .array(var elements) = assigned else { return assigned }
    // `[name addObject:x]` and `[name addObjectsFromArray:xs]` between the
    // assignment and the use (none when the use is inside the assignment's
    // own statement, which has no `;` before it).
    var nesting = 0
    for index in end..<max(end, min(use, tokens.count)) {
      if tokens[index].text == "{" { nesting += 1 }
      if tokens[index].text == "}" { nesting -= 1 }
      guard tokens[index].text == "[", index + 1 < tokens.count, tokens[index + 1].text == name,
        let send = messageSend(at: index), let argument = send.arguments.first
      else { continue }
      let conditional = nesting > 0 || Self.followsCondition(tokens, before: index, after: end)
      switch argument.label {
      case "addObject": elements.append((evaluate(argument.range, at: index), conditional))
      case "addObjectsFromArray":
        guard case .array(let added) = evaluate(argument.range, at: index) else {
          return .unknown(.extendedAtRunTime(name: name))
        }
        elements += added.map { ($0.value, $0.conditional || conditional) }
      default: break
      }
    }
    return .array(elements)
  }

  /// The arms of the `if` chains around the token at `index`, innermost first.
  private mutating func branches(at index: Int) -> [CodeBranch] {
    if blocks == nil { blocks = Blocks(tokens) }
    return blocks?.branches(at: index, in: tokens) ?? []
  }

  /// The file's braces, found in one pass: which block each token is in,
  /// and which `{` each `}` closes.
  struct Blocks {
    /// For each token index, the innermost `{` open before it, or -1.
    private var enclosing: [Int32]
    /// For each `}`, the `{` it closes, or -1 (and -1 for every other token).
    private var opening: [Int32]
    /// Deeper nesting or a longer `else if` chain than any app's
    /// registrations are written in; past it, no branch is told.
    static let maxSteps = 256

    init(_ tokens: [ObjCToken]) {
      enclosing = []
      enclosing.reserveCapacity(tokens.count)
      opening = Array(repeating: -1, count: tokens.count)
      var open: [Int32] = []
      for (index, token) in tokens.enumerated() {
        enclosing.append(open.last ?? -1)
        if token.text == "{" { open.append(Int32(index)) }
        if token.text == "}", let last = open.popLast() { opening[index] = last }
      }
    }

    func branches(at index: Int, in tokens: [ObjCToken]) -> [CodeBranch] {
      var branches: [CodeBranch] = []
      var block = Int(enclosing[index])
      var steps = 0
      while block >= 0, steps < Self.maxSteps {
        if let (head, arm) = arm(ofBlock: block, in: tokens, availability: &branches) {
          branches.append(CodeBranch(statement: tokens[head].start * 4, arm: arm))
        }
        block = Int(enclosing[block])
        steps += 1
      }
      return branches
    }

    /// For a block that is an arm of an `if` chain (`if (…) {`, `else if (…) {`,
    /// `else {`): the chain's first `if` and the arm's place in the chain.
    /// The chain's availability checks that held or failed for the arm to
    /// run are added to `availability` (`CodeBranch.availability`).
    private func arm(
      ofBlock open: Int, in tokens: [ObjCToken], availability: inout [CodeBranch]
    ) -> (head: Int, arm: Int)? {
      var block = open
      var arm = 0
      var found: [CodeBranch] = []
      for _ in 0..<Self.maxSteps {
        guard block > 0 else { return nil }
        if tokens[block - 1].text == "else" {
          guard let previous = closedBlock(before: block - 1) else { return nil }
          block = previous
          arm += 1
          continue
        }
        // A condition is a line or a few: past 4,096 tokens, the parentheses are not a condition's.
        guard tokens[block - 1].text == ")",
          let parenthesis = ObjCEvaluator.openingParenthesis(of: block - 1, in: tokens, after: max(-1, block - 4098)),
          parenthesis > 0, tokens[parenthesis - 1].text == "if"
        else { return nil }
        if let check = Self.availabilityCheck(in: tokens[(parenthesis + 1)..<(block - 1)]) {
          // Only the arm's own `if` held; every `if` before it in the chain failed.
          found.append(CodeBranch.availability(check, holds: block == open))
        }
        let ifToken = parenthesis - 1
        guard ifToken > 0, tokens[ifToken - 1].text == "else",
          let previous = closedBlock(before: ifToken - 1)
        else {
          availability += found
          return (ifToken, arm)
        }
        block = previous
        arm += 1
      }
      return nil
    }

    /// A condition that is one availability check and nothing else
    /// (`@available(iOS 15, *)`, `__builtin_available(iOS 15, *)`), as written.
    static func availabilityCheck(in condition: ArraySlice<ObjCToken>) -> String? {
      // The tokenizer gives `@available` as `@` and `available`.
      guard let first = condition.first,
        first.text == "__builtin_available" || first.text == "@" && condition.dropFirst().first?.text == "available"
      else { return nil }
      // One call: its parentheses close at the condition's end and nowhere before.
      var depth = 0
      for (offset, token) in condition.enumerated() {
        if token.text == "(" { depth += 1 }
        if token.text == ")" {
          depth -= 1
          if depth == 0 && offset != condition.count - 1 { return nil }
        }
      }
      return condition.map(\.text).joined()
    }

    /// The `{` of the block whose `}` comes just before `index`.
    private func closedBlock(before index: Int) -> Int? {
      guard index > 0, opening[index - 1] >= 0 else { return nil }
      return Int(opening[index - 1])
    }
  }

  /// Where each token's method body starts and where each name is
  /// assigned, found in one pass: a file of thousands of locals, each
  /// looked up by a scan from its file's start, took the square of its
  /// length.
  struct LocalIndex {
    /// For each token index (and the end), the outermost `{` open before
    /// it, or -1 outside any.
    var bodyStarts: [Int]
    /// By name, in order, the `=` after each `name`.
    var assignments: [String: [Int]] = [:]

    init(_ tokens: [ObjCToken]) {
      bodyStarts = []
      bodyStarts.reserveCapacity(tokens.count + 1)
      var depth = 0
      var bodyStart = -1
      for (index, token) in tokens.enumerated() {
        bodyStarts.append(depth > 0 ? bodyStart : -1)
        if token.text == "{" {
          if depth == 0 { bodyStart = index }
          depth += 1
        }
        if token.text == "}" { depth = max(0, depth - 1) }
        if token.text == "=", index > 0, tokens[index - 1].kind == .identifier {
          assignments[tokens[index - 1].text, default: []].append(index)
        }
      }
      bodyStarts.append(depth > 0 ? bodyStart : -1)
    }
  }

  /// Whether a statement is the body of an `if`, `for` or `while` written without braces.
  static func followsCondition(_ tokens: [ObjCToken], before index: Int, after start: Int) -> Bool {
    guard index > start, tokens[index - 1].text == ")" else { return false }
    let position = openingParenthesis(of: index - 1, in: tokens, after: start) ?? start
    return position > 0 && ["if", "for", "while"].contains(tokens[position - 1].text)
  }

  /// The `(` that the `)` at `close` closes, looked for back to `floor`
  /// (not included); nil when none is there.
  static func openingParenthesis(of close: Int, in tokens: [ObjCToken], after floor: Int) -> Int? {
    var nesting = 0
    var position = close
    while position > floor {
      if tokens[position].text == ")" { nesting += 1 }
      if tokens[position].text == "(" {
        nesting -= 1
        if nesting == 0 { return position }
      }
      position -= 1
    }
    return nil
  }
}
