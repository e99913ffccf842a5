/// How reports put counts into words.
enum Wording {
  /// A count and its noun, plural unless the count is one: "1 file",
  /// "3 findings", "2 fixes".
  static func count(_ count: Int, _ noun: String) -> String {
    guard count != 1 else { return "1 \(noun)" }
    let sibilant = ["s", "x", "z", "ch", "sh"].contains { noun.hasSuffix($0) }
    return "\(count) \(noun)\(sibilant ? "es" : "s")"
  }
}
