import PushLintCore
import SwiftParser
import SwiftSyntax

/// Reads `UNNotificationCategory`, `UNNotificationAction` and
/// `UNTextInputNotificationAction` registrations from Swift source with
/// swift-syntax, and resolves their identifiers as a compiler would without
/// running code: literals, constants and enum raw values anywhere in the
/// module, arrays built in a local, and `map`, `forEach` and `for` over
/// arrays and `allCases`, unrolled. What stays unknown is listed as
/// unresolved, never guessed.
public struct SwiftRegistrationReader: RegistrationReader {
  public init() {}

  public var fileExtensions: Set<String> { ["swift"] }

  public func registrations(in files: [CodeSource], module: CodeModule) -> [CodeRegistrations] {
    // A file that nests too deeply to parse in time registers what nobody
    // knows: it is listed unresolved, so no rule reports a category it may
    // declare, and a file of the module that is one declares nothing.
    var tooDeep: [String: CodeUnresolved] = [:]
    for file in files {
      if let offset = SwiftBracketDepth.firstTooDeep(in: file.bytes) {
        let position = LineIndex(bytes: file.bytes).position(ofOffset: offset)
        tooDeep[file.path] = CodeUnresolved(
          span: SourceSpan(at: position), reason: .nestedTooDeeply(limit: SwiftBracketDepth.limit))
      }
    }
    let registering = files.filter { tooDeep[$0.path] == nil }.map { SwiftFile($0) }
    var index = DeclarationIndex()
    for file in registering { index.add(file) }
    module.addDeclarations(
      missing: {
        var evaluator = Evaluator(index: index)
        for file in registering { _ = evaluator.registrations(in: file) }
        return evaluator.missingNames
      }, registering: files,
      add: { file in
        if SwiftBracketDepth.firstTooDeep(in: file.bytes) == nil { index.add(SwiftFile(file)) }
      })
    var evaluator = Evaluator(index: index)
    var read = registering.makeIterator()
    return files.map { file in
      if let unresolved = tooDeep[file.path] { return CodeRegistrations(path: file.path, unresolved: [unresolved]) }
      return evaluator.registrations(in: read.next()!)
    }.filter { !$0.isEmpty }
  }
}

/// One parsed Swift file with the positions of its bytes.
final class SwiftFile {
  let path: String
  let tree: SourceFileSyntax
  let lines: LineIndex
  /// The file's calls, in source order: looked through for each
  /// registration and each function whose parameter one names.
  private(set) lazy var calls = CallCollector.calls(in: tree)

  init(_ source: CodeSource) {
    path = source.path
    tree = source.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    lines = LineIndex(bytes: source.bytes)
  }

  func span(of node: some SyntaxProtocol) -> SourceSpan {
    SourceSpan(
      start: lines.position(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset),
      end: lines.position(ofOffset: node.endPositionBeforeTrailingTrivia.utf8Offset))
  }
}

// MARK: Declarations

/// A `let`, `static let` or computed property's expression, or an enum.
struct Declared {
  enum Kind {
    case value(ExprSyntax)
    case enumeration([(name: String, raw: String?)], stringRaw: Bool)
    /// A function without parameters whose body is one expression.
    case function(ExprSyntax)
    /// A computed property or function without parameters whose body
    /// returns in several places (`if premium { return [a, b] }; return [a]`).
    case branches([ExprSyntax])
  }
  var name: String
  /// The enclosing types, outermost first.
  var typePath: [String]
  var kind: Kind
  var file: SwiftFile
  var node: Syntax
}

/// The module's declarations by simple name.
struct DeclarationIndex {
  var byName: [String: [Declared]] = [:]
  /// The types declared (or extended) in the files read.
  var typeNames: Set<String> = []
  /// Every file read, in the order read: where calls are looked for.
  var files: [SwiftFile] = []

  mutating func add(_ file: SwiftFile) {
    files.append(file)
    collect(Syntax(file.tree), typePath: [], file: file)
  }

