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
        .appendingPathComponent("Tests/Samples/specs")

    /// Compiles the project's specs with the fixtures' catalog, the launch-lock grace replaced when given,
    /// launch-lock.grace given a grace of its own (`graceSpecOwn`, written under its `product:`) when given, and one
    /// text replaced by another in every file that holds it (`edit`) when given.
    static func compile(grace: String? = nil, graceSpecOwn: String? = nil, replacing edit: (old: String, new: String)? = nil,
                        then second: (old: String, new: String)? = nil) throws -> SpecCompiler.Compilation {
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in try SpecCompiler.discover([specs.path]) {
            var text = try String(contentsOfFile: file, encoding: .utf8)
            for edit in [edit, second].compactMap({ $0 }) where text.contains(edit.old) { text = text.replacingOccurrences(of: edit.old, with: edit.new) }
            if let grace, file.hasSuffix("/launch-lock.product.yaml") {
                try #require(text.contains("\n  grace: 60s\n"), "the grace is written once, in the product file")
                text = text.replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace: \(grace)\n")
            }
            if let graceSpecOwn, file.hasSuffix("/launch-lock.grace.yaml") {
                try #require(text.contains("\nfixture: launch-lock\n") && !text.contains("\nproduct:"))
                text = text.replacingOccurrences(of: "\nfixture: launch-lock\n", with: "\nfixture: launch-lock\nproduct:\n  grace: \(graceSpecOwn)\n")
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

    /// From a product owner's trial: with the grace set to 30 s by a decision in the product file, the report's decision
    /// register listed D-GRACE-30 with "no row relies on it", though every launch-lock row naming the grace runs on it.
    @Test("the decision register lists, for a product value's decision, the rows that read the value: the fixture's rows for the product file's, the spec's own for its override")
    func decisionRegisterListsReadingRows() throws {
        let at30 = try Self.compile(grace: "{value: 30s, decision: \"D-GRACE-30: the product shortens the grace\"}")
        #expect(!at30.failed(strict: false), "\(at30.diagnostics)")
        let decided = ProductDecision.all(specs: at30.specs, products: at30.products)
        try #require(decided.count == 1 && decided[0].spec == nil && decided[0].fixture == "launch-lock" && decided[0].name == "grace")
        let readers = decided[0].rows.map(\.row)
        // Every case that steps by the grace reads it; so does the row that holds the core's built-in grace to it.
        for id in Self.graceCases.map(\.id) + ["LL-S-GRACE-BUILT-IN"] { #expect(readers.contains(id), "\(id) reads the grace") }
        #expect(Set(decided[0].rows.map(\.spec)).isSubset(of: Set(at30.specs.filter { $0.fixture == "launch-lock" }.map(\.id))),
                "the launch gates read their own grace, set without a decision")
        let run = RunResult(identity: ReportFixture.identity(), specs: at30.suite.specs, cases: [], productDecisions: decided)
        let register = try #require(DecisionRegister(run).decisions.first { $0.id == "D-GRACE-30" })
        #expect(register.rows.map(\.row) == readers && register.rows.allSatisfy { $0.reads == "grace" && $0.primary })
        #expect(register.texts == ["the product shortens the grace"])
        let line = try #require(renderMarkdown(run).split(separator: "\n").first { $0.hasPrefix("| `D-GRACE-30` |") })
        #expect(!line.contains("no row relies on it") && line.contains("| reading grace: `LL-S-ACC3-UNDER-GRACE` (not run), "), "\(line)")
        #expect(renderHTML(run).contains("<td><span class=\"muted\">reading grace:</span> <span class=\"badge na\" title=\"launch-lock.acceptance: not run\">LL-S-ACC3-UNDER-GRACE</span> "))
        // launch-lock.grace given a grace of its own, with its own decision: its rows read that one, not the file's.
        let own = try Self.compile(grace: "{value: 30s, decision: \"D-GRACE-30: the product shortens the grace\"}",
                                   graceSpecOwn: "{value: 45s, decision: \"D-GRACE-45: these scenarios keep a longer grace\"}")
        let both = ProductDecision.all(specs: own.specs, products: own.products)
        let file = try #require(both.first { $0.spec == nil }), spec = try #require(both.first { $0.spec == "launch-lock.grace" })
        #expect(both.count == 2 && spec.value == .duration(milliseconds: 45_000) && spec.decision.hasPrefix("D-GRACE-45:"))
        #expect(spec.rows.map(\.row) == readers.filter { id in decided[0].rows.contains { $0.row == id && $0.spec == "launch-lock.grace" } })
        #expect(file.rows.map(\.row) == readers.filter { id in !spec.rows.contains { $0.row == id } })
        #expect(!file.rows.isEmpty && !spec.rows.isEmpty && file.rows.allSatisfy { $0.spec != "launch-lock.grace" })
    }

    /// Runs `row` (no exploration) over a new folder holding the launch-lock specs with the product file's grace
    /// written as `grace` instead of 60s; the folder is removed after.
    static func runLaunchLock(row: String, grace: String) throws -> RunResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try SpecCompiler.discover([Self.specs.path]) where file.contains("/launch-lock.") {
            let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace: \(grace)\n")
            try Data(text.utf8).write(to: folder.appendingPathComponent((file as NSString).lastPathComponent))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = ConformanceRun.Options(paths: [folder.path], rows: [row], build: ConformanceRunTests.build)
        options.explore = false
        return try #require(ConformanceRun(options, registry: .standard).run().result)
    }

    @Test("a run records the product values set with a decision and the rows that read them, so its reports list those rows")
    func runRecordsProductDecisions() throws {
        let result = try Self.runLaunchLock(row: "LL-S-GRACE-59S", grace: "{value: 30s, decision: \"D-GRACE-30: the product shortens the grace\"}")
        let decided = try #require(result.productDecisions?.first { $0.decision.hasPrefix("D-GRACE-30:") })
        #expect(decided.rows.map(\.row).contains("LL-S-GRACE-59S") && decided.rows.count > 1)
        let line = try #require(renderMarkdown(result).split(separator: "\n").first { $0.hasPrefix("| `D-GRACE-30` |") })
        #expect(line.contains(", `LL-S-GRACE-59S`, ") && line.contains("`LL-S-GRACE-60S` (not run)") && !line.contains("no row relies on it"), "\(line)")
        #expect(try decodeRunResult(renderJSON(result)).productDecisions == result.productDecisions)
    }

    @Test("with the grace at 30 s, AppLockCore (configured through the fixture) passes every launch-lock case but the one holding its built-in grace")
    func coreFollowsTheGrace() throws {
        let at30 = try Self.compile(grace: "30s")
        let runner = FixtureRegistry.standard.runner
        let failing = at30.suite.cases.filter { $0.fixture == "launch-lock" }.filter { !runner.run($0).passed }.map(\.id)
        // The core's own configuration still ships 60 s: the row holding it to the product's grace says so.
        #expect(failing == ["LL-S-GRACE-BUILT-IN"])
    }

    @Test("a failing check of the grace the core ships with says the change is in the core, in every report; other failing cells say nothing of it")
    func shippedGraceFailureNamesTheCore() throws {
        let result = try Self.runLaunchLock(row: "LL-S-GRACE-BUILT-IN", grace: "30s")
        let failed = try #require(result.cases.first { $0.row == "LL-S-GRACE-BUILT-IN" })
        let cell = try #require(failed.divergence?.cells.first { !$0.ok })
        #expect(cell.name == "builtInGrace" && cell.ships?.parameter == "grace")
        #expect(try decodeRunResult(renderJSON(result)).cases == result.cases, "the mark survives the results file")
        let note = "builtInGrace is the grace the core ships with, and the row expects the product's grace: the change is in the core (AppLockCore: LaunchLock.Configuration.kangkang's grace), not in the row"
        #expect(renderConsole(result, color: false).contains("  note:   " + note))
        #expect(renderMarkdown(result).contains(note))
        #expect(renderHTML(result).contains("LaunchLock.Configuration.kangkang"))
        #expect(annotationMessage(failed).contains(note))
        // A core that diverges on an observation it does not ship (the state) gets no such note.
        var other = failed
        other.divergence?.cells = [CellResult(name: "state", expected: .value(.symbol("locked")), actual: .value(.symbol("unlocked")), ok: false)]
        #expect(ReportText.account(other).allSatisfy { !$0.contains("ships with") })
    }

    /// Found by the fifth product-owner trial: the document's first block went to 2 minutes, the product file followed
    /// (value and documented: entry), and medtime.built-in, which claims the core's defaults are the document's, still
    /// passed: its numbers are written out.
    @Test("MedTime's document changes a tier and the product file follows: of medtime.built-in only the row holding the core's shipped tiers fails, and it names the core")
    func medTimeShippedTiers() throws {
        let documented = "firstBlock: {value: 1m, source: medtime-biometric-unlock.es.md §6.1.2, quote: \"Bloqueo 1 minuto\"}"
        let moved = try Self.compile(replacing: ("\n  firstBlock: 1m\n", "\n  firstBlock: 2m\n"))
        let both = try Self.compile(replacing: ("\n  firstBlock: 1m\n" , "\n  firstBlock: 2m\n"), then: (documented, documented.replacingOccurrences(of: "1m", with: "2m").replacingOccurrences(of: "1 minuto", with: "2 minutos")))
        let runner = FixtureRegistry.standard.runner
        for compilation in [moved, both] {
            #expect(!compilation.failed(strict: false), "\(compilation.diagnostics)")
            let cases = compilation.suite.cases.filter { $0.spec == "medtime.built-in" }
            #expect(cases.count == 5)
            let failing = cases.map { ($0.id, runner.run($0)) }.filter { !$0.1.passed }
            #expect(failing.map(\.0) == ["MT-S-BUILT-IN-SHIPPED"])
            let cells = try #require(failing.first?.1.divergence?.cells.filter { !$0.ok })
            #expect(cells.map(\.name) == ["builtInFirstBlock"] && cells.first?.ships?.parameter == "firstBlock")
            #expect(cells.first?.ships?.changedIn == "AppLockCore: MedTimeUnlock.Configuration's lockout (PINLockoutTiers.document)")
        }
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
