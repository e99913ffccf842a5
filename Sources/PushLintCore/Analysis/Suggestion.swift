/// Did-you-mean: the candidate nearest to a misspelled word.
public enum Suggestion {
  /// The best candidate for `word`: an exact match ignoring case, `_`, `-`
  /// and camelCase humps first, then the smallest edit distance within a
  /// third of the word's length.
  public static func nearest(to word: String, in candidates: [String]) -> String? {
    nearest(to: word, in: Candidates(candidates))
  }

  /// Candidates with the forms they are compared in worked out once: a
  /// schema's keys are the candidates for every unknown key in a document.
  public struct Candidates: Sendable {
    let words: [String]
    let normalized: [String]
    /// Each word lowercased, as the scalars the edit distance compares.
    let lowercased: [[Unicode.Scalar]]
    /// The most scalars of any word in `lowercased`.
    let longest: Int

    public init(_ words: [String]) {
      self.words = words
      normalized = words.map(Suggestion.normalize)
      lowercased = words.map { Array($0.lowercased().unicodeScalars) }
      longest = lowercased.map(\.count).max() ?? 0
    }
  }

  public static func nearest(to word: String, in candidates: Candidates) -> String? {
    let normalizedWord = normalize(word)
    if let same = candidates.normalized.firstIndex(of: normalizedWord) { return candidates.words[same] }
    let limit = max(1, word.count / 3)
    let lowercasedWord = Array(word.lowercased().unicodeScalars)
    // The table's rows, shared by every candidate: a schema's keys are the
    // candidates for each of a document's unknown keys, however many.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (candidates.longest + 1)) { rows in
      var best: (index: Int, distance: Int)?
      for index in candidates.lowercased.indices {
        // Only a nearer candidate than the best so far can take its place.
        let bound = best.map { $0.distance - 1 } ?? limit
        let distance = editDistance(lowercasedWord, candidates.lowercased[index], limit: bound, rows: rows.baseAddress!)
        if distance <= bound {
          best = (index, distance)
          // None is nearer than one edit: a word the same but for case,
          // `-`, `_` and spaces was matched before.
          if distance <= 1 { break }
        }
      }
      return best.map { candidates.words[$0.index] }
    }
  }

  static func normalize(_ word: String) -> String {
    String(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
  }

  /// Edit distance counting a swap of two neighbours as one edit (`titel`
  /// → `title`), giving up (returning `limit + 1`) once it exceeds `limit`.
  static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (right.count + 1)) { rows in
      editDistance(left, right, limit: limit, rows: rows.baseAddress!)
    }
  }

  /// `editDistance` in `rows`, room for three rows of `right.count + 1`.
  /// Every path to the last cell passes through each row at a cost no less
  /// than the row's smallest (a swap skips a row, but the cell it skips
  /// costs no more than the swap), so a row past `limit` settles it.
  private static func editDistance(
    _ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int, rows: UnsafeMutablePointer<Int>
  ) -> Int {
    if abs(left.count - right.count) > limit { return limit + 1 }
    if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
    let width = right.count + 1
    var beforePrevious = rows
    var previous = rows + width
    var current = rows + 2 * width
    for j in 0...right.count { previous[j] = j }
    for i in 1...left.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count]
  }
}
