import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SpecKit
@testable import Conformance
import AppLockFixtures

/// A small run built by hand: a machine spec with a graph and a decision spec; a pass, a divergence on the path,
/// an expected failure and an unexpected pass. Text carries XML/HTML specials so escaping is exercised.
enum ReportFixture {
    static let lockSHA = "aa11" + String(repeating: "0", count: 56) + "beef"
    static let gateSHA = "bb22" + String(repeating: "1", count: 56) + "cafe"

    static let lockSpec = CompiledSpec(
        id: "launch-lock", kind: .machine, title: "Launch lock", source: "launch-lock.md §1", fixture: "lock",
        file: "specs/launch-lock.yaml", sha256: lockSHA, product: [],
        rows: [
            RowRecord(id: "L1", source: "launch-lock.md §2.1", decision: nil, line: 10, column: 5),
            RowRecord(id: "L2", source: "launch-lock.md §2.10", decision: nil, line: 14, column: 5),
            RowRecord(id: "L3", source: "launch-lock.md §2.9", decision: nil, line: 18, column: 5),
            RowRecord(id: "L4", source: nil, decision: "grace <60s & \"quiet\" relock", line: 22, column: 5),
        ],
        graph: MachineGraph(states: ["locked", "unlocked", "away"], initial: "locked", edges: [
            .init(row: "L1", from: "locked", to: "unlocked", event: "unlock", guardText: "ok"),
            .init(row: "L2", from: "unlocked", to: "away", event: "background", guardText: ""),
            .init(row: "L3", from: "away", to: "locked", event: "active", guardText: "away >= 60s"),
            .init(row: "L4", from: "away", to: "unlocked", event: "active", guardText: "away < 60s"),
        ]))

    static let gateSpec = CompiledSpec(
        id: "gates", kind: .decision, title: "Launch gates", source: "gates.md §3", fixture: "gates",
        file: "specs/gates.yaml", sha256: gateSHA, product: [],
        rows: [
            RowRecord(id: "G1", source: "gates.md §3", decision: nil, line: 8, column: 5),
            RowRecord(id: "G2", source: nil, decision: "jailbreak → deny", line: 12, column: 5),
        ],
        graph: nil)

    static let passed = CaseResult(id: "L1", spec: "launch-lock", row: "L1", source: "launch-lock.md §2.1", decision: nil,
                                   file: "specs/launch-lock.yaml", line: 10, column: 5, status: .passed, steps: 1,
                                   divergence: nil, expectedReason: nil, exercised: ["L1"])
    static let passed2 = CaseResult(id: "L2", spec: "launch-lock", row: "L2", source: "launch-lock.md §2.10", decision: nil,
                                    file: "specs/launch-lock.yaml", line: 14, column: 5, status: .passed, steps: 2,
                                    divergence: nil, expectedReason: nil, exercised: ["L1", "L2"])
    static let failed = CaseResult(
        id: "L3", spec: "launch-lock", row: "L3", source: "launch-lock.md §2.9", decision: nil,
        file: "specs/launch-lock.yaml", line: 18, column: 5, status: .failed, steps: 3,
        divergence: Divergence(step: 1, action: "background", path: ["unlock(pin=ok)"], onPath: true, row: "L2",
                               line: 14, column: 5,
                               cells: [CellResult(name: "state", expected: .value(.symbol("away")), actual: .value(.text("<locked> & \"x\"")), ok: false),
                                       CellResult(name: "attempts", expected: .value(.int(0)), actual: .value(.int(0)), ok: true)],
                               error: "ctl\u{1}char"),
        expectedReason: nil, exercised: ["L1"])
    static let xfail = CaseResult(id: "G2", spec: "gates", row: "G2", source: nil, decision: "jailbreak → deny",
                                  file: "specs/gates.yaml", line: 12, column: 5, status: .expectedFailure, steps: 1,
                                  divergence: Divergence(step: 0, action: "decide(jailbroken=true)", path: [], onPath: false,
                                                         row: "G2", line: 12, column: 5,
                                                         cells: [CellResult(name: "allow", expected: .value(.bool(false)), actual: .value(.bool(true)), ok: false)],
                                                         error: nil),
                                  expectedReason: "core bug #12", exercised: [])
    static let unexpected = CaseResult(id: "G1", spec: "gates", row: "G1", source: "gates.md §3", decision: nil,
                                       file: "specs/gates.yaml", line: 8, column: 5, status: .unexpectedPass, steps: 1,
                                       divergence: nil, expectedReason: "flaky <gate>", exercised: [])

    static let build = BuildIdentity(commit: "0123456789abcdef", dirty: false, recordedAt: "2025-01-01T00:00:00Z")
    static let document = DocumentFingerprint(name: "gates.zh.md", sha256: String(repeating: "d", count: 64))

    static func identity(shard: String? = nil, lockSHA: String = lockSHA, build: BuildIdentity = build,
                         documents: [DocumentFingerprint] = [document]) -> RunIdentity {
        RunIdentity(tool: "lockspec 0.1.0", build: build, startedAt: "2025-01-02T03:04:05Z",
                    specs: [SpecFingerprint(id: "gates", file: "specs/gates.yaml", sha256: gateSHA),
                            SpecFingerprint(id: "launch-lock", file: "specs/launch-lock.yaml", sha256: lockSHA)],
                    documents: documents, shard: shard)
    }

    /// In suite order: spec id, then row line.
    static let run = RunResult(identity: identity(), specs: [gateSpec, lockSpec],
                               cases: [unexpected, xfail, passed, passed2, failed])
}

@Suite("Reports")
struct ReportsTests {
    let run = ReportFixture.run

    @Test("the summary counts every outcome and fails on divergences and unexpected passes")
    func summary() {
        let s = RunSummary(run)
        // The case count belongs to the cases; a run that did not explore says so.
        #expect(s.line == "2 passed, 2 failing (1 unexpected pass), 1 expected failure of 5 cases; exploration and random walks: not run")
        #expect(!s.holds)
        let clean = RunSummary(cases: [ReportFixture.passed, ReportFixture.xfail])
        #expect(clean.holds)
    }

    @Test("JSON round-trips through decodeRunResult and carries a summary")
    func jsonRoundTrip() throws {
        let text = try renderJSON(run)
        #expect(try decodeRunResult(text) == run)
        #expect(text.contains("\"summary\""))
        #expect(text.contains("\"unexpectedPasses\" : 1"))
        #expect(try renderJSON(run) == text)
    }

