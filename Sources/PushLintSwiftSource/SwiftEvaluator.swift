import PushLintCore
import SwiftParser
import SwiftSyntax

/// What an expression is known to be without running the app.
indirect enum StaticValue {
  case string(String)
  /// A case of an enum at `path`, with all the enum's cases.
  case enumCase(path: [String], cases: [(name: String, raw: String?)], stringRaw: Bool, name: String)
  /// A type used as a namespace (`Category.chat`), by its path.
  case type([String])
  /// Elements in order; a conditional element exists only in some runs.
  case array([(value: StaticValue, conditional: Bool)])
  case action(CodeAction)
  case option(String)
  /// An implicit member (`.foreground`) whose type the context gives.
  case implicitMember(String)
  case unknown(Unknowable)

  var reason: Unknowable? {
    if case .unknown(let reason) = self { return reason }
    return nil
  }
}

/// Where an expression is evaluated: its file and node (for locals and the
/// enclosing type), and the closure or loop variables bound by unrolling.
struct Scope {
  var file: SwiftFile
  var bindings: [String: StaticValue] = [:]
}

struct Evaluator {
  let index: DeclarationIndex
  /// Names looked for and declared nowhere read so far: the next files to read.
  var missingNames: Set<String> = []
  /// The function whose parameter an identifier turned out to be.
  var parameterOwner: FunctionDeclSyntax?
  /// The enum (by its type path) whose own case an identifier turned out to need.
  var selfOwner: [String]?
  var depth = 0
  /// Deeper than any real chain of constants.
  static let maxDepth = 24
  /// The declarations being evaluated, each for the enum case it is asked
  /// for: one met again names itself (`static let all = [a] + all`), which
  /// no compiler accepts.
  var evaluating: Set<Evaluation> = []
  struct Evaluation: Hashable {
    var declaration: SyntaxIdentifier
    var selfCase: String?
  }
  /// Expressions evaluated, and calls looked through, for the registration
  /// at hand, every element of the loops around it and every call of a
  /// function whose parameter it names included. Constants and branches
  /// that each name several others multiply, and so do loops: a few dozen
  /// declarations could otherwise ask for billions of evaluations.
  var steps = 0
  /// Far more than an app's registration takes: `maxUnrolled` elements of
  /// a few hundred steps each.
  static let maxSteps = 200_000
  /// Each function's parameters, bound at each of its calls
  /// (`callSiteBindings`), by the function's declaration.
  var parameterBindings: [SyntaxIdentifier: [[String: StaticValue]]?] = [:]
  /// The steps of all the file's registrations: a file of many sites that
  /// each take their most (a tenth of a second) stops at a few of them.
  var stepsInFile = 0
  static let maxStepsInFile = 400_000
  /// The code blocks looked in for locals, by their syntax node.
  var blocks: [SyntaxIdentifier: BlockIndex] = [:]
  /// Whether the values of a constant, named at a depth of a chain, hold
  /// categories from a library (`isLibrarySource`).
  var libraryRoots: [LibraryRoot: Bool] = [:]
  /// Each call's labeled arguments, the first of each label, by the call's
  /// syntax node (`argument`).
  var labeledArguments: [SyntaxIdentifier: [String: ExprSyntax]] = [:]
  /// Each type declaration's path, itself included, by its syntax node
  /// (`enclosingTypePath`).
  var typePaths: [SyntaxIdentifier: [String]] = [:]
  /// The enclosing types' path of each node a name was looked up at.
  var enclosingPaths: [SyntaxIdentifier: [String]] = [:]
  /// What each call evaluated is (`actionKind`), by its syntax node: a
  /// call is evaluated again at each try of its registration and each
  /// declaration that names it, and telling it read its labels as strings.
  var actionKinds: [SyntaxIdentifier: (isAction: Bool, textInput: Bool)] = [:]
  /// The enum declared at each type path asked for (`enumDeclaration`).
  var enums: [[String]: Declared?] = [:]

  /// Counts `count` steps toward both limits; false, counting nothing, once
  /// either is reached.
  mutating func spend(_ count: Int = 1) -> Bool {
    guard steps < Self.maxSteps, stepsInFile < Self.maxStepsInFile else { return false }
    steps += count
    stepsInFile += count
    return true
  }
  /// Unrolled loops stop here; a registration per element past it is not a real app.
  static let maxUnrolled = 500

