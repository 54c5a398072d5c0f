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
        #expect(sentence.hasPrefix("This run checked 5 rows (1 other row of those specs did not run: 1 not selected by --row or --shard) as 5 cases: a row is one line of a table"))
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

    @Test("the rows that did not run are counted by why, as the compiler recorded it: those that can never fire named first")
    func rowsNotRunByWhy() {
        func row(_ id: String, _ noCase: RowRecord.NoCase?) -> RowRecord {
            RowRecord(id: id, source: "m.md §1", decision: nil, line: 1, column: 5, noCase: noCase)
        }
        let rows = [row("A", nil), row("B", .neverFires), row("C", .neverFires), row("D", .neverFires), row("E", .neverFires),
                    row("F", .pastLimit), row("G", .unmodelled), row("H", nil)]
        let spec = CompiledSpec(id: "m", kind: .machine, title: "M", source: "m.md §1", fixture: "f", file: "specs/m.yaml",
                                sha256: ReportFixture.lockSHA, product: [], rows: rows, graph: nil)
        // A spec none of whose rows ran is not one of "those specs": its dead row is not counted.
        let idle = CompiledSpec(id: "n", kind: .decision, title: "N", source: "n.md §1", fixture: "f", file: "specs/n.yaml",
                                sha256: ReportFixture.gateSHA, product: [], rows: [row("Z", .neverFires)], graph: nil)
        let ran = CaseResult(id: "A", spec: "m", row: "A", source: "m.md §1", decision: nil, file: "specs/m.yaml", line: 1, column: 5,
                             status: .passed, steps: 1, divergence: nil, expectedReason: nil, exercised: ["A"])
        var result = RunResult(identity: ReportFixture.identity(), specs: [spec, idle], cases: [ran])
        #expect(ReportText.countsExplained(result).hasPrefix("This run checked 1 row (7 other rows of those specs did not run: "
            + "4 can never fire (lint warns of them): B, C, D and 1 more; 1 not checked, past the analysis limit (lint warns of it); "
            + "1 marked unmodelled; 1 not selected by --row or --shard) as 1 case: "))
        // The rows that can never fire are a warning line of their own beside the verdict, in every report read by a person.
        let dead = "4 rows can never fire, so no case checked them: B, C, D and 1 more (lint warns of each, check.dead-row, with why; lint --strict, as the gate runs it, fails on them)"
        #expect(ReportText.neverFiringRows(result) == dead)
        #expect(renderConsole(result, color: false).contains("\nwarning: " + dead + "\n"))
        #expect(renderMarkdown(result).contains("**" + Escape.markdown(dead) + "**"))
        #expect(renderHTML(result, diagrams: .hand).contains(Escape.html(dead)))
        result.notReached = 1
        #expect(ReportText.countsExplained(result).contains("; 1 not selected by --row or --shard, or not reached after --fail-fast stopped) as 1 case"))
        // One dead row alone is named in full; a run where every row ran says nothing of the others.
        result.specs = [CompiledSpec(id: "m", kind: .machine, title: "M", source: "m.md §1", fixture: "f", file: "specs/m.yaml",
                                     sha256: ReportFixture.lockSHA, product: [], rows: [row("A", nil), row("B", .neverFires)], graph: nil)]
        #expect(ReportText.countsExplained(result).hasPrefix("This run checked 1 row (1 other row of those specs did not run: 1 can never fire (lint warns of it): B) as 1 case: "))
        result.specs[0].rows.removeLast()
        #expect(ReportText.countsExplained(result).hasPrefix("This run checked 1 row as 1 case: "))
        #expect(ReportText.neverFiringRows(result) == nil && !renderConsole(result, color: false).contains("can never fire"))
    }

    @Test("a real run: rows marked unmodelled are counted as such, and a row copied under a new id is named as never firing, not as deselected")
    func realRunSaysWhy() throws {
        let specs = Self.root.appendingPathComponent("Tests/Samples/specs")
        var options = ConformanceRun.Options(paths: [specs.path], specs: ["medtime.unlock"])
        options.explore = false
        let unlock = try #require(ConformanceRun(options, registry: .standard).run().result)
        #expect(ReportText.countsExplained(unlock).contains(" rows (5 other rows of those specs did not run: 5 marked unmodelled) as "),
                "\(ReportText.countsExplained(unlock))")
        // gates.rating with LG-RATE-PLATFORM-CAP's condition written again at the end (hit: first): lint warns, the run names it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["gates.rating.yaml", "gates.product.yaml"] {
            try FileManager.default.copyItem(at: specs.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let rating = folder.appendingPathComponent("gates.rating.yaml")
        let text = try String(contentsOf: rating, encoding: .utf8)
        let platformCap = try #require(text.range(of: "  - id: LG-RATE-PLATFORM-CAP\n"))
        let lines = text[platformCap.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let rowLines = [lines[0]] + lines.dropFirst().prefix { $0.hasPrefix("    ") }
        let again = rowLines.joined(separator: "\n").replacingOccurrences(of: "LG-RATE-PLATFORM-CAP", with: "LG-RATE-CAP-AGAIN")
        try (text + (text.hasSuffix("\n") ? "" : "\n") + again + "\n").write(to: rating, atomically: true, encoding: .utf8)
        options = ConformanceRun.Options(paths: [folder.path])
        options.explore = false
        let outcome = ConformanceRun(options, registry: .standard).run()
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        #expect(!result.cases.contains { $0.row == "LG-RATE-CAP-AGAIN" })
        #expect(ReportText.countsExplained(result).contains(" (1 other row of those specs did not run: 1 can never fire (lint warns of it): LG-RATE-CAP-AGAIN) as "),
                "\(ReportText.countsExplained(result))")
    }

    @Test("with the exploration, the sentence's testcases add up to the JUnit file's total")
    func addsUpWithExploration() throws {
        let options = ConformanceRun.Options(paths: [Self.root.appendingPathComponent("Tests/Samples/specs").path], specs: ["launch-lock.triggers"])
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
        var options = ConformanceRun.Options(paths: [Self.root.appendingPathComponent("Tests/Samples/specs").path], specs: ["launch-lock.triggers"])
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
