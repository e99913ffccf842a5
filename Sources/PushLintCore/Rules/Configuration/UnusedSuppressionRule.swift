/// A `pushlint:` comment that silenced nothing, as ruff's RUF100 reports an
/// unused `noqa`: the finding it was written for is fixed (or never was),
/// or the comment names no directive or no rule, so it hides nothing and
/// would hide a new finding later.
enum UnusedSuppressionRule: FileRule {
  static let documentKinds: Set<DocumentKind>? = []

  static func check(_ document: Document, context: RuleContext) -> [Finding] { [] }

  static func check(file: FileSubject, context: RuleContext) -> [Finding] {
    guard case .unusedSuppressions(let suppressions) = file else { return [] }
    let ruleNames = RuleID.names
    return suppressions.map { suppression in
      guard let scope = suppression.scope else {
        let nearest = Suggestion.nearest(
          to: suppression.directive, in: ["disable-next-line", "disable-line", "disable-file"])
        return finding(
          at: suppression.span, pointer: "",
          "\"pushlint: \(suppression.directive)\" is no directive, so it silences nothing"
            + (nearest.map { "; did you mean \"\($0)\"?" } ?? ""),
          help: "write pushlint: disable-next-line, disable-line or disable-file, then the rules")
      }
      if let unknown = suppression.rules.first(where: { !ruleNames.contains($0) }) {
        return finding(
          at: suppression.span, pointer: "",
          "\"\(unknown)\" in this \(scope.rawValue) comment names no rule"
            + (Suggestion.nearest(to: unknown, in: ruleNames).map { "; did you mean \"\($0)\"?" } ?? ""),
          help: "`pushlint rules` lists the rules")
      }
      let what = suppression.rules.isEmpty ? "any rule" : suppression.rules.joined(separator: ", ")
      let place: String
      switch scope {
      case .nextLine: place = "on the next line"
      case .line: place = "on this line"
      case .file: place = "in this file"
      }
      return finding(
        at: suppression.span, pointer: "",
        "this \(scope.rawValue) comment silences nothing: \(what) reports nothing \(place)",
        help: "remove the comment")
    }
  }
}
