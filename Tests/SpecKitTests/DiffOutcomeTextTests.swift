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

    /// fx's product file: `grace` as given, documented as 60 s with `quote`.
    static func documented(grace: String, quote: String = "后台宽限 | 60 秒") -> String {
        "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  grace: \(grace)\n"
            + "documented:\n  grace: {value: 60s, source: doc.md §2, quote: \"\(quote)\"}\n"
    }

    func compareProducts(_ a: String, _ b: String) throws -> SpecDiffResult {
        try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: [("p.product.yaml", Array(a.utf8))]),
                                           DiffSide(label: "new", sources: [("p.product.yaml", Array(b.utf8))]))
    }

    /// Found by the trial: `60s, as … says ("后台宽限 | 60 秒") → 30s, where … says 60s ("后台宽限 | 60 秒")`, the same
    /// quote (and citation) twice on one line.
    @Test("a product value moved from its document quotes the document once, when its entry is the same on both sides")
    func documentQuotedOnce() throws {
        let d = try compareProducts(Self.documented(grace: "60s"), Self.documented(grace: "30s"))
        #expect(d.documents == ["fx grace: doc.md §2 says 60s (\"后台宽限 | 60 秒\"); 60s, as it says → 30s, with no decision"])
        let text = SpecDiffRenderer.text(d)
        #expect(text.components(separatedBy: "后台宽限 | 60 秒").count == 2, "the quote once: \(text)")
        #expect(text.contains("  against its document: fx grace: doc.md §2 says 60s (\"后台宽限 | 60 秒\"); 60s, as it says → 30s, with no decision\n"))
        // A changed quote is what changed: each side's is written.
        let requoted = try compareProducts(Self.documented(grace: "60s", quote: "60 s"), Self.documented(grace: "60s", quote: "after 60 s"))
        #expect(requoted.documents == ["fx grace: 60s, as doc.md §2 says (\"60 s\") → 60s, as doc.md §2 says (\"after 60 s\")"])
    }
}
