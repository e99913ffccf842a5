/// What a rule sees besides its document.
public struct RuleContext: Sendable {
  public var targets: [Platform: OSVersion]
  public var schema: PushSchema
  /// The app's side, for cross-file rules.
  public var project: ProjectContext

  public init(targets: [Platform: OSVersion] = [:], schema: PushSchema = .standard, project: ProjectContext = .init()) {
    self.targets = targets
    self.schema = schema
    self.project = project
  }
}

/// A check. Its name, default severity, summary, rationale and examples live
/// in its document, `rules/<name>.md`, which the binary embeds: one source for
/// the engine, `pushlint rules`, SARIF and the example test.
///
/// A rule is a type with no instances (a caseless enum): the engine calls
/// its static `check` for every document through the type, which costs no
/// reference counting, and the registry is a list of types.
public protocol Rule: Sendable {
  /// The rule's identity, given to its type by the code generated from
  /// `rules/<name>.md`: a type without a document does not compile.
  static var id: RuleID { get }
  /// The kinds of document the rule can find something in (nil: every
  /// kind). The linter calls it for those only: a JSON Lines file is a
  /// million payloads, and most rules are about other kinds.
  static var documentKinds: Set<DocumentKind>? { get }
  static func check(_ document: Document, context: RuleContext) -> [Finding]
  /// Hands each finding in `document` to `body` as it is found: what the
  /// engine calls. By default, the findings `check` returns.
  static func forEachFinding(in document: Document, context: RuleContext, _ body: (Finding) -> Void)
  /// What else the rule judges besides documents: whole files
  /// (`FileRule`), the whole run (`RunRule`). Asked of the type, so the
  /// registry sorts its rules without a dynamic cast (each cast that fails
  /// scans every protocol conformance the binary holds).
  static var judgesFiles: Bool { get }
  static var judgesRuns: Bool { get }
  static func check(file: FileSubject, context: RuleContext) -> [Finding]
  static func check(run: RunSubject) -> [Finding]
}

extension Rule {
  public static func forEachFinding(in document: Document, context: RuleContext, _ body: (Finding) -> Void) {
    for finding in check(document, context: context) { body(finding) }
  }

  public static var documentKinds: Set<DocumentKind>? { nil }
  public static var judgesFiles: Bool { false }
  public static var judgesRuns: Bool { false }
  public static func check(file: FileSubject, context: RuleContext) -> [Finding] { [] }
  public static func check(run: RunSubject) -> [Finding] { [] }

  /// The product name users write in configurations and see in reports.
  public static var name: String { id.rawValue }

  public static var description: RuleDescription {
    guard let description = RuleCatalog.standard.description(of: name) else {
      fatalError("rule \(name) has no document in rules/; add rules/\(name).md")
    }
    return description
  }

  /// A finding of this rule at `node`, with its span and JSON Pointer.
  /// `message` and `help` are made only when the finding is kept.
  static func finding(
    at node: Node, _ message: @escaping @autoclosure @Sendable () -> String,
    help: @escaping @autoclosure @Sendable () -> String? = nil,
    severity: Severity? = nil, fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) -> Finding {
    Finding(
      rule: id, span: node.span, reason: Words(message: message, help: help), pointer: node.pointer, severity: severity,
      fix: fix())
  }

  /// A finding about a whole object or array, marked at its first character.
  static func finding(
    atStartOf node: Node, _ message: @escaping @autoclosure @Sendable () -> String,
    help: @escaping @autoclosure @Sendable () -> String? = nil,
    severity: Severity? = nil, fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) -> Finding {
    Finding(
      rule: id, span: node.openingSpan, reason: Words(message: message, help: help), pointer: node.pointer,
      severity: severity, fix: fix())
  }

  /// A finding about a member, marked at its key (the pointer is its value's).
  static func finding(
    atKeyOf member: Member, _ message: @escaping @autoclosure @Sendable () -> String,
    help: @escaping @autoclosure @Sendable () -> String? = nil,
    severity: Severity? = nil, fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) -> Finding {
    Finding(
      rule: id, span: member.keySpan, reason: Words(message: message, help: help), pointer: member.value.pointer,
      severity: severity, fix: fix())
  }

  /// The fix that writes `text` as the string at `node`, titled "write "…"".
  static func writing(
    _ text: String, at node: Node, in document: Document, _ applicability: Fix.Applicability = .safe
  ) -> Fix {
    Fix.writing(text, over: node.span, in: document, applicability)
  }

