import Foundation
import SpecKit
import Testing
@testable import Conformance
@testable import AppLockFixtures

/// Secrets never leave: run every row of the project's specs, render every report, and search all of it for the
/// passwords and PINs the fixtures type.
@Suite("No secret in any report")
struct SecretsTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Samples/specs").path

    @Test("the project's specs lint clean under --strict against the standard fixtures")
    func specsLintClean() throws {
        let compilation = try SpecCompiler(catalog: FixtureRegistry.standard).compile(paths: [Self.specs])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(compilation.specs.count >= 5)
    }

    @Test("no password or PIN the fixtures type appears in the console, JSON, JUnit, Markdown or HTML report")
    func noSecretInReports() throws {
        let compilation = try SpecCompiler(catalog: FixtureRegistry.standard).compile(paths: [Self.specs])
        let identity = RunIdentity(tool: "test", build: BuildIdentity(commit: "test", dirty: false, recordedAt: "t"), startedAt: "2026-11-29T00:00:00Z",
                                   specs: compilation.suite.specs.map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) },
                                   shard: nil)
        // The secret-bearing fixtures' rows, so the search covers every step that typed a secret.
        let selection = Runner.Selection(specs: Set(compilation.suite.specs.filter { ["medtime", "dual-password"].contains($0.fixture) }.map(\.id)))
        let result = FixtureRegistry.standard.runner.run(compilation.suite, selection: selection, identity: identity, today: "2026-11-29")
        #expect(result.cases.count > 100)
        var everything = [renderConsole(result, color: false), try renderJSON(result), renderJUnit(result), renderMarkdown(result), renderHTML(result)]
            .joined(separator: "\n")
        // Fingerprints are hexadecimal and could hold a digit run by chance: take them out before searching.
        everything = everything.replacingOccurrences(of: "[0-9a-f]{40,64}", with: "#", options: .regularExpression)
        let secrets = DualPasswordFixture.secretsForAudit + MedTimeFixture.secretsForAudit
        #expect(secrets.count == 5)
        for secret in secrets {
            #expect(!everything.contains(secret), "a report contains a test secret")
        }
        // The search is real: the reports do name the symbolic inputs that stand for the secrets.
        #expect(everything.contains("password=main"))
    }
}