    @Test("merging two shards gives back the whole run in suite order")
    func mergeHalves() throws {
        let a = RunResult(identity: ReportFixture.identity(shard: "1/2"), specs: run.specs,
                          cases: [ReportFixture.failed, ReportFixture.xfail, ReportFixture.passed])
        let b = RunResult(identity: ReportFixture.identity(shard: "2/2"), specs: run.specs,
                          cases: [ReportFixture.passed2, ReportFixture.unexpected])
        let merged = try mergeRunResults([a, b])
        #expect(merged == run)
        #expect(try mergeRunResults([b, a]) == run)
        // Found by a bad-input trial: a shard whose spec's rows were mangled (same file, same hash) was said to differ
        // between "x sha256 H" and "x sha256 H".
        var edited = b
        edited.specs[0].rows[0].source = "changed"
        let spec = run.specs[0]
        #expect(throws: RunMergeError.specDiffers(spec: spec.id, first: "\(spec.file) sha256 \(spec.sha256)",
                                                  second: "the same file and sha256 with other compiled rows (a result edited, or written by another build of lockspec)")) {
            try mergeRunResults([a, edited])
        }
        // A re-check: the conflict was located at the first shard, whichever one differed.
        #expect(conflictingPart([a, edited]) == 1)
        #expect(conflictingPart([a, b]) == 0, "no conflict")
        #expect(conflictingPart([b, a]) == 0, "a later shard first is a missing one for the prefix, not a conflict")
    }

    @Test("shards keep their other inputs' fingerprints; one whose product file differs is refused; a result written before inputs were recorded reads with none")
    func mergeInputs() throws {
        let product = InputFingerprint(file: "specs/launch-lock.product.yaml", role: "product values of launch-lock", sha256: String(repeating: "a", count: 64))
        func part(_ shard: String, _ c: CaseResult, _ sha: String) -> RunResult {
            var identity = ReportFixture.identity(shard: shard)
            identity.inputs = [InputFingerprint(file: product.file, role: product.role, sha256: sha)]
            return RunResult(identity: identity, specs: run.specs, cases: [c])
        }
        let merged = try mergeRunResults([part("1/2", ReportFixture.failed, product.sha256), part("2/2", ReportFixture.passed, product.sha256)])
        #expect(merged.identity.inputs == [product])
        #expect(throws: RunMergeError.inputDiffers(file: product.file, first: product.sha256, second: String(repeating: "b", count: 64))) {
            try mergeRunResults([part("1/2", ReportFixture.failed, product.sha256), part("2/2", ReportFixture.passed, String(repeating: "b", count: 64))])
        }
        // Shards run alike, or not merged: one read an expected-failures file the other did not; one explored and the other not.
        var listed = part("2/2", ReportFixture.passed, product.sha256)
        listed.identity.inputs.append(InputFingerprint(file: "known.yaml", role: "expected failures", sha256: product.sha256))
        #expect(throws: RunMergeError.settingsDiffer("shards 1/2 and 2/2 read different files (known.yaml): an expected-failures file, say, given to one shard only; run every shard alike")) {
            try mergeRunResults([part("1/2", ReportFixture.failed, product.sha256), listed])
        }
        var explored = part("2/2", ReportFixture.passed, product.sha256)
        explored.exploration = RunExploration(result: ExplorationResult(machines: []), findings: [])
        #expect(throws: RunMergeError.settingsDiffer("shard 2/2 explored and shard 1/2 did not (--no-explore, or --fail-fast stopped it); run every shard alike")) {
            try mergeRunResults([part("1/2", ReportFixture.failed, product.sha256), explored])
        }
        // Both explored, one with a higher transition limit (lockspec run --max-transitions): not one run's tour.
        var first = part("1/2", ReportFixture.failed, product.sha256)
        first.exploration = RunExploration(result: ExplorationResult(machines: []), findings: [])
        var wider = explored
        wider.exploration?.maximumTransitions = 100_000
        #expect(throws: RunMergeError.settingsDiffer("shards 1/2 and 2/2 explored with the default limit and --max-transitions 100000; run every shard alike")) {
            try mergeRunResults([first, wider])
        }
        first.exploration?.maximumTransitions = 100_000
        #expect(try mergeRunResults([first, wider]).exploration?.maximumTransitions == 100_000)
        let text = try renderJSON(merged)
        #expect(text.contains("\"inputs\""))
        let old = text.replacing(#/"inputs" : \[[^\]]*\],?\s*/#, with: "")
        #expect(!old.contains("\"inputs\""))
        #expect(try decodeRunResult(old).identity.inputs.isEmpty)
        // A result a newer lockspec wrote is refused, not half read.
        #expect(text.contains("\"format\" : \(RunReportFormat.current),"))
        for format in ["99", "\"5\"", "0", "-1", "1.5", "null"] {
            let odd = text.replacingOccurrences(of: "\"format\" : \(RunReportFormat.current),", with: "\"format\" : \(format),")
            #expect(throws: RunResultDecodingError.self, "format \(format)") { try decodeRunResult(odd) }
        }
        #expect(throws: RunResultDecodingError.self) { try decodeRunResult(text.replacingOccurrences(of: "\"format\" : \(RunReportFormat.current),", with: "")) }
    }

    @Test("merging refuses a missing shard, a shard given twice, shards of two splits, and shards beside a whole run")
    func mergeRejectsIncompleteSplits() {
        func part(_ shard: String?, _ c: CaseResult) -> RunResult {
            RunResult(identity: ReportFixture.identity(shard: shard), specs: run.specs, cases: [c])
        }
        #expect(throws: RunMergeError.shardsMissing(count: 3, missing: [3])) {
            try mergeRunResults([part("1/3", ReportFixture.failed), part("2/3", ReportFixture.passed)])
        }
        #expect(throws: RunMergeError.shardTwice("1/2")) {
            try mergeRunResults([part("1/2", ReportFixture.failed), part("1/2", ReportFixture.passed)])
        }
        #expect(throws: RunMergeError.shardCountsDiffer("1/2", "2/3")) {
            try mergeRunResults([part("1/2", ReportFixture.failed), part("2/3", ReportFixture.passed)])
        }
        #expect(throws: RunMergeError.self) { try mergeRunResults([part("1/2", ReportFixture.failed), part(nil, ReportFixture.passed)]) }
        #expect("\(RunMergeError.shardsMissing(count: 3, missing: [3]))"
            == "shard 3/3 of 3 is missing: the merged run would report fewer cases than the suite has")
    }

    @Test("merging rejects a differing spec fingerprint, naming the spec")
    func mergeRejectsFingerprint() {
        let a = RunResult(identity: ReportFixture.identity(), specs: [], cases: [ReportFixture.passed])
        let b = RunResult(identity: ReportFixture.identity(lockSHA: String(repeating: "f", count: 64)), specs: [],
                          cases: [ReportFixture.failed])
        #expect(throws: RunMergeError.self) { try mergeRunResults([a, b]) }
        do {
            _ = try mergeRunResults([a, b])
        } catch {
            #expect("\(error)".contains("launch-lock"))
        }
    }

    @Test("merging refuses shards of different builds: another commit, or the same commit with uncommitted changes")
    func mergeRejectsBuilds() {
        let a = RunResult(identity: ReportFixture.identity(), specs: [], cases: [ReportFixture.passed])
        for other in [BuildIdentity(commit: "fedcba9876543210", dirty: false, recordedAt: "x"),
                      BuildIdentity(commit: "0123456789abcdef", dirty: true, recordedAt: "x")] {
            let b = RunResult(identity: ReportFixture.identity(build: other), specs: [], cases: [ReportFixture.failed])
            #expect(throws: RunMergeError.coreDiffers("0123456789abcdef", other.description)) { try mergeRunResults([a, b]) }
        }
    }

    @Test("merging keeps every design document the shards fingerprinted, and refuses one whose SHA-256 differs")
    func mergeDocuments() throws {
        let other = DocumentFingerprint(name: "lock.zh.md", sha256: String(repeating: "e", count: 64))
        let a = RunResult(identity: ReportFixture.identity(documents: [ReportFixture.document]), specs: [], cases: [ReportFixture.passed])
        let b = RunResult(identity: ReportFixture.identity(documents: [other]), specs: [], cases: [ReportFixture.failed])
        #expect(try mergeRunResults([b, a]).identity.documents == [ReportFixture.document, other])
        let changed = DocumentFingerprint(name: "gates.zh.md", sha256: String(repeating: "0", count: 64))
        let c = RunResult(identity: ReportFixture.identity(documents: [changed]), specs: [], cases: [ReportFixture.failed])
        #expect(throws: RunMergeError.documentDiffers(document: "gates.zh.md", first: ReportFixture.document.sha256, second: changed.sha256)) {
            try mergeRunResults([a, c])
        }
    }

    @Test("the JSON, HTML and Markdown identity name the build under test and every design document's SHA-256")
    func identityInReports() throws {
        let dirty = RunResult(identity: ReportFixture.identity(build: BuildIdentity(commit: "0123456789abcdef", dirty: true, recordedAt: "2025-01-01T00:00:00Z")),
                              specs: run.specs, cases: run.cases)
        let json = try renderJSON(dirty)
        #expect(json.contains("\"commit\" : \"0123456789abcdef\""))
        #expect(json.contains("\"dirty\" : true"))
        #expect(json.contains("\"name\" : \"gates.zh.md\""))
        #expect(json.contains(ReportFixture.document.sha256))
        let html = renderHTML(dirty)
        #expect(html.contains("<tr><th>Build under test</th><td><code>0123456789abcdef (uncommitted changes)</code>"))
        #expect(html.contains("<tr><td>gates.zh.md</td><td><code>\(ReportFixture.document.sha256)</code></td></tr>"))
        let markdown = renderMarkdown(dirty)
        #expect(markdown.contains("- build under test: `0123456789abcdef (uncommitted changes)` (recorded at build time, 2025-01-01T00:00:00Z)\n"))
        #expect(markdown.contains("- document `gates.zh.md` sha256 `dddddddddddd`\n"))
        #expect(try decodeRunResult(json) == dirty)
    }

    @Test("merging rejects a case that appears in two shards, and an empty list")
    func mergeRejectsDuplicates() {
        let a = RunResult(identity: ReportFixture.identity(), specs: [], cases: [ReportFixture.passed])
        #expect(throws: RunMergeError.duplicateCase(spec: "launch-lock", id: "L1")) { try mergeRunResults([a, a]) }
        #expect(throws: RunMergeError.noParts) { try mergeRunResults([]) }
    }

    @Test("JUnit: one testcase per case, well-formed, right failure counts, escaped")
    func junit() throws {
        let xml = renderJUnit(run)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == run.cases.count)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == 1)
        #expect(xml.contains("<testsuites name=\"lockspec\" tests=\"5\" failures=\"2\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("type=\"divergence\""))
        #expect(xml.contains("type=\"unexpected-pass\""))
        #expect(xml.contains("&lt;locked&gt; &amp; &quot;x&quot;"))
        #expect(!xml.contains("\u{1}"))
        #expect(xml.contains("file=\"specs/launch-lock.yaml\" line=\"18\""))
        #expect(xml.contains("value=\"\(ReportFixture.lockSHA)\""))

        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "parse error: \(String(describing: parser.parserError))")
        #expect(collector.counts["testcase"] == 5)
        #expect(collector.counts["testsuite"] == 2)
        #expect(collector.failureText.contains("state"))
        #expect(collector.failureText.contains("<locked> & \"x\""))
    }

    @Test("console: every finding in full, the rerun command, and the summary line")
    func console() {
        let text = renderConsole(run, color: false)
        #expect(text.contains("lockspec run specs --row L3"))
        #expect(text.contains("while reaching the row, step 2 (row L2) diverged"))
        #expect(text.contains("specs/launch-lock.yaml:18:5"))
        #expect(text.contains("1. unlock(pin=ok)"))
        #expect(text.contains("fixture error: ctl"))
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("2 passed, 2 failing") })
        #expect(!text.contains("\u{1B}["))
        #expect(renderConsole(run, color: true).contains("\u{1B}[31m"))
    }

    /// From a lint-against-run hunt: a failing scenario of about 100,000 steps printed its whole path on one line.
    @Test("a long path shows its first 10 and last 20 steps and how many between, in the console and the HTML; 40 steps show in full")
    func longPath() {
        var run = run
        let i = run.cases.firstIndex { $0.id == "L3" }!
        run.cases[i].divergence!.path = (1...100).map { "step\($0)" }
        let console = renderConsole(run, color: false), html = renderHTML(run)
        for text in [console, html] {
            #expect(text.contains("1. step1 → 2. step2"))
            #expect(text.contains("10. step10 → … 70 steps … → 81. step81 → 82. step82"))
            #expect(text.contains("100. step100"))
            #expect(!text.contains("11. step11") && !text.contains("80. step80"))
        }
        run.cases[i].divergence!.path = (1...40).map { "step\($0)" }
        #expect(renderConsole(run, color: false).contains((1...40).map { "\($0). step\($0)" }.joined(separator: " → ")))
    }

    /// From a product owner's trial: `✗ builtInGrace  expected 30s  actual 1m`, two units for one comparison.
    @Test("a failing check shows its expected and actual durations in one unit, the largest dividing both, in every report")
    func durationsAlike() throws {
        var grace = run
        let cells = [CellResult(name: "builtInGrace", expected: .value(.duration(milliseconds: 30_000)), actual: .value(.duration(milliseconds: 60_000)), ok: false),
                     CellResult(name: "away", expected: .value(.duration(milliseconds: 60_000)), actual: .value(.duration(milliseconds: 60_000)), ok: true)]
        let i = try #require(grace.cases.firstIndex { $0.id == "L3" })
        grace.cases[i].divergence?.cells = cells
        grace.cases[i].divergence?.error = nil
        #expect(cells[0].shown == ("30s", "60s") && cells[1].shown == ("1m", "1m"), "an agreeing cell is written as before")
        let console = renderConsole(grace, color: false)
        #expect(console.contains("    ✗ builtInGrace  expected 30s  actual 60s\n      away          expected 1m   actual 1m\n"), "\(console)")
        #expect(renderMarkdown(grace).contains("  - builtInGrace: expected `30s`, actual `60s`\n"))
        let page = renderHTML(grace)
        #expect(page.contains("<td><code>builtInGrace</code></td><td>30s</td><td>60s</td>"))
        #expect(page.contains("<span class=\"exp\">expected 30s</span><br><span class=\"act\">actual 60s</span>"))
        #expect(renderJUnit(grace).contains("builtInGrace: expected 30s, actual 60s"))
        #expect(renderJUnit(grace).contains("✗ builtInGrace  expected 30s  actual 60s"))
        #expect(renderGitHubAnnotations(grace).contains("builtInGrace: expected 30s, actual 60s"))
        #expect(ReportText.divergenceInBrief(grace.cases[i]) == "step 2 background: builtInGrace expected 30s, actual 60s")
        for text in [console, renderMarkdown(grace), page, renderJUnit(grace), renderGitHubAnnotations(grace)] {
            #expect(!text.contains("actual 1m<") && !text.contains("actual `1m`") && !text.contains("30s, actual 1m") && !text.contains("30s  actual 1m"))
        }
    }

    @Test("Markdown: headline, a table row per spec, findings with cells and rerun commands")
    func markdown() {
        let text = renderMarkdown(run)
        #expect(text.hasPrefix("## LockSpec conformance: FAIL"))
        #expect(text.contains("2 passed, 2 failing (1 unexpected pass), 1 expected failure of 5 cases"))
        // An expected failure shows what it tolerates, not only why.
        #expect(text.contains("| `G2` | `G2` | core bug #12 | — | expected failure | step 1 decide(jailbroken=true): allow expected false, actual true |"), "\(text)")
        #expect(renderHTML(run).contains("<td>step 1 decide(jailbroken=true): allow expected false, actual true</td></tr>"))
        #expect(text.contains("This run checked 5 rows (1 other row of those specs did not run: 1 not selected by --row or --shard) as 5 cases"))
        #expect(text.contains("| launch-lock | 4 | 3 | 2 | 1 | 0 |"))
        #expect(text.contains("| gates | 2 | 2 | 0 | 1 | 1 |"))
        #expect(text.contains("- state: expected `away`, actual `<locked> & \"x\"`"))
        #expect(text.contains("| `G2` | `G2` | core bug #12 | — | expected failure |"))
        #expect(text.contains("### Coverage by document and section"))
        #expect(text.contains("### Decision register"))
        // Its marks are explained, as the HTML explains its italics (an auditor trial met an unexplained "also").
        #expect(text.contains("after \"also\", rows that mention it beside their own decision"))
        #expect(text.contains("`lockspec run specs --row L3`"))
        #expect(text.contains("`lockspec run specs --row G1`"))
        #expect(text.contains(String(ReportFixture.lockSHA.prefix(12))))
        let passing = RunResult(identity: run.identity, specs: run.specs, cases: [ReportFixture.passed])
        #expect(renderMarkdown(passing).hasPrefix("## LockSpec conformance: PASS"))
    }

    @Test("HTML: self-contained, escaped, verdict and identity first, then failures, sections, decisions, tables, a diagram")
    func html() throws {
        let page = renderHTML(run)
        if let path = ProcessInfo.processInfo.environment["LOCKSPEC_WRITE_HTML"] {
            try page.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<span class=\"headline fail\">FAIL</span>"))
        // The auditor's order: verdict and identity, contents, failures, expected failures, sections, decisions, tables.
        let order = ["class=\"headline fail\"", "<th>Build under test</th>", "id=\"contents\"", "id=\"failures\"", "id=\"expected\"",
                     "id=\"documents\"", "id=\"decisions\"", "id=\"summary\"", "id=\"tables\"", "id=\"machines\"", "id=\"identity\""]
        let positions = try order.map { try #require(page.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
        // Every link of the contents (and every other in-page link) resolves to an id on the page.
        let ids = Set(Self.attributes("id", in: page))
        for href in Self.attributes("href", in: page) where href.hasPrefix("#") {
            #expect(ids.contains(String(href.dropFirst())), "no id for \(href)")
        }
        #expect(page.contains("<td class=\"fail\"><span class=\"exp\">expected away</span>"))
        #expect(page.contains("<tr class=\"differs\"><td><code>state</code></td><td>away</td><td>&lt;locked&gt; &amp; &quot;x&quot;</td>"))
        #expect(page.contains("&lt;locked&gt; &amp; &quot;x&quot;"))
        #expect(!page.contains("<locked>"))
        #expect(page.contains("grace &lt;60s &amp; &quot;quiet&quot; relock"))
        #expect(page.contains(ReportFixture.lockSHA) && page.contains(ReportFixture.gateSHA))
        #expect(page.contains("0123456789abcdef"))
        #expect(page.contains("This run checked 5 rows (1 other row of those specs did not run: 1 not selected by --row or --shard) as 5 cases"))
        #expect(page.contains("<svg"))
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("https://"))
        #expect(!page.contains("<script"))
        #expect(page.contains("@media print"))
        // Sections in natural order: §2.1, §2.9, §2.10.
        let sections = try #require(page.range(of: "id=\"documents\"")).upperBound
        let s21 = try #require(page.range(of: ">§2.1<", range: sections..<page.endIndex))
        let s29 = try #require(page.range(of: ">§2.9<", range: sections..<page.endIndex))
        let s210 = try #require(page.range(of: ">§2.10<", range: sections..<page.endIndex))
        #expect(s21.lowerBound < s29.lowerBound && s29.lowerBound < s210.lowerBound)
        #expect(renderHTML(run) == page)
    }

    @Test("a section's documented product values: agreeing, differing with a decision (in the register), differing without one (beside the verdict)")
    func documentedValues() throws {
        var withValues = run
        let outline = DocumentOutline(name: "launch-lock.md", text: "1. One\n2. Two\n2.1. A\n2.9. B\n2.10. C\n3. Three\n4. Four\n")
        func product(_ value: Binding) -> ProductFile {
            var p = ProductFile(id: "ll.product", title: "P", source: "launch-lock.md §2", fixture: "lock", product: [value],
                                file: "specs/ll.product.yaml", location: .init(file: "specs/ll.product.yaml", line: 1, column: 1))
            p.documented = [DocumentedValue(name: "grace", value: .duration(milliseconds: 60_000), written: "60s", citation: Citation(document: "launch-lock.md", section: "2"),
                                            quote: "<60 s>", location: .init(file: "specs/ll.product.yaml", line: 9, column: 3),
                                            quoteLocation: .init(file: "specs/ll.product.yaml", line: 9, column: 40))]
            return p
        }
        let at = SpecKit.SourceLocation(file: "specs/ll.product.yaml", line: 7, column: 10)
        func render(_ value: Binding) -> (page: String, markdown: String, console: String, register: DecisionRegister) {
            withValues.sections = SectionCoverage(specs: run.specs, outlines: [outline], reasons: SectionReasons(), products: [product(value)])
            return (renderHTML(withValues), renderMarkdown(withValues), renderConsole(withValues, color: false), DecisionRegister(withValues))
        }
        let agrees = render(Binding(name: "grace", value: .duration(milliseconds: 60_000), location: at))
        #expect(agrees.page.contains("lock product value grace = 60s, as the document says (&quot;&lt;60 s&gt;&quot;)"))
        #expect(ReportText.documentedValueGap(withValues) == nil && !agrees.console.contains("Product values:"))
        let decided = render(Binding(name: "grace", value: .duration(milliseconds: 30_000), location: at, decision: "D-SHORT: shorter"))
        #expect(decided.page.contains("<span class=\"note xfail\">lock product value grace = 30s, where the document says 60s (&quot;&lt;60 s&gt;&quot;): D-SHORT: shorter</span>"))
        #expect(decided.markdown.contains("where the document says 60s"))
        let note = try #require(decided.register.decisions.first { $0.id == "D-SHORT" }?.sections.first, "the product decision is in the register")
        #expect(note.section == "2" && note.text == "lock product value grace = 30s, where the document says 60s (\"<60 s>\"): D-SHORT: shorter")
        #expect(ReportText.documentedValueGap(withValues) == nil)
        let open = render(Binding(name: "grace", value: .duration(milliseconds: 30_000), location: at))
        #expect(open.page.contains("<span class=\"note fail\">lock product value grace = 30s, where the document says 60s (&quot;&lt;60 s&gt;&quot;), and no decision says why"))
        let gap = try #require(ReportText.documentedValueGap(withValues))
        #expect(gap.hasSuffix(": lock grace = 30s (the document says 60s)"), "\(gap)")
        #expect(open.page.contains("<p class=\"verdict-note fail\"><a href=\"#documents\">Product values: 1 value differs"))
        #expect(open.markdown.contains("**Product values: 1 value differs") && open.console.contains("\nProduct values: 1 value differs"))
        // A run of another fixture's specs says nothing of lock's values (the eighth trial: a run of gates.update did).
        var elsewhere = withValues
        elsewhere.specs = elsewhere.specs.map { var s = $0; s.fixture = "elsewhere"; return s }
        #expect(!withValues.cases.isEmpty && ReportText.documentedValueGap(elsewhere) == nil)
    }

    @Test("HTML: every section of a document with its rows or its reason; each decision once with its rows")
    func htmlSectionsAndDecisions() throws {
        var withSections = run
        let outline = DocumentOutline(name: "launch-lock.md", text: "1. One\n2. Two\n2.1. A\n2.9. B\n2.10. C\n3. Three\n4. Four\n")
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [.init(document: "launch-lock.md", section: "3", reason: "layout <only>", line: 2, column: 3)])
        withSections.sections = SectionCoverage(specs: run.specs, outlines: [outline], reasons: reasons)
        let page = renderHTML(withSections)
        #expect(page.contains("not covered: layout &lt;only&gt;"))
        #expect(page.contains("not covered, and no reason recorded"))
        #expect(page.contains("through its subsections"))
        #expect(page.contains("href=\"#doc--launch-lock.md\""))
        // Beside the verdict, not only inside the section tables: the rows' PASS does not cover a section without rows.
        let gap = try #require(ReportText.traceabilityGap(withSections))
        #expect(gap.hasPrefix("Traceability: "), "\(gap)")
        #expect(page.contains("<p class=\"verdict-note fail\"><a href=\"#documents\">Traceability: "))
        #expect(renderMarkdown(withSections).contains("**Traceability: "))
        #expect(renderConsole(withSections, color: false).contains("\nTraceability: "))
        #expect(ReportText.traceabilityGap(run) == nil)
        let register = DecisionRegister(run)
        #expect(register.decisions.map(\.id) == ["grace <60s & \"quiet\" relock", "jailbreak → deny"])
        let mixed = DecisionRegister.ids(in: "D-MT-TIERS: the block starts (D-MT-COUNTDOWN); no D-MT-EFFECTS here")
        #expect(mixed == ["D-MT-TIERS", "D-MT-COUNTDOWN", "D-MT-EFFECTS"])
        #expect(DecisionRegister.split("D-X: why").id == "D-X" && DecisionRegister.split("D-X: why").text == "why")
        // From a design-document audit: a decision stated second in a row's text (`D-A: …; D-B: …`) is stated, with its
        // own words, not only "mentioned by other decisions".
        let stated = DecisionRegister.statements("D-A: one; still one (D-C); D-B: two")
        #expect(stated.map(\.id) == ["D-A", "D-B"] && stated.map(\.text) == ["one; still one (D-C)", "two"])
        #expect(DecisionRegister.statements("a leading note; D-B: two").map(\.text) == ["two"], "a leading part without an id states nothing")
    }

    /// A run whose product file sets lock's grace with D-SHORT (rows L3 and L4 read it; L4's own decision also states
    /// D-SHORT), and whose gates spec sets its own depth with D-G, which mentions D-SHORT (row G1 reads it).
    static func decidedRun() -> RunResult {
        let (lockSpec, gateSpec) = (ReportFixture.lockSpec, ReportFixture.gateSpec)
        var decided = ReportFixture.run
        decided.specs[1].rows[3].decision = "D-SHORT: the row's own words"
        let ref = { (spec: CompiledSpec, row: Int) in
            SectionCoverage.RowReference(spec: spec.id, row: spec.rows[row].id, file: spec.file, line: spec.rows[row].line, column: 5)
        }
        decided.productDecisions = [
            ProductDecision(fixture: "lock", spec: nil, name: "grace", value: .duration(milliseconds: 30_000), decision: "D-SHORT: shorter",
                            file: "specs/lock.product.yaml", line: 7, rows: [ref(lockSpec, 2), ref(lockSpec, 3)]),
            ProductDecision(fixture: "gates", spec: "gates", name: "depth", value: .int(2), decision: "D-G: deeper (D-SHORT)",
                            file: "specs/gates.yaml", line: 6, rows: [ref(gateSpec, 0)]),
        ]
        return decided
    }

    @Test("the register lists a product value's decision with the value and the rows that read it, after the rows whose own decision names it")
    func productDecisionsInRegister() throws {
        let decided = Self.decidedRun()
        let register = DecisionRegister(decided)
        let short = try #require(register.decisions.first { $0.id == "D-SHORT" })
        #expect(short.texts == ["the row's own words", "shorter"])
        try #require(short.rows.map(\.row) == ["L4", "L3", "G1"], "L4 relies on it by its own decision, and is not listed again for reading the grace")
        #expect(short.rows.map(\.reads) == [nil, "grace", "depth"] && short.rows.map(\.primary) == [true, true, false])
        #expect(short.rows[1].results == [.failed])
        #expect(short.values?.map(\.name) == ["grace", "depth"] && short.values?.map(\.spec) == [nil, "gates"])
        let g = try #require(register.decisions.first { $0.id == "D-G" })
        #expect(g.texts == ["deeper (D-SHORT)"] && g.rows.map(\.row) == ["G1"] && g.rows.map(\.primary) == [true])
        let markdown = renderMarkdown(decided)
        #expect(markdown.contains("| `D-SHORT` | the row's own words / shorter / sets lock product value grace = 30s for every lock spec that does not set its own (specs/lock.product.yaml:7) / sets product value depth = 2 for gates alone (specs/gates.yaml:6) | `L4` (not run); reading grace: `L3` (diverged); reading depth: also `G1` (unexpected pass) |"), "\(markdown)")
        #expect(markdown.contains("| `D-G` | deeper (D-SHORT) / sets product value depth = 2 for gates alone (specs/gates.yaml:6) | reading depth: `G1` (unexpected pass) |"))
        let page = renderHTML(decided)
        #expect(page.contains("shorter<hr><span class=\"muted\">Sets</span> lock product value grace = 30s for every lock spec that does not set its own (specs/lock.product.yaml:7)<hr>"))
        #expect(page.contains("<br><span class=\"muted\">reading grace:</span> <a class=\"badge fail\" href=\"#case--launch-lock--L3\""), "\(page)")
        // Without product decisions, nothing of it is written: no key in the JSON, and the register as before.
        let plain = try renderJSON(run)
        #expect(!plain.contains("\"productDecisions\"") && !plain.contains("\"reads\"") && !plain.contains("\"values\""))
        #expect(DecisionRegister(run).decisions.allSatisfy { $0.values == nil && $0.rows.allSatisfy { $0.reads == nil } })
    }

    @Test("the product decisions survive the JSON results and a merge of shards")
    func productDecisionsRoundTrip() throws {
        let decided = Self.decidedRun()
        let text = try renderJSON(decided)
        #expect(text.contains("\"productDecisions\"") && text.contains("\"reads\" : \"grace\""))
        let read = try decodeRunResult(text)
        #expect(read.productDecisions == decided.productDecisions)
        #expect(try renderJSON(read) == text, "read back, the result writes the same report")
        var one = decided, two = decided
        one.identity.shard = "1/2"; one.cases = decided.cases.filter { $0.spec == "gates" }
        two.identity.shard = "2/2"; two.cases = decided.cases.filter { $0.spec != "gates" }
        two.productDecisions = nil
        #expect(try mergeRunResults([one, two]).productDecisions == decided.productDecisions)
        #expect(try mergeRunResults([two, one]).productDecisions == decided.productDecisions)
        // A result written before product decisions were recorded reads as having none.
        let old = text.replacing(#/"productDecisions" : \[.*?\n  \],\s*/#.dotMatchesNewlines(), with: "")
        #expect(!old.contains("\"productDecisions\""))
        #expect(try decodeRunResult(old).productDecisions == nil)
    }

    @Test("a section covered in part: counted as covered 'only in part', with what its rows leave out; a decision only the reasons file names is in the register")
    func partlyCoveredSection() throws {
        var withSections = run
        let outline = DocumentOutline(name: "launch-lock.md", text: "1. One\n2. Two\n2.1. A\n2.9. B\n2.10. C\n3. Three\n4. Four\n")
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "launch-lock.md", section: "2.1", reason: "the server compare is overridden (D-LOCAL)", partly: true, line: 2, column: 3),
            .init(document: "launch-lock.md", section: "3", reason: "layout", line: 4, column: 3),
        ])
        withSections.sections = SectionCoverage(specs: run.specs, outlines: [outline], reasons: reasons)
        let one = try #require(withSections.sections?.documents.first { $0.name == "launch-lock.md" }?.sections.first { $0.id == "2.1" })
        try #require(one.status == .partly, "the fixture's row L1 cites §2.1")
        let page = renderHTML(withSections)
        #expect(page.contains(", in part; not covered: the server compare is overridden (D-LOCAL)"))
        #expect(page.contains("covered by rows (1 of them only in part)"))
        let markdown = renderMarkdown(withSections)
        #expect(markdown.contains("covered by rows (1 of them only in part)"))
        #expect(markdown.contains("| `D-LOCAL` | recorded for launch-lock.md §2.1: the server compare is overridden (D-LOCAL) | no row relies on it |"))
        let register = DecisionRegister(withSections)
        let local = try #require(register.decisions.first { $0.id == "D-LOCAL" })
        #expect(local.rows.isEmpty && local.texts.isEmpty)
        #expect(local.sections == [.init(document: "launch-lock.md", section: "2.1", text: "the server compare is overridden (D-LOCAL)")])
        #expect(page.contains("Recorded for launch-lock.md §2.1:</span> the server compare is overridden (D-LOCAL)"))
        #expect(DecisionRegister(run).decisions.allSatisfy { $0.sections.isEmpty }, "without sections nothing is recorded")
    }

    /// Every value of an attribute in a page.
    static func attributes(_ name: String, in page: String) -> [String] {
        page.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    @Test("coverage: rows exercised by passed cases only; states, transitions and guard outcomes")
    func coverage() throws {
        let c = try #require(MachineCoverage(spec: ReportFixture.lockSpec, cases: run.cases))
        #expect(c.coveredRows == ["L1", "L2"])
        #expect(c.visitedStates == ["locked", "unlocked", "away"])
        #expect(c.coveredEdges == 2 && c.edges == 4)
        #expect(c.guards.count == 1)
        #expect(c.guards.first?.from == "away" && c.guards.first?.coveredCount == 0 && c.guards.first?.rows.count == 2)
        #expect(MachineCoverage(spec: ReportFixture.gateSpec, cases: run.cases) == nil)
    }

    @Test("XML escaping replaces characters XML 1.0 forbids and keeps line breaks in attributes")
    func xmlEscape() {
        #expect(Escape.xml("a\u{1B}[31mb", attribute: false) == "a\\u{1b}[31mb")
        #expect(Escape.xml("x\ny'", attribute: true) == "x&#10;y&apos;")
    }
}

