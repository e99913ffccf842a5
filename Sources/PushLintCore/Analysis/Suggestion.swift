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

    public init(_ words: [String]) {
      self.words = words
      normalized = words.map(Suggestion.normalize)
      lowercased = words.map { Array($0.lowercased().unicodeScalars) }
    }
  }

  public static func nearest(to word: String, in candidates: Candidates) -> String? {
    let normalizedWord = normalize(word)
    if let same = candidates.normalized.firstIndex(of: normalizedWord) { return candidates.words[same] }
    let limit = max(1, word.count / 3)
    let lowercasedWord = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)?
    for (candidate, lowercased) in zip(candidates.words, candidates.lowercased) {
      let distance = editDistance(lowercasedWord, lowercased, limit: limit)
      if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    return best?.0
  }

  static func normalize(_ word: String) -> String {
    String(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
  }

  /// Edit distance counting a swap of two neighbours as one edit (`titel`
  /// → `title`), giving up (returning `limit + 1`) once it exceeds `limit`.
  static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int) -> Int {
    if abs(left.count - right.count) > limit { return limit + 1 }
    if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
    var beforePrevious = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
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
