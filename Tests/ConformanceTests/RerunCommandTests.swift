@testable import Conformance
import SpecKit
import Testing

/// The rerun command a report prints for a failing row runs the folder that holds its spec, wherever that is.
@Suite("Rerun command")
struct RerunCommandTests {
    static func result(file: String) -> CaseResult {
        CaseResult(id: "K-1", spec: "k", row: "K-1", source: nil, decision: nil, file: file, line: 1, column: 1, status: .failed,
                   steps: 1, divergence: nil, expectedReason: nil, exercised: [])
    }

    @Test("the spec's folder, quoted for the shell where it needs to be", arguments: [
        ("specs/launch-lock.triggers.yaml", "lockspec run specs --row K-1"),
        ("k.yaml", "lockspec run . --row K-1"),
        ("./k.yaml", "lockspec run . --row K-1"),
        ("old-specs/sub/k.yaml", "lockspec run old-specs/sub --row K-1"),
        ("/tmp/k.yaml", "lockspec run /tmp --row K-1"),
        ("my specs/k.yaml", "lockspec run 'my specs' --row K-1"),
        ("it's/k.yaml", "lockspec run 'it'\\''s' --row K-1"),
    ])
    func folder(file: String, command: String) {
        #expect(RunResult.rerunCommand(for: Self.result(file: file)) == command)
    }

    /// From a product owner's trial: `lockspec` is not on the PATH of a fresh clone, so a pasted rerun line said
    /// "command not found"; the console's lines start as lockspec was invoked.
    @Test("the command starts with the program as invoked, quoted for the shell where it needs to be", arguments: [
        (".build/release/lockspec", ".build/release/lockspec run specs --row K-1"),
        ("./lockspec", "./lockspec run specs --row K-1"),
        ("/opt/my tools/lockspec", "'/opt/my tools/lockspec' run specs --row K-1"),
        ("lockspec", "lockspec run specs --row K-1"),
    ])
    func program(program: String, command: String) {
        #expect(RunResult.rerunCommand(for: Self.result(file: "specs/k.yaml"), program: program) == command)
        let d = Self.divergence(file: "specs/k.yaml")
        let explore = command.replacingOccurrences(of: " run specs --row K-1", with: " explore specs --spec k")
        #expect(d.rerunCommand(program: program) == explore)
        #expect(ExplorationFinding(id: d.id, spec: "k", status: .failed, divergence: d, expectedReason: nil).rerunCommand(program: program) == explore)
    }

    @Test("the console's rerun lines start with the program given; every other report says lockspec")
    func consoleOnly() throws {
        let program = ".build/release/lockspec"
        var run = ReportFixture.run
        let d = Self.divergence(file: "specs/k.yaml")
        run.exploration = RunExploration(result: ExplorationResult(machines: [], coverage: []),
                                         findings: [ExplorationFinding(id: d.id, spec: "k", status: .failed, divergence: d, expectedReason: nil)])
        let console = renderConsole(run, color: false, program: program)
        #expect(console.contains("\n  rerun:  .build/release/lockspec run specs --row L3\n"))
        #expect(console.contains("\n  rerun:     .build/release/lockspec explore specs --spec k\n"))
        #expect(!console.contains(" lockspec run") && !console.contains(" lockspec explore"))
        #expect(renderConsole(run, color: false).contains("\n  rerun:  lockspec run specs --row L3\n"), "lockspec unless told")
        for text in [renderMarkdown(run), renderHTML(run), renderJUnit(run), try renderJSON(run), renderGitHubAnnotations(run), renderSARIF(run)] {
            #expect(!text.contains(program))
        }
        #expect(renderMarkdown(run).contains("rerun: `lockspec run specs --row L3`"))
        let tour = ExplorationResult(machines: [MachineTourResult(spec: "k", fixture: "f", reachable: 1, situations: 1, transitions: 1, checked: 1,
                                                                  limit: nil, divergences: [d], reach: MachineReach(situations: 1, pairs: 1, rows: []))],
                                     coverage: [])
        #expect(renderExploration(tour, program: program).contains("    rerun: .build/release/lockspec explore specs --spec k\n"))
        #expect(renderExploration(tour).contains("    rerun: lockspec explore specs --spec k\n"))
    }

    static func divergence(file: String) -> ExplorationDivergence {
        ExplorationDivergence(id: "EX-k-Open-go-0", spec: "k", state: "Open", variables: [], event: "go", row: "K-1", file: file,
                              line: 3, column: 5,
                              divergence: Divergence(step: 1, action: "go", path: [], onPath: false, row: "K-1", line: 3, column: 5, cells: [],
                                                     error: nil))
    }

