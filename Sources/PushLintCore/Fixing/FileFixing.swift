/// `--fix`: a file's fixes applied, round after round, each round checked.
public struct FixResult: Sendable {
  /// The file as fixed (the original when nothing was applied).
  public var bytes: [UInt8]
  /// Findings whose fixes were applied.
  public var fixed: Int
  /// Findings whose fixes were left out: applied, they would have broken
  /// the file, or added an error or a repeated key.
  public var withheld: Int
  /// Which findings those are.
  public var heldBack = HeldBackFixes()
}

/// The findings of one file whose fixes `--fix` tried and left out. Run
/// again, it would leave them out again, so what remains of them after the
/// run is reported without its fix (`LintReport.dropFixes`).
public struct HeldBackFixes: Sendable {
  private var keys: Set<String> = []

  public init() {}

  /// Whether `diagnostic`'s fix is one of them (`Diagnostic.fixRoundKey`).
  public func contains(_ diagnostic: Diagnostic) -> Bool {
    !keys.isEmpty && keys.contains(diagnostic.fixRoundKey)
  }

  func contains(key: String) -> Bool { keys.contains(key) }

  mutating func insert(key: String) { keys.insert(key) }
}

extension Diagnostic {
  /// The finding across the lints of one file's fix rounds: its rule, at
  /// its pointer in its document. A YAML stream's documents, or JSON Lines'
  /// lines, hold the same pointers; the document's index tells them apart.
  var fixRoundKey: String { "\(rule) \(document) \(pointer)" }
}

extension Fix.Applicability {
  /// Whether `--fix` applies a fix of this applicability (`--unsafe-fixes`
  /// with `unsafe`).
  public func isApplied(unsafe: Bool) -> Bool {
    self == .safe || unsafe && self == .unsafe
  }
}

extension Linter {
  /// Rounds of fixes at most: a fix can bring another to light (a renamed
  /// key whose value is then judged); never an endless chain.
  static let maxFixRounds = 64

  /// The findings a fix round sees in one file. A report shows 1,000; a
  /// round that saw only those would take a round per thousand fixes, and
  /// would take an error moving into the shown window for a new one.
  static let findingsPerFixRound = 20_000

  /// Lints of the file at most, over all rounds, spent finding which fixes
  /// break it: each broken fix costs a few, found by halving.
  static let maxFixChecks = 256

  /// `bytes`, the file at `path`, with every fix `--fix` may apply made.
  /// Each round lints the current text and takes, of the fixes whose edits
  /// do not overlap, all those that together keep it readable and add no
  /// error it did not hold. When all of them at once would not, the round
  /// halves them until each fix that breaks the file is held back alone.
  public func fix(
    bytes original: [UInt8], path: String, currentDirectory: String, unsafe: Bool
  ) -> FixResult {
    var linter = self
    linter.options.findingsPerFile = Self.findingsPerFixRound
    return linter.fixInRounds(original, path: path, currentDirectory: currentDirectory, unsafe: unsafe)
  }

  private func fixInRounds(
    _ original: [UInt8], path: String, currentDirectory: String, unsafe: Bool
  ) -> FixResult {
    var current = original
    var result = FixResult(bytes: original, fixed: 0, withheld: 0)
    var before = report(bytes: current, path: path, currentDirectory: currentDirectory).diagnostics
    var checks = 0
    for _ in 0..<Self.maxFixRounds {
      var fixes: [(key: String, edits: [Edit])] = []
      for diagnostic in before {
        let key = diagnostic.fixRoundKey
        guard let fix = diagnostic.fix, fix.applicability.isApplied(unsafe: unsafe),
          !result.heldBack.contains(key: key),
          let edits = FixSpelling.edits(of: fix, in: current)
        else { continue }
        guard Self.areApart(edits) else {
          result.heldBack.insert(key: key)
          result.withheld += 1
          continue
        }
        fixes.append((key, edits))
      }
      let round = Self.apart(fixes.map(\.edits)).map { fixes[$0] }
      guard !round.isEmpty else { break }
      // Groups of the round still to try, the next one last.
      var groups = [0..<round.count]
      var accepted: [Edit] = []
      var taken: (bytes: [UInt8], after: [Diagnostic])?
      while let group = groups.popLast() {
        guard checks < Self.maxFixChecks else { break }
        checks += 1
        var edits = accepted
        for fix in round[group] { edits += fix.edits }
        // In order of place, and two insertions at one place in the order
        // of their findings, whatever the sort's algorithm.
        edits = edits.enumerated().sorted {
          ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
        }.map(\.element)
        let next = FixSpelling.apply(edits, to: current)
        let after = report(bytes: next, path: path, currentDirectory: currentDirectory).diagnostics
        if Self.isSafeStep(from: before, to: after) {
          accepted = edits
          taken = (next, after)
          result.fixed += group.count
        } else if group.count == 1 {
          result.heldBack.insert(key: round[group.lowerBound].key)
          result.withheld += 1
        } else {
          let middle = (group.lowerBound + group.upperBound) / 2
          groups += [middle..<group.upperBound, group.lowerBound..<middle]
        }
      }
      if let taken { (current, before) = taken }
      if checks >= Self.maxFixChecks { break }
    }
    result.bytes = current
    return result
  }

