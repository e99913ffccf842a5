/// A key the schema does not know, with a did-you-mean.
enum UnknownKeyRule: SchemaRule {
  enum Problem: FindingReason {
    /// `key` is not one of `dictionary`'s. `suggestion` is the nearest of
    /// its keys; `home`, another dictionary that has the key. `customData`
    /// is set for a key in `aps`.
    case unknown(key: String, dictionary: String, suggestion: String?, home: String?, customData: CustomData?)
    /// `key` is not one of `dictionary`'s, and the one it is nearest,
    /// `nearest`, is there already: renamed, the two would repeat a key.
    case besideNearest(key: String, dictionary: String, nearest: String)
    /// `key` belongs to other push types than the one sent.
    case otherPushType(key: String, pushTypes: [String], pushType: String)

    var message: String {
      switch self {
      case .unknown(let key, let dictionary, let suggestion, let home, _):
        if let suggestion { return "unknown key \"\(key)\" in \(dictionary); did you mean \"\(suggestion)\"?" }
        if let home { return "unknown key \"\(key)\" in \(dictionary); \"\(key)\" is a key of \(home)" }
        return "unknown key \"\(key)\" in \(dictionary)"
      case .besideNearest(let key, let dictionary, let nearest):
        return "unknown key \"\(key)\" in \(dictionary), which has \"\(nearest)\" already"
      case .otherPushType(let key, let pushTypes, let pushType):
        let article = pushType.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return
          "\"\(key)\" belongs to \(pushTypes.joined(separator: ", ")) pushes; this is \(article) \(pushType) push, which ignores it"
      }
    }

    var help: String? {
      switch self {
      case .unknown(_, _, let suggestion?, _, _): "rename it to \"\(suggestion)\""
      case .unknown(_, _, nil, let home?, _): "move it to \(home)"
      case .unknown(_, _, nil, nil, _?):
        "custom data goes at the top level of the payload, beside \"aps\", not inside it"
      case .unknown: nil
      case .besideNearest(_, _, let nearest): "remove it if it repeats \"\(nearest)\""
      case .otherPushType(_, let pushTypes, _): "remove it, or send the push with apns-push-type \(pushTypes[0])"
      }
    }
  }

  /// A key of its own in `aps`, which custom data is not: where its value
  /// stands (the key is where the finding is), and `aps` in the payload
  /// when it can move out (the payload has no such key yet, and `aps`
  /// keeps a key of its own).
  struct CustomData: Sendable {
    var value: SourceSpan
    var movesBeside: Fix.MemberSpans?
  }

  static func problem(_ problem: SchemaProblem) -> Problem? {
    if case .unknownKey(let problem) = problem { problem } else { nil }
  }
}

extension UnknownKeyRule.Problem: FixableProblem {
  /// The key renamed to the one close match, which is what was meant
  /// (safe); a key of the app's own moved out of `aps` to stand beside it,
  /// which changes where the app finds it (unsafe).
  func fix(at span: SourceSpan, format: SourceFormat) -> Fix? {
    switch self {
    case .unknown(_, _, let suggestion?, _, _):
      return help.map {
        Fix(title: $0, applicability: .safe, changes: [.renameKey(span, to: suggestion)], format: format)
      }
    case .unknown(let key, _, nil, nil, let customData?):
      guard let beside = customData.movesBeside, format == .json || format == .yaml else { return nil }
      return Fix(
        title: "move \"\(key)\" out of aps, beside it", applicability: .unsafe,
        changes: [.moveOut(key: span, value: customData.value, beside: beside)],
        format: format)
    default:
      return nil
    }
  }
}
