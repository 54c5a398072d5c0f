import Foundation
import SpecKit
import Testing
@testable import Conformance
import AppLockFixtures

/// The project's product values are written once: the launch-lock grace lives in specs/launch-lock.product.yaml,
/// and every edge input and scenario step that depends on it is computed from it. Changing it there moves them all.
@Suite("Product values written once")
struct ProductValuesTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs")

    /// Compiles the project's specs with the fixtures' catalog, the launch-lock grace replaced when given.
    static func compile(grace: String? = nil, replacing edit: (old: String, new: String)? = nil) throws -> SpecCompiler.Compilation {
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in try SpecCompiler.discover([specs.path]) {
            var text = try String(contentsOfFile: file, encoding: .utf8)
            if let edit, text.contains(edit.old) { text = text.replacingOccurrences(of: edit.old, with: edit.new) }
            if let grace, file.hasSuffix("/launch-lock.product.yaml") {
                try #require(text.contains("\n  grace: 60s\n"), "the grace is written once, in the product file")
                text = text.replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace: \(grace)\n")
            }
            sources.append((file, Array(text.utf8)))
        }
        return SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: sources)
    }

    /// The `away` input of each `active` step of a case (the path and the row itself), in order.
    static func aways(_ compilation: SpecCompiler.Compilation, _ id: String) throws -> [Int] {
        let testCase = try #require(compilation.suite.cases.first { $0.id == id })
        return testCase.steps.compactMap { step in
            guard case .event("active", let inputs) = step.action, case .duration(let ms)? = inputs.first(where: { $0.name == "away" })?.value
            else { return nil }
            return ms
        }
    }

    static let graceCases: [(id: String, at60: [Int], at30: [Int])] = [
        ("LL-ACTIVE-GRACE-OVER", [60_001], [30_001]),
        ("LL-ACTIVE-WITHIN-GRACE", [60_000], [30_000]),
        ("LL-S-GRACE-59S", [59_000], [29_000]),
        ("LL-S-GRACE-60S", [60_000], [30_000]),
        ("LL-S-GRACE-61S", [61_000], [31_000]),
        ("LL-S-GRACE-60S-1MS", [60_001], [30_001]),
        ("LL-S-GRACE-RESET", [59_000, 59_000], [29_000, 29_000]),
        ("LL-S-ACC3-UNDER-GRACE", [30_000], [0]),
        ("LL-S-ACC3-OVER-GRACE", [300_000], [270_000]),
    ]

    @Test("the grace set to 30 s in its one place moves every edge input and scenario step that depends on it")
    func graceMovesEdgesAndSteps() throws {
        let at60 = try Self.compile()
        // A grace other than the document's 60 s says why, or lint warns (product.differs-from-document).
        let at30 = try Self.compile(grace: "{value: 30s, decision: \"D-GRACE-30: this test's product chose 30 s\"}")
        #expect(!at60.failed(strict: true), "\(at60.diagnostics)")
        // At 30 s, LL-S-ACC3-UNDER-GRACE's 'grace - 30s' is 0s away: it no longer checks "back in less than the grace".
        let edge = at30.diagnostics.filter { $0.severity > .note }
        #expect(edge.map(\.id) == ["product.at-domain-edge"], "\(at30.diagnostics)")
        #expect(edge.first?.rows == ["LL-S-ACC3-UNDER-GRACE"])
        #expect(at30.failed(strict: true) && !at30.failed(strict: false))
        let unexplained = try Self.compile(grace: "30s")
        #expect(unexplained.diagnostics.filter { $0.severity > .note }.map(\.id).sorted() == ["product.at-domain-edge", "product.differs-from-document"])
        // The words of specs/ name the grace, not its number; only ids (kept for good) still say 60 s's numbers, as notes.
        for compilation in [at30, unexplained] {
            let notes = compilation.diagnostics.filter { $0.severity == .note }
            #expect(notes.map(\.id) == Array(repeating: "product.stale-number", count: 4))
            #expect(notes.flatMap(\.rows) == ["LL-S-GRACE-59S", "LL-S-GRACE-60S", "LL-S-GRACE-61S", "LL-S-GRACE-60S-1MS"])
        }
        #expect(Set(at30.suite.cases.map(\.id)) == Set(at60.suite.cases.map(\.id)))
        for c in Self.graceCases {
            #expect(try Self.aways(at60, c.id) == c.at60, "\(c.id) at 60 s")
            #expect(try Self.aways(at30, c.id) == c.at30, "\(c.id) at 30 s")
        }
        // Every launch-lock case hands the core the grace of the product file; the launch gates keep their own 1 s.
        let lockCases = at30.suite.cases.filter { $0.fixture == "launch-lock" }
        #expect(!lockCases.isEmpty)
        #expect(lockCases.allSatisfy { $0.product.contains(NamedValue("grace", .duration(milliseconds: 30_000))) })
        #expect(try Self.aways(at30, "LG-S-BIO-GRACE-1001MS") == [1001])
    }

    @Test("with the grace at 30 s, AppLockCore (configured through the fixture) passes every launch-lock case but the one holding its built-in grace")
    func coreFollowsTheGrace() throws {
        let at30 = try Self.compile(grace: "30s")
        let runner = FixtureRegistry.standard.runner
        let failing = at30.suite.cases.filter { $0.fixture == "launch-lock" }.filter { !runner.run($0).passed }.map(\.id)
        // The core's own configuration still ships 60 s: the row holding it to the product's grace says so.
        #expect(failing == ["LL-S-GRACE-BUILT-IN"])
    }

    @Test("the row holding the core's shipped grace cannot be made to pass by expecting the old grace: lint refuses it, where it stands")
    func shippedGraceCannotBePinned() throws {
        let decided = "{value: 30s, decision: \"D-GRACE-30: this test's product chose 30 s\"}"
        for edit in [("{builtInGrace: grace}", "{builtInGrace: 60s}"), ("- id: LL-S-GRACE-BUILT-IN\n", "- id: LL-S-GRACE-BUILT-IN\n    given: {grace: 60s}\n")] {
            let pinned = try Self.compile(grace: decided, replacing: edit)
            let errors = pinned.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.id) == ["fixture.shipped-value"], "\(edit): \(pinned.diagnostics)")
            #expect(errors.first?.rows == ["LL-S-GRACE-BUILT-IN"])
            #expect(errors.first?.hint?.contains("LaunchLock.Configuration.kangkang") == true)
        }
    }

    @Test("each fixture's product values are written once: no spec repeats or contradicts its product file")
    func writtenOnce() throws {
        let compilation = try Self.compile()
        #expect(compilation.products.map(\.id) == ["decoy.product", "gates.product", "launch-lock.product", "medtime.product"])
        #expect(!compilation.diagnostics.contains { $0.id.hasPrefix("product.") }, "\(compilation.diagnostics)")
        let grace = compilation.products.flatMap(\.product).filter { $0.name == "grace" }.map(\.value)
        #expect(grace == [.duration(milliseconds: 1000), .duration(milliseconds: 60_000)])
    }

    @Test("every dual-password case runs under both derivation modes, named by its mode, and both pass")
    func decoyDerivationModes() throws {
        let compilation = try Self.compile()
        let decoy = compilation.suite.cases.filter { $0.fixture == "dual-password" }
        let ids = Set(decoy.map(\.id))
        #expect(decoy.count > 100 && decoy.count % 2 == 0)
        for testCase in decoy {
            let mode = try #require(testCase.product.first { $0.name == "derivation" }?.value.description)
            #expect(testCase.id.hasSuffix("[derivation=\(mode)]"))
            let other = mode == "parallel" ? "sequential" : "parallel"
            #expect(ids.contains(String(testCase.id.dropLast("[derivation=\(mode)]".count)) + "[derivation=\(other)]"))
        }
        let runner = FixtureRegistry.standard.runner
        for id in ["DP-S-EQUAL-KDF-WORK[derivation=parallel]", "DP-S-EQUAL-KDF-WORK[derivation=sequential]"] {
            let outcome = runner.run(try #require(decoy.first { $0.id == id }))
            #expect(outcome.passed, "\(id): \(String(describing: outcome.divergence))")
        }
    }

    @Test("kdfRuns is the fixture's own count of the derivations the core asked for in the last step, in both modes",
          arguments: ["parallel", "sequential"])
    func kdfRunsObserved(mode: String) throws {
        let fixture = try DualPasswordFixture(product: [NamedValue("derivation", .symbol(mode))])
        let submit = { (password: String) in TestAction.event("submit", inputs: [NamedValue("password", .text(password)), NamedValue("waited", .symbol("none"))]) }
        _ = try fixture.perform(submit("main"))
        #expect(try fixture.observe("kdfRuns") == .int(2))
        _ = try fixture.perform(.event("lock", inputs: [NamedValue("reason", .symbol("manual"))]))
        #expect(try fixture.observe("kdfRuns") == .int(0))
        _ = try fixture.perform(submit("empty"))
        #expect(try fixture.observe("kdfRuns") == .int(0))
        _ = try fixture.perform(submit("wrong"))
        #expect(try fixture.observe("kdfRuns") == .int(2))
        #expect(throws: FixtureError.self) { try DualPasswordFixture(product: [NamedValue("derivation", .symbol("both"))]) }
    }
}
