/// A stack the JSON reader keeps its open containers on.
///
/// It starts in storage the caller lends (on the stack, for a document's
/// first few levels) and moves to the heap only past it, so most documents
/// allocate no stack at all.
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
}

/// The children of the JSON reader's open containers, until each container
/// closes and moves its own out into an array of exactly their number:
/// appending to a growing array per container would reallocate it about
/// log2(n) times and copy (and retain) every child each time.
///
/// It starts in storage the caller lends, as `ScratchStack` does, and past
/// it keeps the children in an array on the heap, so a
/// large container whose children fill that array (a root object of many
/// members, an `aps` of many keys) is handed the array itself when it
/// closes. Copying them into an array of their own would hold them twice
/// at once, the document's peak.
struct ChildStack<Element>: ~Copyable {
  private let lent: UnsafeMutablePointer<Element>
  private let lentCapacity: Int
  /// `lentCapacity` while the children are in the lent storage, 0 once
  /// they are all on the heap: the one comparison `push` makes.
  private var lentLimit: Int
  private var heap: [Element] = []
  private(set) var count = 0

  /// With no room lent, the children are on the heap from the first, and
  /// `lent` is a placeholder allocated (and freed) here.
  init(storage: UnsafeMutableBufferPointer<Element>) {
    if let start = storage.baseAddress, storage.count > 0 {
      lent = start
      lentCapacity = storage.count
    } else {
      lent = .allocate(capacity: 1)
      lentCapacity = 0
    }
    lentLimit = lentCapacity
  }

  deinit {
    if isLent { lent.deinitialize(count: count) }
    if lentCapacity == 0 { lent.deallocate() }
  }

  private var isLent: Bool { lentLimit > 0 }

  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count < lentLimit {
      (lent + count).initialize(to: consume element)
      count += 1
    } else {
      pushOnHeap(element)
    }
  }

  @inline(never)
  private mutating func pushOnHeap(_ element: consuming Element) {
    if isLent {
      heap.reserveCapacity(Swift.max(16, lentCapacity * 2))
      for offset in 0..<count { heap.append((lent + offset).move()) }
      lentLimit = 0
    }
    heap.append(element)
    count += 1
  }

  /// Moves the elements from `start` on into a new array, leaving `start` elements.
  mutating func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    count = start
    guard isLent else { return popHeapArray(from: start, moved: moved) }
    let source = lent + start
    // Array(unsafeUninitializedCapacity:) is not specialized here: it looked
    // the array's metadata up at run time for every container.
    var array: [Element] = []
    array.reserveCapacity(moved)
    for offset in 0..<moved { array.append((source + offset).move()) }
    return array
  }

  @inline(never)
  private mutating func popHeapArray(from start: Int, moved: Int) -> [Element] {
    let array: [Element]
    // Handed over whole when the moved elements are most of the array and
    // fill most of its room; the few before them are copied back.
    if moved >= 1024 && start <= moved / 8 && heap.capacity <= 2 * heap.count + 1024 {
      var whole: [Element] = []
      swap(&whole, &heap)
      if start > 0 {
        heap.reserveCapacity(Swift.max(start, lentCapacity))
        heap.append(contentsOf: whole[..<start])
        whole.removeFirst(start)
      }
      array = whole
    } else {
      array = Array(heap[start...])
      heap.removeLast(moved)
    }
    if count == 0 {
      // Back to the lent storage, the heap's room kept only while it is small.
      lentLimit = lentCapacity
      if heap.capacity > 4 * Swift.max(lentCapacity, 16) { heap = [] }
    }
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
