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

    @Test("an input value the fixture cannot translate is one located lint error, at its declaration, with a did-you-mean, and exit 1")
    func unknownInputValue() throws {
        let path = try CLITests.write(Array(Self.unknownPassword.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(path):8:5: error: input 'password' of event 'submit' is declared as [main, mainn], but fixture 'dual-password' "
                                  + "cannot translate it: 'mainn' is not a name the fixture configures: its operands are decoy, empty, main, wrong "
                                  + "[fixture.domain-mismatch]"), "\(r.output)")
        #expect(r.stdout.contains("hint: did you mean 'main'?"))
        #expect(r.stdout.contains(": 1 error, "))
    }

    @Test("lint --fixtures lists every fixture's names with their types and values, sorted and the same every time")
    func listing() throws {
        let r = try CLITests.run(["lint", "--fixtures"])
        #expect(r.status == 0)
        let fixtures = r.stdout.split(separator: "\n").filter { $0.hasPrefix("fixture ") }
        #expect(fixtures == ["fixture capability", "fixture dual-password", "fixture launch-gates", "fixture launch-lock", "fixture medtime"])
        #expect(r.stdout.contains("    submit\n      password: text expression over decoy, empty, main, wrong\n      waited: names [none, cap]\n"))
        // A value type is shown as a value with its grammar; a choice among names as names; what a spec may leave out, as optional.
        #expect(r.stdout.contains("    bumpLegalVersion\n      to: value date literal (\"2026-05-01\")\n"))
        #expect(r.stdout.contains("    launch\n      latest (optional): value version literal ("))
        #expect(r.stdout.contains("    finishOnboarding\n      via: names [done, skip]\n"))
        #expect(r.stdout.contains("    inputLength: value int 0..100000000\n"))
        #expect(r.stdout.contains("    state: names [CheckingSession, BiometricPrompt, PINInput, PINBlocked, Success, Dashboard, Login]\n"))
        #expect(r.stdout.contains("    onboardingPages: value int 1..20 (required by finishOnboarding)\n"))
        #expect(r.stdout.contains("    appVersion: value version literal (\"1.10\", \"2.0.1\"; \"invalid 1.x\" for malformed text on purpose) (required)\n"))
        #expect(r.stdout.contains("    legalVersion: value date literal (\"2026-05-01\") (required)\n"))
        // The values the core can run where its domain is wider, with why; and what a value costs the run.
        #expect(r.stdout.contains("    pinLength: value int 4..6 (runs only 4 or 6: the core's PIN lengths)\n"))
        #expect(r.stdout.contains("    defaultEnabled: value bool (runs only false: the core's launch lock is off until turned on, §2)\n"))
        #expect(r.stdout.contains("    credentialMemory: value int 64..65536 (the Argon2id memory in KiB the test PIN is enrolled with; every PIN check pays it"))
        #expect(r.stdout.contains("  decision functions (table:; every input required):\n    decoy.failure-delay\n      failures: value int 0..100000000\n"))
        #expect(r.stdout.contains("  matrix functions (table:; every axis required):\n    decoy.test-matrix\n      action: names [mainCorrect, decoyCorrect,"))
        #expect(!r.stdout.contains("decision tables:") && !r.stdout.contains("matrices:"))
        // Effects with the arguments the fixture reports: `?` may be left out, `…` any labelled argument.
        #expect(r.stdout.contains("  effects:\n    startAuthentication([deviceOwnerAuthentication, deviceOwnerAuthenticationWithBiometrics])\n"))
        #expect(r.stdout.contains("    completion(bool, [cannotEvaluate, biometryNotAvailable, "))
        #expect(r.stdout.contains("    analytics([biometric_attempt, biometric_failure, biometric_success, biometric_to_pin, pin_attempt, pin_blocked, pin_failure, pin_success, screen_view, unlock_success], attempt_number=int 0..100000000, attempts_used=int 0..100000000, duration_seconds=int 0..100000000, method=[biometric, pin], reason=[cancelled, failed], screen_name=[biometric_unlock], time_ms=int 0..100000000, type=[face, fingerprint, none])\n    announce(text)\n    output([onBiometricSuccess, "))
        #expect(r.stdout.contains("    build: names [release, debug]\n"))
        #expect(r.stdout.contains("    logEvent(text, …)\n"))
        #expect(try CLITests.run(["lint", "--fixtures"]).stdout == r.stdout)
    }

    @Test("lint --fixtures NAME lists that fixture alone; an unknown name is bad usage with a did-you-mean")
    func oneFixture() throws {
        let r = try CLITests.run(["lint", "--fixtures", "launch-gates"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").filter { $0.hasPrefix("fixture ") } == ["fixture launch-gates"])
        let wrong = try CLITests.run(["lint", "--fixtures", "launch-gate"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("there is no fixture 'launch-gate' (did you mean 'launch-gates'?)"))
    }

    @Test("--summary and --fixtures print text only: with another --format they are bad usage, not silently dropped", arguments: [
        (["lint", "specs", "--summary", "--format", "json"], "--summary prints text only, and --format json would leave it out"),
        (["lint", "specs", "--summary", "--format", "sarif"], "--summary prints text only, and --format sarif would leave it out"),
        (["lint", "--fixtures", "--format", "json"], "--fixtures prints text only, and --format json would leave it out"),
    ])
    func textOnly(arguments: [String], message: String) throws {
        let r = try CLITests.run(arguments)
        // A usage error under --format sarif is still a SARIF log (executionSuccessful false), as for every usage error.
        #expect(r.status == 2 && (r.stdout.isEmpty || r.stdout.contains("\"executionSuccessful\" : false")), "\(r.output)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(try CLITests.run(["lint", "specs", "--summary"]).stdout.contains("total"))
    }
}
