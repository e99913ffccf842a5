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

  /// `transform` over `items` on all cores, results in the order of `items`;
  /// `sideJob`, when given, runs once on one of the cores meanwhile.
  func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], alongside sideJob: (() -> Void)? = nil, _ transform: (Item) -> Result
  ) -> [Result] {
    let workers = jobs > 0 ? jobs : max(1, System.coreCount)
    guard workers > 1, items.count > 1 else {
      sideJob?()
      return items.map(transform)
    }
    // Each result is written once into uninitialized storage and moved out
    // at the end: copying them out (a JSON Lines batch is 8,000) would be
    // serial work between batches.
    let results = UnsafeMutablePointer<Result>.allocate(capacity: items.count)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    // Many small chunks, so a core that finishes early waits less for the
    // other's last chunk: a JSON Lines run is many short batches.
    let chunks = min(items.count, workers * 32)
    let sideJobs = sideJob == nil ? 0 : 1
    withoutActuallyEscaping(transform) { transform in
      nonisolated(unsafe) let work = transform
      nonisolated(unsafe) let side = sideJob
      DispatchQueue.concurrentPerform(iterations: chunks + sideJobs) { iteration in
        if iteration < sideJobs {
          side?()
          return
        }
        var index = iteration - sideJobs
        while index < items.count {
          (shared + index).initialize(to: work(items[index]))
          index += chunks
        }
      }
    }
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      buffer.baseAddress!.moveInitialize(from: results, count: items.count)
      initialized = items.count
    }
  }
}