    @Test("an exploration's divergence reruns the tour over its spec's folder, quoted as a row's is", arguments: [
        ("specs/k.yaml", "lockspec explore specs --spec k"),
        ("/tmp/s/k.yaml", "lockspec explore /tmp/s --spec k"),
        ("my specs/k.yaml", "lockspec explore 'my specs' --spec k"),
    ])
    func exploration(file: String, command: String) {
        let d = Self.divergence(file: file)
        #expect(d.rerunCommand(program: RunResult.defaultProgram) == command)
        #expect(ExplorationFinding(id: d.id, spec: "k", status: .failed, divergence: d, expectedReason: nil).rerunCommand == command)
    }

    @Test("a listed exploration id that passed reruns over the folder given for its spec, and names none when none is known")
    func passedExploration() {
        let d = Self.divergence(file: "other/k.yaml")
        let found = ExplorationResult(machines: [MachineTourResult(spec: "k", fixture: "f", reachable: 1, situations: 1, transitions: 1, checked: 1,
                                                                   limit: nil, divergences: [], reach: MachineReach(situations: 1, pairs: 1, rows: []))],
                                      coverage: [])
        let list = ExpectedFailures(entries: [.init(row: d.id, reason: "known", expires: "2999-01-01", location: SourceLocation(file: "x.yaml", line: 1, column: 1))])
        let withFile = RunExploration(found, expectations: list, today: "2026-12-04", transitions: [d.id: "k"], files: ["k": "old/k.yaml"])
        #expect(withFile.findings.map(\.status) == [.unexpectedPass])
        #expect(withFile.findings.map(\.rerunCommand) == ["lockspec explore old --spec k"])
        let without = RunExploration(found, expectations: list, today: "2026-12-04", transitions: [d.id: "k"])
        #expect(without.findings.map(\.rerunCommand) == ["lockspec explore --spec k"])
    }
}

/// From a product owner's trial: one new decision row made 144 exploration findings, printed in full (1,166 lines), and
/// what they had in common had to be counted by hand.
@Suite("Exploration findings that diverge the same way")
struct ExplorationGroupsTests {
    static func finding(_ n: Int, row: String = "R-CAP", prompted: String = "never", actual: Bool = true) -> ExplorationFinding {
        let cell = CellResult(name: "requestReview", expected: .value(.bool(false)), actual: .value(.bool(actual)), ok: false)
        let d = ExplorationDivergence(id: "EX-t-decide-\(n)", spec: "t", state: "", variables: [],
                                      event: "decide(actions=\(n), lastPrompt=\(prompted), promptsLast365=3)", row: row, file: "t.yaml",
                                      line: 3, column: 5,
                                      divergence: Divergence(step: 0, action: "decide", path: [], onPath: false, row: row, line: 3, column: 5,
                                                             cells: [cell], error: nil))
        return ExplorationFinding(id: d.id, spec: "t", status: .failed, divergence: d, expectedReason: nil)
    }

    @Test("grouped by spec, event, row and the cells that differ; past three, one line counts the rest with the values they all share")
    func grouped() {
        let same = (3...9).map { Self.finding($0) }
        let other = [Self.finding(10, row: "R-OTHER"), Self.finding(11, actual: false)]
        let groups = ExplorationText.groups(same + other)
        #expect(groups.map(\.count) == [7, 1, 1])
        #expect(ExplorationText.sameWay(groups[0]) == "  … and 4 more transitions of t diverge the same way, all with lastPrompt=never, promptsLast365=3 (7 in all; each is in the JSON, JUnit and HTML reports)")
        #expect(ExplorationText.sameWay(Array(groups[0].prefix(3))) == nil, "three are all shown")
        // One more: the verb agrees (a re-trial read "1 more transition … diverge").
        #expect(ExplorationText.sameWay(Array(groups[0].prefix(4)))?.hasPrefix("  … and 1 more transition of t diverges the same way") == true)
        let mixed = ExplorationText.groups((3...7).map { Self.finding($0, prompted: $0 % 2 == 0 ? "never" : "before") })
        #expect(ExplorationText.sameWay(mixed[0]) == "  … and 2 more transitions of t diverge the same way, all with promptsLast365=3 (5 in all; each is in the JSON, JUnit and HTML reports)")
    }
}
