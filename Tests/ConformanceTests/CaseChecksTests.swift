import Foundation
import SpecKit
import Testing
@testable import Conformance
import AppLockFixtures

/// Found by a product owner's trial (finding #3): the HTML report listed, per section, the rows citing it, but a passing
/// case showed only its ids and a ✓, so nobody could see what a row checks without opening the YAML. Each case now
/// carries its own row's steps (action and expected cells) through the JSON, `merge` and the reports.
@Suite("What each case checks")
struct CaseChecksTests {
    /// The stand-in's machine and scenario run through the runner, as `lockspec run` runs them (`shard`: one part).
    static func toyRun(_ bug: ToyFixture.Bug = .none, shard: (index: Int, count: Int)? = nil) throws -> RunResult {
        let sources = [(path: "toy.yaml", bytes: Array(toyMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8)),
                       (path: "toy-s.yaml", bytes: Array(toyScenarios.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))]
        let compilation = SpecCompiler(catalog: toyCatalog).compile(sources: sources)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let identity = ReportFixture.identity(shard: shard.map { "\($0.index)/\($0.count)" })
        return Runner(fixtures: ["toy": ToyFixture.self]).run(compilation.suite, selection: Runner.Selection(shard: shard),
                                                               identity: identity, today: "2025-01-01")
    }

    static func checks(_ run: RunResult, _ id: String) throws -> [CheckedStep] {
        let found = try #require(run.cases.first { $0.id == id })
        return try #require(found.checks)
    }

    static func cell(_ name: String, _ value: Value) -> CheckedStep.Cell { CheckedStep.Cell(name: name, expected: .value(value)) }

    @Test("a machine case reached by a path lists only its row's own step, not the steps of the rows that reach it")
    func machineCaseListsItsTargetOnly() throws {
        let run = try Self.toyRun()
        // T-FAIL-LOCK is reached by two failures (rows T-FAIL); the third is the row itself.
        var lock = CheckedStep(step: 2, action: "fail", expect: [
            Self.cell("state", .symbol("Locked")), Self.cell("failures", .int(3)), Self.cell("cover", .bool(false)),
            CheckedStep.Cell(name: "effects", expected: .effects([EffectPattern("lockout")])),
        ])
        // The situation it starts from: what the last path step expects, its effects left out.
        lock.before = [Self.cell("state", .symbol("Idle")), Self.cell("failures", .int(2)), Self.cell("cover", .bool(false))]
        let actual = try Self.checks(run, "T-FAIL-LOCK")
        #expect(actual == [lock], "\(actual.map(\.description))")
        #expect(lock.description == "from state = Idle, failures = 2, cover = false: fail → state = Locked, failures = 3, cover = false; effects: lockout")
        // The path to T-FAIL's second case runs T-FAIL itself once: still only the target step is the case's check.
        let second = try Self.checks(run, "T-FAIL[failures=1]")
        #expect(second.map(\.step) == [1] && second.first?.expect.first { $0.name == "failures" }?.expected == .value(.int(2)))
        #expect(try Self.checks(run, "T-FAIL").map(\.step) == [0])
        // A row that expects no effect says so: an empty multiset, not a missing cell.
        let wrong = try #require(try Self.checks(run, "T-UNLOCK-WRONG").first)
        #expect(wrong.action == "unlock(pin=wrong)" && wrong.expect.last == CheckedStep.Cell(name: "effects", expected: .effects([])))
        #expect(wrong.description == "from state = Locked, failures = 3, cover = false: unlock(pin=wrong) → state = Locked, failures = 3, cover = false; effects: (none)")
        #expect(renderHTML(run).contains("<span class=\"muted\">from state = Idle, failures = 2, cover = false:</span> <code>fail</code> → state = Locked"))
        // A row from the machine's start has no path, so no situation reached before it; it says it starts from the
        // machine's start, with the initial state (found by a trial, #14: such a row showed no "from" at all).
        let first = try #require(try Self.checks(run, "T-FAIL").first)
        #expect(first.before == nil && first.start == "Idle")
        #expect(first.description == "from the start (state = Idle): fail → state = Idle, failures = 1, cover = false; effects: announce(1)", "\(first.description)")
        #expect(renderHTML(run).contains("<span class=\"muted\">from the start (state = Idle):</span> <code>fail</code> → state = Idle, failures = 1"))
        // Only a machine's cases: a scenario's first step starts from a fresh fixture too, but its steps say all of it.
        #expect(try Self.checks(run, "T-S-PERSIST").allSatisfy { $0.start == nil && $0.before == nil })
    }

