extension RuleID {
  /// Every rule's product name, in name order, without reading the rule
  /// documents (what checks a name a user wrote needs).
  public static let names: [String] = allCases.map(\.rawValue)
}