  static let categoryTypes: Set<String> = ["UNNotificationCategory"]
  static let actionTypes: Set<String> = ["UNNotificationAction", "UNTextInputNotificationAction"]
  static let optionTypes: Set<String> = ["UNNotificationActionOptions", "UNNotificationCategoryOptions"]

  init(index: DeclarationIndex) {
    self.index = index
  }

  // MARK: Registrations

  mutating func registrations(in file: SwiftFile) -> CodeRegistrations {
    var result = CodeRegistrations(path: file.path)
    stepsInFile = 0
    for call in file.calls where Self.isCategoryInitializer(call) || Self.isWatchScene(call) {
      let site = Syntax(call)
      if IfConfig.isDead(site) { continue }
      steps = 0
      let registration = CategorySite(call, in: file, branches: branches(around: site))
      // Each loop element may fail the same way, or find the same calls:
      // said once.
      var unresolvedHere: [CodeUnresolved] = []
      var seen: Set<String> = []
      var seenRegistrations: Set<String> = []
      func noteUnresolved(_ unresolved: CodeUnresolved) {
        if !unresolvedHere.contains(unresolved) { unresolvedHere.append(unresolved) }
      }
      defer { result.unresolved += unresolvedHere }
      for bindings in unrolledBindings(of: site, file: file) {
        let scope = Scope(file: file, bindings: bindings)
        parameterOwner = nil
        selfOwner = nil
        switch category(registration, scope: scope) {
        case .success(let category):
          // The same category from each element of a loop is one registration.
          if seenRegistrations.insert(Self.signature(of: category)).inserted { result.categories.append(category) }
        case .failure(let unresolved):
          // An identifier passed in, or an enum's own case: one registration
          // per call that passes a known one, or per case.
          let calls: [[String: StaticValue]]?
          if let owner = selfOwner {
            calls = selfBindings(of: owner, at: site, bindings: bindings)
          } else if let function = parameterOwner {
            calls = callSiteBindings(of: function, bindings: bindings)
          } else {
            calls = nil
          }
          guard let calls else {
            noteUnresolved(unresolved)
            continue
          }
          for callBindings in calls {
            switch category(registration, scope: Scope(file: file, bindings: callBindings)) {
            case .success(let category):
              if seen.insert(category.identifier.text).inserted { result.categories.append(category) }
            case .failure(let unresolved): noteUnresolved(unresolved)
            }
          }
        }
      }
    }
    result.unresolved += libraryCategories(in: file)
    return result
  }

  /// What tells two registrations from one site apart: everything a rule reads of them.
  static func signature(of category: CodeCategory) -> String {
    func text(_ string: CodeString?) -> String {
      guard let string else { return "-" }
      return string.text + "@" + String(string.span.start.offset)
    }
    func list(_ strings: [CodeString]?) -> String {
      guard let strings else { return "?" }
      return strings.map { text($0) }.joined(separator: ",")
    }
    var parts: [String] = [text(category.identifier), list(category.options), list(category.intentIdentifiers)]
    parts.append(text(category.hiddenPreviewsBodyPlaceholder))
    parts.append(text(category.categorySummaryFormat))
    parts.append(category.actionsUnresolved?.described ?? "-")
    parts.append(category.actions.map { String($0.count) } ?? "?")
    for action in category.actions ?? [] {
      var described: [String] = [text(action.identifier), text(action.title), list(action.options)]
      described.append(String(action.isTextInput) + " " + String(action.isConditional) + " " + (action.path ?? "-"))
      if let icon = action.icon { described.append(icon.kind + " " + text(icon.name)) }
      parts.append(described.joined(separator: " "))
    }
    return parts.joined(separator: "\n")
  }

