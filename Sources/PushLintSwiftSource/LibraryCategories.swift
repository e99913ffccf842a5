import PushLintCore
import SwiftSyntax

/// Categories a library builds that the app registers with its own:
/// `setNotificationCategories(Braze.Notifications.categories.union([chat]))`,
/// `sdk.notificationCategories + appCategories`, or an array holding an
/// SDK's set. The categories come from code no file read declares, so they
/// are listed as unresolved and no rule may call one of them missing; the
/// app's own categories in the same call are read as always.
extension Evaluator {
  /// Apple's and the standard library's types, which build sets rather than hold them.
  static let knownTypes: Set<String> = [
    "UNNotificationCategory", "UNUserNotificationCenter", "UNNotificationAction", "UNTextInputNotificationAction",
    "Set", "Array", "Self",
  ]

  mutating func libraryCategories(in file: SwiftFile) -> [CodeUnresolved] {
    var unresolved: [CodeUnresolved] = []
    for call in file.calls {
      guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
        callee.declName.baseName.text == "setNotificationCategories", let argument = call.arguments.first?.expression,
        !IfConfig.isDead(Syntax(call))
      else { continue }
      var seen: Set<String> = []
      var sources = Self.chains(in: argument)
      // A set built in a local first: what is joined to it on the way
      // (`set.formUnion(SDK.categories)`, `set.insert(x)`, `set += y`).
      if let local = argument.as(DeclReferenceExprSyntax.self) {
        sources += Self.additions(to: local.baseName.text, before: call, in: file).flatMap { Self.chains(in: $0) }
      }
      for chain in sources {
        let text = chain.sourceText()
        guard isLibrarySource(chain, depth: 0), seen.insert(text).inserted else { continue }
        unresolved.append(
          CodeUnresolved(
            span: file.span(of: chain), reason: .libraryCategories(source: text)))
      }
    }
    return unresolved
  }

  /// What the code before `call` in its function joins to the local
  /// `name`: the arguments of `name.formUnion(…)`, `.insert(…)`,
  /// `.append(contentsOf:)`, and the right side of `name += …` or
  /// `name = name.union(…)`.
  static func additions(to name: String, before call: FunctionCallExprSyntax, in file: SwiftFile) -> [ExprSyntax] {
    var scope = Syntax(call)
    while let parent = scope.parent, !parent.is(CodeBlockSyntax.self), !parent.is(SourceFileSyntax.self) {
      scope = parent
    }
    guard let body = scope.parent else { return [] }
    var found: [ExprSyntax] = []
    for other in CallCollector.calls(in: body) where other.position < call.position {
      guard let member = other.calledExpression.as(MemberAccessExprSyntax.self),
        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
        ["formUnion", "union", "insert", "append", "update"].contains(member.declName.baseName.text)
      else { continue }
      found += other.arguments.map(\.expression)
    }
    final class Assignments: SyntaxVisitor {
      let name: String
      var found: [ExprSyntax] = []
      init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
      }
      override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name,
          let op = elements[1].as(BinaryOperatorExprSyntax.self),
          op.operator.text == "+="
            || elements[1].is(AssignmentExprSyntax.self)
        {
          found.append(elements[2])
        }
        return .visitChildren
      }
    }
    let assignments = Assignments(name: name)
    assignments.walk(body)
    return found + assignments.found.filter { $0.position < call.position }
  }

  /// The member chains of an expression, each the longest (`a.b.c`, not
  /// also `a.b`), without the set operations applied to them (`.union(…)`).
  static func chains(in expression: ExprSyntax) -> [ExprSyntax] {
    final class Collector: SyntaxVisitor {
      var chains: [ExprSyntax] = []
      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base else { return .visitChildren }
        let setOperations: Set<String> = ["union", "formUnion", "subtracting", "intersection", "sorted", "map"]
        if setOperations.contains(node.declName.baseName.text) {
          // `x.union(y)`: x is the chain; y is walked on its own.
          chains.append(Evaluator.strippingCalls(base))
          return .skipChildren
        }
        if node.parent?.as(MemberAccessExprSyntax.self) != nil { return .visitChildren }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
          call.parent?.as(MemberAccessExprSyntax.self) != nil
        {
          return .visitChildren
        }
        chains.append(ExprSyntax(node))
        return .skipChildren
      }
    }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(expression)
    var chains = collector.chains
    // A bare identifier (`sdkCategories`) is a chain of one.
    if let reference = expression.as(DeclReferenceExprSyntax.self) { chains.append(ExprSyntax(reference)) }
    final class References: SyntaxVisitor {
      var found: [ExprSyntax] = []
      override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(MemberAccessExprSyntax.self) == nil,
          node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id
        {
          found.append(ExprSyntax(node))
        }
        return .skipChildren
      }
    }
    let references = References(viewMode: .sourceAccurate)
    references.walk(expression)
    return chains + references.found.filter { reference in !chains.contains { $0.id == reference.id } }
  }

  static func strippingCalls(_ expression: ExprSyntax) -> ExprSyntax {
    if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
      return call.calledExpression
    }
    return expression
  }

  /// The first name of a chain (`Braze` in `Braze.Notifications.categories`).
  static func root(of expression: ExprSyntax) -> String? {
    var current = expression
    while true {
      if let reference = current.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
      if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        current = base
      } else if let call = current.as(FunctionCallExprSyntax.self) {
        current = call.calledExpression
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        current = optional.expression
      } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
        current = forced.expression
      } else {
        return nil
      }
    }
  }

  /// Whether a chain holds categories from code no file read declares: it
  /// starts at a type the files read do not declare, or it names
  /// categories (`…categories`, `…Category…`) from a value no file read
  /// gives, or from a constant whose value is such a chain.
  mutating func isLibrarySource(_ chain: ExprSyntax, depth: Int) -> Bool {
    guard depth < 4, let root = Self.root(of: chain) else { return false }
    if root.first?.isUppercase == true {
      if Self.knownTypes.contains(root) || index.typeNames.contains(root) { return false }
      if index.byName[root] != nil { return false }
      missingNames.insert(root)
      return chain.as(DeclReferenceExprSyntax.self) == nil
    }
    let namesCategories = chain.sourceText().lowercased().contains("categor")
    let values = (index.byName[root] ?? []).compactMap { declared -> ExprSyntax? in
      if case .value(let value) = declared.kind { return value }
      return nil
    }
    if values.isEmpty {
      // A property set at run time (`var braze: Braze?`) or a parameter.
      return namesCategories && chain.as(DeclReferenceExprSyntax.self) == nil
    }
    // What a constant's values hold is the same wherever the constant is
    // named: asked once for each depth. A file declaring each name many
    // times (each value naming the others) otherwise took the number of
    // declarations to the fourth power.
    let key = LibraryRoot(name: root, depth: depth)
    if let known = libraryRoots[key] { return known }
    let holdsLibrary = values.contains { value in
      Self.chains(in: value).contains { isLibrarySource($0, depth: depth + 1) }
    }
    libraryRoots[key] = holdsLibrary
    return holdsLibrary
  }

  struct LibraryRoot: Hashable {
    var name: String
    var depth: Int
  }
}
