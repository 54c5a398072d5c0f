import Testing
@testable import SpecKit

/// How a review (`lockspec diff`) writes a changed outcome. Found by a product owner's trial: a region's outcomes
/// named only the variables the step changed, so `cover false → true` appeared nowhere.
@Suite("Behaviour diff: how a changed outcome reads")
struct DiffOutcomeTextTests {
    let base = SpecDiffTests()

    /// A cover machine: `active` leaves the background and sets `phase` and `cover` as `then` says.
    static func cover(then: String) -> String {
        """
        id: t.cover
        kind: machine
        title: T
        source: doc.md §1
        fixture: fx
        states: [Open, Locked]
        initial: Open
        variables:
          cover: {type: bool, initial: false}
          phase: {type: [active, background], initial: active}
          enabled: {type: bool, initial: true}
        events:
          background:
          active:
        effects: [prompt]
        otherwise: ignore
        hit: first
        rows:
          - {id: R-BG, source: doc.md §2, from: Open, on: background, when: {phase: active}, then: {phase: background, cover: true}}
          - {id: R-BACK, source: doc.md §2, from: Open, on: active, when: {phase: background}, then: \(then)}

        """
    }

    @Test("a changed outcome shows the whole frame on both sides, the cells that differ marked: cover=false beside cover=true")
    func wholeFrameMarked() throws {
        let d = try base.diff(Self.cover(then: "{phase: active, cover: false}"), Self.cover(then: "{phase: active, cover: true}"))
        let region = try #require(d.behaviour.first?.regions.first)
        #expect(region.place == "Open on active")
        // Before: only the variables the step changed, so the new side, where cover was already true, named none, and
        // the old side named cover=false in one situation of the region only.
        #expect(region.before == "row R-BACK → Open; *cover=false*, phase=active, enabled=true; effects: none", "\(region.before)")
        #expect(region.after == "row R-BACK → Open; *cover=true*, phase=active, enabled=true; effects: none", "\(region.after)")
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("    old: row R-BACK → Open; *cover=false*, phase=active, enabled=true; effects: none\n"
                              + "    new: row R-BACK → Open; *cover=true*, phase=active, enabled=true; effects: none\n"), "\(text)")
    }

    @Test("a row removed: nothing happens, and the machine stays where it was, its frame shown against the row's")
    func nothingHappensStays() throws {
        let d = try base.diff(Self.cover(then: "{phase: active, cover: false}"),
                              Self.cover(then: "{phase: active, cover: false}").replacingOccurrences(of: "  - {id: R-BACK", with: "  # - {id: R-BACK"))
        let region = try #require(d.behaviour.first?.regions.first)
        #expect(region.before == "row R-BACK → Open; *cover=false*, *phase=active*, enabled=true; effects: none", "\(region.before)")
        #expect(region.after == "nothing happens (otherwise: ignore), stays Open; *cover=true*, *phase=background*, enabled=true", "\(region.after)")
    }
}
