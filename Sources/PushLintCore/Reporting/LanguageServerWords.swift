/// What the language server says in words: its answers to messages it
/// cannot take, its code actions' titles, a finding as an editor lists it,
/// and a rule's document shown on hover.
enum LanguageServerWords {
  /// Why a message gets an error response.
  enum Refusal: Sendable {
    case notJSON
    case notAnObject
    case noMethod
    case notInitialized
    case shuttingDown
    case unhandled(method: String)

    var message: String {
      switch self {
      case .notJSON: "the message is not JSON"
      case .notAnObject: "a message is a JSON object"
      case .noMethod: "a message needs a method"
      case .notInitialized: "initialize first"
      case .shuttingDown: "the server is shutting down"
      case .unhandled(let method): "pushlint does not handle \(method)"
      }
    }
  }

  /// A finding's message as an editor lists it: its help on a line below.
  static func message(_ diagnostic: Diagnostic) -> String {
    diagnostic.help.map { diagnostic.message + "\nhelp: " + $0 } ?? diagnostic.message
  }

  /// A quick fix's title: the fix and the rule it answers.
  static func quickFixTitle(_ fix: Fix, rule: String) -> String { "\(fix.title) (\(rule))" }

  static let fixAllTitle = "Fix all safe pushlint findings"

  /// A finding's rule on hover: its summary and its document up to the
  /// examples (what, why, how to fix).
  static func ruleHover(_ rule: String, _ description: RuleDescription) -> String {
    let markdown = description.markdown
    let document = markdown.firstRange(of: "\n## Triggering").map { String(markdown[..<$0.lowerBound]) } ?? markdown
    return "**\(rule)** (pushlint): \(description.summary)\n\n" + document
  }
}
