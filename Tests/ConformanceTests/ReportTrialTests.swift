import Testing
@testable import SpecKit
@testable import Conformance

/// Found by an auditor's trial of the HTML report: a section cited without a heading said the document was not read
/// when it had been; the coverage table gave nearly all its width to the rows' badges; a product value that departs from
/// its document by a recorded decision looked like one that agrees, and nothing beside the verdict named it; a badge's
/// tooltip showed a scenario's set-up step, not what it ends by checking.
@Suite("The report auditor's trial")
struct ReportTrialTests {
    let run = ReportFixture.run

    /// launch-lock.md read from its headings, without the §2.9 its row L3 cites.
    static let outlineWithout29 = DocumentOutline(name: "launch-lock.md", text: "1. One\n2. Two\n2.1. A\n2.10. C\n3. Three\n4. Four\n")

    /// The `<tr>` of a section in the coverage tables.
    static func sectionRow(_ id: String, in page: String) throws -> Substring {
        let start = try #require(page.range(of: "<tr id=\"sec--launch-lock.md--\(id)\">"))
        let end = try #require(page.range(of: "</tr>", range: start.upperBound..<page.endIndex))
        return page[start.lowerBound..<end.upperBound]
    }

    /// The line of a section in the Markdown's coverage tables.
    static func markdownRow(_ id: String, in markdown: String) throws -> Substring {
        try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| \(id) |") })
    }

