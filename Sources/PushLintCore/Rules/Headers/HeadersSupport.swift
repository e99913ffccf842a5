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
