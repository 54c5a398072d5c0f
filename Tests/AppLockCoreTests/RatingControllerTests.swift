import Testing
@testable import AppLockCore

@Suite("Rating trigger (D-RATE-FIRST)")
struct RatingControllerTests {
    func day(_ n: Int32) -> Instant { Instant.zero + .days(n) }

    /// Records `count` actions and returns whether each asked.
    func record(_ rating: inout RatingController, _ count: Int, version: String, at instant: Instant) -> [Bool] {
        (0..<count).map { _ in rating.recordAction(version: version, now: instant) }
    }

    @Test("the rule over its four facts", arguments: [
        (2, TimeSpan?.none, false, 0, false), (3, TimeSpan?.none, false, 0, true),
        (3, TimeSpan?.none, true, 3, true), // never prompted: only the count decides (D-RATE-FIRST)
        (3, .days(90), true, 0, false), (3, .days(89), false, 0, false), (3, .days(90), false, 0, true),
        (3, .days(400), false, 3, false), (3, .days(400), false, 2, true),
    ])
    func rule(actions: Int, since: TimeSpan?, versionPrompted: Bool, inWindow: Int, expected: Bool) {
        #expect(RatingPolicy.shouldPrompt(actionsSinceLastPrompt: actions, timeSinceLastPrompt: since,
                                          versionAlreadyPrompted: versionPrompted,
                                          promptsInCapWindow: inWindow) == expected)
    }

    @Test("first prompt: 2 actions do not ask, the 3rd does")
    func firstPrompt() {
        var rating = RatingController(store: InMemoryStore())
        let asked = record(&rating, 3, version: "1.0", at: day(0))
        #expect(asked == [false, false, true])
        #expect(rating.state.actionsSinceLastPrompt == 0)
    }

    func prompted(at promptDay: Int32, version: String = "1.0") -> RatingController {
        let store = InMemoryStore()
        var rating = RatingController(store: store)
        _ = record(&rating, 3, version: version, at: day(promptDay))
        return RatingController(store: store) // reload from the store
    }

    @Test("89 days after the last prompt is too early, 90 is enough (new version, 3 actions)", arguments: [
        (Int32(89), false), (90, true),
    ])
    func interval(days: Int32, asks: Bool) {
        var rating = prompted(at: 0)
        let asked = record(&rating, 3, version: "2.0", at: day(days))
        #expect(asked == [false, false, asks])
    }

    @Test("the same version is never asked twice; a new version is")
    func sameVersion() {
        var rating = prompted(at: 0, version: "1.0")
        let same = record(&rating, 5, version: "1.0.0", at: day(200))
        #expect(!same.contains(true))
        var other = prompted(at: 0, version: "1.0")
        let newer = record(&other, 3, version: "1.1", at: day(200))
        #expect(newer == [false, false, true])
    }

    @Test("at most 3 prompts in any 365 days")
    func platformCap() {
        var rating = RatingController(store: InMemoryStore())
        var prompts: [Int32] = []
        for (index, start) in [Int32(0), 90, 180, 270, 364, 365].enumerated() {
            if record(&rating, 3, version: "\(index + 1).0", at: day(start)).contains(true) { prompts.append(start) }
        }
        #expect(prompts == [0, 90, 180, 365])
    }

    @Test("an unreadable history never prompts")
    func corrupt() {
        var rating = RatingController(store: InMemoryStore(values: ["rating.actions": [1]]))
        let asked = record(&rating, 5, version: "1.0", at: day(0))
        #expect(!asked.contains(true))
    }
}
