import PushLintCore
import SwiftParser
import SwiftSyntax

/// Names, as Swift finds them: bound variables, locals before the use,
/// members of the enclosing types, globals.
extension Evaluator {

  /// A name as Swift finds it: a bound loop or closure variable, a local
  /// declared before the use (with what is appended to it), a member of the
  /// enclosing types, a global, then a type used as a namespace.
  mutating func lookup(_ name: String, at node: Syntax, scope: Scope, functions: Bool = false) -> StaticValue {
    if let bound = scope.bindings[name] { return bound }
    if name == "rawValue", let bound = scope.bindings["self"] { return stringValue(bound) }
    if name == "rawValue" || name == "self", enclosingEnumPath(of: node) != nil {
      noteSelf(at: node)
      return .unknown(.enumOwnCase(name: name))
    }
    if let local = localValue(name, at: node, scope: scope) { return local }
    let enclosing = enclosingTypePath(of: node)
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
    if let framework = FrameworkStrings.values[name] { return .string(framework) }
    missingNames.insert(name)
    return .unknown(.undeclared(name: name))
  }

  func typeExists(_ name: String) -> Bool {
    index.byName.values.contains { $0.contains { $0.typePath.contains(name) || $0.name == name } }
  }

  /// The enclosing type declarations' names, outermost first. Each type
  /// declaration's own path is worked out once (`typePaths`): a lookup
  /// asks for it at every name, and types may nest deep.
  mutating func enclosingTypePath(of node: Syntax) -> [String] {
    // A name is looked up again at each try of its registration.
    if let known = enclosingPaths[node.id] { return known }
    // The enclosing type declarations, innermost first, up to one whose
    // path is known.
    var unknown: [(id: SyntaxIdentifier, names: [String])] = []
    var path: [String] = []
    var current = node.parent
    while let ancestor = current {
      if let names = Self.declaredTypeNames(ancestor) {
        if let known = typePaths[ancestor.id] {
          path = known
          break
        }
        unknown.append((ancestor.id, names))
      }
      current = ancestor.parent
    }
    for (id, names) in unknown.reversed() {
      path += names
      typePaths[id] = path
    }
    enclosingPaths[node.id] = path
    return path
  }

  /// The names a declaration adds to the type path: a type's, an
  /// extension's (`extension A.B` adds two), an enum's.
  static func declaredTypeNames(_ node: Syntax) -> [String]? {
    if node.kind == .enumDecl { return [node.cast(EnumDeclSyntax.self).name.text] }
    return DeclarationIndex.typeName(of: node)
  }

