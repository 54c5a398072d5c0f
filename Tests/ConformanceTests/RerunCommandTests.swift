import Conformance
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
}