  /// A finding at any span, for what is not one node (a header's value, a
  /// configuration entry).
  static func finding(
    at span: SourceSpan, pointer: String, _ message: @escaping @autoclosure @Sendable () -> String,
    help: @escaping @autoclosure @Sendable () -> String? = nil, severity: Severity? = nil,
    fix: @escaping @autoclosure @Sendable () -> Fix? = nil
  ) -> Finding {
    Finding(
      rule: id, span: span, reason: Words(message: message, help: help), pointer: pointer, severity: severity,
      fix: fix())
  }
}

/// A rule that also judges a file as a whole rather than documents in it:
/// the engine calls `check(file:context:)` once for each file that is
/// linted and holds no document (a sound file named on the command line).
public protocol FileRule: Rule {
  static func check(file: FileSubject, context: RuleContext) -> [Finding]
}

extension FileRule {
  public static var judgesFiles: Bool { true }
}

/// What a file rule sees of a file.
public enum FileSubject: Sendable {
  /// A sound file, with what its header says.
  case sound(SoundEntry)
  /// The file's suppression comments that silenced no finding.
  case unusedSuppressions([Suppression])
}

/// A rule that judges the whole run rather than any one file: the engine
/// calls `check(run:)` once every file of a project is checked.
public protocol RunRule: Rule {
  static func check(run: RunSubject) -> [Finding]
}

extension RunRule {
  public static var judgesRuns: Bool { true }
  public static var documentKinds: Set<DocumentKind>? { [] }
  public static func check(_ document: Document, context: RuleContext) -> [Finding] { [] }
}

/// What a run rule sees of a run.
public struct RunSubject: Sendable {
  public var configuration: Configuration
  /// The configuration's overrides (by index) that matched some finding.
  public var usedOverrides: Set<Int>
  /// The files linted, relative to the configuration's directory.
  public var lintedPaths: [String]
}

/// Rules whose findings come from the readers: they only pass them on.
public protocol ReaderRule: Rule {}

extension ReaderRule {
  public static func check(_ document: Document, context: RuleContext) -> [Finding] {
    document.readerFindings.filter { $0.rule == id }
  }
}

/// The generic rules interpret `rules/schema.yaml`: the validator runs once
/// per document, and each of them words the problems that are its own. A
/// document of more problems than it holds (`Linter.heldSchemaFindings`) is
/// validated again by each of them that has some, holding none.
///
/// Their findings are handed on one at a time (`forEachFinding`): an array
/// of five million wrong elements is five million findings, of which a
/// report keeps a thousand.
protocol SchemaRule: Rule {
  associatedtype Problem: FindingReason & FixableProblem
  /// `problem`'s facts, when it belongs to this rule.
  static func problem(_ problem: SchemaProblem) -> Problem?
  /// What the rule finds besides the schema's problems.
  static func otherFindings(_ document: Document, context: RuleContext) -> [Finding]
}

extension SchemaRule {
  static func otherFindings(_ document: Document, context: RuleContext) -> [Finding] { [] }

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    forEachFinding(in: document, context: context) { findings.append($0) }
    return findings
  }

  static func forEachFinding(in document: Document, context: RuleContext, _ body: (Finding) -> Void) {
    let format = document.format
    func handOn(_ found: SchemaFinding) {
      if let problem = problem(found.problem) {
        body(
          Finding(
            rule: id, span: found.span, reason: problem, pointer: found.pointer, severity: found.severity,
            fix: problem.fix(at: found.span, format: format)))
      }
    }
    // Asked of an empty set, `contains` would still hash the rule's name.
    if !document.rulesValidatingAgain.isEmpty && document.rulesValidatingAgain.contains(id) {
      SchemaValidator.forEachFinding(
        of: id, in: document, push: document.push, schema: context.schema, targets: context.targets, handOn)
    } else {
      for found in document.schemaFindings { handOn(found) }
    }
    for finding in otherFindings(document, context: context) { body(finding) }
  }
}

/// A typed problem that may know the change that removes it.
protocol FixableProblem {
  /// The fix for the problem found at `span` in a document of `format`.
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix?
}

extension FixableProblem {
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix? { nil }
}

extension Set<DocumentKind> {
  /// The kinds with a push view (`Document.push`): what a rule that starts
  /// from the push view can judge.
  public static let pushes: Set<DocumentKind> = [.payload, .envelope, .fcmMessage]
}

extension Fix {
  /// The fix that writes `text` as the string value spanning `span`, titled
  /// "write "…"": what rules mean by rewriting a value or a header.
  static func writing(
    _ text: String, over span: SourceSpan, in document: Document, _ applicability: Applicability
  ) -> Fix {
    Fix(
      title: "write \"\(text)\"", applicability: applicability,
      changes: [.replaceValue(span, with: .string(text))],
      format: document.format)
  }
}
