import Testing

/// `lockspec graph --guards`: each row's guard beside its id; DOT edges carry rows and guards as a hover tooltip.
@Suite("lockspec graph with guards")
struct GraphCLITests {
    @Test("--guards writes each row's guard; DOT has a tooltip with rows and guards either way")
    func guards() throws {
        let plain = try CLITests.run(["graph", "launch-lock.triggers"])
        let guarded = try CLITests.run(["graph", "launch-lock.triggers", "--guards"])
        #expect(plain.status == 0 && guarded.status == 0)
        #expect(!plain.stdout.contains("LL-APPEAR-OFF [enabled=false]"))
        #expect(guarded.stdout.contains("appear (LL-APPEAR-OFF [enabled=false], LL-APPEAR-AGAIN-UNLOCKED [enabled=true, coldLocked=true, prompt=none])"))
        let dot = try CLITests.run(["graph", "launch-lock.triggers", "--format", "dot"])
        #expect(dot.stdout.contains("tooltip=\"LL-APPEAR-OFF [enabled=false]; LL-APPEAR-AGAIN-UNLOCKED [enabled=true, coldLocked=true, prompt=none]\""))
    }
}
