import Foundation
import Testing
@testable import Mutation

@Suite("Mutation engine (fake gate, no Swift build)")
struct MutationEngineTests {
    private func status(_ report: MutationReport, _ id: String) -> MutantResult? { report.mutants.first { $0.site.id == id } }

    @Test("a hanging and a crashing mutant count as detected; failing rows kill; a pass survives; rows first, then the exploration")
    func statuses() throws {
        let package = try FakePackage()
        let report = try package.engine().run(package.request(coverage: false))
        #expect(status(report, "m1")?.status == .killed && status(report, "m1")?.killedBy == ["R-1"])
        #expect(status(report, "m2")?.status == .timeout)
        #expect(status(report, "m3")?.status == .runtimeError)
        #expect(status(report, "m3")?.reason?.contains("signal 11") == true)
        #expect(status(report, "m4")?.status == .survived && status(report, "m4")?.explored == true)
        // Each gate stops at its first failing case: m5, which fails both rows, is killed by R-1 alone.
        #expect(status(report, "m5")?.killedBy == ["R-1"] && status(report, "m5")?.explored == false)
        #expect(status(report, "m6")?.status == .killed && status(report, "m6")?.killedBy == ["EX-M-1"])
        #expect(status(report, "m7")?.status == .runtimeError)
        #expect(report.mutants.filter { $0.status.isDetected }.count == 6)
        #expect(report.detected == 6 && report.counted == 7)
        #expect(report.rows.map(\.id) == ["R-1", "R-2"])
        // The timeout was one second: the hang did not last its 60 s.
        #expect((status(report, "m2")?.milliseconds ?? 99_999) < 10_000)
        #expect(report.mutants.allSatisfy { $0.coveredBy == nil } && report.settings.coverage == "off")
        #expect(report.settings.exactMatrix == false)
        #expect(MutationText.render(report, verdict: MutationVerdict(report, accepted: nil, today: "2026-12-04", ci: false))
            .contains("kill matrix: not measured"))
    }

    @Test("listed mutants are reported Ignored without a gate run (they run with --recheck-accepted); the others as before")
    func listedNotRun() throws {
        let package = try FakePackage(count: 8)
        var request = package.request()
        request.listed = ["m1", "m4", "m6"]
        let report = try package.engine().run(request)
        for id in ["m1", "m4", "m6"] {
            #expect(status(report, id)?.status == .ignored && status(report, id)?.reason == MutationEngine.listedReason)
            #expect(status(report, id)?.milliseconds == 0 && status(report, id)?.coveredBy == nil)
        }
        // The gate ran for none of them: no call with LOCKSPEC_MUTANT 1, 4 or 6 (the coverage and baseline calls are 0).
        let mutants = Set(package.calls().compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(mutants.isDisjoint(with: ["1", "4", "6"]) && mutants.isSuperset(of: ["2", "3", "5", "7"]), "m8 reaches nothing, so it does not run either")
        #expect(status(report, "m5")?.status == .killed && status(report, "m8")?.status == .noCoverage)
        #expect(report.counted == 5 && !report.settings.listedChecked)
        let all = try package.engine().run(package.request())
        #expect(all.settings.listedChecked && status(all, "m1")?.status == .killed && status(all, "m4")?.status == .survived)
    }

    @Test("under --recheck-accepted a listed mutant's Timeout runs once more at twice the timeout: a hang stays a Timeout, a slow first run does not")
    func listedTimeoutsRetried() throws {
        let package = try FakePackage(count: 9)
        var request = package.request(jobs: 1)
        request.only = ["m2", "m9"]
        request.retryTimeouts = ["m2", "m9"]
        let report = try package.engine().run(request)
        #expect(status(report, "m2")?.status == .timeout && status(report, "m2")?.reason?.contains("twice") == true)
        #expect(status(report, "m9")?.status == .survived, "the second run, at twice the timeout, passed")
        let calls = package.calls().filter { $0.hasPrefix("9 ") || $0.hasPrefix("2 ") }
        #expect(calls.filter { $0.hasPrefix("9 ") }.count >= 2 && calls.filter { $0.hasPrefix("2 ") }.count == 2, "\(calls)")
        // Without the retry, the slow first run is a Timeout (a stale entry, were m9 listed).
        let again = try FakePackage(count: 9)
        var plain = again.request(jobs: 1)
        plain.only = ["m9"]
        #expect(status(try again.engine().run(plain), "m9")?.status == .timeout)
    }

    @Test("--matrix runs every case that reaches a mutant, so every row that kills it is known; the verdicts are the same")
    func exactMatrix() throws {
        let package = try FakePackage(count: 8)
        let fast = try package.engine().run(package.request())
        let exact = try package.engine().run(package.request(matrix: true))
        #expect(exact.settings.exactMatrix && !fast.settings.exactMatrix)
        #expect(status(exact, "m5")?.killedBy == ["R-1", "R-2"])
        #expect(status(fast, "m5")?.killedBy == ["R-1"])
        #expect(exact.mutants.map(\.status) == fast.mutants.map(\.status))
        #expect(MutationText.render(exact, verdict: MutationVerdict(exact, accepted: nil, today: "2026-12-04", ci: false))
            .contains("kill matrix: 3 rows kill at least one mutant"), "R-1, R-2 and the exploration finding EX-M-1")
    }

    @Test("per-case coverage: each mutant runs only the cases that reach it, then the explorations that reach it; an unreached mutant is NoCoverage and counts against the score")
    func coverage() throws {
        let package = try FakePackage(count: 8)
        let report = try package.engine().run(package.request())
        #expect(report.settings.coverage == "per-case" && report.timing.coverageRuns == 3)
        #expect(status(report, "m1")?.status == .killed && status(report, "m1")?.killedBy == ["R-1"])
        // A spec's coverage run holds its rows too, so its exploration is listed for every mutant they reach.
        #expect(status(report, "m1")?.coveredBy == ["R-1", "explore:demo"])
        #expect(status(report, "m2")?.status == .timeout && status(report, "m3")?.status == .runtimeError)
        #expect(status(report, "m4")?.status == .survived && status(report, "m4")?.explored == true)
        #expect(status(report, "m4")?.coveredBy == ["R-2", "explore:demo"])
        #expect(status(report, "m5")?.killedBy == ["R-1"] && status(report, "m5")?.coveredBy == ["R-1", "R-2", "explore:demo"])
        #expect(status(report, "m6")?.status == .killed && status(report, "m6")?.killedBy == ["EX-M-1"])
        #expect(status(report, "m6")?.coveredBy == ["explore:demo"])
        #expect(status(report, "m7")?.status == .runtimeError)
        #expect(status(report, "m8")?.status == .noCoverage && status(report, "m8")?.coveredBy == [])
        #expect(report.detected == 6 && report.counted == 8, "NoCoverage is in the denominator")
        let calls = package.calls()
        #expect(calls.contains("1 rows=R-1 spec= explore=0") && calls.contains("4 rows=R-2 spec= explore=0"))
        #expect(calls.contains("5 rows=R-1,R-2 spec= explore=0") && calls.contains("6 rows= spec=demo explore=1"))
        #expect(!calls.contains { $0.hasPrefix("8 ") }, "nothing runs for an unreached mutant")
        #expect(calls.filter { $0.hasPrefix("4 ") } == ["4 rows=R-2 spec= explore=0", "4 rows= spec=demo explore=1"],
                "the rows do not kill m4: the exploration that reaches it runs")
        #expect(calls.filter { $0.hasPrefix("1 ") } == ["1 rows=R-1 spec= explore=0"], "the rows killed m1: no exploration")
        #expect(calls.filter { $0.hasPrefix("0 ") }.sorted()
            == ["0 rows= spec= explore=0", "0 rows= spec= explore=1", "0 rows= spec=demo explore=1", "0 rows=R-1 spec= explore=0",
                "0 rows=R-2 spec= explore=0"])
    }

    @Test("per-case coverage against the whole gate: the same verdicts for every mutant the cases reach")
    func coverageAgreesWithWholeGate() throws {
        let package = try FakePackage(count: 8)
        let covered = try package.engine().run(package.request())
        let whole = try package.engine().run(package.request(coverage: false))
        for m in whole.mutants where m.site.id != "m8" {
            #expect(status(covered, m.site.id)?.status == m.status, "\(m.site.id)")
        }
        #expect(status(whole, "m8")?.status == .survived && status(covered, "m8")?.status == .noCoverage)
    }

    @Test("a case that fails when it runs alone stops the analysis: the cases are not independent")
    func dependentCases() throws {
        let package = try FakePackage()
        try "".write(toFile: package.root + "/r2-fails-alone", atomically: true, encoding: .utf8)
        let outcome = MutationAnalysis.execute(.init(mode: .run(package.request(), package.engine()), today: "2026-01-01"))
        #expect(outcome.exitCode == 2 && outcome.errors.contains("case 'R-2' runs alone") && outcome.errors.contains("--coverage off"))
    }

    @Test("a matrix cell whose id holds a comma is selected by its row (--row takes a comma-separated list): a superset, each once")
    func commaCells() {
        let c = { (id: String, row: String) in GateCase(id: id, row: row, spec: "s", file: "s.yaml", line: 1, fails: false, exercised: []) }
        let cases = [c("R-1", "R-1"), c("M[a=1,b=2]", "M"), c("M[a=2,b=2]", "M"), c("N[x=1]", "N")]
        #expect(cases.map(MutantCoverage.selector) == ["R-1", "M", "M", "N[x=1]"])
        var coverage = MutantCoverage()
        coverage.selectors = ["M[a=1,b=2]": "M", "M[a=2,b=2]": "M"]
        #expect(coverage.rowSelection(["M[a=2,b=2]", "R-1", "M[a=1,b=2]", "N[x=1]"]) == ["M", "R-1", "N[x=1]"])
    }

    @Test("a selection's timeout follows what it runs: the factor times the parts' times, capped by the whole gate's, never under the floor")
    func selectionTimeout() {
        var context = MutantRunContext(gate: Gate(executable: "/bin/true", directory: "/"), policy: .rowsFirst, scratch: "/tmp",
                                       timeouts: Timeouts(rows: 100, full: 100))
        context.timeoutFactor = 5
        context.minimumTimeout = 5
        #expect(context.timeout([0.2, 0.3], cap: 10) == 5)
        #expect(context.timeout([2, 1.5], cap: 10) == 18)
        #expect(context.timeout([8, 8], cap: 10) == 50)
    }

    @Test("never-explore leaves the exploration out: the mutant only the exploration sees survives (NoCoverage under coverage)")
    func neverExplore() throws {
        let package = try FakePackage()
        var request = package.request(coverage: false)
        request.policy = .never
        let report = try package.engine().run(request)
        #expect(status(report, "m6")?.status == .survived && status(report, "m6")?.explored == false)
        request.coverage = true
        let covered = try package.engine().run(request)
        #expect(status(covered, "m6")?.status == .noCoverage && covered.timing.coverageRuns == 2)
        #expect(status(covered, "m1")?.coveredBy == ["R-1"] && status(covered, "m1")?.status == .killed)
    }

    @Test("an unmutated gate that fails stops the analysis with exit 2 and a message")
    func baselineMustPass() throws {
        let package = try FakePackage()
        try "".write(toFile: package.root + "/baseline-fails", atomically: true, encoding: .utf8)
        let outcome = MutationAnalysis.execute(.init(mode: .run(package.request(), package.engine()), today: "2026-01-01"))
        #expect(outcome.exitCode == 2)
        #expect(outcome.errors.contains("the unmutated gate") && outcome.errors.contains("R-1 FAIL"))
    }

    @Test("a compile error at a site leaves it out of the schemata; it gets its own build, and a fallback that fails is a CompileError")
    func compileErrorsFallBack() throws {
        let package = try FakePackage(count: 5)
        let engine = package.engine(fallback: ["m1"], broken: ["m4", "m5"], failingFallbacks: ["m5"])
        let report = try engine.run(package.request())
        #expect(report.timing.builds == 2)
        #expect(status(report, "m4")?.fallback == true && status(report, "m4")?.status == .killed && status(report, "m4")?.killedBy == ["R-2"])
        #expect(status(report, "m1")?.fallback == true && status(report, "m1")?.status == .killed)
        #expect(status(report, "m5")?.status == .compileError && status(report, "m5")?.reason?.contains("cannot convert") == true)
        #expect(status(report, "m2")?.fallback == false && status(report, "m2")?.status == .timeout)
        #expect(report.timing.fallbackBuilds == 3)
        // The schematized file is back in the copy after the fallback builds.
        let copy = try String(contentsOfFile: package.request().workFolder + "/copy/Sources/Core/A.swift", encoding: .utf8)
        #expect(copy.hasPrefix("let a = 1 // switch"))
    }

    @Test("with a fallback builder, the mutants that cannot be schematized are built in an unschematized copy of their own, checked unmutated first")
    func fallbackCopy() throws {
        let package = try FakePackage(count: 5)
        var engine = package.engine(fallback: ["m1", "m4"], failingFallbacks: ["m4"])
        engine.fallbackBuilder = FakeBuilder(gate: package.gate, failingFallbacks: ["m4"])
        let report = try engine.run(package.request())
        #expect(status(report, "m1")?.fallback == true && status(report, "m1")?.status == .killed && status(report, "m1")?.killedBy == ["R-2"])
        #expect(status(report, "m4")?.status == .compileError)
        #expect(status(report, "m2")?.fallback == false && status(report, "m2")?.status == .timeout)
        #expect(report.timing.builds == 2 && report.timing.fallbackBuilds == 2 && report.timing.fallback > 0)
        let work = package.request().workFolder
        // The fallback copy holds the package's own text again; the schematized copy was never touched.
        #expect(try String(contentsOfFile: work + "/copy-fallback/Sources/Core/A.swift", encoding: .utf8).hasPrefix("let a = 1\n"))
        #expect(try String(contentsOfFile: work + "/copy/Sources/Core/A.swift", encoding: .utf8).hasPrefix("let a = 1 // switch"))
        #expect(FileManager.default.fileExists(atPath: work + "/runs/baseline-fallback.log"))
    }

    @Test("fallback builds are bounded; the rest are reported as not built and left out of the score")
    func fallbackBound() throws {
        let package = try FakePackage(count: 4)
        var request = package.request()
        request.maxFallbackBuilds = 1
        let report = try package.engine(fallback: ["m1", "m4"]).run(request)
        #expect(report.timing.fallbackBuilds == 1 && report.timing.fallbackSkipped == 1)
        #expect(status(report, "m4")?.status == .ignored && status(report, "m4")?.reason?.contains("not built") == true)
        #expect(report.counted == 3)
    }

    @Test("the selection is deterministic: the same seed samples the same mutants, and shards partition them")
    func selection() {
        let sites = (1...40).map { n in
            MutationSite(id: "s\(n)", number: n, file: "F.swift", line: n, column: 1, endLine: n, endColumn: 2,
                         declaration: "f", mutationOperator: .relational, original: "<", mutated: "<=")
        }
        let a = MutantSelection.select(sites, only: nil, sample: 10, seed: 7, shard: nil)
        #expect(a == MutantSelection.select(sites, only: nil, sample: 10, seed: 7, shard: nil))
        #expect(a != MutantSelection.select(sites, only: nil, sample: 10, seed: 8, shard: nil))
        #expect(a.count == 10)
        let shards = (1...3).map { MutantSelection.select(sites, only: nil, sample: 10, seed: 7, shard: Shard("\($0)/3")) }
        #expect(Set(shards.flatMap { $0 }) == Set(a) && shards.map(\.count).reduce(0, +) == 10)
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil)
    }

    @Test("compile errors are read from the build log, relative to the copy")
    func errorLines() {
        let log = "/tmp/copy/Sources/A/X.swift:12:5: error: no\n/tmp/copy/Sources/A/X.swift:12:9: error: again\n"
            + "/usr/include/y.h:1:1: error: elsewhere\nSources/B.swift:3:1: warning: w\n"
        #expect(SwiftBuilder.errors(in: log, root: "/tmp/copy") == [CompileErrorLine(file: "Sources/A/X.swift", line: 12)])
    }
}
