/// A stack the JSON reader keeps the children of its open containers on.
/// A closing container moves its children out into an array of exactly
/// their number: appending to a growing array per container reallocated
/// it about log2(n) times and copied (and retained) every child each time.
final class ScratchStack<Element> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 32) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: consume element)
    count += 1
  }

  /// Moves the elements from `start` on into a new array, leaving `start` elements.
  func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    let source = base + start
    count = start
    // Array(unsafeUninitializedCapacity:) is not specialized here: it looked
    // the array's metadata up at run time for every container.
    var array: [Element] = []
    array.reserveCapacity(moved)
    for offset in 0..<moved { array.append((source + offset).move()) }
    return array
  }
}
