import Foundation
import Testing
@testable import Mutation

@Suite("Mutation reports: shards, CI mode, Stryker JSON")
struct MutationReportTests {
    private func run(_ package: FakePackage, shard: String? = nil, json: String? = nil, accepted: String? = nil,
                     ci: Bool = false, recheck: Bool = false) -> MutationAnalysis.Outcome {
        var request = package.request()
        request.shard = shard.flatMap(Shard.init)
        var invocation = MutationAnalysis.Invocation(mode: .run(request, package.engine()), today: "2026-06-01")
        invocation.json = json
        invocation.accepted = accepted
        invocation.ci = ci
        invocation.recheckAccepted = recheck
        return MutationAnalysis.execute(invocation)
    }

    /// A report with what differs between runs (times, the shard bookkeeping) set aside.
    private func comparable(_ report: MutationReport?) -> MutationReport? {
        guard var r = report else { return nil }
        r.timing = MutationTiming()
        r.settings.shard = nil
        r.settings.mergedShards = []
        r.mutants = r.mutants.map { var m = $0; m.milliseconds = 0; return m }
        return r
    }

    @Test("shard runs merge into the same report as one run; a missing or repeated shard is refused")
    func shardsMerge() throws {
        let package = try FakePackage()
        let whole = run(package)
        let dir = package.root
        let parts = (1...3).map { i in run(package, shard: "\(i)/3", json: "\(dir)/shard\(i).json") }
        // Round robin over m1…m7: shard 1 holds m1, m4 (the survivor), m7; shards 2 and 3 have no survivor.
        #expect(parts.map(\.exitCode) == [1, 0, 0])
        #expect(parts.map { $0.report?.mutants.map(\.site.id) ?? [] } == [["m1", "m4", "m7"], ["m2", "m5"], ["m3", "m6"]])
        let merged = MutationAnalysis.execute(.init(mode: .merge((1...3).map { "\(dir)/shard\($0).json" }), today: "2026-06-01"))
        #expect(merged.exitCode == whole.exitCode)
        #expect(comparable(merged.report) == comparable(whole.report))
        #expect(merged.report?.settings.mergedShards == ["1/3", "2/3", "3/3"])
        let missing = MutationAnalysis.execute(.init(mode: .merge(["\(dir)/shard1.json", "\(dir)/shard3.json"]), today: "2026-06-01"))
        #expect(missing.exitCode == 2 && missing.errors.contains("missing shard(s) 2/3"))
        let twice = MutationAnalysis.execute(.init(mode: .merge(["\(dir)/shard1.json", "\(dir)/shard1.json", "\(dir)/shard2.json"]), today: "2026-06-01"))
        #expect(twice.exitCode == 2 && twice.errors.contains("shard 1/3 is given twice"))
    }

    @Test("merged shards keep NoCoverage and coveredBy, and the Stryker JSON carries coveredBy")
    func shardsKeepCoverage() throws {
        let package = try FakePackage(count: 8)
        let dir = package.root
        let whole = run(package, json: "\(dir)/whole.json")
        _ = (1...2).map { i in run(package, shard: "\(i)/2", json: "\(dir)/shard\(i).json") }
        let merged = MutationAnalysis.execute(.init(mode: .merge((1...2).map { "\(dir)/shard\($0).json" }), today: "2026-06-01"))
        #expect(comparable(merged.report) == comparable(whole.report))
        let m8 = merged.report?.mutants.first { $0.site.id == "m8" }
        #expect(m8?.status == .noCoverage && m8?.coveredBy == [])
        #expect(merged.report?.mutants.first { $0.site.id == "m6" }?.coveredBy == ["explore:demo"])
        #expect(merged.report?.settings.coverage == "per-case" && merged.report?.timing.coverageRuns == 6)
        let json = try #require(FileManager.default.contents(atPath: "\(dir)/whole.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let files = try #require(object["files"] as? [String: [String: Any]])
        let mutants = files.values.flatMap { $0["mutants"] as? [[String: Any]] ?? [] }
        #expect(mutants.first { $0["id"] as? String == "m5" }?["coveredBy"] as? [String] == ["R-1", "R-2", "explore:demo"])
        #expect(mutants.first { $0["id"] as? String == "m8" }?["status"] as? String == "NoCoverage")
        let tests = (object["testFiles"] as? [String: [String: Any]])?["exploration"]?["tests"] as? [[String: Any]] ?? []
        #expect(tests.contains { $0["id"] as? String == "explore:demo" }, "every coveredBy id names a test")
    }

