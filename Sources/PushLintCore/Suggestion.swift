/// Did-you-mean: the candidate nearest to a misspelled word.
public enum Suggestion {
  /// The best candidate for `word`: an exact match ignoring case, `_`, `-`
  /// and camelCase humps first, then the smallest edit distance within a
  /// third of the word's length.
  public static func nearest(to word: String, in candidates: [String]) -> String? {
    let normalizedWord = normalize(word)
    if let same = candidates.first(where: { normalize($0) == normalizedWord }) { return same }
    let limit = max(1, word.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased(), limit: limit)
      if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    return best?.0
  }

  static func normalize(_ word: String) -> String {
    String(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
  }

  /// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
  static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
    let left = Array(lhs.unicodeScalars)
    let right = Array(rhs.unicodeScalars)
    if abs(left.count - right.count) > limit { return limit + 1 }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...max(1, left.count) where !left.isEmpty {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...max(1, right.count) where !right.isEmpty {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return left.isEmpty ? right.count : right.isEmpty ? left.count : previous[right.count]
  }
}
