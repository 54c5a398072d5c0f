import Foundation
import Testing

/// `lockspec run`, `merge` and `graph` as a CI job calls them: exit codes, reports on disk, shards that merge back.
@Suite("lockspec run")
struct RunCLITests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Samples/specs").path

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("the project's specs conform, rows and exploration (tour and walks): exit 0, the summary line, every report written")
    func conforms() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.run([Self.specs, "--junit", out.appendingPathComponent("j.xml").path,
                                    "--json", out.appendingPathComponent("r.json").path,
                                    "--markdown", out.appendingPathComponent("s.md").path,
                                    "--html", out.appendingPathComponent("r.html").path].prepending("run"), timeout: 600)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.stdout.contains(" passed, 0 failing of ") && run.stdout.contains(" cases; exploration: "))
        #expect(run.stdout.contains(" toured, ") && run.stdout.contains(" random-walk steps, "))
        #expect(run.stdout.contains(" clock moves back and forward), 0 failing"))
        for name in ["j.xml", "r.json", "s.md", "r.html"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name) not written")
        }
        let junit = try String(contentsOf: out.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"launch-lock.triggers\" name=\"LL-ACTIVE-GRACE-OVER\""))
    }

    @Test("a --row or --spec that is not in the specs: one line with a did-you-mean (or where the ids are), no usage line, exit 2")
    func unknownSelection() throws {
        let cases: [([String], String)] = [
            (["--row", "LL-ACTIVE-GRACE-OVR"], "Error: no row 'LL-ACTIVE-GRACE-OVR' (did you mean 'LL-ACTIVE-GRACE-OVER'?)\n"),
            (["--row", "NOPE"], "Error: no row 'NOPE', and no row id is close to it: --row takes the id written after 'id:' in a row of the specs\n"),
            (["--spec", "launch-lock.trigers"], "Error: no spec 'launch-lock.trigers' (did you mean 'launch-lock.triggers'?)\n"),
            (["--spec", "NOPE"], "Error: no spec 'NOPE', and no spec id is close to it: 'lockspec lint --summary' of the same paths lists the 42 spec ids\n"),
        ]
        for (options, line) in cases {
            let run = try CLITests.run(["run", Self.specs] + options, timeout: 120)
            #expect(run.status == 2, "\(run.output.suffix(2000))")
            #expect(run.stderr == line + "See 'lockspec run --help'.\n", "\(options)")
            #expect(run.stdout.isEmpty, "\(options)")
        }
    }

    /// The eighth trial: `explored 912/988 transitions` said nothing of the 76 others.
    @Test("a tour that stops at a divergence says how many transitions it did not reach, and why; a run says what lint warns of in the specs it ran")
    func unreachedTransitions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.copyItem(atPath: Self.specs, toPath: specs.path)
        let file = specs.appendingPathComponent("launch-lock.triggers.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let row = try #require(text.range(of: "- id: LL-INACTIVE-LOCKED\n"))
        let then = try #require(text.range(of: "then: {phase: inactive, cover: false}", range: row.upperBound..<text.endIndex))
        try text.replacingCharacters(in: then, with: "then: {phase: inactive, cover: true}").write(to: file, atomically: true, encoding: .utf8)
        let run = try CLITests.run(["run", specs.path, "--spec", "launch-lock.triggers"], timeout: 120)
        #expect(run.status == 1)
        let first = run.stdout.split(separator: "\n").first ?? ""
        let counts = try #require(first.firstMatch(of: /explored (\d+)\/(\d+) transitions \((\d+) not reached: the way to them diverged first\), \d+ failing/), "\(first)")
        #expect(Int(counts.2)! - Int(counts.1)! == Int(counts.3)! && Int(counts.3)! > 0, "\(first)")
        // Many walks fail at a few transitions: the walks' line says at how many.
        #expect(run.stdout.contains(/\d+ failing walks \(at \d+ distinct transitions?\) \[/), "\(run.stdout.prefix(600))")
        // The eighth trial: scenarios that lint says contradict the edited machine passed, and the run said nothing of it.
        let scenarios = try CLITests.run(["run", specs.path, "--spec", "launch-lock.acceptance"], timeout: 120)
        #expect(scenarios.status == 0 && scenarios.stderr.contains("2 lint warnings in the specs that ran (check.contradicts-machine: 2): "
            + "the run checks the core against the tables, not the tables against each other; 'lockspec lint' shows them\n"), "\(scenarios.output)")
        let clean = try CLITests.run(["run", Self.specs, "--spec", "launch-lock.acceptance"], timeout: 120)
        #expect(clean.status == 0 && !clean.stderr.contains("lint warning"), "\(clean.output)")
    }

    @Test("two shards merge back into the whole run")
    func shardsMerge() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var totals: [String] = []
        for shard in ["1/2", "2/2"] {
            let path = out.appendingPathComponent("part\(shard.prefix(1)).json").path
            let run = try CLITests.run(["run", Self.specs, "--no-explore", "--shard", shard, "--json", path], timeout: 120)
            #expect(run.status == 0)
            totals.append(run.stdout.split(separator: "\n").last.map(String.init) ?? "")
        }
        let merged = try CLITests.run(["merge", out.appendingPathComponent("part1.json").path, out.appendingPathComponent("part2.json").path])
        #expect(merged.status == 0)
        let counts = totals.compactMap { Int($0.split(separator: " ").first ?? "") }
        let whole = merged.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") }
        #expect(counts.count == 2 && whole == counts.reduce(0, +))
    }

    @Test("merging 2 of 3 shards exits 2 and names the missing shard")
    func missingShard() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        for shard in ["1/3", "2/3"] {
            let run = try CLITests.run(["run", Self.specs, "--no-explore", "--shard", shard, "--json", out.appendingPathComponent("p\(shard.prefix(1)).json").path], timeout: 120)
            #expect(run.status == 0)
        }
        let merged = try CLITests.run(["merge", out.appendingPathComponent("p1.json").path, out.appendingPathComponent("p2.json").path,
                                       "--json", out.appendingPathComponent("all.json").path])
        #expect(merged.status == 2)
        #expect(merged.stderr.contains("shard 3/3 of 3 is missing"), "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("all.json").path))
    }

    @Test("usage mistakes and specs that do not compile exit 2, before anything runs")
    func exitTwo() throws {
        let unknownRow = try CLITests.run(["run", Self.specs, "--row", "LL-ACTIVE-GRACE-OVR"], timeout: 60)
        #expect(unknownRow.status == 2)
        #expect(unknownRow.stderr.contains("did you mean 'LL-ACTIVE-GRACE-OVER'?"))
        let badShard = try CLITests.run(["run", Self.specs, "--shard", "3/2"], timeout: 60)
        #expect(badShard.status == 2)
        let broken = try CLITests.write(Array("id: t.x\nkind: machin\ntitle: T\n".utf8))
        defer { CLITests.remove(broken) }
        let notCompiling = try CLITests.run(["run", broken])
        #expect(notCompiling.status == 2)
        #expect(notCompiling.stderr.contains("the specs do not compile"))
    }

    @Test("graph prints a machine's Mermaid diagram and refuses a decision table")
    func graph() throws {
        let machine = try CLITests.run(["graph", Self.specs + "/launch-lock.triggers.yaml"], timeout: 60)
        #expect(machine.status == 0)
        #expect(machine.stdout.contains("stateDiagram-v2"))
        #expect(machine.stdout.contains("Open --> Locked"))
        let decision = try CLITests.run(["graph", Self.specs + "/gates.order.yaml"], timeout: 60)
        #expect(decision.status == 2)
    }
}