    @Test("a cited section the read document has no heading for says so, with the reason recorded for it; only an unread document is 'not read'")
    func citedWithoutHeading() throws {
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "launch-lock.md", section: "2.9", reason: "this copy has no heading <2.9>", line: 2, column: 3),
        ])
        var read = run
        read.sections = SectionCoverage(specs: run.specs, outlines: [Self.outlineWithout29], reasons: reasons)
        let document = try #require(read.sections?.documents.first { $0.name == "launch-lock.md" })
        let nine = try #require(document.sections.first { $0.id == "2.9" })
        try #require(nine.line == nil && nine.status == .covered && document.fromHeadings)
        let row = try Self.sectionRow("2.9", in: renderHTML(read, diagrams: .hand))
        #expect(!row.contains("was not read"), "\(row)")
        #expect(row.contains("<td class=\"level2\">§2.9</td><td><span class=\"muted\">(the document has no such heading)</span>"
            + "<br><span class=\"note\">this copy has no heading &lt;2.9&gt;</span></td>"), "\(row)")
        let line = try Self.markdownRow("2.9", in: renderMarkdown(read))
        #expect(line.hasPrefix("| 2.9 | (the document has no such heading): this copy has no heading <2.9> | `L3` (diverged) |"), "\(line)")
        // Unread, nothing is known of its headings.
        var unread = run
        unread.sections = SectionCoverage(specs: run.specs, outlines: [], reasons: reasons)
        let unreadRow = try Self.sectionRow("2.9", in: renderHTML(unread, diagrams: .hand))
        #expect(unreadRow.contains("<td><span class=\"muted\">(the document was not read)</span></td>") && !unreadRow.contains("no such heading"), "\(unreadRow)")
        #expect(try Self.markdownRow("2.9", in: renderMarkdown(unread)).hasPrefix("| 2.9 | (the document was not read) |"))
        // A reason the coverage already shows (`partly:`) is not said twice.
        var partly = run
        partly.sections = SectionCoverage(specs: run.specs, outlines: [Self.outlineWithout29], reasons: SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "launch-lock.md", section: "2.9", reason: "what is left", partly: true, line: 2, column: 3),
        ]))
        let partlyRow = try Self.sectionRow("2.9", in: renderHTML(partly, diagrams: .hand))
        #expect(partlyRow.components(separatedBy: "what is left").count == 2 && partlyRow.contains("(the document has no such heading)</span></td>"), "\(partlyRow)")
        // The reason recorded, the section counts as covered by its rows; L3 failed, so not in green (an auditor's trial).
        #expect(row.contains("<td class=\"fail\">covered by 1 row (1 failing)"), "\(row)")
    }

    /// Found by an auditor's trial: a section whose only row failed was "covered by 1 row", green in the HTML, and the
    /// Markdown's words said nothing of the failure (only its Rows column did).
    @Test("a section covered by a failing row says so in its words and its colour, and the document's counts say how many; an expected failure is said as such")
    func coveredByAFailingRow() throws {
        var read = run
        read.sections = SectionCoverage(specs: run.specs, outlines: [Self.outlineWithout29], reasons: SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "launch-lock.md", section: "2.9", reason: "not a heading here", line: 2, column: 3),
        ]))
        let l3 = try #require(read.cases.firstIndex { $0.row == "L3" })
        try #require(read.cases[l3].status == .failed)
        let markdown = renderMarkdown(read)
        #expect(try Self.markdownRow("2.9", in: markdown).contains("| covered by 1 row (1 failing) |"))
        let summary = { (md: String) in md.split(separator: "\n").first { $0.hasPrefix("<details><summary>launch-lock.md:") } ?? "" }
        #expect(summary(markdown).contains("(1 of them with a failing row)"), "\(summary(markdown))")
        read.cases[l3].status = .expectedFailure
        #expect(try Self.sectionRow("2.9", in: renderHTML(read, diagrams: .hand)).contains("<td class=\"xfail\">covered by 1 row (1 failing as expected)"))
        #expect(!summary(renderMarkdown(read)).contains("with a failing row") && !summary(renderMarkdown(read)).isEmpty)
        read.cases[l3].status = .passed
        #expect(try Self.sectionRow("2.9", in: renderHTML(read, diagrams: .hand)).contains("<td class=\"pass\">covered by 1 row</td>"))
    }

    /// Found by a product owner's trial: a row citing §12 of a document of nine sections (a typo) made the report say
    /// "covered by 1 row" beside "(the document has no such heading)".
    @Test("rows that cite a section the read document does not have, with no reason recorded, cover nothing, and the report says so")
    func citedSectionMissing() throws {
        var read = run
        read.sections = SectionCoverage(specs: run.specs, outlines: [Self.outlineWithout29], reasons: SectionReasons())
        let said = "cited by 1 row, but the document has no such section: it covers nothing (lint: trace.unknown-section)"
        let row = try Self.sectionRow("2.9", in: renderHTML(read, diagrams: .hand))
        #expect(row.contains("<td class=\"fail\">" + said), "\(row)")
        #expect(try Self.markdownRow("2.9", in: renderMarkdown(read)).contains("| " + Escape.markdown(said) + " |"))
        // A document not read: nothing is known of its headings, so the rows cover the section as cited.
        var unread = run
        unread.sections = SectionCoverage(specs: run.specs, outlines: [], reasons: SectionReasons())
        #expect(try Self.sectionRow("2.9", in: renderHTML(unread, diagrams: .hand)).contains("covered by 1 row"))
    }

    /// Found by a product owner's trial: two lists of six effects differing in one argument, 200 characters apart.
    @Test("a failing effects cell of several effects gets a note naming the effects only one side has; a short or passing one none")
    func effectsNote() {
        let a = { (n: Int) in Effect("analytics", [.init("attempt", .int(n))]) }
        let named = [EffectPattern(exactly: Effect("output")), EffectPattern(exactly: a(2))]
        let cell = CellResult(name: "effects", expected: .effects(named), actual: .emitted([a(3), Effect("output")]), ok: false)
        #expect(cell.effectsNote == "of these effects, only the spec names analytics(attempt=2); only the core emitted analytics(attempt=3)")
        let fewer = CellResult(name: "effects", expected: .effects(named), actual: .emitted([Effect("output")]), ok: false)
        #expect(fewer.effectsNote == "of these effects, only the spec names analytics(attempt=2); only the core emitted none")
        let wildcard = [EffectPattern("analytics", [.init("attempt", .any)]), EffectPattern(exactly: Effect("output"))]
        #expect(CellResult(name: "effects", expected: .effects(wildcard), actual: .emitted([a(3)]), ok: false).effectsNote
            == "of these effects, only the spec names output; only the core emitted none")
        #expect(CellResult(name: "effects", expected: .effects([EffectPattern(exactly: a(2))]), actual: .emitted([a(3)]), ok: false).effectsNote == nil)
        #expect(CellResult(name: "effects", expected: .effects(named), actual: .emitted([a(2), Effect("output")]), ok: true).effectsNote == nil)
    }

    /// The declarations of the first rule whose selector list is exactly `selector`, in `css` from `after` on.
    static func rule(_ selector: String, in css: String, after: String = "") -> String? {
        let from = after.isEmpty ? css.startIndex : (css.range(of: after)?.upperBound ?? css.endIndex)
        guard let start = css.range(of: "\n" + selector + " {", range: from..<css.endIndex) ?? css.range(of: " " + selector + " {", range: from..<css.endIndex),
              let end = css.range(of: "}", range: start.upperBound..<css.endIndex) else { return nil }
        return String(css[start.upperBound..<end.lowerBound])
    }

    @Test("the coverage table lays out its columns: the section number on one line, the heading and the coverage wide enough to read, the badges wrapping in the rest; on screen and in print")
    func sectionColumns() throws {
        let css = HTMLStyle.css
        // Fixed: the widths hold, whatever the longest line of badges (laid out by content, the rows' column took nearly all).
        #expect(try #require(Self.rule("table.sections", in: css)).contains("table-layout: fixed"))
        let number = try #require(Self.rule("table.sections th:nth-child(1)", in: css))
        #expect(number.contains("width: 7em") && number.contains("white-space: nowrap"), "\(number)")
        #expect(try #require(Self.rule("table.sections td:nth-child(1)", in: css)).contains("white-space: nowrap"))
        #expect(try #require(Self.rule("table.sections th:nth-child(2)", in: css)).contains("width: 22%"))
        #expect(try #require(Self.rule("table.sections th:nth-child(4)", in: css)).contains("width: 34%"))
        // A4's narrower page leaves the badges more of it.
        #expect(try #require(Self.rule("table.sections th:nth-child(2)", in: css, after: "@media print")).contains("width: 17%"))
        #expect(try #require(Self.rule("table.sections th:nth-child(4)", in: css, after: "@media print")).contains("width: 33%"))
        #expect(renderHTML(run, diagrams: .hand).contains(css))
    }

    /// `ReportFixture.run` with launch-lock.md read and its §2 stating grace = 60s; the product runs with `value`,
    /// `decision` saying why it differs.
    func withGrace(_ milliseconds: Int, decision: String?) -> RunResult {
        var p = ProductFile(id: "ll.product", title: "P", source: "launch-lock.md §2", fixture: "lock",
                            product: [Binding(name: "grace", value: .duration(milliseconds: milliseconds),
                                              location: .init(file: "specs/ll.product.yaml", line: 7, column: 10), decision: decision)],
                            file: "specs/ll.product.yaml", location: .init(file: "specs/ll.product.yaml", line: 1, column: 1))
        p.documented = [DocumentedValue(name: "grace", value: .duration(milliseconds: 60_000), written: "60s", citation: Citation(document: "launch-lock.md", section: "2"),
                                        quote: "60 s", location: .init(file: "specs/ll.product.yaml", line: 9, column: 3),
                                        quoteLocation: .init(file: "specs/ll.product.yaml", line: 9, column: 40))]
        var result = run
        let outline = DocumentOutline(name: "launch-lock.md", text: "1. One\n2. Two\n2.1. A\n2.9. B\n2.10. C\n3. Three\n4. Four\n")
        result.sections = SectionCoverage(specs: run.specs, outlines: [outline], reasons: SectionReasons(), products: [p])
        return result
    }

    @Test("a product value departing from its document by a decision is amber in its section and named beside the verdict, in every report; one with no decision stays red")
    func decidedDeparture() throws {
        let css = HTMLStyle.css
        let amber = try #require(Self.rule("span.note.xfail", in: css))
        #expect(amber.contains("background: #fff8c5") && amber.contains("color: #7d4e00"), "\(amber)")
        let red = try #require(Self.rule("span.note.fail", in: css))
        #expect(red.contains("background: #ffebe9") && red.contains("color: #a40e26"), "\(red)")
        let decided = withGrace(30_000, decision: "D-GRACE-30: a shorter grace")
        let sentence = "Product values: 1 value departs from the design documents by a recorded decision: lock grace = 30s (the document says 60s; D-GRACE-30)"
        #expect(ReportText.documentedValueDeparture(decided) == sentence)
        #expect(ReportText.documentedValueGap(decided) == nil)
        #expect(renderHTML(decided, diagrams: .hand).contains("<p class=\"verdict-note warn\"><a href=\"#documents\">\(sentence)</a></p>"))
        let markdown = renderMarkdown(decided)
        #expect(markdown.contains("\n\n" + Escape.markdown(sentence) + "\n\n") && !markdown.contains("**Product values"), "a note, not the gap's bold")
        #expect(renderConsole(decided, color: true).contains("\u{1B}[33m\(sentence)\u{1B}[0m"))
        #expect(renderConsole(decided, color: false).contains("\n\(sentence)\n"))
        // A decision without an id is named by its words; an undecided value keeps its own line and gets no departure.
        #expect(ReportText.documentedValueDeparture(withGrace(30_000, decision: "shorter on purpose"))?.hasSuffix("(the document says 60s; shorter on purpose)") == true)
        let open = withGrace(30_000, decision: nil)
        #expect(ReportText.documentedValueDeparture(open) == nil && ReportText.documentedValueGap(open) != nil)
        #expect(ReportText.documentedValueDeparture(withGrace(60_000, decision: nil)) == nil)
        #expect(renderHTML(decided, diagrams: .hand) == renderHTML(decided, diagrams: .hand))
    }

    @Test("a badge's tooltip says what the row's case ends by checking: its last step that expects something, numbered; one step as before")
    func tooltipLastExpectingStep() throws {
        func step(_ n: Int, _ action: String, _ expect: [CheckedStep.Cell] = []) -> CheckedStep { CheckedStep(step: n, action: action, expect: expect) }
        let locked = [CaseChecksTests.cell("state", .symbol("Locked"))]
        var scenario = ReportFixture.passed
        scenario.checks = [step(0, "setEnabled(switchTo=true)"), step(1, "fail"), step(2, "fail", locked), step(3, "check", locked)]
        #expect(HTMLPage.checksTitle(scenario) == "; checks check → state = Locked (step 4 of 4)")
        // Steps after the last expectation only act: the expectation is what the case checks.
        scenario.checks = [step(0, "fail", locked), step(1, "kill"), step(2, "relaunch")]
        #expect(HTMLPage.checksTitle(scenario) == "; checks fail → state = Locked (step 1 of 3)")
        // No step expects anything: the last step.
        scenario.checks = [step(0, "kill"), step(1, "relaunch")]
        #expect(HTMLPage.checksTitle(scenario) == "; checks relaunch (step 2 of 2)")
        scenario.checks = [step(5, "fail", locked)]
        #expect(HTMLPage.checksTitle(scenario) == "; checks fail → state = Locked")
        let page = renderHTML(CaseChecksTests.reportRun(), diagrams: .hand)
        #expect(page.contains("title=\"launch-lock: 1 case, conforms; checks relaunch → front = &quot;&quot; (step 10 of 10)\""))
    }
}
