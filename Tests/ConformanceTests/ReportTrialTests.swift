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