    @Test("CI mode: every survivor listed exits 0; a new survivor exits 1; with --recheck-accepted a listed mutant now killed (unless racy) exits 1; an expired entry exits 1")
    func ciMode() throws {
        let package = try FakePackage()
        let file = package.root + "/accepted.yaml"
        try "# equivalent mutants\n- mutant: m4\n  reason: the constant is never read\n  expires: 2026-12-31\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let listed = run(package, accepted: file, ci: true)
        #expect(listed.exitCode == 0, "\(listed.output)")
        #expect(listed.report?.mutants.first { $0.site.id == "m4" }?.reportedStatus == .ignored)
        #expect(listed.report?.counted == 6 && listed.report?.score == 100)

        let newSurvivor = try FakePackage(count: 8)   // site 8: the fake gate passes it, a survivor nobody listed
        let failing = run(newSurvivor, accepted: file, ci: true)
        #expect(failing.exitCode == 1)
        #expect(failing.output.contains("m8") && failing.output.contains("FAIL: 1 finding"))

        try "- {mutant: m4, reason: equivalent, expires: 2026-12-31}\n- {mutant: m1, reason: was a survivor, expires: 2026-12-31}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let stale = run(package, accepted: file, ci: true, recheck: true)
        #expect(stale.exitCode == 1 && stale.output.contains("nowKilled: m1"))
        #expect(stale.output.contains("accepted survivors: 2 listed mutants ran"))
        // Without --recheck-accepted the listed mutants do not run, so the stale entry cannot show.
        let unchecked = run(package, accepted: file, ci: true)
        #expect(unchecked.exitCode == 0, "\(unchecked.output)")
        #expect(unchecked.output.contains("accepted survivors: 2 of 2 listed mutants not run"))
        #expect(unchecked.report?.mutants.first { $0.site.id == "m1" }?.status == .ignored)
        // A racy entry (its outcome depends on thread timing) may be detected without going stale.
        try "- {mutant: m4, reason: equivalent, expires: 2026-12-31}\n- {mutant: m1, reason: a race, expires: 2026-12-31, racy: true}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let racy = run(package, accepted: file, ci: true, recheck: true)
        #expect(racy.exitCode == 0, "\(racy.output)")

        try "- mutant: m4\n  reason: equivalent\n  expires: 2026-05-31\n".write(toFile: file, atomically: true, encoding: .utf8)
        let expired = run(package, accepted: file, ci: true)
        #expect(expired.exitCode == 1 && expired.output.contains("expired: m4"))
    }

