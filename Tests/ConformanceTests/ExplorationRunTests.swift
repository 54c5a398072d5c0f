import Foundation
import SpecKit
import Testing
@testable import Conformance

/// The exploration inside a run (`lockspec run` explores by default): on the cover stand-in of ExplorationTests, whose
/// faults sit only where no row looks, the rows pass, the exploration fails the run, every report says so, and the
/// expected-failures file can list the divergence by its `EX-` id.
@Suite("Exploration in the run")
struct ExplorationRunTests {
    static let registry = FixtureRegistry { ["cover": CoverFixture.self] }
    static let build = BuildIdentity(commit: "c0ffee", dirty: false, recordedAt: "2026-01-01T00:00:00Z")
    static let started = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21

    /// A folder with the cover machine built with `bug`, and the other files given.
    static func folder(_ bug: CoverFixture.Bug, _ files: [String: String] = [:]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exploration-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(coverMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8).write(to: url.appendingPathComponent("cover.yaml"))
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    static func run(_ url: URL, expected: String? = nil, explore: Bool = true) -> RunOutcome {
        var options = ConformanceRun.Options(paths: [url.appendingPathComponent("cover.yaml").path],
                                             expectedFailures: expected.map { url.appendingPathComponent($0).path },
                                             build: build, startedAt: started)
        options.explore = explore
        return ConformanceRun(options, registry: registry).run()
    }

    @Test("the greedy tour finds the same divergences as the replay tour, with the same shortest paths and cells",
          arguments: CoverFixture.Bug.allCases)
    func greedyMatchesReplay(bug: CoverFixture.Bug) throws {
        let (spec, _) = try compileCover(bug)
        let exploration = try #require(MachineExplorer.explore(spec))
        let runner = Runner(fixtures: ["cover": CoverFixture.self])
        let greedy = TransitionTour(runner: runner, strategy: .greedy).run(exploration)
        let replay = TransitionTour(runner: runner, strategy: .replay).run(exploration)
        #expect(greedy.divergences == replay.divergences)
        #expect(greedy.checked == replay.checked)
        #expect(greedy.divergences.isEmpty == (bug == .none))
    }

    @Test("a fault that shows only after a longer history: the greedy tour reports that history and says so; the replay tour misses it")
    func longerHistory() throws {
        let (spec, rows) = try compileCover(.none)
        #expect(rows.values.allSatisfy { $0.passed })
        let exploration = try #require(MachineExplorer.explore(spec))
        let stale = Runner(fixtures: ["cover": StaleSessionFixture.self])
        let compiled = SpecCompiler(catalog: coverCatalog).compile(sources: [(path: "cover.yaml", bytes: Array(coverMachine.replacingOccurrences(of: "BUG", with: "none").utf8))])
        #expect(compiled.suite.cases.allSatisfy { stale.run($0).passed })
        let greedy = TransitionTour(runner: stale, strategy: .greedy).run(exploration)
        let replay = TransitionTour(runner: stale, strategy: .replay).run(exploration)
        #expect(replay.divergences.isEmpty)
        let found = try #require(greedy.divergences.first)
        #expect(greedy.divergences.count == 1)
        #expect(found.longerHistory)
        #expect(found.id.hasPrefix("EX-toy.cover-Locked-unlock-"))
        #expect(found.event == "unlock(pin=wrong)")
        #expect(found.divergence.path.contains("unlock(pin=correct)"))
        #expect(found.divergence.path.count > 1)
        let text = renderExploration(ExplorationResult(machines: [greedy]))
        #expect(text.contains("only after the longer history above (\(found.divergence.path.count) steps): on its own shortest path the transition holds"))
    }

    @Test("an exploration divergence fails the run (exit 1) while every row passes, and every report names it")
    func divergenceFailsTheRun() throws {
        let url = try Self.folder(.coverDroppedOnActiveWhileLocked)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = Self.run(url)
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        #expect(result.cases.allSatisfy { $0.status == .passed })
        #expect(outcome.exitCode == 1)
        let finding = try #require(result.exploration?.findings.first)
        #expect(result.exploration?.findings.count == 1)
        #expect(finding.status == .failed)
        #expect(finding.id.hasPrefix("EX-toy.cover-Locked-active-"))
        let console = renderConsole(result, color: false)
        #expect(console.contains("FAIL toy.cover › \(finding.id) (exploration)"))
        #expect(console.contains("  situation: Locked with cover=true"))
        #expect(console.contains("  path:      1. lock"))
        #expect(console.contains("  event:     active, expected: nothing happens (otherwise: ignore)"))
        #expect(console.contains("    ✗ cover  expected true  actual false"))
        #expect(console.contains("  rerun:     lockspec explore \(url.path) --spec toy.cover"))
        #expect(console.contains("toy.cover  4/4 passed; explored 8/8 transitions, 1 failing"))
        // The run's exploration is the tour (8 transitions) and the gate's random walks, which find the same transition.
        let walks = try #require(result.exploration?.result.walks.first)
        #expect(walks.walks == 100 && walks.failingWalks > 0)
        #expect(result.exploration?.result.checked == 8 + walks.steps)
        // The count adds up: the tour's 8 transitions and the walks' steps, each named, and the walks listed.
        #expect(console.hasSuffix("4 passed, 0 failing of 4 cases; exploration: \(8 + walks.steps) transitions checked (8 toured, \(walks.steps) random-walk steps), 1 failing\n"))
        #expect(console.contains("toy.cover: 100 walks of up to \(walks.length) steps (seed \(walks.seed)), \(walks.steps) steps checked, \(walks.failingWalks) failing walk"))
        // Every row passed: the SARIF log's only error is the exploration's, so code scanning does not show a clean scan.
        let sarif = renderSARIF(result)
        #expect(sarif.contains("\"level\" : \"error\"") && sarif.contains("\"ruleId\" : \"explore.diverged\"") && sarif.contains(finding.id), "\(sarif)")
        #expect(sarif.contains("\"id\" : \"explore.diverged\""), "the rule is declared")
        let junit = renderJUnit(result)
        #expect(junit.contains("<testsuite name=\"toy.cover (exploration)\" tests=\"1\" failures=\"1\""))
        #expect(junit.contains("name=\"\(finding.id)\" file=\"\(url.appendingPathComponent("cover.yaml").path)\" line=\"1\""))
        #expect(junit.contains("<failure message=\"in Locked with cover=true on active the core does not do what the table (ignore) says: cover: expected true, actual false\" type=\"divergence\">"))
        let markdown = renderMarkdown(result)
        #expect(markdown.contains("## LockSpec conformance: FAIL"))
        #expect(markdown.contains("| toy.cover | 2 | 8/8 | 1 | 0 |"))
        #expect(markdown.contains("  - cover: `true` → `false`"))
        let annotations = renderExplorationAnnotations(result)
        #expect(annotations.hasPrefix("::error file=\(url.appendingPathComponent("cover.yaml").path),line=1,col=1,title=\(finding.id)::"))
        #expect(annotations.contains("rerun with: lockspec explore \(url.path) --spec toy.cover"))
        let json = try renderJSON(result)
        #expect(json.contains("\"explorationFailing\" : 1"))
        #expect(try decodeRunResult(json) == result)
    }

    @Test("listed as an expected failure the divergence passes the run; a listed id that holds is an unexpected pass")
    func expectedFailures() throws {
        let probe = try Self.folder(.coverDroppedOnActiveWhileLocked)
        let id = try #require(Self.run(probe).result?.exploration?.findings.first?.id)
        try? FileManager.default.removeItem(at: probe)
        let list = "- row: \(id)\n  reason: the stand-in drops the cover\n  expires: 2099-12-31\n"
        let faulty = try Self.folder(.coverDroppedOnActiveWhileLocked, ["expected.yaml": list])
        defer { try? FileManager.default.removeItem(at: faulty) }
        let listed = Self.run(faulty, expected: "expected.yaml")
        #expect(listed.exitCode == 0, "\(listed.diagnostics)")
        #expect(listed.result?.exploration?.findings.map(\.status) == [.expectedFailure])
        #expect(renderConsole(try #require(listed.result), color: false).contains("XFAIL toy.cover › \(id) (exploration): the stand-in drops the cover"))
        // The reports' Expected failures list it with its reason and expiry, as they list a row (an auditor trial found
        // only a count in the Markdown, and no expiry in the HTML).
        let tolerated = try #require(listed.result)
        #expect(tolerated.exploration?.findings.first?.expectedExpiry == "2099-12-31")
        let markdown = renderMarkdown(tolerated)
        #expect(markdown.contains("| `\(id)` | — | the stand-in drops the cover | 2099-12-31 | expected failure | in Locked with cover=true on active: cover expected true, actual false |"), "\(markdown)")
        let html = renderHTML(tolerated)
        #expect(html.contains("<tr><td><code>\(id)</code></td><td>—</td><td>the stand-in drops the cover</td><td>2099-12-31</td>"), "\(html)")
        #expect(try decodeRunResult(try renderJSON(tolerated)) == tolerated)
        let fixed = try Self.folder(.none, ["expected.yaml": list])
        defer { try? FileManager.default.removeItem(at: fixed) }
        let stale = Self.run(fixed, expected: "expected.yaml")
        #expect(stale.exitCode == 1)
        let finding = try #require(stale.result?.exploration?.findings.first)
        #expect((finding.id, finding.status, finding.divergence) == (id, .unexpectedPass, nil))
        #expect(renderConsole(try #require(stale.result), color: false).contains("but the transition held: remove it from the expected-failures file"))
    }

    @Test("an EX- id the models do not predict is an error at its entry, with a did-you-mean")
    func unknownTransition() throws {
        let url = try Self.folder(.none, ["expected.yaml": "- row: EX-toy.cover-Locked-activ-00000000\n  reason: typo\n  expires: 2099-12-31\n"])
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = Self.run(url, expected: "expected.yaml")
        #expect(outcome.exitCode == 2)
        let diagnostic = try #require(outcome.diagnostics.first)
        #expect(diagnostic.id == "expectations.unknown-row")
        #expect(diagnostic.message == "the expected-failures file names EX-toy.cover-Locked-activ-00000000, which is no transition the exploration predicts")
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.hint?.hasPrefix("did you mean 'EX-toy.cover-Locked-active-") == true)
    }

