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

extension SyntaxProtocol {
  /// The node's text as `trimmedDescription` spells it (without the first
  /// token's leading trivia and the last token's trailing trivia, missing
  /// tokens the parser inserted counted as first and last), read token by
  /// token. `trimmedDescription` builds a copy of the tree without that
  /// trivia, through key paths and a new node for each level around the
  /// first and last tokens, which code nested hundreds of levels deep turns
  /// into seconds. With `characters`, only so many are returned, and the
  /// reading stops once they are certain.
  func sourceText(characters limit: Int = .max) -> String {
    var text = ""
    // The latest token is held back: if it is the last, its trailing
    // trivia is not part of the text.
    var pending: ArraySlice<UInt8> = []
    var trailing = 0
    var isFirst = true
    for token in tokens(viewMode: .all) {
      // Each token is decoded on its own, as `description` decodes it.
      text += String(decoding: pending, as: UTF8.self)
      // Two characters past the limit: the last ones read could still join
      // what follows into one character.
      if limit != .max, text.utf8.count > limit + 2, text.count > limit + 2 { return String(text.prefix(limit)) }
      pending = token.syntaxTextBytes[...]
      if isFirst {
        pending = pending.dropFirst(token.leadingTriviaLength.utf8Length)
        isFirst = false
      }
      trailing = token.trailingTriviaLength.utf8Length
    }
    text += String(decoding: pending.dropLast(trailing), as: UTF8.self)
    return limit == .max ? text : String(text.prefix(limit))
  }
}
