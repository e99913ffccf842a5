/// JSON Lines files are streamed, not held: batches of lines, each batch
/// checked on every core while the next is read.
extension Linter {
  /// One line of a JSON Lines file, read and checked on its own (lines of a
  /// batch are checked in parallel); what depends on earlier lines (the
  /// document number, whether a broken line counts) is settled in order.
  struct CheckedLine: Sendable {
    enum Inclusion: Sendable {
      case never
      case always
      /// A broken line of a walked file: reported once the file has shown payloads.
      case afterPushDocuments
    }
    var inclusion = Inclusion.never
    var isPushDocument = false
    var kept: [KeptFinding] = []
    /// The line's findings past the file's limit (`FileOutcome.keep`).
    var unshown = SeverityCounts()
    var usedOverrides: Set<Int> = []
    var hidden = SeverityCounts()
    var hiddenFixes = FixCounts()
  }

  /// Streams a JSON Lines file (from disk, or `bytes` when given in memory)
  /// in batches: memory holds two batches, however long the file. Each
  /// batch's lines are checked on every core while the next batch is read.
  func lintJSONLines(_ input: LintInput, bytes: [UInt8]? = nil, scope: FileScope) -> FileOutcome {
    var reader: LineBatchReader
    if let bytes {
      reader = LineBatchReader(bytes: bytes, readSize: options.jsonLinesReadSize)
    } else {
      switch LineBatchReader.reading(input.absolutePath, readSize: options.jsonLinesReadSize) {
      case .success(let opened): reader = opened
      case .failure(let error): return FileOutcome(error: FileError(path: input.displayPath, error.problem))
      }
    }
    var outcome = FileOutcome(limit: options.findingsPerFile)
    // Batches are read into the bytes of the batch before last.
    var spare: [UInt8] = []
    var current = reader.next(reusing: &spare)
    var checkers = Array(repeating: LineChecker(linter: self, scope: scope), count: workerCount)
    var checkersHaveSchemasOfTheirOwn = checkers.count < 2
    while case .success(let batch)? = current {
      var next: Result<LineBatch, FileError>?
      let checked = inParallel(batch.lines, states: checkers, alongside: { next = reader.next(reusing: &spare) }) {
        checker, line in
        batch.bytes.withUnsafeBufferPointer { bytes in
          checker.linter.checkLine(line, bytes: bytes, input: input, scope: checker.scope)
        }
      }
      for index in checked.indices { merge(checked[index], into: &outcome) }
      // A file of more than one batch is checked by each worker with a
      // schema of its own from the second batch on (`PushSchema.rebuilt`):
      // building one costs about as much as checking a few dozen lines.
      if case .success? = next, !checkersHaveSchemasOfTheirOwn {
        for worker in checkers.indices.dropFirst() { checkers[worker] = checkers[worker].withOwnSchema(for: input) }
        checkersHaveSchemasOfTheirOwn = true
      }
      current = next
      spare = batch.bytes
    }
    if case .failure(let error)? = current {
      return FileOutcome(error: FileError(path: input.displayPath, error.problem))
    }
    outcome.linted = outcome.documents > 0 || input.explicit
    return outcome
  }

  /// What a worker checks lines with: the linter and the file's scope.
  struct LineChecker: Sendable {
    var linter: Linter
    var scope: FileScope

    /// The same, with a schema built again for this worker alone, and the
    /// scope of `input` worked out with it.
    func withOwnSchema(for input: LintInput) -> LineChecker {
      var linter = self.linter
      linter.rules.schema = linter.rules.schema.rebuilt()
      var scope = linter.scope(of: input, project: self.scope.context.project)
      scope.suppressions = self.scope.suppressions
      return LineChecker(linter: linter, scope: scope)
    }
  }

  func checkLine(
    _ line: LineBatch.Line, bytes: UnsafeBufferPointer<UInt8>, input: LintInput, scope: FileScope
  ) -> CheckedLine {
    var checked = CheckedLine()
    var document: Document
    if line.tooLong {
      let position = SourcePosition(line: line.number, column: 1, offset: line.offset)
      let finding = SyntaxErrorRule.lineTooLong(line.number, at: position, limit: FileLimits.maxLineLength)
      document = Document(path: input.displayPath, format: .jsonLines, kind: .other, root: nil)
      if let kept = resolve(finding, document: document, relativePath: scope.relativePath).kept {
        checked.kept.append(kept)
      }
      checked.inclusion = .always
      return checked
    }
    var content = UnsafeBufferPointer(rebasing: bytes[line.range])
    if content.last == UInt8(ascii: "\r") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
    if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return checked }
    // The line is read from an array of its own, which the values it keeps
    // as bytes share: a finding that holds one (through its fix) holds the
    // line, never the batch around it.
    let text = Array(content)
    var result = JSONReader.read(
      text, firstLine: line.number, baseOffset: line.offset, deferringAllBut: DocumentClassifier.keysItReads,
      keyNames: rules.schema.keyNames)
    let kind: DocumentKind
    if let known = DocumentClassifier.kind(of: result.root, format: .json, fileExtension: scope.fileExtension) {
      kind = known
      checked.isPushDocument = true
      checked.inclusion = .always
    } else if input.explicit {
      kind = result.root == nil ? .other : .payload
      checked.inclusion = .always
    } else if result.root == nil {
      // A walked file is judged like a walked .json: a broken line is
      // reported once the file has shown it holds payloads, or names them.
      kind = .other
      checked.inclusion = DocumentClassifier.mentionsPush(text) ? .always : .afterPushDocuments
    } else {
      return checked
    }
    // The tree is moved from the read result into the document and the
    // document into `check`, which frees it, so it is freed once, on this
    // worker.
    document = Document(
      path: input.displayPath, format: .jsonLines, kind: kind, root: result.root.take(),
      readerFindings: result.findings)
    document.readerFacts = ReaderFacts(compactSize: result.compactSize, keysAreUnique: result.keysAreUnique)
    var outcome = FileOutcome(limit: options.findingsPerFile)
    check(consume document, scope: scope, into: &outcome)
    checked.kept = outcome.kept
    checked.unshown = outcome.unshown
    checked.usedOverrides = outcome.usedOverrides
    checked.hidden = outcome.hidden
    checked.hiddenFixes = outcome.hiddenFixes
    return checked
  }

  func merge(_ line: CheckedLine, into outcome: inout FileOutcome) {
    switch line.inclusion {
    case .never: return
    case .afterPushDocuments where !outcome.sawPushDocument: return
    default: break
    }
    if line.isPushDocument { outcome.sawPushDocument = true }
    // A line's findings are all on that line, and lines come in order: once
    // the limit is held, every later finding would be cut from the report,
    // so it is only counted, never worded. A million-line file holds at
    // most one line more than the limit. A kept finding is worded here,
    // not when the file ends, so that it lets go of its line: the file's
    // memory stays that of the lines in flight, however long the file.
    if outcome.kept.count >= outcome.limit {
      for kept in line.kept { outcome.unshown[kept.severity] += 1 }
    } else {
      for var kept in line.kept {
        kept.document = outcome.documents
        outcome.kept.append(kept.made())
      }
    }
    outcome.unshown += line.unshown
    outcome.documents += 1
    if !line.usedOverrides.isEmpty { outcome.usedOverrides.formUnion(line.usedOverrides) }
    outcome.hidden += line.hidden
    outcome.hiddenFixes += line.hiddenFixes
  }
}
