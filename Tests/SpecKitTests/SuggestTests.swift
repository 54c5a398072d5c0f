import Testing
@testable import SpecKit

/// Did-you-mean: the closest candidate within a third of the word's length in edits, a swap of two neighbouring
/// letters counting as one edit.
@Suite("Suggest")
struct SuggestTests {
    @Test("a typo finds its word", arguments: [
        ("actve", ["active", "appear"], "active"),      // a letter left out
        ("form", ["from", "to", "on"], "from"),         // two letters swapped
        ("mian", ["main", "decoy"], "main"),            // two letters swapped
        ("inactvie", ["inactive", "active"], "inactive"),
        ("Apear", ["appear"], "appear"),                // case does not count
        // The eighth trial's `grace_period`: a name with a word added, too far to be a typo of it.
        ("grace_period", ["grace", "policy"], "grace"),
        ("graceTime", ["grace", "graceTim"], "graceTim"), // a typo first
        ("grace-time", ["grace"], "grace"),
    ])
    func finds(_ word: String, _ candidates: [String], _ expected: String) {
        #expect(Suggest.closest(to: word, in: candidates) == expected)
    }

    @Test("a word too far from every candidate finds nothing", arguments: [
        ("vibrate", ["chime", "startAuth"]),
        ("ab", ["ba c", "xyz"]),
        ("abcd", ["dcba"]),                             // two swaps apart: over a third of four letters
        ("3", ["", "1.0", "2"]),                        // the re-trial's version 3: every character changed is no typo
        ("gracefully", ["grace"]),                      // a longer word, not a word added
        ("id_number", ["id"]),                          // a stem of fewer than four letters
    ])
    func findsNothing(_ word: String, _ candidates: [String]) {
        #expect(Suggest.closest(to: word, in: candidates) == nil)
    }

    @Test("a word's opposite (the same word with a negating prefix) is never suggested, either way round", arguments: [
        ("Unlocked", ["Open", "Locked"]),               // the trial's: Open was meant, and Locked says the reverse
        ("Locked", ["Unlocked"]),
        ("inactive", ["active"]),
        ("nonblocking", ["Blocking"]),                  // case does not count
        ("notrequired", ["required"]),
        ("noGrace", ["grace"]),
        ("disallowed", ["allowed"]),
        ("deactivate", ["activate"]),
    ])
    func opposites(_ word: String, _ candidates: [String]) {
        // Each is within the typo distance of its opposite: only the rule keeps it from being suggested.
        let limit = max(1, word.count / 3)
        #expect(candidates.contains { Suggest.distance(word.lowercased(), $0.lowercased(), limit: limit) <= limit })
        #expect(Suggest.closest(to: word, in: candidates) == nil)
    }

    @Test("an opposite is passed over, not the search: another candidate as close is still suggested")
    func oppositePassedOver() {
        // `active` and `inactivate` are both two edits from `inactive`; `active` would win the tie by name.
        #expect(Suggest.closest(to: "inactive", in: ["active", "inactivate"]) == "inactivate")
        // A prefix that is no negation makes no opposite: `reactive` is two edits from `active`, and suggested.
        #expect(Suggest.closest(to: "reactive", in: ["active"]) == "active")
        #expect(Suggest.closest(to: "Unlockd", in: ["Locked", "Unlocked"]) == "Unlocked")
    }

    @Test("distances: insertions, deletions, substitutions and swaps of neighbours each count one")
    func distances() {
        #expect(Suggest.distance("from", "form", limit: 3) == 1)
        #expect(Suggest.distance("abc", "acb", limit: 3) == 1)
        #expect(Suggest.distance("abc", "cba", limit: 3) == 2)
        #expect(Suggest.distance("kitten", "sitting", limit: 5) == 3)
        #expect(Suggest.distance("", "abc", limit: 5) == 3)
        // Past the limit, the answer is limit + 1, however far.
        #expect(Suggest.distance("abcdef", "uvwxyz", limit: 2) == 3)
    }

    @Test("a word longer than 200 gets no suggestion, and no edit table: a 1,500-character near-miss is not searched")
    func longWordNotSearched() {
        let near = String(repeating: "a", count: Suggest.maximumWordLength - 1)
        #expect(Suggest.closest(to: near + "b", in: [near + "c"]) == near + "c")
        let long = String(repeating: "a", count: 1_500)
        #expect(Suggest.closest(to: long + "b", in: [long + "c", "grace"]) == nil)
        guard case .failure(let e) = Domain.enumeration([long + "c", "on"]).parse(long + "b") else { Issue.record("parsed"); return }
        #expect(e.hint == nil)
    }
}
