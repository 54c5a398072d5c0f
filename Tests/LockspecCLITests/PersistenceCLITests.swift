import Foundation
import Testing

/// `lockspec lint` on a machine that says what persists while its fixture cannot relaunch.
@Suite("lockspec lint: persistence")
struct PersistenceCLITests {
    /// A capability machine (its fixture cannot kill and relaunch) with a row on relaunch at line 20.
    static let relaunchOnCapability = """
        id: t.no-relaunch
        kind: machine
        title: T
        source: biometric-capability-detection.zh.md §3.4
        fixture: capability
        states: [Idle, Evaluating]
        initial: Idle
        events:
          authenticate:
            canEvaluate: bool
        effects: [evaluatePolicy]
        rows:
          - id: T-EVAL
            source: biometric-capability-detection.zh.md §3.4
            from: Idle
            on: authenticate
            when: {canEvaluate: true}
            effects: [evaluatePolicy(deviceOwnerAuthentication)]
            to: Evaluating
          - id: T-RELAUNCH
            source: biometric-capability-detection.zh.md §3.4
            on: relaunch
            to: Idle

        """

    @Test("a row on relaunch for a fixture that cannot relaunch: one located error, exit 1")
    func fixtureCannotRelaunch() throws {
        let path = try CLITests.write(Array(Self.relaunchOnCapability.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(path):20:5: error: fixture 'capability' cannot kill and relaunch its core, so row T-RELAUNCH on relaunch could never be checked [fixture.no-relaunch]"), "\(r.output)")
        #expect(r.stdout.contains("remove what the machine says about persistence, or use a fixture that supports relaunch"))
        #expect(r.stdout.contains(": 1 error, "), "\(r.output)")
    }

    @Test("the machines of specs/ that say what persists lint clean against the real fixtures")
    func specsLintClean() throws {
        let r = try CLITests.run(["lint", "--strict", RunCLITests.specs + "/medtime.unlock.yaml", RunCLITests.specs + "/decoy.unlock.yaml",
                                  RunCLITests.specs + "/launch-lock.triggers.yaml", RunCLITests.specs + "/gates.biometric.yaml"])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout.contains("0 errors, 0 warnings"), "\(r.output)")
    }
}