    @Test("the project's own mutation-accepted.yaml reads: every entry a 12-digit hex id with a reason")
    func projectFileReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("mutation-accepted.yaml").path
        let accepted = try AcceptedSurvivors.load(path: path)
        // Every entry of the file is read: as many entries as lines that start one.
        let starts = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("- mutant:") }
        #expect(accepted.entries.count == starts.count && starts.count > 100)
        #expect(accepted.entries.allSatisfy { $0.mutant.count == 12 && $0.mutant.allSatisfy(\.isHexDigit) && !$0.reason.isEmpty })
        #expect(Set(accepted.entries.map(\.mutant)).count == accepted.entries.count, "each mutant listed once")
    }

    @Test("the accepted-survivors file's errors are located file:line:col, and exit 2")
    func acceptedErrors() throws {
        #expect(throws: AcceptedSurvivorsError.self) { try AcceptedSurvivors.parse("- mutant: a\n  reason: r\n  expires: soon\n", file: "f.yaml") }
        do {
            _ = try AcceptedSurvivors.parse("- mutant: a\n  reason: r\n  expires: 2026-01-01\n  colour: red\n", file: "f.yaml")
            Issue.record("an unknown key was accepted")
        } catch let error as AcceptedSurvivorsError {
            #expect(error.description.hasPrefix("f.yaml:4:3: error: unknown key 'colour'"))
        }
        // Read as YAML reads it: a plain reason holding ': ' is refused where PyYAML refuses it, not taken.
        do {
            _ = try AcceptedSurvivors.parse("- mutant: a\n  reason: equivalent — foo is never used: bar\n  expires: 2026-01-01\n", file: "f.yaml")
            Issue.record("a plain scalar holding ': ' was accepted")
        } catch let error as AcceptedSurvivorsError {
            #expect(error.description.hasPrefix("f.yaml:2:"))
        }
        #expect(throws: AcceptedSurvivorsError.self) { try AcceptedSurvivors.parse("- mutant: a\n  reason: [r]\n  expires: 2026-01-01\n", file: "f.yaml") }
        #expect(throws: AcceptedSurvivorsError.self) { try AcceptedSurvivors.parse("mutant: a\n", file: "f.yaml") }
        #expect(throws: AcceptedSurvivorsError.self) { try AcceptedSurvivors.parse("- mutant: a\n  mutant: b\n  reason: r\n  expires: 2026-01-01\n", file: "f.yaml") }
        #expect(try AcceptedSurvivors.parse("# nothing accepted yet\n", file: "f.yaml").entries.isEmpty)
        let racy = try AcceptedSurvivors.parse("- {mutant: a, reason: r, expires: 2026-01-01, racy: true}\n", file: "f.yaml")
        #expect(racy.entries.first?.racy == true)
        #expect(throws: AcceptedSurvivorsError.self) { try AcceptedSurvivors.parse("- {mutant: a, reason: r, expires: 2026-01-01, racy: maybe}\n", file: "f.yaml") }
        let quoted = try AcceptedSurvivors.parse("- mutant: a\n  reason: \"equivalent: both agree\"\n  expires: 2026-01-01\n", file: "f.yaml")
        #expect(quoted.entries.first?.reason == "equivalent: both agree")
        let list = try AcceptedSurvivors.parse("- {mutant: \"x1\", reason: 'a, b', expires: 2026-01-01}  # why\n", file: "f.yaml")
        #expect(list.entries == [AcceptedSurvivor(mutant: "x1", reason: "a, b", expires: "2026-01-01", line: 1)])
        let package = try FakePackage(count: 1)
        let outcome = run(package, accepted: package.root + "/none.yaml")
        #expect(outcome.exitCode == 2 && outcome.errors.contains("none.yaml:1:1: error"))
    }

    @Test("the JSON follows Stryker's mutation-testing-report-schema (schemaVersion 1): its required fields, statuses and test ids")
    func strykerShape() throws {
        let package = try FakePackage()
        let path = package.root + "/report.json"
        _ = run(package, json: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(doc["schemaVersion"] as? String == "1")
        let thresholds = try #require(doc["thresholds"] as? [String: Any])
        #expect(thresholds["high"] is Int && thresholds["low"] is Int)
        let files = try #require(doc["files"] as? [String: [String: Any]])
        let file = try #require(files["Sources/Core/A.swift"])
        #expect(file["language"] as? String == "swift" && (file["source"] as? String)?.hasPrefix("let a = 1") == true)
        let mutants = try #require(file["mutants"] as? [[String: Any]])
        #expect(mutants.count == 7)
        let allowed: Set<String> = ["Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Timeout", "Ignored", "Pending"]
        var testIDs: Set<String> = []
        for test in ((doc["testFiles"] as? [String: [String: Any]]) ?? [:]).values.flatMap({ ($0["tests"] as? [[String: Any]]) ?? [] }) {
            #expect(test["name"] is String)
            testIDs.insert(test["id"] as? String ?? "")
        }
        for m in mutants {
            #expect(m["id"] is String && m["mutatorName"] is String && allowed.contains(m["status"] as? String ?? ""))
            let location = try #require(m["location"] as? [String: [String: Int]])
            #expect((location["start"]?["line"] ?? 0) >= 1 && (location["start"]?["column"] ?? 0) >= 1 && location["end"] != nil)
            for killer in (m["killedBy"] as? [String]) ?? [] { #expect(testIDs.contains(killer)) }
        }
        #expect(mutants.first { $0["id"] as? String == "m6" }?["killedBy"] as? [String] == ["EX-M-1"])
        let reread = try StrykerJSON.read(data, file: path)
        #expect(reread.mutants.count == 7 && reread.rows.count == 2)
    }

    @Test("the kill matrix: rows that kill nothing, mutants one row kills, a survivor's nearest rows")
    func killMatrix() throws {
        let site = { (id: String, decl: String) in
            MutationSite(id: id, number: 1, file: "F.swift", line: 1, column: 1, endLine: 1, endColumn: 2, declaration: decl,
                         mutationOperator: .relational, original: "<", mutated: "<=")
        }
        let rows = ["A", "B", "C"].map { GateCase(id: $0, row: $0, spec: "s", file: "s.yaml", line: 1, fails: false, exercised: []) }
        let report = MutationReport(
            mutants: [MutantResult(site: site("x", "f"), status: .killed, killedBy: ["A"]),
                      MutantResult(site: site("y", "f"), status: .killed, killedBy: ["A", "B"]),
                      MutantResult(site: site("z", "g"), status: .killed, killedBy: ["B"]),
                      MutantResult(site: site("s", "f"), status: .survived),
                      MutantResult(site: site("t", "f"), status: .survived, coveredBy: ["C", "B", "explore:s"])],
            rows: rows, sources: [:], excluded: [],
            settings: MutationSettings(seed: 1, sample: nil, shard: nil, planSites: 5, policy: "rows-first", jobs: 1, timeout: 1),
            timing: MutationTiming())
        let matrix = KillMatrix(report)
        #expect(matrix.idleRows == ["C"])
        #expect(matrix.singleKills == ["x": "A", "z": "B"])
        #expect(matrix.nearest["s"] == ["A", "B"])
        #expect(matrix.nearest["t"] == ["B", "C"], "with coverage: the cases that reach it, those killing in its declaration first")
        #expect(matrix.kills["A"] == ["x", "y"])
        let html = MutationHTML.render(report, verdict: MutationVerdict(report, accepted: nil, today: "2026-01-01", ci: false))
        #expect(html.contains("<h2>Survivors</h2>") && !html.contains("<script"))
    }
}