    @Test("a scenario lists every one of its steps, the unexpecting ones too, numbered as the runner counts them")
    func scenarioListsEveryStep() throws {
        let checks = try Self.checks(try Self.toyRun(), "T-S-PERSIST")
        #expect(checks.map(\.step) == Array(0...5))
        #expect(checks.map(\.action) == ["fail", "fail", "fail", "kill", "relaunch", "check"])
        #expect(checks.map(\.expect) == [[], [], [Self.cell("state", .symbol("Locked"))], [], [], [Self.cell("state", .symbol("Locked"))]])
        #expect(checks.map(\.description) == ["fail", "fail", "fail → state = Locked", "kill", "relaunch", "check → state = Locked"])
    }

    @Test("the checks are the cells the runner compares: a divergence at the row's own step shows the same names and expected contents")
    func checksAreTheComparedCells() throws {
        let run = try Self.toyRun(.wrongNextState)
        let failed = try #require(run.cases.first { $0.id == "T-FAIL-LOCK" })
        let d = try #require(failed.divergence)
        let check = try #require(failed.checks?.first)
        #expect(!d.onPath && d.step == check.step && d.action == check.action)
        #expect(d.cells.map { CheckedStep.Cell(name: $0.name, expected: $0.expected) } == check.expect)
    }

    @Test("the checks round-trip through the JSON result and through merging its shards")
    func roundTripAndMerge() throws {
        let whole = try Self.toyRun()
        let text = try renderJSON(whole)
        #expect(text.contains("\"checks\" : ["))
        let read = try decodeRunResult(text)
        #expect(read == whole && read.cases.allSatisfy { $0.checks?.isEmpty == false })
        // `lockspec merge` reads each shard's file, then merges.
        let parts = try (1...2).map { try decodeRunResult(try renderJSON(try Self.toyRun(shard: ($0, 2)))) }
        let merged = try mergeRunResults(parts)
        #expect(merged.cases == whole.cases)
        #expect(try decodeRunResult(try renderJSON(merged)).cases == whole.cases)
    }

