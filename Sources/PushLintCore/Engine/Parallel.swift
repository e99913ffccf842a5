import Dispatch

/// The parallel map under reading and checking: results in input order, so
/// the output never depends on timing.
extension Linter {
  func readInParallel(_ inputs: [LintInput]) -> [ReadFile] { inParallel(inputs, read(file:)) }

  /// `transform` over `items`, each item moved to the worker that transforms
  /// it, so what it holds is released there; results in the order of `items`.
  func inParallel<Item: Sendable, Result: Sendable>(
    consuming items: consuming [Item], _ transform: (Item) -> Result
  ) -> [Result] {
    let count = items.count
    let storage = UnsafeMutableBufferPointer<Item>.allocate(capacity: count)
    _ = storage.initialize(fromContentsOf: items)
    _ = consume items
    nonisolated(unsafe) let shared = storage
    defer { storage.deallocate() }
    return inParallel(Array(0..<count)) { index in transform((shared.baseAddress! + index).move()) }
  }

  /// How many workers a parallel map runs: `jobs`, or one a core.
  var workerCount: Int { jobs > 0 ? jobs : max(1, System.coreCount) }

  /// `transform` over `items` on all cores, results in the order of `items`;
  /// `sideJob`, when given, runs once on one of the cores meanwhile.
  func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], alongside sideJob: (() -> Void)? = nil, _ transform: (Item) -> Result
  ) -> [Result] {
    inParallel(items, states: Array(repeating: (), count: workerCount), alongside: sideJob) { _, item in
      transform(item)
    }
  }

  /// `transform` over `items` on as many cores as there are `states`,
  /// results in the order of `items`: each core's worker passes its own
  /// state with every item it transforms. `sideJob`, when given, runs
  /// once on one of the cores first.
  func inParallel<State: Sendable, Item: Sendable, Result: Sendable>(
    _ items: [Item], states: [State], alongside sideJob: (() -> Void)? = nil, _ transform: (State, Item) -> Result
  ) -> [Result] {
    let workers = states.count
    guard workers > 1, items.count > 1 else {
      sideJob?()
      guard let state = states.first else { return [] }
      return items.map { transform(state, $0) }
    }
    // Workers take many small runs in turn, so a core that finishes early
    // waits less for the other's last run: a JSON Lines run is many short
    // batches.
    let run = max(1, items.count / (workers * 32))
    let taken = System.SharedCounter()
    // Each result is written once, in place, into the array's uninitialized
    // storage: a buffer of their own, moved into the array at the end,
    // would be serial work between batches and more memory to map.
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      nonisolated(unsafe) let shared = buffer.baseAddress!
      withoutActuallyEscaping(transform) { transform in
        nonisolated(unsafe) let work = transform
        nonisolated(unsafe) let side = sideJob
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          if worker == 0 { side?() }
          let state = states[worker]
          while true {
            let start = taken.advance(by: run)
            guard start < items.count else { return }
            for index in start..<min(start + run, items.count) {
              (shared + index).initialize(to: work(state, items[index]))
            }
          }
        }
      }
      initialized = items.count
    }
  }
}