/// Counts elements and gathers failure bodies while parsing.
final class XMLCollector: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var failureText = ""
    private var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        counts[name, default: 0] += 1
        if name == "failure" { inFailure = true }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}

@Suite("JUnit: one testcase per row")
struct JUnitRowTests {
    static func variant(_ id: String, _ status: CaseStatus) -> CaseResult {
        CaseResult(id: id, spec: "launch-lock", row: "L3", source: "launch-lock.md §2.9", decision: nil,
                   file: "specs/launch-lock.yaml", line: 18, column: 5, status: status, steps: 2,
                   divergence: status == .failed ? ReportFixture.failed.divergence : nil, expectedReason: nil, exercised: ["L3"])
    }

    @Test("a machine row that ran as several cases is one testcase, failing when any case fails; matrix cells stay apart")
    func variantsFold() throws {
        let matrix = CompiledSpec(id: "m", kind: .matrix, title: "m", source: "m.md §1", fixture: "m", file: "specs/m.yaml",
                                  sha256: ReportFixture.gateSHA, product: [],
                                  rows: [RowRecord(id: "M1", source: "m.md §1", decision: nil, line: 3, column: 5)], graph: nil)
        let cells = ["M1[a=x]", "M1[a=y]"].map {
            CaseResult(id: $0, spec: "m", row: "M1", source: "m.md §1", decision: nil, file: "specs/m.yaml", line: 3, column: 5,
                       status: .passed, steps: 1, divergence: nil, expectedReason: nil, exercised: ["M1"])
        }
        let run = RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec, matrix],
                            cases: [Self.variant("L3", .passed), Self.variant("L3[phase=inactive]", .failed)] + cells)
        let xml = renderJUnit(run)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("name=\"L3\""))
        #expect(!xml.contains("name=\"L3[phase=inactive]\""))
        #expect(xml.contains("name=\"M1[a=x]\"") && xml.contains("name=\"M1[a=y]\""))
        #expect(xml.contains("<testsuites name=\"lockspec\" tests=\"3\" failures=\"1\""))
        #expect(xml.contains("ran 2 cases: L3, L3[phase=inactive]"))
        let allPass = RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec],
                                cases: [Self.variant("L3", .passed), Self.variant("L3[phase=inactive]", .passed)])
        #expect(renderJUnit(allPass).contains("failures=\"0\""))
    }
}