extension Array {
    func prepending(_ element: Element) -> [Element] { [element] + self }
}

extension RunCLITests {
    /// From a product owner's trial: `run --spec X` refused while any other spec had a lint error; naming X's file
    /// worked, so the refusal guarded nothing.
    @Test("run --spec or --row goes ahead past lint errors in specs it does not read, says them after, and refuses when it reads one")
    func selectionPastOtherErrors() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let specs = out.appendingPathComponent("specs")
        try FileManager.default.copyItem(atPath: Self.specs, toPath: specs.path)
        let triggers = specs.appendingPathComponent("launch-lock.triggers.yaml")
        try (try String(contentsOf: triggers, encoding: .utf8)).replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
            .write(to: triggers, atomically: true, encoding: .utf8)
        for selection in [["--spec", "medtime.unlock"], ["--row", "MT-PIN-FAIL-3"]] {
            let run = try CLITests.run(["run", specs.path, "--no-explore"] + selection, timeout: 300)
            #expect(run.status == 0, "\(selection): \(run.output.suffix(600))")
            #expect(run.stdout.contains(" passed, 0 failing of "), "\(run.stdout.suffix(300))")
            #expect(run.stderr.contains("launch-lock.triggers.yaml:") && run.stderr.contains("[spec.unknown-event]"))
            #expect(run.stderr.contains("this run did not read: the specs chosen ran; a run of the whole folder would not (see 'lockspec lint')"))
        }
        // A spec that uses the broken machine, or the whole folder: nothing runs.
        for selection in [["--spec", "launch-lock.grace"], ["--spec", "launch-lock.triggers"], []] {
            let run = try CLITests.run(["run", specs.path, "--no-explore"] + selection, timeout: 300)
            #expect(run.status == 2 && run.stderr.contains("the specs do not compile: nothing was run"), "\(selection): \(run.output.suffix(400))")
        }
    }
}
