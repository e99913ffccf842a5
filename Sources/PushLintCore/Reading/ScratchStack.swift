/// A stack the JSON reader keeps its open containers, and their children, on.
/// A closing container moves its children out into an array of exactly
/// their number: appending to a growing array per container would
/// reallocate it about log2(n) times and copy (and retain) every child each
/// time.
///
/// It starts in storage the caller lends (on the stack, for a document's
/// first few dozen children) and moves to the heap only past it, so most
/// documents allocate no stack at all.
struct ScratchStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// Whether `base` was allocated here (and is freed here).
  private var ownsBase = false
  private(set) var count = 0

  init(storage: UnsafeMutableBufferPointer<Element>) {
    if let start = storage.baseAddress, storage.count > 0 {
      base = start
      capacity = storage.count
    } else {
      base = .allocate(capacity: 16)
      capacity = 16
      ownsBase = true
    }
  }

  deinit {
    base.deinitialize(count: count)
    if ownsBase { base.deallocate() }
  }

  mutating func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      if ownsBase { base.deallocate() }
      base = larger
      capacity *= 2
      ownsBase = true
    }
    (base + count).initialize(to: consume element)
    count += 1
  }

  var isEmpty: Bool { count == 0 }

  subscript(index: Int) -> Element {
    _read {
      precondition(index >= 0 && index < count)
      yield base[index]
    }
    _modify {
      precondition(index >= 0 && index < count)
      yield &base[index]
    }
  }

  mutating func removeLast() -> Element {
    precondition(count > 0)
    count -= 1
    return (base + count).move()
  }

  /// Moves the elements from `start` on into a new array, leaving `start` elements.
  mutating func popArray(from start: Int) -> [Element] {
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

extension Array {
  /// The array in storage of its own size when appending has left it much
  /// larger (a mapping of three members in room for four): what a reader
  /// closes lives as long as the tree. The JSON reader sizes its containers
  /// this way from its scratch stacks; the readers that append use this.
  /// Only a small array is copied: a large one's copy would briefly double
  /// what it trims.
  func trimmedToSize() -> [Element] {
    guard count <= 64, capacity > count + count / 8 else { return self }
    var trimmed: [Element] = []
    trimmed.reserveCapacity(count)
    trimmed.append(contentsOf: self)
    return trimmed
  }
}
