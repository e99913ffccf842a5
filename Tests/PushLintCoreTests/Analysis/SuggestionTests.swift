import Testing

@testable import PushLintCore

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("titel", "title", 1),
    ("kitten", "sitting", 3),
    ("alret", "alert", 1),
    ("", "badge", 5),
    ("sound", "sound", 0),
    ("ключ", "клюс", 1),
  ])
  func editDistanceCountsASwapOfNeighboursAsOneEdit(left: String, right: String, distance: Int) {
    let found = Suggestion.editDistance(Array(left.unicodeScalars), Array(right.unicodeScalars), limit: 10)
    #expect(found == distance)
  }

  /// `nearest` compares each candidate only as far as the best so far: it
  /// must still pick what comparing each in full picks, the first of the
  /// nearest within a third of the word's length.
  @Test func theNearestCandidateIsTheOneAFullComparisonPicks() {
    let keys = [
      "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
      "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
      "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes", "input-push-token",
    ]
    let candidates = Suggestion.Candidates(keys)
    let words = [
      "alret", "bdage", "soud", "thred-id", "catgory", "content-availble", "mutablecontent2", "relevance-scor",
      "stale_dat", "timestmp", "evnt", "atributes", "atributes-type", "input-push-tokn", "sounds", "badges",
      "evenet", "xyz", "content-stat", "dismisal-date", "category-id", "attribute",
    ]
    var compared = 0
    for word in words {
      let lowercased = Array(word.lowercased().unicodeScalars)
      let limit = max(1, word.count / 3)
      var expected: (key: String, distance: Int)?
      for (key, scalars) in zip(keys, candidates.lowercased) {
        let distance = Suggestion.editDistance(lowercased, scalars, limit: 100)
        if distance <= limit, expected == nil || distance < expected!.distance { expected = (key, distance) }
      }
      if expected != nil { compared += 1 }
      #expect(Suggestion.nearest(to: word, in: candidates) == expected?.key, "\(word)")
    }
    #expect(compared > 10)
  }

  @Test func ofCandidatesEquallyNearTheFirstIsPicked() {
    let candidates = Suggestion.Candidates(["prefix-one", "prefix-two", "prefix-ten"])
    // One edit from "prefix-one" (t for o) and from "prefix-ten" (a swap).
    #expect(Suggestion.nearest(to: "prefix-tne", in: candidates) == "prefix-one")
    #expect(Suggestion.nearest(to: "prefix-on", in: candidates) == "prefix-one")
    #expect(Suggestion.nearest(to: "prefix-tXo", in: candidates) == "prefix-two")
    // Two edits from "prefix-two" and "prefix-ten", three from "prefix-one".
    #expect(Suggestion.nearest(to: "prefix-tX", in: candidates) == "prefix-two")
  }
}