  /// Whether the edits of one fix leave each other alone.
  static func areApart(_ edits: [Edit]) -> Bool {
    for (index, edit) in edits.enumerated() {
      for other in edits[(index + 1)...] where other.start < edit.end && edit.start < other.end { return false }
    }
    return true
  }

  /// The fixes (by index, in order) whose edits overlap none of an earlier
  /// fix taken: the first of two that touch the same bytes wins, and the
  /// other waits for the next round. Each fix's own edits are apart
  /// (`areApart`).
  static func apart(_ fixes: [[Edit]]) -> [Int] {
    // The edits taken so far, by start and then end. No two overlap, so
    // their ends rise too, and an edit overlaps one of them exactly when
    // the last of those starting before its end reaches past its start.
    var taken: [(start: Int, end: Int)] = []
    // How many of the taken edits, a prefix of them, are `before`.
    func count(where before: ((start: Int, end: Int)) -> Bool) -> Int {
      var (low, high) = (0, taken.count)
      while low < high {
        let middle = (low + high) / 2
        if before(taken[middle]) { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var chosen: [Int] = []
    for (index, edits) in fixes.enumerated() {
      let overlaps = edits.contains { edit in
        let startingBefore = count { $0.start < edit.end }
        return startingBefore > 0 && taken[startingBefore - 1].end > edit.start
      }
      guard !overlaps else { continue }
      for edit in edits {
        let at = count { ($0.start, $0.end) <= (edit.start, edit.end) }
        taken.insert((edit.start, edit.end), at: at)
      }
      chosen.append(index)
    }
    return chosen
  }

  /// Whether the text after a round of fixes still reads and holds no
  /// finding of `severity` or above (by rule, document and JSON Pointer: a
  /// YAML stream's documents share pointers) it did not
  /// hold before, nor a repeated key, which loses one of its values
  /// whatever its severity, nor a syntax warning (an `.apns` file's
  /// trailing comma). `--fix` asks it of errors: a fix that brings a
  /// warning to light (`true` made 1 shows that nothing is there to show)
  /// is kept. A syntax warning held before may stay: the file reads.
  static func isSafeStep(
    from before: [Diagnostic], to after: [Diagnostic], severity: Severity = .error
  ) -> Bool {
    let unreadable: Set<String> = [RuleID.syntaxError.rawValue, RuleID.invalidEncoding.rawValue]
    func counts(_ diagnostic: Diagnostic) -> Bool {
      diagnostic.severity >= severity || diagnostic.rule == RuleID.duplicateKey.rawValue
        || unreadable.contains(diagnostic.rule)
    }
    var held: [String: Int] = [:]
    for diagnostic in before where counts(diagnostic) {
      held[diagnostic.fixRoundKey, default: 0] += 1
    }
    for diagnostic in after {
      if unreadable.contains(diagnostic.rule) && diagnostic.severity >= .error { return false }
      guard counts(diagnostic) else { continue }
      let key = diagnostic.fixRoundKey
      guard let count = held[key], count > 0 else { return false }
      held[key] = count - 1
    }
    return true
  }
}
