import Dispatch

/// A value worked out when first asked, by whichever thread asks first
/// (rules run on several), and kept. A value type that holds one replaces
/// it whenever what it is worked out from changes, so a copy made before
/// keeps its own.
final class Memo<Value>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "pushlint.memo")
  private var value: Value?

  /// The value, made by `make` the first time. `make` must not ask this
  /// memo: the queue runs one closure at a time.
  func value(_ make: () -> Value) -> Value {
    queue.sync {
      if let value { return value }
      let made = make()
      value = made
      return made
    }
  }
}
