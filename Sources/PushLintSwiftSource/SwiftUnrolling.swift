import PushLintCore
import SwiftParser
import SwiftSyntax

/// Unrolling: a registration inside a loop, a `map` or a helper becomes
/// one registration per element, case or call.
extension Evaluator {

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

  /// For each call of `function` in the files read: `bindings` with the
  /// function's parameters bound to the arguments (or defaults) of that
  /// call; nil when there is no call.
  mutating func callSiteBindings(
    of function: FunctionDeclSyntax, bindings: [String: StaticValue]
  ) -> [[String: StaticValue]]? {
    // The arguments depend on the calls alone: found once for each
    // function, not again for each element of the loops around a site.
    let key = Syntax(function).id
    let calls: [[String: StaticValue]]?
    if let known = parameterBindings[key] {
      calls = known
    } else {
      calls = parameterBindings(of: function)
      parameterBindings[key] = calls
    }
    return calls?.map { bindings.merging($0) { $1 } }
  }

  /// For each call of `function` in the files read: its parameters bound to
  /// the arguments (or defaults) of that call; nil when there is no call.
  private mutating func parameterBindings(of function: FunctionDeclSyntax) -> [[String: StaticValue]]? {
    let name = function.name.text
    let parameters = Array(function.signature.parameterClause.parameters)
    let labels = parameters.map { $0.firstName.text }
    missingNames.insert(name)
    var result: [[String: StaticValue]] = []
    for file in index.files {
      for call in file.calls {
        // Counted, never stopped at: each function's calls are looked through once (callSiteBindings).
        _ = spend()
        let callee =
          call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
          ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard callee == name, !IfConfig.isDead(Syntax(call)) else { continue }
        // The call may itself sit in a map or loop: one binding per element.
        for siteBindings in unrolledBindings(of: Syntax(call), file: file) {
          var bound: [String: StaticValue] = [:]
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
