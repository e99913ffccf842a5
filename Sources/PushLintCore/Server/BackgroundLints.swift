import Dispatch

/// Runs the language server's lints on threads of their own, so that
/// messages are answered while a large document is linted, and two at a
/// time, so that a payload being typed is not held up by one either.
/// `start` and `takeFinished` are called from the thread that takes the
/// messages; only the finished results cross between the threads.
public final class BackgroundLints: @unchecked Sendable {
  private let workers = DispatchQueue(label: "pushlint.lsp.lint", attributes: .concurrent)
  /// Lints running at most at once.
  static let width = 2
  /// Guards `finished`.
  private let results = DispatchQueue(label: "pushlint.lsp.results")
  private var finished: [(job: LanguageServer.LintJob, diagnostics: [Diagnostic])] = []
  /// The documents whose lints were started and their results not yet taken.
  public private(set) var running: Set<String> = []

  public init() {}

  public var isBusy: Bool { !running.isEmpty }
  public var hasRoom: Bool { running.count < Self.width }

  public func start(_ job: LanguageServer.LintJob) {
    running.insert(job.uri)
    workers.async {
      let diagnostics = job.run()
      self.results.sync { self.finished.append((job, diagnostics)) }
    }
  }

  /// The lints finished since last asked.
  public func takeFinished() -> [(job: LanguageServer.LintJob, diagnostics: [Diagnostic])] {
    let taken = results.sync {
      defer { finished = [] }
      return finished
    }
    for result in taken { running.remove(result.job.uri) }
    return taken
  }
}