  private mutating func collect(_ node: Syntax, typePath: [String], file: SwiftFile) {
    for child in node.children(viewMode: .sourceAccurate) {
      if let clause = child.as(IfConfigClauseSyntax.self), !IfConfig.isLive(clause) { continue }
      if let enumDecl = child.as(EnumDeclSyntax.self) {
        let name = enumDecl.name.text
        let inherited = enumDecl.inheritanceClause?.inheritedTypes.map { $0.type.sourceText() } ?? []
        var cases: [(String, String?)] = []
        for member in enumDecl.memberBlock.members {
          guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
          for element in caseDecl.elements {
            let raw = element.rawValue.flatMap { $0.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
            cases.append((element.name.text, raw))
          }
        }
        typeNames.insert(name)
        append(
          Declared(
            name: name, typePath: typePath,
            kind: .enumeration(cases, stringRaw: inherited.contains("String")), file: file, node: child))
        collect(Syntax(enumDecl.memberBlock), typePath: typePath + [name], file: file)
        continue
      }
      if let typeName = Self.typeName(of: child) {
        typeNames.formUnion(typeName)
        collect(child, typePath: typePath + typeName, file: file)
        continue
      }
      if let variable = child.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
          if let value = binding.initializer?.value {
            append(Declared(name: name, typePath: typePath, kind: .value(value), file: file, node: child))
          } else if let expression = Self.singleExpression(of: binding.accessorBlock) {
            append(Declared(name: name, typePath: typePath, kind: .value(expression), file: file, node: child))
          } else if let returned = Self.returnedExpressions(of: binding.accessorBlock) {
            append(Declared(name: name, typePath: typePath, kind: .branches(returned), file: file, node: child))
          }
        }
        continue
      }
      if let function = child.as(FunctionDeclSyntax.self) {
        if function.signature.parameterClause.parameters.isEmpty {
          if let expression = Self.singleExpression(of: function.body?.statements) {
            append(
              Declared(
                name: function.name.text, typePath: typePath, kind: .function(expression), file: file, node: child))
          } else if let body = function.body, let returned = Self.returnedExpressions(in: Syntax(body.statements)) {
            append(
              Declared(
                name: function.name.text, typePath: typePath, kind: .branches(returned), file: file, node: child))
          }
        }
        continue
      }
      // Declarations inside function bodies are locals, found by scope.
      if child.is(CodeBlockSyntax.self) || child.is(ClosureExprSyntax.self) || child.is(AccessorBlockSyntax.self) {
        continue
      }
      collect(child, typePath: typePath, file: file)
    }
  }

  /// The names a type declaration adds to the path (`extension A.B` adds two).
  static func typeName(of node: Syntax) -> [String]? {
    // Asked of every ancestor of a name looked up: the kind tells a type
    // without trying a cast for each.
    switch node.kind {
    case .structDecl: return [node.cast(StructDeclSyntax.self).name.text]
    case .classDecl: return [node.cast(ClassDeclSyntax.self).name.text]
    case .actorDecl: return [node.cast(ActorDeclSyntax.self).name.text]
    case .protocolDecl: return [node.cast(ProtocolDeclSyntax.self).name.text]
    case .extensionDecl:
      return node.cast(ExtensionDeclSyntax.self).extendedType.sourceText().split(separator: ".").map(String.init)
    default: return nil
    }
  }

  /// The expression a getter or function body consists of: one expression,
  /// or one `return`.
  static func singleExpression(of accessors: AccessorBlockSyntax?) -> ExprSyntax? {
    guard let accessors else { return nil }
    switch accessors.accessors {
    case .getter(let statements): return singleExpression(of: statements)
    case .accessors(let list):
      guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get) else {
        return nil
      }
      return singleExpression(of: getter.body?.statements)
    }
  }

  /// What a getter of several statements returns, in each place it returns.
  static func returnedExpressions(of accessors: AccessorBlockSyntax?) -> [ExprSyntax]? {
    guard let accessors else { return nil }
    switch accessors.accessors {
    case .getter(let statements): return returnedExpressions(in: Syntax(statements))
    case .accessors(let list):
      guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
        let body = getter.body
      else { return nil }
      return returnedExpressions(in: Syntax(body.statements))
    }
  }

  /// The expressions of the `return`s in a body, not those of closures or
  /// functions nested in it; nil when there are none.
  static func returnedExpressions(in body: Syntax) -> [ExprSyntax]? {
    final class Returns: SyntaxVisitor {
      var found: [ExprSyntax] = []
      override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { found.append(expression) }
        return .skipChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let returns = Returns(viewMode: .sourceAccurate)
    returns.walk(body)
    return returns.found.isEmpty ? nil : returns.found
  }

  static func singleExpression(of statements: CodeBlockItemListSyntax?) -> ExprSyntax? {
    guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
    if let expression = item.as(ExprSyntax.self) { return expression }
    if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
    if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
    return nil
  }

  private mutating func append(_ declared: Declared) {
    byName[declared.name, default: []].append(declared)
  }
}

/// Which `#if` branches are dead: only the literal conditions (`#if false`,
/// `#if 0`, and what follows `#if true`) are known without the build's flags.
enum IfConfig {
  static func isLive(_ clause: IfConfigClauseSyntax) -> Bool {
    guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return true }
    for other in clauses {
      let known = literal(other.condition)
      if other.id == clause.id { return known != false }
      // A branch after one that is certainly taken never is.
      if known == true { return false }
    }
    return true
  }

  static func literal(_ condition: ExprSyntax?) -> Bool? {
    guard let condition else { return nil }
    if let boolean = condition.as(BooleanLiteralExprSyntax.self) { return boolean.literal.tokenKind == .keyword(.true) }
    if let integer = condition.as(IntegerLiteralExprSyntax.self) { return integer.literal.text != "0" }
    if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
      let inner = literal(prefix.expression)
    {
      return !inner
    }
    if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1 {
      return literal(tuple.elements.first?.expression)
    }
    return nil
  }

  /// Whether a node sits in a dead `#if` branch.
  static func isDead(_ node: Syntax) -> Bool {
    var current = node.parent
    while let ancestor = current {
      if let clause = ancestor.as(IfConfigClauseSyntax.self), !isLive(clause) { return true }
      current = ancestor.parent
    }
    return false
  }
}