@Suite("Reports: effects rendered from typed values")
struct EffectReportsTests {
    static let expected: [EffectPattern] = [
        EffectPattern("analytics", [.init(nil, .value(.symbol("pin_success"))), .init("time_ms", .any)]),
        EffectPattern("announce", [.init(nil, .value(.text("Hola, mundo")))]),
    ]
    static let emitted: [Effect] = [
        Effect("analytics", [.init(.symbol("pin_success")), .init("time_ms", .int(812))]),
        Effect("announce", [.init(.text("Hola mundo"))]),
    ]
    static var run: RunResult {
        let failed = CaseResult(
            id: "L3", spec: "launch-lock", row: "L3", source: "launch-lock.md §2.9", decision: nil,
            file: "specs/launch-lock.yaml", line: 18, column: 5, status: .failed, steps: 1,
            divergence: Divergence(step: 0, action: "unlock", path: [], onPath: false, row: "L3", line: 18, column: 5,
                                   cells: [CellResult(name: "effects", expected: .effects(expected), actual: .emitted(emitted), ok: false)],
                                   error: nil),
            expectedReason: nil, exercised: [])
        return RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec], cases: [failed])
    }

    /// Found by a re-trial: a cell the fixture could not read was annotated "diverges from the core".
    @Test("a GitHub annotation says a fixture error is one, and a divergence a divergence")
    func annotationNamesFixtureErrors() {
        #expect(annotationMessage(ReportFixture.failed).hasPrefix("row L3 could not be checked (a fixture error) at step 2"))
        var unread = ReportFixture.failed
        unread.divergence?.error = nil
        unread.divergence?.cells = [CellResult(name: "kdfMemoryKiB", expected: .value(.int(264)), actual: .error("the store cannot be read"), ok: false)]
        #expect(annotationMessage(unread).hasPrefix("row L3 could not be checked (a fixture error) at step 2 (background), while reaching the row, on row L2: kdfMemoryKiB: expected 264, actual (fixture error: the store cannot be read)"))
        var diverged = unread
        diverged.divergence?.cells = [CellResult(name: "state", expected: .value(.symbol("away")), actual: .value(.symbol("locked")), ok: false)]
        #expect(annotationMessage(diverged).hasPrefix("row L3 diverges from the core at step 2"))
    }

    @Test("every report shows the effects as a spec writes them, a text with a comma quoted, * for any value")
    func everyReport() throws {
        let expectedText = "analytics(pin_success, time_ms=*); announce(\"Hola, mundo\")"
        let actualText = "analytics(pin_success, time_ms=812); announce(Hola mundo)"
        let console = renderConsole(Self.run, color: false)
        #expect(console.contains(expectedText) && console.contains(actualText))
        let markdown = renderMarkdown(Self.run)
        #expect(markdown.contains(expectedText) && markdown.contains(actualText))
        let junit = renderJUnit(Self.run)
        #expect(junit.contains("expected analytics(pin_success, time_ms=*); announce(&quot;Hola, mundo&quot;), actual \(actualText)"))
        let html = renderHTML(Self.run)
        #expect(html.contains("expected analytics(pin_success, time_ms=*); announce(&quot;Hola, mundo&quot;)"))
        let json = try renderJSON(Self.run)
        #expect(json.contains("\"emitted\"") && json.contains("\"any\" : true"))
        #expect(try decodeRunResult(json) == Self.run)
    }
}

