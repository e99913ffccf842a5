extension SyntaxErrorRule {
  /// What stops the YAML reader, and how `syntax-error` words it.
  enum YAMLProblem: WordedProblem {
    /// libyaml's own account of the error, with where the construct it was
    /// reading began.
    case parser(problem: String, context: String?, line: Int, column: Int)
    case stringTooLong(limitBytes: Int)
    case collectionAsKey(isMapping: Bool)
    case nestingTooDeep(limit: Int)
    case undefinedAlias(name: String)
    case aliasKeyNotString(name: String)
    case aliasExpansion(limit: Int)

    var words: (message: String, help: String?) {
      switch self {
      case .parser(let problem, let context, let line, let column):
        (problem + (context.map { " (\($0) at line \(line), column \(column))" } ?? ""), nil)
      case .stringTooLong(let limit): (ReaderWords.stringTooLong(limitBytes: limit), nil)
      case .collectionAsKey(let isMapping):
        ("a \(isMapping ? "mapping" : "sequence") used as a key has no JSON equivalent", "keys must be plain strings")
      case .nestingTooDeep(let limit): ("nesting is deeper than \(limit) levels; pushlint does not read further", nil)
      case .undefinedAlias(let name): ("alias *\(name) refers to no anchor defined before it", nil)
      case .aliasKeyNotString(let name): ("alias *\(name) used as a key is not a string", "keys must be plain strings")
      case .aliasExpansion(let limit):
        (
          "alias expansion exceeds \(limit) nodes; pushlint stops reading this document (is it a billion-laughs file?)",
          "write the values out instead of nesting aliases"
        )
      }
    }
  }
}
