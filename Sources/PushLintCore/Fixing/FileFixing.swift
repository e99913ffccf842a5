/// `--fix`: a file's fixes applied, round after round, each round checked.
public struct FixResult: Sendable {
  /// The file as fixed (the original when nothing was applied).
  public var bytes: [UInt8]
  /// Findings whose fixes were applied.
  public var fixed: Int
  /// Findings whose fixes were left out: applied, they would have broken
  /// the file or added a warning or an error.
  public var withheld: Int
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
  /// key whose value is then judged), and a round that would break the file
  /// takes one fix only; never an endless chain.
  static let maxFixRounds = 64

  /// `bytes`, the file at `path`, with every fix `--fix` may apply made.
  /// Each round lints the current text, takes the fixes whose edits do not
  /// overlap, and keeps the result only if it still reads and holds no
  /// error it did not hold before.
  public func fix(
    bytes original: [UInt8], path: String, currentDirectory: String, unsafe: Bool
  ) -> FixResult {
    var current = original
    var result = FixResult(bytes: original, fixed: 0, withheld: 0)
    var before = report(bytes: current, path: path, currentDirectory: currentDirectory).diagnostics
    // Fixes held back (by rule and pointer): applied, they broke the file.
    var heldBack: Set<String> = []
    for _ in 0..<Self.maxFixRounds {
      let fixes = before.compactMap { diagnostic -> (key: String, edits: [Edit])? in
        let key = diagnostic.rule + " " + diagnostic.pointer
        guard let fix = diagnostic.fix, fix.applicability.isApplied(unsafe: unsafe), !heldBack.contains(key),
          let edits = FixSpelling.edits(of: fix, in: current)
        else { return nil }
        return (key, edits)
      }
      guard !fixes.isEmpty else { break }
      // All the fixes that do not overlap at once; when that would break
      // the file, the first fix that does not on its own, so one bad fix
      // holds back only itself.
      if let step = step(current, fixes.map(\.edits), from: before, path: path, currentDirectory: currentDirectory) {
        (current, before) = (step.bytes, step.after)
        result.fixed += step.taken
        continue
      }
      var progressed = false
      for fix in fixes {
        if let step = step(current, [fix.edits], from: before, path: path, currentDirectory: currentDirectory) {
          (current, before) = (step.bytes, step.after)
          result.fixed += step.taken
          progressed = true
          break
        }
        heldBack.insert(fix.key)
        result.withheld += 1
      }
      if !progressed { break }
    }
    result.bytes = current
    return result
  }

  /// `bytes` with the given fixes that do not overlap applied (each fix a
  /// list of edits), when the result passes `isSafeStep`.
  func step(
    _ bytes: [UInt8], _ fixes: [[Edit]], from before: [Diagnostic], path: String, currentDirectory: String
  ) -> (bytes: [UInt8], after: [Diagnostic], taken: Int)? {
    var edits: [Edit] = []
    var taken = 0
    for fix in fixes
    where !fix.contains(where: { edit in edits.contains { $0.start < edit.end && edit.start < $0.end } }) {
      edits += fix
      taken += 1
    }
    edits.sort { $0.start < $1.start }
    let next = FixSpelling.apply(edits, to: bytes)
    let after = report(bytes: next, path: path, currentDirectory: currentDirectory).diagnostics
    guard Self.isSafeStep(from: before, to: after) else { return nil }
    return (next, after, taken)
  }

  /// Whether the text after a round of fixes still reads and holds no
  /// finding of `severity` or above (by rule and JSON Pointer) it did not
  /// hold before. `--fix` asks it of errors: a fix that brings a warning to
  /// light (`true` made 1 shows that nothing is there to show) is kept.
  static func isSafeStep(
    from before: [Diagnostic], to after: [Diagnostic], severity: Severity = .error
  ) -> Bool {
    let unreadable: Set<String> = [RuleID.syntaxError.rawValue, RuleID.invalidEncoding.rawValue]
    var held: [String: Int] = [:]
    for diagnostic in before where diagnostic.severity >= severity {
      held[diagnostic.rule + " " + diagnostic.pointer, default: 0] += 1
    }
    for diagnostic in after {
      if unreadable.contains(diagnostic.rule) { return false }
      guard diagnostic.severity >= severity else { continue }
      let key = diagnostic.rule + " " + diagnostic.pointer
      guard let count = held[key], count > 0 else { return false }
      held[key] = count - 1
    }
    return true
  }
}