    @Test("explore off: the rows alone decide, and the result holds no exploration")
    func exploreOff() throws {
        let url = try Self.folder(.coverDroppedOnActiveWhileLocked)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = Self.run(url, explore: false)
        #expect(outcome.exitCode == 0)
        #expect(outcome.result?.exploration == nil)
        #expect(renderConsole(try #require(outcome.result), color: false).hasSuffix("4 passed, 0 failing of 4 cases; exploration and random walks: not run\n"))
    }

    @Test("merging keeps each part's exploration, and refuses a machine explored in two parts")
    func merge() throws {
        let url = try Self.folder(.coverDroppedOnActiveWhileLocked)
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try #require(Self.run(url).result)
        var empty = whole
        (empty.cases, empty.exploration) = ([], nil)
        let merged = try mergeRunResults([whole, empty])
        #expect(merged.exploration == whole.exploration)
        #expect(merged.failed)
        var again = empty
        again.exploration = whole.exploration
        #expect(throws: RunMergeError.duplicateCase(spec: "toy.cover", id: "exploration")) { try mergeRunResults([whole, again]) }
    }

    @Test("the same input gives byte-identical JSON, coverage included")
    func deterministic() throws {
        let url = try Self.folder(.effectOnIgnoredLock)
        defer { try? FileManager.default.removeItem(at: url) }
        let first = try renderJSON(try #require(Self.run(url).result))
        let second = try renderJSON(try #require(Self.run(url).result))
        #expect(first == second)
        #expect(first.contains("\"byExploration\""))
    }

    @Test("coverage: the rows' paths reach fewer (situation, event) pairs than the exploration, and the HTML says so")
    func coverage() throws {
        let url = try Self.folder(.none)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try #require(Self.run(url).result)
        let coverage = try #require(result.exploration?.result.coverage.first)
        #expect((coverage.situations, coverage.pairs, coverage.rows.count) == (2, 6, 4))
        #expect((coverage.byExploration.situations, coverage.byExploration.pairs, coverage.byExploration.rows.count) == (2, 6, 4))
        #expect(coverage.byRows.pairs < coverage.pairs)
        let html = renderHTML(result)
        #expect(html.contains("<section id=\"exploration\">"))
        #expect(html.contains("<td class=\"pass\">6/6 (100%)</td>"))
    }
}

/// The cover stand-in's behaviour with one fault that depends on history the table does not model: once a correct PIN
/// has unlocked it, a wrong PIN unlocks it too (a stale session). Every row passes, each on its own shortest path.
final class StaleSessionFixture: Fixture {
    static var vocabulary: FixtureVocabulary { CoverFixture.vocabulary }

    private var locked = false
    private var cover = false
    private var everUnlocked = false

    init(product: [NamedValue]) throws(FixtureError) {}

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event("lock", _):
            guard !locked else { return [] }
            (locked, cover) = (true, true)
            return [Effect("locked")]
        case .event("active", _):
            return []
        case .event("unlock", let inputs):
            guard locked, inputs.first?.value == .symbol("correct") || everUnlocked else { return [] }
            (locked, cover, everUnlocked) = (false, false, true)
            return [Effect("unlocked")]
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": .symbol(locked ? "Locked" : "Unlocked")
        case "cover": .bool(cover)
        default: throw FixtureError("no observation \(name)")
        }
    }
}
