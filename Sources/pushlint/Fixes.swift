import PushLintCore

/// `--fix` and `--diff`: the fixes of the files a run found fixable,
/// written (atomically, each file's permissions kept) or printed as a diff.
extension Lint {
  struct FixOutcome {
    var fixed = 0
    var withheld = 0
    /// By path, the files where some fix was left out.
    var heldBack: [String: HeldBackFixes] = [:]
    var changedFiles = 0
    var errors: [FileError] = []
  }

  /// Each file with a fix `--fix` may apply, fixed; a file with nothing to
  /// fix is not touched (its modification time is kept).
  func fixFiles(_ linter: Linter, report: LintReport, currentDirectory: String) -> FixOutcome {
    var outcome = FixOutcome()
    let paths = Set(
      report.diagnostics.filter { $0.fix?.applicability.isApplied(unsafe: unsafeFixes) == true }.map(\.path))
    for path in paths.sorted() {
      let absolute = Paths.absolute(path, from: currentDirectory)
      let original: [UInt8]
      switch SourceFiles.read(absolute) {
      case .success(let bytes): original = bytes
      case .failure(let error):
        outcome.errors.append(FileError(path: path, error.problem))
        continue
      }
      let result = linter.fix(bytes: original, path: path, currentDirectory: currentDirectory, unsafe: unsafeFixes)
      outcome.withheld += result.withheld
      if result.withheld > 0 { outcome.heldBack[path] = result.heldBack }
      guard result.bytes != original else { continue }
      outcome.fixed += result.fixed
      outcome.changedFiles += 1
      if diff {
        FileHandle.standardOutput.write(UnifiedDiff.render(path: path, old: original, new: result.bytes))
      } else if case .failure(let error) = System.writeFileAtomically(result.bytes, to: absolute) {
        outcome.errors.append(FileError(path: path, error.problem))
      }
    }
    return outcome
  }

  /// `--diff`: the diff is printed; the run says what it would fix and
  /// exits 1 when there is something to fix, 0 when not, as ruff does.
  func finishDiff(_ outcome: FixOutcome) -> Never {
    for error in outcome.errors { FileHandle.standardError.write(CommandLineNotice.fileError(error) + "\n") }
    FileHandle.standardError.write(
      CommandLineNotice.wouldFix(outcome.fixed, files: outcome.changedFiles, withheld: outcome.withheld) + "\n")
    terminate(
      !outcome.errors.isEmpty ? ExitStatus.usage : outcome.changedFiles > 0 ? ExitStatus.findings : ExitStatus.clean)
  }
}
