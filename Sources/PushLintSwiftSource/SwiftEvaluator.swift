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
  case unknown(String)

  var reason: String? {
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
  private var parameterOwner: FunctionDeclSyntax?
  /// The enum (by its type path) whose own case an identifier turned out to need.
  private var selfOwner: [String]?
  private var depth = 0
  /// Deeper than any real chain of constants: a constant that names itself stops here.
  static let maxDepth = 24
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
    for call in CallCollector.calls(in: file.tree) where Self.isCategoryInitializer(call) || Self.isWatchScene(call) {
      let site = Syntax(call)
      if IfConfig.isDead(site) { continue }
      for bindings in unrolledBindings(of: site, file: file) {
        let scope = Scope(file: file, bindings: bindings)
        parameterOwner = nil
        selfOwner = nil
        switch category(call, scope: scope) {
        case .success(let category): result.categories.append(category)
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
            result.unresolved.append(unresolved)
            continue
          }
          var seen: Set<String> = []
          for callBindings in calls {
            switch category(call, scope: Scope(file: file, bindings: callBindings)) {
            case .success(let category):
              if seen.insert(category.identifier.text).inserted { result.categories.append(category) }
            case .failure(let unresolved): result.unresolved.append(unresolved)
            }
          }
        }
      }
    }
    result.unresolved += libraryCategories(in: file)
    return result
  }

  static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      if member.declName.baseName.text == "init" {
        return member.base.map { $0.trimmedDescription } ?? ".init"
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

  private mutating func category(
    _ call: FunctionCallExprSyntax, scope: Scope
  ) -> Result<CodeCategory, CodeUnresolved> {
    let file = scope.file
    let initializer = file.span(of: call.calledExpression)
    let isWatchScene = Self.isWatchScene(call)
    guard let identifierArgument = argument(isWatchScene ? "category" : "identifier", of: call) else {
      return .failure(CodeUnresolved(span: initializer, reason: "no identifier argument"))
    }
    let identifierValue = evaluate(identifierArgument, scope: scope)
    guard case .string(let identifier) = stringValue(identifierValue) else {
      return .failure(
        CodeUnresolved(
          span: initializer,
          reason:
            "the category identifier \(identifierArgument.trimmedDescription.prefix(60)) is not known statically: "
            + (stringValue(identifierValue).reason ?? "not a string")))
    }
    var category = CodeCategory(
      identifier: CodeString(identifier, span: file.span(of: identifierArgument)), initializer: initializer)
    if isWatchScene {
      // The scene names the category; its actions are registered elsewhere.
      category.actionsUnresolved = "a watchOS notification scene names the category, not its actions"
      return .success(category)
    }
    if let actionsArgument = argument("actions", of: call) {
      switch evaluate(actionsArgument, scope: scope) {
      case .array(let elements):
        var actions: [CodeAction] = []
        var unknown: String?
        let written = actionsArgument.as(ArrayExprSyntax.self).map { Array($0.elements) }
        for (position, element) in elements.enumerated() {
          if case .action(var action) = element.value {
            action.isConditional = action.isConditional || element.conditional
            if action.path != file.path {
              // Declared in another file: shown where this category names it.
              let span =
                written.map { $0.count == elements.count ? file.span(of: $0[position].expression) : nil }
                ?? file.span(of: actionsArgument)
              action.relocate(to: span ?? file.span(of: actionsArgument), path: file.path)
            }
            actions.append(action)
          } else {
            unknown = unknown ?? (element.value.reason ?? "an element is not an action")
          }
        }
        if let unknown {
          category.actionsUnresolved = unknown
        } else {
          category.actions = actions
        }
      case let other:
        category.actionsUnresolved = other.reason ?? "not an array of actions"
      }
    }
    if let options = argument("options", of: call) {
      category.options = optionNames(options, scope: scope) ?? []
    }
    if let intents = argument("intentIdentifiers", of: call),
      case .array(let elements) = evaluate(intents, scope: scope)
    {
      let span = file.span(of: intents)
      category.intentIdentifiers = elements.compactMap {
        if case .string(let text) = $0.value { CodeString(text, span: span) } else { nil }
      }
    }
    for (label, keyPath) in [
      ("hiddenPreviewsBodyPlaceholder", \CodeCategory.hiddenPreviewsBodyPlaceholder),
      ("categorySummaryFormat", \CodeCategory.categorySummaryFormat),
    ] {
      guard let expression = argument(label, of: call),
        case .string(let text) = evaluate(expression, scope: scope)
      else { continue }
      category[keyPath: keyPath] = CodeString(text, span: file.span(of: expression))
    }
    return .success(category)
  }

  private mutating func action(_ call: FunctionCallExprSyntax, textInput: Bool, scope: Scope) -> StaticValue {
    let file = scope.file
    guard let identifierArgument = argument("identifier", of: call) else {
      return .unknown("an action without identifier")
    }
    guard case .string(let identifier) = stringValue(evaluate(identifierArgument, scope: scope)) else {
      return .unknown(
        "the action identifier \(identifierArgument.trimmedDescription.prefix(60)) is not known statically")
    }
    var action = CodeAction(
      identifier: CodeString(identifier, span: file.span(of: identifierArgument)),
      initializer: file.span(of: call.calledExpression))
    action.isTextInput = textInput
    action.path = file.path
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

  private func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
    call.arguments.first { $0.label?.text == label }?.expression
  }

  /// An enum case's raw value, or the value itself.
  private func stringValue(_ value: StaticValue) -> StaticValue {
    if case .enumCase(_, let cases, let stringRaw, let name) = value {
      guard stringRaw, let found = cases.first(where: { $0.name == name }) else {
        return .unknown("an enum case, not a string")
      }
      return .string(found.raw ?? name)
    }
    return value
  }

  /// Option names (`foreground`), at the expression that gives them; nil when unknown.
  private mutating func optionNames(_ expression: ExprSyntax, scope: Scope) -> [CodeString]? {
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

  // MARK: Expressions

  mutating func evaluate(_ expression: ExprSyntax, scope: Scope) -> StaticValue {
    guard depth < Self.maxDepth else { return .unknown("a chain of constants too deep to follow") }
    depth += 1
    defer { depth -= 1 }
    if let literal = expression.as(StringLiteralExprSyntax.self) { return string(literal, scope: scope) }
    if let array = expression.as(ArrayExprSyntax.self) {
      return .array(array.elements.map { (evaluate($0.expression, scope: scope), false) })
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return lookup(reference.baseName.text, at: Syntax(reference), scope: scope)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) { return memberAccess(member, scope: scope) }
    if let call = expression.as(FunctionCallExprSyntax.self) { return self.call(call, scope: scope) }
    if let sequence = expression.as(SequenceExprSyntax.self) { return concatenation(sequence, scope: scope) }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
      return evaluate(inner.expression, scope: scope)
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) { return evaluate(forced.expression, scope: scope) }
    if let cast = expression.as(AsExprSyntax.self) { return evaluate(cast.expression, scope: scope) }
    if let switchExpression = expression.as(SwitchExprSyntax.self) {
      return switchValue(switchExpression, scope: scope)
    }
    if let ternary = expression.as(TernaryExprSyntax.self) {
      let alternatives = [
        evaluate(ternary.thenExpression, scope: scope), evaluate(ternary.elseExpression, scope: scope),
      ]
      return Self.merged(alternatives) ?? .unknown("a condition decided at run time")
    }
    return .unknown("\(expression.trimmedDescription.prefix(40)) is decided at run time")
  }

  /// One value for alternatives the running app chooses between: the
  /// string they all are, or, for arrays, every element of any of them,
  /// those missing from some marked conditional (an action only some runs
  /// register). Nil when they cannot be joined so.
  static func merged(_ alternatives: [StaticValue]) -> StaticValue? {
    guard let first = alternatives.first else { return nil }
    if case .string(let text) = first,
      alternatives.allSatisfy({ if case .string(let other) = $0 { other == text } else { false } })
    {
      return first
    }
    var arrays: [[(value: StaticValue, conditional: Bool)]] = []
    for alternative in alternatives {
      guard case .array(let elements) = alternative else { return nil }
      arrays.append(elements)
    }
    var keys: [String] = []
    var joined: [String: (value: StaticValue, conditional: Bool, count: Int)] = [:]
    for elements in arrays {
      var seen: Set<String> = []
      for (index, element) in elements.enumerated() {
        guard let key = identity(of: element.value) ?? Optional("#\(keys.count)-\(index)") else { continue }
        guard seen.insert(key).inserted else { continue }
        if let known = joined[key] {
          joined[key] = (known.value, known.conditional || element.conditional, known.count + 1)
        } else {
          keys.append(key)
          joined[key] = (element.value, element.conditional, 1)
        }
      }
    }
    return .array(
      keys.compactMap { key in
        joined[key].map { ($0.value, $0.conditional || $0.count < arrays.count) }
      })
  }

  /// What makes two elements of alternative arrays the same element.
  static func identity(of value: StaticValue) -> String? {
    switch value {
    case .action(let action): "action \(action.identifier.text)"
    case .string(let text): "string \(text)"
    case .option(let option): "option \(option)"
    case .implicitMember(let name): "member \(name)"
    default: nil
    }
  }

  /// `switch` over a known enum case: the value of the branch it takes.
  private mutating func switchValue(_ expression: SwitchExprSyntax, scope: Scope) -> StaticValue {
    guard case .enumCase(_, _, _, let name) = evaluate(expression.subject, scope: scope) else {
      return .unknown("a switch over a value known only at run time")
    }
    var fallback: SwitchCaseSyntax?
    for element in expression.cases {
      guard let branch = element.as(SwitchCaseSyntax.self) else { return .unknown("a switch with #if branches") }
      switch branch.label {
      case .default: fallback = branch
      case .case(let label):
        let matches = label.caseItems.contains { item in
          let pattern = item.pattern.as(ExpressionPatternSyntax.self)?.expression
          return pattern?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name && item.whereClause == nil
        }
        if matches { return branchValue(branch, scope: scope) }
      }
    }
    return fallback.map { branchValue($0, scope: scope) } ?? .unknown("a switch with no branch for .\(name)")
  }

  private mutating func branchValue(_ branch: SwitchCaseSyntax, scope: Scope) -> StaticValue {
    guard let expression = DeclarationIndex.singleExpression(of: branch.statements) else {
      return .unknown("a switch branch that is more than one expression")
    }
    return evaluate(expression, scope: scope)
  }

  /// Records that an enum's own value (`rawValue`, `self`) was needed
  /// without a case to give it: the registration is then tried for each case.
  private mutating func noteSelf(at node: Syntax) {
    if selfOwner == nil, let path = enclosingEnumPath(of: node) { selfOwner = path }
  }

  /// The path of the enum a node is declared in (in its body or an extension).
  func enclosingEnumPath(of node: Syntax) -> [String]? {
    let path = Self.enclosingTypePath(of: node)
    return path.isEmpty || enumDeclaration(path) == nil ? nil : path
  }

  private mutating func string(_ literal: StringLiteralExprSyntax, scope: Scope) -> StaticValue {
    if let text = literal.representedLiteralValue { return .string(text) }
    var text = ""
    for segment in literal.segments {
      if let plain = segment.as(StringSegmentSyntax.self) {
        // Escapes in identifiers are rare; a segment with one stays unknown.
        guard !plain.content.text.contains("\\") else { return .unknown("a string with escapes") }
        text += plain.content.text
      } else if let interpolated = segment.as(ExpressionSegmentSyntax.self) {
        guard interpolated.expressions.count == 1, let inner = interpolated.expressions.first,
          case .string(let part) = stringValue(evaluate(inner.expression, scope: scope))
        else { return .unknown("string interpolation of a value known only at run time") }
        text += part
      }
    }
    return .string(text)
  }

  private mutating func concatenation(_ sequence: SequenceExprSyntax, scope: Scope) -> StaticValue {
    // `condition ? a : b`, as the parser leaves it unfolded: either branch.
    let elements = Array(sequence.elements)
    if let position = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
      position == elements.count - 2, let ternary = elements[position].as(UnresolvedTernaryExprSyntax.self)
    {
      let alternatives = [
        evaluate(ternary.thenExpression, scope: scope), evaluate(elements[position + 1], scope: scope),
      ]
      return Self.merged(alternatives) ?? .unknown("a condition decided at run time")
    }
    var parts: [StaticValue] = []
    for (position, element) in sequence.elements.enumerated() {
      if position % 2 == 1 {
        guard let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "+" else {
          return .unknown("an expression decided at run time")
        }
        continue
      }
      parts.append(stringValue(evaluate(element, scope: scope)))
    }
    if parts.allSatisfy({ if case .string = $0 { true } else { false } }) {
      return .string(parts.map { if case .string(let text) = $0 { text } else { "" } }.joined())
    }
    if parts.allSatisfy({ if case .array = $0 { true } else { false } }) {
      var joined: [(value: StaticValue, conditional: Bool)] = []
      for case .array(let elements) in parts { joined += elements }
      return .array(joined)
    }
    return parts.first { $0.reason != nil } ?? .unknown("an expression decided at run time")
  }

  private mutating func memberAccess(_ member: MemberAccessExprSyntax, scope: Scope) -> StaticValue {
    let name = member.declName.baseName.text
    guard let baseExpression = member.base else { return .implicitMember(name) }
    if let reference = baseExpression.as(DeclReferenceExprSyntax.self),
      Self.optionTypes.contains(reference.baseName.text)
    {
      return .option(name)
    }
    let base: StaticValue
    if let reference = baseExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self",
      let bound = scope.bindings["self"]
    {
      base = bound
    } else if let reference = baseExpression.as(DeclReferenceExprSyntax.self),
      ["Self", "self"].contains(reference.baseName.text)
    {
      if reference.baseName.text == "self", name == "rawValue" { noteSelf(at: Syntax(member)) }
      base = .type(Self.enclosingTypePath(of: Syntax(member)))
    } else {
      base = evaluate(baseExpression, scope: scope)
    }
    switch base {
    case .type(let path):
      return typeMember(name, of: path, scope: scope)
    case .enumCase(let path, _, _, _):
      if name == "rawValue" { return stringValue(base) }
      // A property the enum computes for each case (`var identifier: String { switch self … }`).
      let candidates = (index.byName[name] ?? []).filter {
        if case .value = $0.kind { Self.path($0.typePath, endsWith: path) } else { false }
      }
      guard !candidates.isEmpty else {
        missingNames.insert(name)
        return .unknown("\(name) of an enum case is declared in no file read")
      }
      return value(of: candidates, named: name, selfValue: base)
    case .array(let elements) where name == "first":
      return elements.first.map(\.value) ?? .unknown("the first element of an empty array")
    case .unknown:
      return base
    default:
      return .unknown("\(member.trimmedDescription.prefix(40)) is decided at run time")
    }
  }

  /// `Type.name`: an enum case, `allCases`, or a static constant.
  private mutating func typeMember(_ name: String, of path: [String], scope: Scope) -> StaticValue {
    if name == "allCases", let enumeration = enumDeclaration(path) {
      if case .enumeration(let cases, let stringRaw) = enumeration.kind {
        return .array(cases.map { (.enumCase(path: path, cases: cases, stringRaw: stringRaw, name: $0.name), false) })
      }
    }
    if let enumeration = enumDeclaration(path), case .enumeration(let cases, let stringRaw) = enumeration.kind,
      cases.contains(where: { $0.name == name })
    {
      return .enumCase(path: path, cases: cases, stringRaw: stringRaw, name: name)
    }
    let candidates = (index.byName[name] ?? []).filter { Self.path($0.typePath, endsWith: path) }
    if candidates.isEmpty {
      missingNames.insert(name)
      return .unknown("\((path + [name]).joined(separator: ".")) is declared in no file read")
    }
    return value(of: candidates, named: (path + [name]).joined(separator: "."))
  }

  private func enumDeclaration(_ path: [String]) -> Declared? {
    guard let last = path.last else { return nil }
    let found = (index.byName[last] ?? []).filter {
      if case .enumeration = $0.kind { Self.path($0.typePath + [last], endsWith: path) } else { false }
    }
    return found.count == 1 ? found[0] : nil
  }

  static func path(_ full: [String], endsWith suffix: [String]) -> Bool {
    full.count >= suffix.count && Array(full.suffix(suffix.count)) == suffix
  }

  /// The value of one declaration among candidates; unknown when they disagree.
  private mutating func value(
    of candidates: [Declared], named name: String, selfValue: StaticValue? = nil
  ) -> StaticValue {
    var values: [StaticValue] = []
    for declared in candidates {
      switch declared.kind {
      case .value(let expression), .function(let expression):
        var scope = Scope(file: declared.file)
        if let selfValue { scope.bindings["self"] = selfValue }
        values.append(evaluate(expression, scope: scope))
      case .branches(let expressions):
        var scope = Scope(file: declared.file)
        if let selfValue { scope.bindings["self"] = selfValue }
        let alternatives = expressions.map { evaluate($0, scope: scope) }
        values.append(
          Self.merged(alternatives) ?? alternatives.first { $0.reason != nil }
            ?? .unknown("\(name) returns one of several values, decided at run time"))
      case .enumeration:
        values.append(.type(declared.typePath + [declared.name]))
      }
    }
    guard let first = values.first else { return .unknown("\(name) is declared in no file read") }
    if values.count > 1 {
      let strings = Set(values.compactMap { if case .string(let text) = $0 { text } else { nil } })
      if strings.count != 1 || strings.count == 1 && values.contains(where: { $0.reason != nil }) {
        if case .type = first, values.allSatisfy({ if case .type = $0 { true } else { false } }) { return first }
        return .unknown("\(name) is declared more than once (in #if branches or several types)")
      }
    }
    return first
  }

  private mutating func call(_ call: FunctionCallExprSyntax, scope: Scope) -> StaticValue {
    let kind = Self.actionKind(call)
    if kind.isAction { return action(call, textInput: kind.textInput, scope: scope) }
    if let name = Self.calleeName(call), Self.optionTypes.contains(name) || name == ".init" {
      // UNNotificationActionOptions(rawValue: 0), .init(): no options.
      return call.arguments.isEmpty || labelsAre(call, ["rawValue"])
        ? .array([]) : .unknown("options built at run time")
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
      ["map", "compactMap", "flatMap"].contains(member.declName.baseName.text),
      let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
    {
      return mapped(base, closure: closure, flatten: member.declName.baseName.text == "flatMap", scope: scope)
    }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if ["Set", "Array"].contains(name), call.arguments.count == 1, call.arguments.first?.label == nil,
        let only = call.arguments.first
      {
        return evaluate(only.expression, scope: scope)
      }
      if ["NSLocalizedString", "String", "LocalizedStringKey"].contains(name) {
        return .unknown("a localized string")
      }
      if call.arguments.isEmpty {
        let found = lookup(name, at: Syntax(reference), scope: scope, functions: true)
        if found.reason == nil { return found }
      }
      return .unknown("the result of \(name)(…)")
    }
    return .unknown("the result of \(Self.shortName(call.calledExpression.trimmedDescription))(…)")
  }

  private func labelsAre(_ call: FunctionCallExprSyntax, _ labels: [String]) -> Bool {
    Self.labels(call) == labels
  }

  private mutating func mapped(
    _ base: ExprSyntax, closure: ClosureExprSyntax, flatten: Bool, scope: Scope
  ) -> StaticValue {
    guard case .array(let elements) = evaluate(base, scope: scope) else {
      return .unknown("a map over values known only at run time")
    }
    guard let body = DeclarationIndex.singleExpression(of: closure.statements) else {
      return .unknown("a map whose closure is more than one expression")
    }
    let parameter = Self.closureParameter(closure) ?? "$0"
    var result: [(StaticValue, Bool)] = []
    for element in elements.prefix(Self.maxUnrolled) {
      var inner = scope
      inner.bindings[parameter] = element.value
      let value = evaluate(body, scope: inner)
      if flatten, case .array(let nested) = value {
        result += nested.map { ($0.value, $0.conditional || element.conditional) }
      } else {
        result.append((value, element.conditional))
      }
    }
    return .array(result)
  }

  static func closureParameter(_ closure: ClosureExprSyntax) -> String? {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list): return list.first?.name.text
    case .parameterClause(let clause): return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
    case nil: return nil
    }
  }

  // MARK: Names

  /// A name as Swift finds it: a bound loop or closure variable, a local
  /// declared before the use (with what is appended to it), a member of the
  /// enclosing types, a global, then a type used as a namespace.
  mutating func lookup(_ name: String, at node: Syntax, scope: Scope, functions: Bool = false) -> StaticValue {
    if let bound = scope.bindings[name] { return bound }
    if name == "rawValue", let bound = scope.bindings["self"] { return stringValue(bound) }
    if name == "rawValue" || name == "self", enclosingEnumPath(of: node) != nil {
      noteSelf(at: node)
      return .unknown("\(name) of the enum's own case")
    }
    if let local = localValue(name, at: node, scope: scope) { return local }
    let enclosing = Self.enclosingTypePath(of: node)
    let candidates = (index.byName[name] ?? []).filter { declared in
      if case .function = declared.kind, !functions { return false }
      return true
    }
    // Members of the enclosing types, innermost first, then globals.
    var path = enclosing
    while true {
      let here = candidates.filter { $0.typePath == path || !path.isEmpty && Self.path($0.typePath, endsWith: path) }
      if !here.isEmpty { return value(of: here, named: name, selfValue: scope.bindings["self"]) }
      if path.isEmpty { break }
      path.removeLast()
    }
    if name.first?.isUppercase == true, typeExists(name) { return .type([name]) }
    if ["Self", "self"].contains(name) { return .type(enclosing) }
    missingNames.insert(name)
    return .unknown("\(name) is declared in no file read")
  }

  private func typeExists(_ name: String) -> Bool {
    index.byName.values.contains { $0.contains { $0.typePath.contains(name) || $0.name == name } }
  }

  /// The enclosing type declarations' names, outermost first.
  static func enclosingTypePath(of node: Syntax) -> [String] {
    var path: [String] = []
    var current = node.parent
    while let ancestor = current {
      if let names = DeclarationIndex.typeName(of: ancestor) {
        path.insert(contentsOf: names, at: 0)
      } else if let enumDecl = ancestor.as(EnumDeclSyntax.self) {
        path.insert(enumDecl.name.text, at: 0)
      }
      current = ancestor.parent
    }
    return path
  }

  /// A local `let` or `var` declared before `node` in an enclosing block,
  /// with the `append`s and `+=`s between the declaration and the use; a
  /// parameter of an enclosing function or closure is unknown.
  private mutating func localValue(_ name: String, at node: Syntax, scope: Scope) -> StaticValue? {
    var child = node
    var current = node.parent
    while let ancestor = current {
      if let items = ancestor.as(CodeBlockItemListSyntax.self) {
        let list = Array(items)
        if let position = list.firstIndex(where: { $0.id == child.id }) {
          for declarationIndex in stride(from: position - 1, through: 0, by: -1) {
            // `guard let name = …` (or `guard case`): bound at run time.
            if let guarded = list[declarationIndex].item.as(GuardStmtSyntax.self),
              Self.binds(name, in: guarded.conditions)
            {
              return .unknown("\(name) is bound by a guard at run time")
            }
            guard let variable = list[declarationIndex].item.as(VariableDeclSyntax.self),
              let binding = variable.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
              })
            else { continue }
            guard let initial = binding.initializer?.value else { return .unknown("\(name) is assigned at run time") }
            var value = evaluate(initial, scope: scope)
            for later in list[(declarationIndex + 1)..<position] {
              value = applyMutations(of: name, in: Syntax(later), to: value, scope: scope)
            }
            return value
          }
        }
      }
      if let function = ancestor.as(FunctionDeclSyntax.self),
        function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
      {
        parameterOwner = function
        return .unknown("\(name) is a parameter of \(function.name.text)(…)")
      }
      if let closure = ancestor.as(ClosureExprSyntax.self),
        Self.closureParameter(closure) == name || name.hasPrefix("$")
      {
        return .unknown("\(name) is a closure parameter")
      }
      if let loop = ancestor.as(ForStmtSyntax.self),
        loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      {
        return .unknown("\(name) is a loop variable")
      }
      // `if let name = …` and `while let`: bound at run time inside the body.
      if let conditional = ancestor.as(IfExprSyntax.self), Self.binds(name, in: conditional.conditions) {
        return .unknown("\(name) is bound by an if at run time")
      }
      if let loop = ancestor.as(WhileStmtSyntax.self), Self.binds(name, in: loop.conditions) {
        return .unknown("\(name) is bound by a while at run time")
      }
      child = ancestor
      current = ancestor.parent
    }
    return nil
  }

  /// A callee for a message: whole when short, else its last two parts
  /// (`….notifications.categoryFor`), never cut inside a name.
  static func shortName(_ text: String) -> String {
    guard text.count > 40 else { return text }
    let parts = text.split(separator: ".")
    return parts.count > 1 ? "…." + parts.suffix(2).joined(separator: ".") : text
  }

  /// Whether conditions bind `name` (`let name = …`, `let name`, `case .x(let name)`).
  static func binds(_ name: String, in conditions: ConditionElementListSyntax) -> Bool {
    conditions.contains { element in
      switch element.condition {
      case .optionalBinding(let binding):
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      case .matchingPattern(let matching):
        return matching.pattern.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
      default:
        return false
      }
    }
  }

  /// `name.append(x)`, `name.append(contentsOf: xs)`, `name += xs` inside
  /// `statement`; under a condition or loop, what they add is conditional.
  private mutating func applyMutations(
    of name: String, in statement: Syntax, to value: StaticValue, scope: Scope
  ) -> StaticValue {
    guard case .array(var elements) = value else { return value }
    for mutation in MutationCollector.mutations(of: name, in: statement) {
      let conditional = MutationCollector.isConditional(mutation.node, within: statement)
      switch mutation.kind {
      case .append(let expression):
        elements.append((evaluate(expression, scope: scope), conditional))
      case .appendContents(let expression):
        guard case .array(let added) = evaluate(expression, scope: scope) else {
          return .unknown("\(name) is extended at run time")
        }
        elements += added.map { ($0.value, $0.conditional || conditional) }
      case .reassign:
        return .unknown("\(name) is reassigned")
      }
    }
    return .array(elements)
  }

  // MARK: Unrolling

  /// The bindings under which a registration runs: one per element of each
  /// enclosing `map`/`forEach` closure or `for` loop over a known array.
  mutating func unrolledBindings(of site: Syntax, file: SwiftFile) -> [[String: StaticValue]] {
    var loops: [(name: String, elements: [StaticValue])] = []
    var current = site.parent
    while let ancestor = current {
      if let closure = ancestor.as(ClosureExprSyntax.self), let call = Self.iteratingCall(of: closure),
        let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      {
        let name = Self.closureParameter(closure) ?? "$0"
        if case .array(let elements) = evaluate(base, scope: Scope(file: file)) {
          loops.append((name, elements.map(\.value)))
        }
      }
      if let loop = ancestor.as(ForStmtSyntax.self),
        let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        case .array(let elements) = evaluate(loop.sequence, scope: Scope(file: file))
      {
        loops.append((name, elements.map(\.value)))
      }
      current = ancestor.parent
    }
    var combinations: [[String: StaticValue]] = [[:]]
    for loop in loops {
      combinations = combinations.flatMap { bindings in
        loop.elements.map { element in bindings.merging([loop.name: element]) { $1 } }
      }
      if combinations.count > Self.maxUnrolled { return [[:]] }
    }
    return combinations
  }

  /// For each call of `function` in the files read: its parameters bound to
  /// the arguments (or defaults) of that call; nil when there is no call.
  mutating func callSiteBindings(
    of function: FunctionDeclSyntax, bindings: [String: StaticValue]
  ) -> [[String: StaticValue]]? {
    let name = function.name.text
    let parameters = Array(function.signature.parameterClause.parameters)
    let labels = parameters.map { $0.firstName.text }
    missingNames.insert(name)
    var result: [[String: StaticValue]] = []
    for file in index.files {
      for call in CallCollector.calls(in: file.tree) {
        let callee =
          call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
          ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard callee == name, !IfConfig.isDead(Syntax(call)) else { continue }
        // The call may itself sit in a map or loop: one binding per element.
        for siteBindings in unrolledBindings(of: Syntax(call), file: file) {
          var bound = bindings
          var arguments = Array(call.arguments)[...]
          var matches = true
          for (parameter, label) in zip(parameters, labels) {
            let local = (parameter.secondName ?? parameter.firstName).text
            if let argument = arguments.first, (argument.label?.text ?? "_") == label {
              bound[local] = evaluate(argument.expression, scope: Scope(file: file, bindings: siteBindings))
              arguments = arguments.dropFirst()
            } else if let defaultValue = parameter.defaultValue?.value {
              bound[local] = evaluate(defaultValue, scope: Scope(file: file))
            } else {
              matches = false
              break
            }
          }
          if matches && arguments.isEmpty { result.append(bound) }
          if result.count > Self.maxUnrolled { return nil }
        }
      }
    }
    return result.isEmpty ? nil : result
  }

  /// One binding of `self` per case of the enum at `path`; inside a branch
  /// of `switch self`, only the cases that branch is for.
  mutating func selfBindings(
    of path: [String], at site: Syntax, bindings: [String: StaticValue]
  ) -> [[String: StaticValue]]? {
    guard let enumeration = enumDeclaration(path), case .enumeration(let cases, let stringRaw) = enumeration.kind,
      !cases.isEmpty
    else { return nil }
    var names = cases.map(\.name)
    var current = site.parent
    while let ancestor = current {
      if let branch = ancestor.as(SwitchCaseSyntax.self), case .case(let label) = branch.label,
        let switchExpression = branch.parent?.parent?.as(SwitchExprSyntax.self),
        switchExpression.subject.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
      {
        let labelled = label.caseItems.compactMap {
          $0.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName
            .text
        }
        names = names.filter { labelled.contains($0) }
        break
      }
      current = ancestor.parent
    }
    return names.map { name in
      bindings.merging(["self": .enumCase(path: path, cases: cases, stringRaw: stringRaw, name: name)]) { $1 }
    }
  }

  /// The `map`, `compactMap`, `flatMap` or `forEach` call a closure is given to.
  static func iteratingCall(of closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
    var parent = closure.parent
    if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }
    guard let call = parent?.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      ["map", "compactMap", "flatMap", "forEach"].contains(member.declName.baseName.text)
    else { return nil }
    return call
  }
}