    @Test("a result written before checks were recorded still reads, with none, and its tables have no Checks column")
    func oldResultReads() throws {
        let run = try Self.toyRun()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(try renderJSON(run).utf8)) as? [String: Any])
        object["format"] = 5
        object["cases"] = (object["cases"] as? [[String: Any]] ?? []).map { c in c.filter { $0.key != "checks" } }
        let old = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        #expect(!old.contains("\"checks\""))
        let read = try decodeRunResult(old)
        var expected = run
        for i in expected.cases.indices { expected.cases[i].checks = nil }
        #expect(read.cases == expected.cases)
        #expect(!(try renderJSON(read)).contains("\"checks\""))
        let page = renderHTML(read, diagrams: .hand)
        #expect(!page.contains("<th>Checks</th>") && page.contains("<th>Status</th>"))
    }

    @Test("a check's step no run reaches is result.invalid, so no report adds one to it")
    func impossibleCheckStep() throws {
        let text = try ResultDecodingTests.damaged { object in
            var cases = object["cases"] as? [[String: Any]] ?? []
            cases[0]["checks"] = [["step": Int.max, "action": "fail", "expect": [] as [Any]]]
            object["cases"] = cases
        }
        let e = try #require(ResultDecodingTests.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.description.hasPrefix("cases[0].checks[0].step: case 'G1' checks step \(Int.max), which is not a step number"))
    }

    /// `ReportFixture.run` with checks: L1 (passing) one step whose action, value and effect carry HTML specials; L2
    /// (passing) ten steps with a block of two repeated three times and a step taken twice; L3 (failing) two steps.
    static func reportRun() -> RunResult {
        var run = ReportFixture.run
        func set(_ id: String, _ checks: [CheckedStep]) {
            if let i = run.cases.firstIndex(where: { $0.id == id }) { run.cases[i].checks = checks }
        }
        set("L1", [CheckedStep(step: 0, action: "unlock(pin=<1&2>)", expect: [
            cell("state", .text("<b>\"x\"</b>")),
            CheckedStep.Cell(name: "effects", expected: .effects([EffectPattern("announce", [.init(nil, .value(.text("a<b")))])])),
        ])])
        let tap = CheckedStep(step: 0, action: "tap", expect: [cell("x", .int(1))]), back = CheckedStep(step: 0, action: "back", expect: [cell("x", .int(0))])
        let steps = [CheckedStep(step: 0, action: "launch", expect: [cell("front", .symbol("onboarding"))])]
            + Array([[tap, back], [tap, back], [tap, back]].joined())
            + [CheckedStep(step: 0, action: "kill", expect: []), CheckedStep(step: 0, action: "kill", expect: []),
               CheckedStep(step: 0, action: "relaunch", expect: [cell("front", .text(""))])]
        set("L2", steps.enumerated().map { n, s in CheckedStep(step: n, action: s.action, expect: s.expect) })
        set("L3", [CheckedStep(step: 2, action: "active(away=61s)", expect: [cell("state", .symbol("locked"))]),
                   CheckedStep(step: 3, action: "check", expect: [])])
        return run
    }

    @Test("HTML: each case's checks in its own column, escaped; a long list folded under 'N steps', repeated blocks as ×N; the badge's tooltip says what it ends by checking")
    func html() throws {
        let run = Self.reportRun()
        let page = renderHTML(run, diagrams: .hand)
        #expect(page.contains("<th>Source or decision</th><th>Checks</th><th>Status</th>"))
        #expect(page.contains("<td class=\"checks\"><code>unlock(pin=&lt;1&amp;2&gt;)</code> → state = &lt;b&gt;&quot;x&quot;&lt;/b&gt;; effects: announce(a&lt;b)</td>"))
        #expect(!page.contains("<1&2>") && !page.contains("<b>\"x\"</b>") && !page.contains("a<b"))
        #expect(page.contains("<td class=\"checks\"><details><summary>10 steps</summary><span class=\"muted\">1.</span> <code>launch</code> → front = onboarding<br>"
            + "<span class=\"muted\">2–7.</span> <span class=\"muted\">×3:</span> <code>tap</code> → x = 1 <span class=\"muted\">then</span> <code>back</code> → x = 0<br>"
            + "<span class=\"muted\">8–9.</span> <code>kill</code> <span class=\"muted\">×2</span><br>"
            + "<span class=\"muted\">10.</span> <code>relaunch</code> → front = &quot;&quot;</details></td>"))
        // A short list stays open, each line numbered by its step in the case.
        #expect(page.contains("<td class=\"checks\"><span class=\"muted\">3.</span> <code>active(away=61s)</code> → state = locked<br><span class=\"muted\">4.</span> <code>check</code></td>"))
        // A spec whose cases have no checks (a result written before them) has no column; one case without them, a dash.
        let gates = try #require(page.range(of: "<h3 id=\"spec--gates\">"))
        let gatesTable = page[gates.upperBound..<(try #require(page.range(of: "</table>", range: gates.upperBound..<page.endIndex))).lowerBound]
        #expect(gatesTable.contains("<th>Status</th>") && !gatesTable.contains("<th>Checks</th>"))
        var partial = run
        partial.cases[try #require(partial.cases.firstIndex { $0.id == "L2" })].checks = nil
        #expect(renderHTML(partial, diagrams: .hand).contains("§2.10</td><td class=\"na\">—</td><td class=\"pass\">conforms"))
        #expect(page.contains("title=\"launch-lock: 1 case, conforms; checks unlock(pin=&lt;1&amp;2&gt;) → state = &lt;b&gt;&quot;x&quot;&lt;/b&gt;; effects: announce(a&lt;b)\""))
        // A longer case's tooltip says what it ends by checking (its last step that expects something), numbered.
        #expect(page.contains("title=\"launch-lock: 1 case, conforms; checks relaunch → front = &quot;&quot; (step 10 of 10)\""))
        #expect(renderHTML(run, diagrams: .hand) == page)
        // The tooltip is one line of bounded length.
        var long = ReportFixture.passed
        long.checks = [CheckedStep(step: 0, action: "go", expect: [Self.cell("message", .text(String(repeating: "y", count: 300)))])]
        let title = HTMLPage.checksTitle(long)
        #expect(title == "; checks go → message = " + String(repeating: "y", count: HTMLPage.titleCheckLength - 1 - "go → message = ".count) + "…")
    }

    @Test("Markdown: a failing case says what its row checks, in one line; passing cases stay out of the summary")
    func markdown() throws {
        let markdown = renderMarkdown(Self.reportRun())
        // The same step the badge's tooltip names: the last that expects something, numbered among the case's steps.
        #expect(markdown.contains("  - the row ends by checking: `active(away=61s) → state = locked` (step 1 of 2; the HTML report lists them all)\n"))
        #expect(!markdown.contains("launch → front") && !markdown.contains("unlock(pin="))
        // A failing case whose set-up expects something too: the summary names its last check, not its first.
        var run = Self.reportRun()
        let failing = try #require(run.cases.firstIndex { $0.id == "L3" })
        run.cases[failing].checks = [CheckedStep(step: 0, action: "launch", expect: [Self.cell("front", .symbol("onboarding"))]),
                                     CheckedStep(step: 1, action: "kill", expect: []),
                                     CheckedStep(step: 2, action: "relaunch", expect: [Self.cell("front", .symbol("home"))]),
                                     CheckedStep(step: 3, action: "check", expect: [])]
        let closing = renderMarkdown(run)
        #expect(closing.contains("  - the row ends by checking: `relaunch → front = home` (step 3 of 4; the HTML report lists them all)\n"))
        #expect(!closing.contains("launch → front = onboarding"))
    }
}
