/// Detected by the JSON, YAML, plist and strings readers (`Reading/`); the
/// engine reports a JSON Lines line too long to read through `lineTooLong`.
enum SyntaxErrorRule: ReaderRule {
  /// A JSON Lines line past the reader's length limit, which is skipped.
  static func lineTooLong(_ number: Int, at position: SourcePosition, limit: Int) -> Finding {
    finding(
      at: SourceSpan(at: position), pointer: "",
      "line \(number) is longer than \(limit >> 20) MiB; pushlint skips it")
  }

  /// Taking out a comma after a container's last element changes nothing
  /// the document holds.
  static func trailingCommaRemoval(_ comma: SourceSpan) -> Fix {
    Fix(
      title: "remove the trailing comma", applicability: .safe, changes: [.removeTrailingComma(comma)], format: .json)
  }

  /// What keeps a provisioning profile from being read.
  enum ProfileProblem: WordedProblem {
    case noPropertyList
    /// Kept encrypted, as fastlane match stores profiles.
    case encrypted

    var words: (message: String, help: String?) {
      switch self {
      case .noPropertyList:
        (
          "no property list inside this provisioning profile; it is damaged or not a profile",
          "download the profile again from the Apple Developer site"
        )
      case .encrypted:
        (
          "this provisioning profile is encrypted, as fastlane match stores it; pushlint reads only decrypted profiles",
          "name the decrypted profile, or leave the file out"
        )
      }
    }
  }
}