  /// A local `let` or `var` declared before `node` in an enclosing block,
  /// with the `append`s and `+=`s between the declaration and the use; a
  /// parameter of an enclosing function or closure is unknown.
  mutating func localValue(_ name: String, at node: Syntax, scope: Scope) -> StaticValue? {
    var child = node
    var current = node.parent
    while let ancestor = current {
      // Most ancestors are none of these: their kind says so without a cast.
      switch ancestor.kind {
      case .codeBlockItemList:
        let block = blockIndex(ancestor.cast(CodeBlockItemListSyntax.self))
        if let position = block.positions[child.id],
          let local = localValue(name, before: position, in: block, scope: scope)
        {
          return local
        }
      case .functionDecl:
        let function = ancestor.cast(FunctionDeclSyntax.self)
        if function.signature.parameterClause.parameters.contains(where: {
          ($0.secondName ?? $0.firstName).text == name
        }) {
          parameterOwner = function
          return .unknown(.parameter(name: name, function: function.name.text))
        }
      case .closureExpr:
        if Self.closureParameter(ancestor.cast(ClosureExprSyntax.self)) == name || name.hasPrefix("$") {
          return .unknown(.closureParameter(name: name))
        }
      case .forStmt:
        if ancestor.cast(ForStmtSyntax.self).pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
          return .unknown(.loopVariable(name: name))
        }
      // `if let name = …` and `while let`: bound at run time inside the body.
      case .ifExpr:
        if Self.binds(name, in: ancestor.cast(IfExprSyntax.self).conditions) {
          return .unknown(.boundByIf(name: name))
        }
      case .whileStmt:
        if Self.binds(name, in: ancestor.cast(WhileStmtSyntax.self).conditions) {
          return .unknown(.boundByWhile(name: name))
        }
      default:
        break
      }
      child = ancestor
      current = ancestor.parent
    }
    return nil
  }

  /// What `name` is at the statement at `position` of `block`, when a
  /// statement before it declares it or binds it by `guard`; nil otherwise.
  /// Each guard and each statement a `var` is followed through is a step:
  /// a block of thousands of them asked about at each of its statements
  /// is bounded by the steps, not by the square of its length.
  private mutating func localValue(
    _ name: String, before position: Int, in block: BlockIndex, scope: Scope
  ) -> StaticValue? {
    let declarations = block.declarations[name] ?? []
    let nearest = declarations.countBelow(position)
    let declared = nearest > 0 ? declarations[nearest - 1] : -1
    // The guards between the declaration and the use, nearest first.
    var guardIndex = block.guards.countBelow(position)
    while guardIndex > 0 && block.guards[guardIndex - 1] > declared {
      guardIndex -= 1
      guard spend() else { return .unknown(.tooManyValuesToFollow) }
      // `guard let name = …` (or `guard case`): bound at run time.
      if let guarded = block.items[block.guards[guardIndex]].item.as(GuardStmtSyntax.self),
        Self.binds(name, in: guarded.conditions)
      {
        return .unknown(.boundByGuard(name: name))
      }
    }
    guard declared >= 0, let variable = block.items[declared].item.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first(where: {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      })
    else { return nil }
    guard let initial = binding.initializer?.value else { return .unknown(.assignedAtRunTime(name: name)) }
    var value = evaluate(initial, scope: scope)
    // A `let` is never appended to.
    guard variable.bindingSpecifier.tokenKind == .keyword(.var) else { return value }
    for later in block.items[(declared + 1)..<position] {
      guard case .array = value else { break }
      guard spend() else { return .unknown(.tooManyValuesToFollow) }
      value = applyMutations(of: name, in: Syntax(later), to: value, scope: scope)
    }
    return value
  }

  /// A code block's statements, where each is, and which declare each name
  /// or are guards: made once for each block the evaluator looks in.
  struct BlockIndex {
    var items: [CodeBlockItemSyntax]
    var positions: [SyntaxIdentifier: Int]
    /// By name, in order, the statements that declare it with `let` or `var`.
    var declarations: [String: [Int]]
    /// The `guard` statements, in order.
    var guards: [Int]
  }

  mutating func blockIndex(_ items: CodeBlockItemListSyntax) -> BlockIndex {
    if let known = blocks[items.id] { return known }
    var block = BlockIndex(items: Array(items), positions: [:], declarations: [:], guards: [])
    for (position, item) in block.items.enumerated() {
      block.positions[item.id] = position
      if let variable = item.item.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            block.declarations[name, default: []].append(position)
          }
        }
      } else if item.item.is(GuardStmtSyntax.self) {
        block.guards.append(position)
      }
    }
    blocks[items.id] = block
    return block
  }

  /// The arms of the branching statements around `node`, innermost first:
  /// an `if` chain's arms (`else if` continues the chain), a `switch`'s
  /// cases, an `#if`'s clauses, and a `guard`'s `else` against what follows
  /// the guard in its block (the `else` must leave the scope, so the two
  /// never run in one pass). The guards come from the block's index, the
  /// nearest `guardsCounted` before the statement: a block of thousands of
  /// guards and registrations stays linear.
  mutating func branches(around node: Syntax) -> [CodeBranch] {
    var branches: [CodeBranch] = []
    var child = node
    while let parent = child.parent {
      if let ifExpression = parent.as(IfExprSyntax.self) {
        // An `else if` is counted from inside, as an arm of the chain.
        let isElseIf = child.is(IfExprSyntax.self)
        if child.id == ifExpression.body.id || child.id == ifExpression.elseBody?.id && !isElseIf {
          var head = ifExpression
          var arm = child.id == ifExpression.body.id ? 0 : 1
          Self.appendAvailability(of: ifExpression.conditions, holding: arm == 0, to: &branches)
          // An `else if` is the next arm of the chain its `if` began.
          while let outer = head.parent?.as(IfExprSyntax.self), outer.elseBody?.id == Syntax(head).id {
            head = outer
            arm += 1
            Self.appendAvailability(of: outer.conditions, holding: false, to: &branches)
          }
          branches.append(CodeBranch(statement: head.position.utf8Offset * 4, arm: arm))
        }
      } else if child.is(SwitchCaseSyntax.self), let cases = parent.as(SwitchCaseListSyntax.self) {
        // A case is told by where it starts: counting the cases before it
        // for each registration would take the square of a long switch.
        branches.append(CodeBranch(statement: cases.position.utf8Offset * 4 + 1, arm: child.position.utf8Offset))
      } else if child.is(IfConfigClauseSyntax.self), let clauses = parent.as(IfConfigClauseListSyntax.self) {
        branches.append(CodeBranch(statement: clauses.position.utf8Offset * 4 + 2, arm: child.position.utf8Offset))
      } else if let guardStatement = parent.as(GuardStmtSyntax.self), child.id == guardStatement.body.id {
        branches.append(CodeBranch(statement: guardStatement.position.utf8Offset * 4 + 3, arm: 1))
        Self.appendAvailability(of: guardStatement.conditions, holding: false, to: &branches)
      } else if parent.kind == .codeBlockItemList {
        let block = blockIndex(parent.cast(CodeBlockItemListSyntax.self))
        if !block.guards.isEmpty, let position = block.positions[child.id] {
          // The guards before the statement: `guards` is in order.
          var low = 0
          var high = block.guards.count
          while low < high {
            let middle = (low + high) / 2
            if block.guards[middle] < position { low = middle + 1 } else { high = middle }
          }
          for guardPosition in block.guards[max(0, low - Self.guardsCounted)..<low].reversed() {
            let statement = block.items[guardPosition].position.utf8Offset
            branches.append(CodeBranch(statement: statement * 4 + 3, arm: 0))
            if let guardStatement = block.items[guardPosition].item.as(GuardStmtSyntax.self) {
              Self.appendAvailability(of: guardStatement.conditions, holding: true, to: &branches)
            }
          }
        }
      }
      child = parent
    }
    return branches
  }

  /// How many guards before a statement `branches(around:)` counts.
  static let guardsCounted = 8

  /// The availability checks of a condition list, on the side a statement
  /// is written on (`CodeBranch.availability`): where the conditions all
  /// hold, each check held; where they did not, a lone check failed (of
  /// several, any one may have).
  static func appendAvailability(
    of conditions: ConditionElementListSyntax, holding: Bool, to branches: inout [CodeBranch]
  ) {
    guard holding || conditions.count == 1 else { return }
    for element in conditions {
      guard case .availability(let check) = element.condition else { continue }
      branches.append(CodeBranch.availability(check.trimmedDescription, holds: holding))
    }
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
  mutating func applyMutations(
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
          return .unknown(.extendedAtRunTime(name: name))
        }
        elements += added.map { ($0.value, $0.conditional || conditional) }
      case .reassign:
        return .unknown(.reassigned(name: name))
      }
    }
    return .array(elements)
  }
}
