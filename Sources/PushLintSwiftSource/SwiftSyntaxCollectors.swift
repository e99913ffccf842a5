import PushLintCore
import SwiftParser
import SwiftSyntax

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
