import Foundation
import Testing
@testable import Conformance
import SpecKit
import AppLockFixtures

/// The HTML's machine coverage names each transition no case covered once, with its states and event.
@Suite("Machine coverage in the HTML report")
struct MachineCoverageReportTests {
    /// A run of one spec of specs/, without the exploration.
    static func run(_ spec: String) throws -> RunResult {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Samples/specs")
        var options = ConformanceRun.Options(paths: [specs.path], specs: [spec])
        options.explore = false
        let outcome = ConformanceRun(options, registry: .standard).run()
        return try #require(outcome.result, "\(outcome.diagnostics)")
    }

    @Test("transitions not covered: each edge once, as 'from · event → to (row)'; a row from several states is several edges")
    func notCoveredEdges() throws {
        let page = renderHTML(try Self.run("medtime.unlock"))
        // medtime.unlock's section: its unmodelled rows make no case, so their edges are not covered.
        let lines = page.components(separatedBy: "<span class=\"muted\">not covered: ").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }.filter { $0.contains("MT-SUCCESS-SHORT-WAIT") }
        let listed = try #require(lines.first).components(separatedBy: ", ")
        #expect(!listed.isEmpty && listed.allSatisfy { $0.wholeMatch(of: /[A-Za-z]+ · [A-Za-z]+ → [A-Za-z]+ \([A-Z0-9-]+\)/) != nil }, "\(listed)")
        #expect(Set(listed).count == listed.count, "\(listed)")
        #expect(listed.contains { $0.hasSuffix("(MT-SUCCESS-SHORT-WAIT)") })
    }

    @Test("a row marked unmodelled is listed with its reason, in the Markdown, the HTML (and its contents) and the JSON")
    func unmodelledReasons() throws {
        let result = try Self.run("medtime.unlock")
        let why = "time accumulated within Success: two waits of 499 ms reach the dashboard, one does not"
        #expect(result.specs.first { $0.id == "medtime.unlock" }?.rows.first { $0.id == "MT-SUCCESS-SHORT-WAIT" }?.unmodelled == why)
        #expect(renderMarkdown(result).contains("| medtime.unlock | `MT-SUCCESS-SHORT-WAIT` | \(why) |"))
        // The spec table's Rows counts these too, and says so (a trial added its column up against the rows that ran).
        #expect(renderMarkdown(result).contains("Rows counts every row of the spec, those that did not run here included"))
        #expect(renderHTML(result).contains("Rows counts every row of the spec, those that did not run here included"))
        let page = renderHTML(result)
        #expect(page.contains("<tr><td>medtime.unlock</td><td><code>MT-SUCCESS-SHORT-WAIT</code></td><td>\(why)</td></tr>"))
        #expect(page.contains("<a href=\"#unmodelled\">Rows that predict nothing (unmodelled)"))
        #expect(try decodeRunResult(try renderJSON(result)) == result)
        // A run with no such row has no such section.
        let none = try Self.run("launch-lock.triggers")
        #expect(!renderMarkdown(none).contains("Rows that predict nothing") && !renderHTML(none).contains("id=\"unmodelled\""))
    }
}
