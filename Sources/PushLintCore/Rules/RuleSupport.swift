extension Node {
  /// The first character of the node: where whole-object findings point.
  var openingSpan: SourceSpan {
    if span == .fileStart { return .fileStart }
    return SourceSpan(
      start: span.start,
      end: SourcePosition(line: span.start.line, column: span.start.column + 1, offset: span.start.offset + 1))
  }
}

/// The alert's localized texts, body first: each prefix with its `loc-key`
/// and `loc-args` names, spelled once (concatenated per member, they cost
/// more than the rules that read them).
let alertLocalizationKeys: [(prefix: String, key: String, arguments: String)] = ["", "title-", "subtitle-"].map {
  ($0, $0 + "loc-key", $0 + "loc-args")
}

/// What an alert shows: a non-empty string, or a dictionary with a title,
/// subtitle, body or one of their localization keys.
func alertShowsSomething(_ alert: Node) -> Bool {
  if alert.isPlaceholder { return true }
  if JSONType(of: alert) == .string { return alert.hasText }
  var shows = false
  alert.forEachMemberInPlace { member in
    guard !shows, alertTextKeys.contains(where: { member.pointee.key.isSameKey(as: $0) }) else { return }
    shows = member.pointee.value.hasText || member.pointee.value.isObject || member.pointee.value.isPlaceholder
  }
  return shows
}

private let alertTextKeys = ["title", "subtitle", "body", "loc-key", "title-loc-key", "subtitle-loc-key"]

func indefiniteArticle(_ word: String) -> String {
  (word.first.map { "aeiou".contains($0) } ?? false) ? "an" : "a"
}

extension HeaderField {
  /// The value as a message shows it: a string (or a configured header) in
  /// quotes, a number as written (an envelope may give `apns-priority` as a
  /// number), and any other value by its type.
  var shownValue: String {
    guard let text else { return value.map { article($0.typeName) } ?? "no value" }
    return value == nil || value?.stringValue != nil ? "\"\(text)\"" : text
  }
}
