import PushLintCore
import SwiftParser
import SwiftSyntax

/// Expressions: what a literal, a constant, a call, a member or a
/// condition is without running the app.
extension Evaluator {

  mutating func evaluate(_ expression: ExprSyntax, scope: Scope) -> StaticValue {
    guard depth < Self.maxDepth else { return .unknown(.chainTooDeep) }
    guard spend() else { return .unknown(.tooManyValuesToFollow) }
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
      return Self.merged(alternatives) ?? .unknown(.conditionAtRunTime)
    }
    return .unknown(.decidedAtRunTime(text: expression.sourceText(characters: 40)))
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
  mutating func switchValue(_ expression: SwitchExprSyntax, scope: Scope) -> StaticValue {
    guard case .enumCase(_, _, _, let name) = evaluate(expression.subject, scope: scope) else {
      return .unknown(.switchOverRunTimeValue)
    }
    var fallback: SwitchCaseSyntax?
    for element in expression.cases {
      guard let branch = element.as(SwitchCaseSyntax.self) else { return .unknown(.switchWithIfConfig) }
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
    return fallback.map { branchValue($0, scope: scope) } ?? .unknown(.switchWithoutBranch(caseName: name))
  }

  mutating func branchValue(_ branch: SwitchCaseSyntax, scope: Scope) -> StaticValue {
    guard let expression = DeclarationIndex.singleExpression(of: branch.statements) else {
      return .unknown(.switchBranchNotOneExpression)
    }
    return evaluate(expression, scope: scope)
  }

  /// Records that an enum's own value (`rawValue`, `self`) was needed
  /// without a case to give it: the registration is then tried for each case.
  mutating func noteSelf(at node: Syntax) {
    if selfOwner == nil, let path = enclosingEnumPath(of: node) { selfOwner = path }
  }

  /// The path of the enum a node is declared in (in its body or an extension).
  mutating func enclosingEnumPath(of node: Syntax) -> [String]? {
    let path = enclosingTypePath(of: node)
    return path.isEmpty || enumDeclaration(path) == nil ? nil : path
  }

  mutating func string(_ literal: StringLiteralExprSyntax, scope: Scope) -> StaticValue {
    if let text = literal.representedLiteralValue { return .string(text) }
    var text = ""
    for segment in literal.segments {
      if let plain = segment.as(StringSegmentSyntax.self) {
        // Escapes in identifiers are rare; a segment with one stays unknown.
        guard !plain.content.text.contains("\\") else { return .unknown(.stringWithEscapes) }
        text += plain.content.text
      } else if let interpolated = segment.as(ExpressionSegmentSyntax.self) {
        guard interpolated.expressions.count == 1, let inner = interpolated.expressions.first,
          case .string(let part) = stringValue(evaluate(inner.expression, scope: scope))
        else { return .unknown(.interpolationAtRunTime) }
        text += part
      }
    }
    return .string(text)
  }

  mutating func concatenation(_ sequence: SequenceExprSyntax, scope: Scope) -> StaticValue {
    // `condition ? a : b`, as the parser leaves it unfolded: either branch.
    let elements = Array(sequence.elements)
    if let position = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
      position == elements.count - 2, let ternary = elements[position].as(UnresolvedTernaryExprSyntax.self)
    {
      let alternatives = [
        evaluate(ternary.thenExpression, scope: scope), evaluate(elements[position + 1], scope: scope),
      ]
      return Self.merged(alternatives) ?? .unknown(.conditionAtRunTime)
    }
    var parts: [StaticValue] = []
    for (position, element) in sequence.elements.enumerated() {
      if position % 2 == 1 {
        guard let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "+" else {
          return .unknown(.expressionAtRunTime)
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
    return parts.first { $0.reason != nil } ?? .unknown(.expressionAtRunTime)
  }

  mutating func memberAccess(_ member: MemberAccessExprSyntax, scope: Scope) -> StaticValue {
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
      base = .type(enclosingTypePath(of: Syntax(member)))
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
        return .unknown(.enumCaseUndeclared(name: name))
      }
      return value(of: candidates, named: name, selfValue: base)
    case .array(let elements) where name == "first":
      return elements.first.map(\.value) ?? .unknown(.firstOfEmptyArray)
    case .unknown:
      return base
    default:
      return .unknown(.decidedAtRunTime(text: member.sourceText(characters: 40)))
    }
  }

  /// `Type.name`: an enum case, `allCases`, or a static constant.
  mutating func typeMember(_ name: String, of path: [String], scope: Scope) -> StaticValue {
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
      return .unknown(.undeclared(name: (path + [name]).joined(separator: ".")))
    }
    return value(of: candidates, named: (path + [name]).joined(separator: "."))
  }

  /// The one enum declared at `path` (or at a path ending with it); nil
  /// for none or several. Worked out once a path (`enums`): every member
  /// access through a type asks.
  mutating func enumDeclaration(_ path: [String]) -> Declared? {
    if let known = enums[path] { return known }
    guard let last = path.last else { return nil }
    let found = (index.byName[last] ?? []).filter {
      if case .enumeration = $0.kind { Self.path($0.typePath + [last], endsWith: path) } else { false }
    }
    let declaration = found.count == 1 ? found[0] : nil
    enums[path] = .some(declaration)
    return declaration
  }

  static func path(_ full: [String], endsWith suffix: [String]) -> Bool {
    full.count >= suffix.count && Array(full.suffix(suffix.count)) == suffix
  }

  /// The value of one declaration among candidates; unknown when they disagree.
  mutating func value(
    of candidates: [Declared], named name: String, selfValue: StaticValue? = nil
  ) -> StaticValue {
    var values: [StaticValue] = []
    // A declaration's value depends on it and the case it is asked for
    // alone: met again with both, it names itself.
    var selfCase: String?
    if case .enumCase(let path, _, _, let caseName) = selfValue {
      selfCase = (path + [caseName]).joined(separator: ".")
    }
    for declared in candidates {
      let key = Evaluation(declaration: declared.node.id, selfCase: selfCase)
      guard evaluating.insert(key).inserted else {
        values.append(.unknown(.refersToItself(name: name)))
        continue
      }
      defer { evaluating.remove(key) }
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
            ?? .unknown(.severalReturnValues(name: name)))
      case .enumeration:
        values.append(.type(declared.typePath + [declared.name]))
      }
    }
    guard let first = values.first else { return .unknown(.undeclared(name: name)) }
    if values.count > 1 {
      let strings = Set(values.compactMap { if case .string(let text) = $0 { text } else { nil } })
      if strings.count != 1 || strings.count == 1 && values.contains(where: { $0.reason != nil }) {
        if case .type = first, values.allSatisfy({ if case .type = $0 { true } else { false } }) { return first }
        return .unknown(.declaredMoreThanOnce(name: name))
      }
    }
    return first
  }

  mutating func call(_ call: FunctionCallExprSyntax, scope: Scope) -> StaticValue {
    let kind: (isAction: Bool, textInput: Bool)
    if let known = actionKinds[call.id] {
      kind = known
    } else {
      kind = Self.actionKind(call)
      actionKinds[call.id] = kind
    }
    if kind.isAction { return action(call, textInput: kind.textInput, scope: scope) }
    if let name = Self.calleeName(call), Self.optionTypes.contains(name) || name == ".init" {
      // UNNotificationActionOptions(rawValue: 0), .init(): no options.
      return call.arguments.isEmpty || labelsAre(call, ["rawValue"])
        ? .array([]) : .unknown(.optionsAtRunTime)
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
        return .unknown(.localizedString)
      }
      if call.arguments.isEmpty {
        let found = lookup(name, at: Syntax(reference), scope: scope, functions: true)
        if found.reason == nil { return found }
      }
      return .unknown(.resultOfCall(name: name))
    }
    return .unknown(.resultOfCall(name: Self.shortName(call.calledExpression.sourceText())))
  }

  func labelsAre(_ call: FunctionCallExprSyntax, _ labels: [String]) -> Bool {
    Self.labels(call) == labels
  }

  mutating func mapped(
    _ base: ExprSyntax, closure: ClosureExprSyntax, flatten: Bool, scope: Scope
  ) -> StaticValue {
    guard case .array(let elements) = evaluate(base, scope: scope) else {
      return .unknown(.mapOverRunTimeValues)
    }
    guard let body = DeclarationIndex.singleExpression(of: closure.statements) else {
      return .unknown(.mapClosureNotOneExpression)
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
}