/// Every function call in a tree, in source order.
final class CallCollector: SyntaxVisitor {
  var calls: [FunctionCallExprSyntax] = []

  static func calls(in tree: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
    let collector = CallCollector(viewMode: .sourceAccurate)
    collector.walk(tree)
    return collector.calls
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(node)
    return .visitChildren
  }
}

/// What a statement does to a local array.
enum MutationCollector {
  enum Kind {
    case append(ExprSyntax)
    case appendContents(ExprSyntax)
    case reassign
  }

  static func mutations(of name: String, in statement: Syntax) -> [(node: Syntax, kind: Kind)] {
    var found: [(Syntax, Kind)] = []
    var pending = [statement]
    while let node = pending.popLast() {
      if let call = node.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name, let first = call.arguments.first
      {
        switch (member.declName.baseName.text, first.label?.text) {
        case ("append", nil), ("insert", nil): found.append((node, .append(first.expression)))
        case ("append", "contentsOf"): found.append((node, .appendContents(first.expression)))
        default: break
        }
      }
      if let sequence = node.as(SequenceExprSyntax.self), sequence.elements.count == 3,
        sequence.elements.first?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
      {
        let operation = sequence.elements.dropFirst().first
        let value = sequence.elements.last!
        if operation?.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
          found.append((node, .appendContents(value)))
        } else if operation?.is(AssignmentExprSyntax.self) == true {
          found.append((node, .reassign))
        }
      }
      // Nested functions run at another time, if at all; dead branches never.
      if node.is(FunctionDeclSyntax.self) { continue }
      if let clause = node.as(IfConfigClauseSyntax.self), !IfConfig.isLive(clause) { continue }
      pending.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
    }
    return found.sorted { $0.0.position < $1.0.position }
  }

  /// Whether a node runs only under a condition or a loop inside `statement`.
  static func isConditional(_ node: Syntax, within statement: Syntax) -> Bool {
    var current: Syntax? = node
    while let ancestor = current, ancestor.id != statement.id {
      if ancestor.is(IfExprSyntax.self) || ancestor.is(GuardStmtSyntax.self) || ancestor.is(SwitchExprSyntax.self)
        || ancestor.is(ForStmtSyntax.self) || ancestor.is(WhileStmtSyntax.self) || ancestor.is(RepeatStmtSyntax.self)
        || ancestor.is(ClosureExprSyntax.self) || ancestor.is(IfConfigClauseSyntax.self)
        || ancestor.is(TernaryExprSyntax.self)
      {
        return true
      }
      current = ancestor.parent
    }
    return false
  }
}