/// Found by a product owner's trial: one changed block length gave 90 failing cases, 73 of which failed only on the
/// way to their row, at one row; nothing said so.
@Suite("Console: the rows where failing cases first diverged")
struct DivergedRowsTests {
    static func failing(_ id: String, row: String, divergedAt: String, onPath: Bool) -> CaseResult {
        var c = JUnitRowTests.variant(id, .failed)
        c.row = row
        c.divergence?.onPath = onPath
        c.divergence?.row = divergedAt
        return c
    }

    @Test("failing cases are counted by the row they first diverged at, most first, those on the way to another row said apart")
    func byRow() throws {
        let cases = [Self.failing("A1", row: "A", divergedAt: "B", onPath: true), Self.failing("A2", row: "A2", divergedAt: "B", onPath: true),
                     Self.failing("B", row: "B", divergedAt: "B", onPath: false), Self.failing("C", row: "C", divergedAt: "C", onPath: false),
                     JUnitRowTests.variant("D", .passed)]
        let run = RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec], cases: cases)
        #expect(ReportText.divergedRows(run) == ["Failing cases by the row where each first diverged (2 rows):",
                                                 "  B: 3 cases (2 on the way to another row)", "  C: 1 case"])
        #expect(renderConsole(run, color: false).contains("\n\nFailing cases by the row where each first diverged (2 rows):\n  B: 3 cases"))
        #expect(ReportText.divergedRows(run, shown: 1).last == "  and 1 more row: the Markdown and HTML reports (--markdown, --html) list them all")
        // The Markdown and HTML reports list every row (the fifth product-owner trial found 17 rows cut to 10 and no
        // list in the reports).
        #expect(renderMarkdown(run).contains("| Row | Failing cases | On the way to another row |\n|---|---:|---:|\n| `B` | 3 | 2 |\n| `C` | 1 | 0 |\n"))
        #expect(renderHTML(run).contains("<tr><td><code>B</code></td><td>3</td><td>2</td></tr>\n<tr><td><code>C</code></td><td>1</td><td>0</td></tr>"))
        // One case failing at its own row: nothing to gather.
        let one = RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec], cases: [Self.failing("C", row: "C", divergedAt: "C", onPath: false)])
        #expect(ReportText.divergedRows(one).isEmpty)
    }
}

