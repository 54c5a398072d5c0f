import Testing
@testable import SpecKit

/// How a machine diff writes a region: an ordered input's tried value as the class it stands for, and outcomes that
/// differ within a region only in the variables the step changes (their frames, written across the region). Found by
/// a product owner's trial: `away=1m` read as "only at exactly one minute", and "(and the like)" said nothing.
@Suite("Behaviour diff: value classes")
struct DiffValueClassTests {
    let base = SpecDiffTests()

    /// A row that stays locked (setting failures to 0) within a minute away, with `then` and `effects` as given.
    static func within(then: String, effects: String = "[]") -> String {
        "  - {id: R-WITHIN, source: doc.md §3, from: Locked, on: active, when: {away: \"<= 60s\"}, then: \(then), effects: \(effects)}\n"
    }

    @Test("a row's changed outcome within a bound shows the whole class, from the domain's bottom: away=0s..1m")
    func bottomClass() throws {
        let rows = SpecDiffTests.success + SpecDiffTests.failure + SpecDiffTests.relock
        let d = try base.diff(SpecDiffTests.machine(rows: rows + Self.within(then: "{failures: 0}")),
                              SpecDiffTests.machine(rows: rows + Self.within(then: "{failures: 0}", effects: "[prompt]")))
        let region = try #require(d.behaviour.first?.regions.first)
        #expect(region.place == "Locked on active")
        #expect(region.values == ["failures=0|1|2|3", "away=0s..1m"])
        #expect(region.exact && region.count == 4)
        // Both sides leave failures at 0 in every situation of the region (it was 0 to 3): the whole frame says so.
        #expect(region.before == "row R-WITHIN → Locked; failures=0; effects: none", "\(region.before)")
        #expect(region.after == "row R-WITHIN → Locked; failures=0; effects: prompt", "\(region.after)")
        #expect(region.examples.first == "failures=0, away=1m", "an example is a concrete situation, as tried")
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("  Locked on active with failures=0|1|2|3, away=0s..1m (4)\n"), "\(text)")
        #expect(!text.contains("and the like"))
    }

    @Test("the top class runs to the domain's top: a removed relock row is away=60001ms..2h")
    func topClass() throws {
        let d = try base.diff(SpecDiffTests.machine(rows: SpecDiffTests.success + SpecDiffTests.relock),
                              SpecDiffTests.machine(rows: SpecDiffTests.success))
        let region = try #require(d.behaviour.first?.regions.first)
        #expect(region.values == ["failures=0", "away=60001ms..2h"])
        #expect(region.before == "row R-RELOCK → *Locked*; failures=0; effects: prompt", "\(region.before)")
    }

    @Test("adjacent classes in one region are one range: a relock moved from 60 s to 30 s, cut at 45 s elsewhere")
    func adjacentClassesMerge() throws {
        let elsewhere = "  - {id: R-LONG, source: doc.md §3, from: Locked, on: active, when: {away: \"> 45s\"}}\n"
        let earlier = SpecDiffTests.relock.replacingOccurrences(of: "> 60s", with: "> 30s")
        let d = try base.diff(SpecDiffTests.machine(rows: SpecDiffTests.success + SpecDiffTests.relock + elsewhere),
                              SpecDiffTests.machine(rows: SpecDiffTests.success + earlier + elsewhere))
        let region = try #require(d.behaviour.first?.regions.first)
        // Tried at 30001ms, 45s, 45001ms and 1m: the classes 30001ms..45s and 45001ms..1m, both now relocking.
        #expect(region.values == ["failures=0", "away=30001ms..1m"])
        #expect(region.count == 4 && region.exact)
    }

    @Test("an input an effect fills in (${away}) stands for itself: its outcome names the value")
    func filledInInputStaysAValue() throws {
        let relock = { (bound: String) in
            "  - {id: R-RELOCK, source: doc.md §3, from: Open, on: active, when: {away: \"> \(bound)\"}, effects: [\"prompt(away=${away})\"], to: Locked}\n"
        }
        let d = try base.diff(SpecDiffTests.machine(rows: SpecDiffTests.success + relock("60s")),
                              SpecDiffTests.machine(rows: SpecDiffTests.success + relock("30s")))
        let regions = try #require(d.behaviour.first?.regions)
        #expect(regions.map(\.values) == [["failures=0", "away=1m"], ["failures=0", "away=30001ms"]])
        #expect(regions.map(\.after) == ["row R-RELOCK → *Locked*; failures=0; effects: prompt(away=1m)", "row R-RELOCK → *Locked*; failures=0; effects: prompt(away=30001ms)"])
    }

    @Test("classes are written ascending, a class of one as its value, adjacent ones merged, apart ones listed with |")
    func written() {
        let domain = Domain.duration(0...7_200_000)
        let written = { (ranges: [ClosedRange<Int>]) in ValueClasses.written(ranges.map { .ordinals($0) }, in: domain) }
        #expect(written([60_001...7_200_000, 0...30_000]) == "0s..30s|60001ms..2h")
        #expect(written([30_001...60_000, 0...30_000, 0...30_000]) == "0s..1m")
        #expect(written([60_000...60_000]) == "1m")
        #expect(ValueClasses.written([.value(.int(2)), .value(.int(0))], in: nil) == "0|2")
    }
}
