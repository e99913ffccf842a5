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
    for call in CallCollector.calls(in: file.tree) {
      guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
        callee.declName.baseName.text == "setNotificationCategories", let argument = call.arguments.first?.expression,
        !IfConfig.isDead(Syntax(call))
      else { continue }
      var seen: Set<String> = []
      for chain in Self.chains(in: argument) {
        let text = chain.trimmedDescription
        guard isLibrarySource(chain, depth: 0), seen.insert(text).inserted else { continue }
        unresolved.append(
          CodeUnresolved(
            span: file.span(of: chain), reason: "categories from \(text), which no file read declares"))
      }
    }
    return unresolved
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
    let namesCategories = chain.trimmedDescription.lowercased().contains("categor")
    let values = (index.byName[root] ?? []).compactMap { declared -> ExprSyntax? in
      if case .value(let value) = declared.kind { return value }
      return nil
    }
    if values.isEmpty {
      // A property set at run time (`var braze: Braze?`) or a parameter.
      return namesCategories && chain.as(DeclReferenceExprSyntax.self) == nil
    }
    return values.contains { value in
      Self.chains(in: value).contains { isLibrarySource($0, depth: depth + 1) }
    }
  }
}
