import Foundation
import Testing
import Conformance
import AppLockFixtures
import SpecKit

/// The library's one entry point for a run: compile, check, fingerprint, run. The CLI only prints what it returns.
@Suite("ConformanceRun")
struct ConformanceRunTests {
    /// A decision spec that drives the dual-password fixture's `decoy.failure-delay` function under its own id.
    static func delaySpec(id: String, prefix: String, delayAfterThree: String) -> String {
        """
        id: \(id)
        kind: decision
        title: Another table over the failure delay
        source: dual-password-decoy-space.zh.md §4
        fixture: dual-password
        table: decoy.failure-delay
        hit: first
        inputs:
          failures: int 0..20
        outputs:
          delay: duration 0s..5m
        rows:
          - id: \(prefix)-3
            decision: "D-DP-DELAY: delay(3) = 1s"
            when: {failures: 3}
            then: {delay: \(delayAfterThree)}
          - id: \(prefix)-12
            decision: "D-DP-DELAY: the cap"
            when: {failures: "12..20"}
            then: {delay: 300s}
          - id: \(prefix)-REST
            decision: "not checked by this table"
            when: {failures: "0..20"}
            then: {}
        """
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    static let build = BuildIdentity(commit: "c0ffee", dirty: false, recordedAt: "2026-01-01T00:00:00Z")

    @Test("two decision specs with different ids drive the same fixture function, and both run against the core")
    func twoSpecsOneFunction() throws {
        let url = try Self.folder([
            "audit.yaml": Self.delaySpec(id: "audit.failure-delay", prefix: "AUDIT", delayAfterThree: "1s"),
            "regression.yaml": Self.delaySpec(id: "regression.failure-delay", prefix: "REG", delayAfterThree: "1s"),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = ConformanceRun(.init(paths: [url.path], build: Self.build), registry: .standard).run()
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        #expect(Set(result.cases.map(\.spec)) == ["audit.failure-delay", "regression.failure-delay"])
        #expect(result.cases.count == 6)
        #expect(result.cases.allSatisfy { $0.status == .passed })
        #expect(outcome.exitCode == 0)
        #expect(result.identity.build == Self.build)
    }

    @Test("the function really runs: a table that expects the wrong delay diverges and the run exits 1")
    func wrongTableFails() throws {
        let url = try Self.folder(["wrong.yaml": Self.delaySpec(id: "wrong.failure-delay", prefix: "WRONG", delayAfterThree: "2s")])
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = ConformanceRun(.init(paths: [url.path], build: Self.build), registry: .standard).run()
        let result = try #require(outcome.result)
        #expect(result.cases.filter { $0.status == .failed }.map(\.id) == ["WRONG-3"])
        #expect(outcome.exitCode == 1)
    }

    @Test("specs that do not compile stop the run with their errors and exit 2")
    func doesNotCompile() throws {
        let url = try Self.folder(["broken.yaml": Self.delaySpec(id: "broken.delay", prefix: "B", delayAfterThree: "1s")
            .replacingOccurrences(of: "table: decoy.failure-delay", with: "table: decoy.failure-dela")])
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = ConformanceRun(.init(paths: [url.path], build: Self.build), registry: .standard).run()
        #expect(outcome.result == nil)
        #expect(outcome.stop == .specsDoNotCompile)
        #expect(outcome.diagnostics.map(\.id) == ["fixture.unknown-table"])
        #expect(outcome.diagnostics.first?.location == SourceLocation(file: url.path + "/broken.yaml", line: 6, column: 8))
        #expect(outcome.exitCode == 2)
    }

    @Test("a selected row that is not in the suite stops the run with a did-you-mean")
    func unknownRow() throws {
        let url = try Self.folder(["audit.yaml": Self.delaySpec(id: "audit.failure-delay", prefix: "AUDIT", delayAfterThree: "1s")])
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = ConformanceRun(.init(paths: [url.path], rows: ["AUDIT-13"], build: Self.build), registry: .standard).run()
        #expect(outcome.stop == .unknownSelection("no row 'AUDIT-13' (did you mean 'AUDIT-12'?)"))
        #expect(outcome.exitCode == 2)
    }
}