/// Found by a product owner's trial: one changed block length printed about 1,500 console lines, 74 accounts of the
/// same divergence at one row.
@Suite("Console: cases that diverged the same way at one row")
struct CaseGroupsTests {
    @Test("three accounts of a group are shown, the rest named with the row they diverged at and its rerun command")
    func sameWay() throws {
        let root = DivergedRowsTests.failing("B", row: "B", divergedAt: "B", onPath: false)
        let onTheWay = (1...5).map { DivergedRowsTests.failing("A\($0)", row: "A\($0)", divergedAt: "B", onPath: true) }
        var other = DivergedRowsTests.failing("C", row: "C", divergedAt: "B", onPath: true)
        other.divergence?.cells[0].actual = .value(.text("another"))
        let groups = CaseGroups.groups(onTheWay + [other, root])
        #expect(groups.map { $0.map(\.id) } == [["B", "A1", "A2", "A3", "A4", "A5"], ["C"]], "the row's own case first; other cells apart")
        #expect(CaseGroups.sameWay(groups[0], program: "lockspec")
                == "  … and 3 more cases of launch-lock diverged the same way at row B: A3, A4, A5 (6 in all; each is in the JSON, JUnit and HTML reports; `lockspec run specs --row B` reruns that row)")
        #expect(CaseGroups.sameWay(Array(groups[0].prefix(3)), program: "lockspec") == nil, "three are all shown")
        let run = RunResult(identity: ReportFixture.identity(), specs: [ReportFixture.lockSpec], cases: onTheWay + [other, root])
        let console = renderConsole(run, color: false)
        #expect(console.components(separatedBy: "\nFAIL launch-lock › ").count - 1 == 4)
        #expect(console.contains("\nFAIL launch-lock › A2\n") && !console.contains("\nFAIL launch-lock › A3\n"))
        // The other reports keep every account.
        #expect(renderMarkdown(run).contains("A5") && renderJUnit(run).contains("A5"))
    }
}

