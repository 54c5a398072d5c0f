import Foundation
import Testing
import SpecKit
import AppLockFixtures
@testable import Conformance

/// Rows, cases and JUnit testcases differ, and every report says so in the same sentence, with numbers that add up.
@Suite("Rows, cases and testcases in one sentence")
struct CountsSentenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each report's text, by name.
    static func reports(_ result: RunResult) throws -> [String: String] {
        ["console": renderConsole(result, color: false), "JUnit": renderJUnit(result), "JSON": try renderJSON(result),
         "Markdown": renderMarkdown(result), "HTML": renderHTML(result, diagrams: .hand)]
    }

    @Test("console, JUnit, JSON, Markdown and HTML carry the sentence (the hand-made run: no exploration)")
    func everyReport() throws {
        let run = ReportFixture.run
        let sentence = ReportText.countsExplained(run)
        #expect(sentence.hasPrefix("This run checked 5 rows (1 other row of those specs did not run: marked unmodelled, or not selected by --row or --shard) as 5 cases: a row is one line of a table"))
        #expect(sentence.hasSuffix("5 testcases here."))
        for (name, text) in try Self.reports(run) {
            #expect(text.contains(sentence) || text.contains(Escape.html(sentence)) || text.contains(Escape.markdown(sentence)),
                    "the \(name) report does not explain rows, cases and testcases")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(renderJSON(run).utf8)) as? [String: Any])
        #expect(json["countsExplained"] as? String == sentence)
        let junit = renderJUnit(run)
        #expect(junit.contains("<property name=\"lockspec.counts\" value=\"\(Escape.xml(sentence, attribute: true))\"/>"))
        // The console's last two lines: the sentence, then the summary.
        let lines = renderConsole(run, color: false).split(separator: "\n")
        #expect(lines.suffix(2).first.map(String.init) == sentence)
    }

    @Test("with the exploration, the sentence's testcases add up to the JUnit file's total")
    func addsUpWithExploration() throws {
        let options = ConformanceRun.Options(paths: [Self.root.appendingPathComponent("specs").path], specs: ["launch-lock.triggers"])
        let outcome = ConformanceRun(options, registry: .standard).run()
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        try #require(result.exploration != nil)
        let sentence = ReportText.countsExplained(result)
        let rows = ReportText.junitTestcases(result), explored = ReportText.junitExplorationTestcases(result)
        #expect(sentence.contains("\(rows) testcase\(rows == 1 ? "" : "s") here, plus \(explored) for the exploration"))
        let junit = renderJUnit(result)
        #expect(junit.contains("<testsuites name=\"lockspec\" tests=\"\(rows + explored)\""))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == rows + explored)
        for (name, text) in try Self.reports(result) {
            #expect(text.contains(sentence) || text.contains(Escape.html(sentence)) || text.contains(Escape.markdown(sentence)),
                    "the \(name) report does not explain rows, cases and testcases")
        }
    }

    @Test("a run's transition limit (lockspec run --max-transitions) stops the tour, is kept in the result, and the console says where it stopped")
    func maximumTransitions() throws {
        var options = ConformanceRun.Options(paths: [Self.root.appendingPathComponent("specs").path], specs: ["launch-lock.triggers"])
        options.maximumTransitions = 10
        let result = try #require(ConformanceRun(options, registry: .standard).run().result)
        #expect(result.exploration?.maximumTransitions == 10)
        let tour = try #require(result.exploration?.result.machines.first)
        #expect(tour.checked <= 10 && tour.limit?.hasSuffix("the most is 10)") == true, "\(tour)")
        #expect(renderConsole(result, color: false).contains("warning: launch-lock.triggers: \(tour.limit ?? "") [explore.limit]"))
        #expect(try decodeRunResult(renderJSON(result)).exploration?.maximumTransitions == 10)
        // The default is not written: a result of the default limit reads as before.
        let whole = try #require(ConformanceRun(.init(paths: options.paths, specs: options.specs), registry: .standard).run().result)
        let json = try renderJSON(whole)
        #expect(whole.exploration?.maximumTransitions == nil && !json.contains("maximumTransitions"))
    }
}