  static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      if member.declName.baseName.text == "init" {
        return member.base.map { $0.sourceText() } ?? ".init"
      }
    }
    return nil
  }

  static func labels(_ call: FunctionCallExprSyntax) -> [String] {
    call.arguments.map { $0.label?.text ?? "_" }
  }

  /// `WKNotificationScene(controller:category:)`: a watchOS app's custom
  /// interface for a category, which declares the category for the watch.
  static func isWatchScene(_ call: FunctionCallExprSyntax) -> Bool {
    calleeName(call) == "WKNotificationScene" && labels(call).contains("category")
  }

  static func isCategoryInitializer(_ call: FunctionCallExprSyntax) -> Bool {
    guard let name = calleeName(call) else { return false }
    let labels = labels(call)
    guard labels.starts(with: ["identifier", "actions"]) else { return false }
    return categoryTypes.contains(name) || name == ".init" && labels.contains("intentIdentifiers")
  }

  static func actionKind(_ call: FunctionCallExprSyntax) -> (isAction: Bool, textInput: Bool) {
    guard let name = calleeName(call), labels(call).starts(with: ["identifier", "title"]) else { return (false, false) }
    let textInput = labels(call).contains("textInputButtonTitle")
    if name == "UNTextInputNotificationAction" { return (true, true) }
    if name == "UNNotificationAction" || name == ".init" { return (true, textInput) }
    return (false, false)
  }

  /// What a registration's initializer says that is the same at every
  /// try: its arguments and where they are. A registration is tried once
  /// for each element of the loops around it and each call of its function.
  struct CategorySite {
    let initializer: SourceSpan
    let isWatchScene: Bool
    /// The identifier argument, where it is, and its text as an unresolved
    /// registration quotes it.
    let identifier: (expression: ExprSyntax, span: SourceSpan, text: String)?
    let actions: (expression: ExprSyntax, span: SourceSpan, written: [ArrayElementSyntax]?)?
    let options: ExprSyntax?
    let intents: (expression: ExprSyntax, span: SourceSpan)?
    let texts: [(expression: ExprSyntax, span: SourceSpan, keyPath: WritableKeyPath<CodeCategory, CodeString?>)]
    let branches: [CodeBranch]

    init(_ call: FunctionCallExprSyntax, in file: SwiftFile, branches: [CodeBranch]) {
      let labeled = Evaluator.argumentsByLabel(of: call)
      self.branches = branches
      initializer = file.span(of: call.calledExpression)
      isWatchScene = Evaluator.isWatchScene(call)
      identifier = labeled[isWatchScene ? "category" : "identifier"].map {
        ($0, file.span(of: $0), $0.sourceText(characters: 60))
      }
      actions = labeled["actions"].map {
        ($0, file.span(of: $0), $0.as(ArrayExprSyntax.self).map { Array($0.elements) })
      }
      options = labeled["options"]
      intents = labeled["intentIdentifiers"].map { ($0, file.span(of: $0)) }
      texts = [
        ("hiddenPreviewsBodyPlaceholder", \CodeCategory.hiddenPreviewsBodyPlaceholder),
        ("categorySummaryFormat", \CodeCategory.categorySummaryFormat),
      ].compactMap { label, keyPath in labeled[label].map { ($0, file.span(of: $0), keyPath) } }
    }
  }

  mutating func category(
    _ site: CategorySite, scope: Scope
  ) -> Result<CodeCategory, CodeUnresolved> {
    let file = scope.file
    let initializer = site.initializer
    // Each try evaluates the call's arguments again, a dozen steps' worth.
    guard spend(12) else { return .failure(CodeUnresolved(span: initializer, reason: .tooManyValuesToFollow)) }
    guard let identifierArgument = site.identifier else {
      return .failure(CodeUnresolved(span: initializer, reason: .noIdentifierArgument))
    }
    let identifierValue = evaluate(identifierArgument.expression, scope: scope)
    guard case .string(let identifier) = stringValue(identifierValue) else {
      return .failure(
        CodeUnresolved(
          span: initializer,
          reason: .categoryIdentifier(text: identifierArgument.text, why: stringValue(identifierValue).reason)))
    }
    var category = CodeCategory(
      identifier: CodeString(identifier, span: identifierArgument.span), initializer: initializer)
    category.branches = site.branches
    if site.isWatchScene {
      // The scene names the category; its actions are registered elsewhere.
      category.actionsUnresolved = .sceneNamesCategoryOnly
      return .success(category)
    }
    if let actionsArgument = site.actions {
      switch evaluate(actionsArgument.expression, scope: scope) {
      case .array(let elements):
        var actions: [CodeAction] = []
        var unknown: Unknowable?
        let written = actionsArgument.written
        for (position, element) in elements.enumerated() {
          if case .action(var action) = element.value {
            action.isConditional = action.isConditional || element.conditional
            if action.path != file.path {
              // Declared in another file: shown where this category names it.
              let span =
                written.map { $0.count == elements.count ? file.span(of: $0[position].expression) : nil }
                ?? actionsArgument.span
              action.relocate(to: span ?? actionsArgument.span, path: file.path, branches: category.branches)
            }
            actions.append(action)
          } else {
            unknown = unknown ?? (element.value.reason ?? .elementNotAnAction)
          }
        }
        if let unknown {
          category.actionsUnresolved = unknown
        } else {
          category.actions = actions
        }
      case let other:
        category.actionsUnresolved = other.reason ?? .notAnArrayOfActions
      }
    }
    if let options = site.options {
      category.options = optionNames(options, scope: scope) ?? []
    }
    if let intents = site.intents, case .array(let elements) = evaluate(intents.expression, scope: scope) {
      category.intentIdentifiers = elements.compactMap {
        if case .string(let text) = $0.value { CodeString(text, span: intents.span) } else { nil }
      }
    }
    for (expression, span, keyPath) in site.texts {
      guard case .string(let text) = evaluate(expression, scope: scope) else { continue }
      category[keyPath: keyPath] = CodeString(text, span: span)
    }
    return .success(category)
  }

  mutating func action(_ call: FunctionCallExprSyntax, textInput: Bool, scope: Scope) -> StaticValue {
    let file = scope.file
    guard let identifierArgument = argument("identifier", of: call) else {
      return .unknown(.actionWithoutIdentifier)
    }
    guard case .string(let identifier) = stringValue(evaluate(identifierArgument, scope: scope)) else {
      return .unknown(.actionIdentifier(text: identifierArgument.sourceText(characters: 60)))
    }
    var action = CodeAction(
      identifier: CodeString(identifier, span: file.span(of: identifierArgument)),
      initializer: file.span(of: call.calledExpression))
    action.isTextInput = textInput
    action.path = file.path
    action.branches = branches(around: Syntax(call))
    if let title = argument("title", of: call), case .string(let text) = evaluate(title, scope: scope) {
      action.title = CodeString(text, span: file.span(of: title))
    }
    if let options = argument("options", of: call) {
      action.options = optionNames(options, scope: scope) ?? []
    }
    if let icon = argument("icon", of: call)?.as(FunctionCallExprSyntax.self),
      let first = icon.arguments.first, let kind = first.label?.text,
      ["systemImageName", "templateImageName"].contains(kind),
      case .string(let name) = evaluate(first.expression, scope: scope)
    {
      action.icon = (kind, CodeString(name, span: file.span(of: first.expression)))
    }
    return .action(action)
  }

  /// The first argument of `call` with `label`. A call's arguments are
  /// read once (`labeledArguments`): a registration is tried again for every
  /// element of its loops and every call of its function.
  mutating func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
    if let known = labeledArguments[call.id] { return known[label] }
    let labeled = Self.argumentsByLabel(of: call)
    labeledArguments[call.id] = labeled
    return labeled[label]
  }

  /// A call's labeled arguments, the first of each label.
  static func argumentsByLabel(of call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
    var labeled: [String: ExprSyntax] = [:]
    for argument in call.arguments {
      if let name = argument.label?.text, labeled[name] == nil { labeled[name] = argument.expression }
    }
    return labeled
  }

  /// An enum case's raw value, or the value itself.
  func stringValue(_ value: StaticValue) -> StaticValue {
    if case .enumCase(_, let cases, let stringRaw, let name) = value {
      guard stringRaw, let found = cases.first(where: { $0.name == name }) else {
        return .unknown(.enumCaseNotString)
      }
      return .string(found.raw ?? name)
    }
    return value
  }

  /// Option names (`foreground`), at the expression that gives them; nil when unknown.
  mutating func optionNames(_ expression: ExprSyntax, scope: Scope) -> [CodeString]? {
    let span = scope.file.span(of: expression)
    func names(_ value: StaticValue) -> [String]? {
      switch value {
      case .option(let name), .implicitMember(let name): return [name]
      case .array(let elements):
        var all: [String] = []
        for element in elements {
          guard let inner = names(element.value) else { return nil }
          all += inner
        }
        return all
      default: return nil
      }
    }
    // Each element at its own expression, when the options are written out.
    if let array = expression.as(ArrayExprSyntax.self) {
      var result: [CodeString] = []
      for element in array.elements {
        guard let inner = names(evaluate(element.expression, scope: scope)) else { return nil }
        result += inner.map { CodeString($0, span: scope.file.span(of: element.expression)) }
      }
      return result
    }
    return names(evaluate(expression, scope: scope))?.map { CodeString($0, span: span) }
  }
}
