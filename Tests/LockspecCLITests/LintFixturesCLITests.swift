import Foundation
import Testing

/// `lockspec lint` against the real fixtures' typed vocabulary, and `lint --fixtures`.
@Suite("lockspec lint: fixture vocabulary")
struct LintFixturesCLITests {
    /// A scenarios spec for the dual-password fixture whose submit step (line 15) gives a password it cannot build.
    static let unknownPassword = """
        id: t.unknown-password
        kind: scenarios
        title: T
        source: dual-password-decoy-space.zh.md §4
        fixture: dual-password
        events:
          submit:
            password: [main, mainn]
            waited: [none, cap]
        scenarios:
          - id: T-1
            source: dual-password-decoy-space.zh.md §4
            steps:
              - event: submit
                with: {password: mainn, waited: none}

        """

    @Test("an unknown input value is a located lint error with a did-you-mean, and exit 1")
    func unknownInputValue() throws {
        let path = try CLITests.write(Array(Self.unknownPassword.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(path):15:26: error: row T-1 gives 'submit.password' the value 'mainn', which fixture 'dual-password' cannot translate: "
                                  + "'mainn' is not a name the fixture configures: its operands are decoy, empty, main, wrong [fixture.unknown-value]"), "\(r.output)")
        #expect(r.stdout.contains("hint: did you mean 'main'?"))
        #expect(r.stdout.contains("\(path):8:5: error: input 'password' of event 'submit' is declared as [main, mainn]"))
        #expect(r.stderr.contains("2 errors"))
    }

    @Test("lint --fixtures lists every fixture's names with their types and values, sorted and the same every time")
    func listing() throws {
        let r = try CLITests.run(["lint", "--fixtures"])
        #expect(r.status == 0)
        let fixtures = r.stdout.split(separator: "\n").filter { $0.hasPrefix("fixture ") }
        #expect(fixtures == ["fixture capability", "fixture dual-password", "fixture launch-gates", "fixture launch-lock", "fixture medtime"])
        #expect(r.stdout.contains("    submit\n      password: text expression over decoy, empty, main, wrong\n      waited: [none, cap]\n"))
        #expect(r.stdout.contains("    bumpLegalVersion\n      to: text expression of literals (1.2, \"text\")\n"))
        #expect(r.stdout.contains("    inputLength: int 0..100000000\n"))
        #expect(r.stdout.contains("    state: [CheckingSession, BiometricPrompt, PINInput, PINBlocked, Success, Dashboard, Login]\n"))
        #expect(r.stdout.contains("  decision functions (table:):\n    decoy.failure-delay(failures)\n"))
        #expect(r.stdout.contains("  matrix functions (table:):\n    decoy.test-matrix(action, erase)\n"))
        #expect(!r.stdout.contains("decision tables:") && !r.stdout.contains("matrices:"))
        #expect(try CLITests.run(["lint", "--fixtures"]).stdout == r.stdout)
    }
}
