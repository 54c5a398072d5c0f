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
        #expect(d.rerunCommand == command)
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
