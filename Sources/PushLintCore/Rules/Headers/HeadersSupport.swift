extension HeaderField {
  /// Whether a template fills the value in at send time, so it cannot be judged.
  func isTemplated(in document: Document) -> Bool {
    value?.isPlaceholder == true || document.containsPlaceholder(text ?? "")
  }
}

/// Header rules only judge documents whose headers are known: an envelope,
/// an FCM message's `apns` block, or configured defaults.
func headerContext(_ document: Document) -> PushInfo? {
  guard let push = document.push, push.headerSource != .none else { return nil }
  return push
}

extension HeaderField {
  /// The fix that writes `text` as the header's value; nil for a header the
  /// configuration supplies, which is not in the document.
  func rewrite(as text: String, _ applicability: Fix.Applicability, in document: Document) -> Fix? {
    guard value != nil else { return nil }
    return Fix.writing(text, over: valueSpan, in: document, applicability)
  }
}