/// Found by the sixth product-owner trial: the running version changed in the product file failed four update-sheet
/// rows whose failures named neither the version nor the product file.
@Suite("Console: the product values the failing specs ran with")
struct FailingProductValuesTests {
    @Test("after the rows where cases diverged, the product values of the specs with a failing case, per fixture; none when all pass")
    func named() throws {
        var spec = ReportFixture.lockSpec
        spec.product = [NamedValue("appVersion", .text("1.3")), NamedValue("grace", .duration(milliseconds: 1000))]
        var quiet = ReportFixture.lockSpec
        (quiet.id, quiet.fixture, quiet.product) = ("other", "other", [NamedValue("limit", .int(5))])
        let failing = RunResult(identity: ReportFixture.identity(), specs: [spec, quiet],
                                cases: [JUnitRowTests.variant("L3", .failed), JUnitRowTests.variant("L4", .passed)])
        let lines = ProductValuesRun.failing(failing)
        #expect(lines == ["Product values the failing specs ran with (a row reads them unless it sets its own; `lockspec diff` names the ones changed):",
                          "  lock: appVersion 1.3, grace 1s"], "\(lines)")
        #expect(renderConsole(failing, color: false).contains("\n\n" + lines.joined(separator: "\n") + "\n\n"))
        let passing = RunResult(identity: ReportFixture.identity(), specs: [spec], cases: [JUnitRowTests.variant("L3", .passed)])
        #expect(ProductValuesRun.failing(passing).isEmpty && !renderConsole(passing, color: false).contains("Product values the failing"))
    }
}
