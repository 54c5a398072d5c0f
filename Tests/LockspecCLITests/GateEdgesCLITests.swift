import Foundation
import Testing

/// A gate that checked nothing has not held, and what the run would refuse lint refuses too: from a CI engineer's
/// trial, where each of these exited 0.
@Suite("The gate's edges: nothing to check, documents lint did not check, repeated options")
struct GateEdgesCLITests {
    @Test("a run that would check nothing is bad usage (exit 2): no spec at the path, an empty --row or --spec, a --row and a --spec that exclude each other")
    func nothingToRun() throws {
        let empty = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let cases: [([String], String)] = [
            (["run", empty.path], "nothing to run: no spec in"),
            (["run", RunCLITests.specs, "--no-explore", "--row", ""], "option --row needs a value, and it was given an empty one"),
            (["run", RunCLITests.specs, "--no-explore", "--spec", ","], "--spec needs at least one id"),
            (["run", RunCLITests.specs, "--no-explore", "--row", "LL-S-GRACE-61S", "--spec", "capability.answers"], "select no case"),
            (["lint", empty.path], "nothing to lint: no spec file in"),
            (["migrate", empty.path], "nothing to migrate: no spec file in"),
            (["migrate", "--check", empty.path], "nothing to migrate: no spec file in"),
            (["compile", empty.path, "--out", empty.path + "-out"], "nothing to compile: no spec file in"),
            (["explore", empty.path], "nothing to explore"),
            (["explore", RunCLITests.specs, "--spec", ","], "--spec needs at least one id"),
            (["explore", RunCLITests.specs, "--spec", "capability.answers", "--walks", "0"], "nothing to explore"),
        ]
        for (arguments, message) in cases {
            let r = try CLITests.run(arguments, timeout: 120)
            #expect(r.status == 2, "\(arguments): \(r.output)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
    }

    @Test("lint --documents checks what the run will: a folder that is not there is exit 2, a cited document missing from it an error")
    func lintChecksTheDocuments() throws {
        let missing = try CLITests.run(["lint", RunCLITests.specs, "--documents", "/nonexistent-lockspec-documents"], timeout: 60)
        #expect(missing.status == 2 && missing.stdout.contains("no such folder of design documents"), "\(missing.output)")
        // A file where the folder should be is named as a file, not as missing.
        let file = try CLITests.run(["lint", RunCLITests.specs, "--documents", RunCLITests.specs + "/sections.yaml"], timeout: 60)
        #expect(file.status == 2 && file.stdout.contains("sections.yaml is a file, not a folder of design documents: name the folder that holds it"), "\(file.output)")
        let empty = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLITests.run(["lint", RunCLITests.specs, "--documents", empty.path], timeout: 60)
        #expect(none.status == 1 && none.stdout.contains("[run.document-missing]"), "\(none.output)")
        #expect(!none.stdout.contains("were not checked"), "\(none.output)")
        // Without --documents, a misspelt document lints clean (the eighth trial): the closing lines say nothing was checked.
        let unchecked = try CLITests.run(["lint", RunCLITests.specs], timeout: 60)
        let last = unchecked.stdout.split(separator: "\n").suffix(2)
        #expect(unchecked.status == 0 && last.first == "note: the citations were not checked against the design documents (--documents <dir> checks them)",
                "\(unchecked.output)")
    }

    @Test("an option given twice, or a flag given a value, is bad usage (exit 2): the last one won, and --strict=false turned strict on")
    func optionsOnce() throws {
        let twice = try CLITests.run(["run", RunCLITests.specs, "--no-explore", "--shard", "1/3", "--shard", "3/3"], timeout: 60)
        #expect(twice.status == 2 && twice.stderr.contains("option --shard is given twice"), "\(twice.output)")
        // A list option given again adds to the list: a user's first try, where --row A,B was the only way.
        let rows = try CLITests.run(["run", RunCLITests.specs, "--row", "LL-BG-ON", "--spec", "launch-lock.triggers", "--row", "LL-BG-OFF"], timeout: 60)
        #expect(rows.status == 0 && rows.output.contains("This run checked 2 rows"), "\(rows.output)")
        let empty = try CLITests.run(["run", RunCLITests.specs, "--row", "LL-BG-ON", "--row", ""], timeout: 60)
        #expect(empty.status == 2 && empty.stderr.contains("given an empty one"), "\(empty.output)")
        let valued = try CLITests.run(["lint", RunCLITests.specs, "--strict=false"], timeout: 60)
        #expect(valued.status == 2 && valued.stderr.contains("--strict takes no value"), "\(valued.output)")
        #expect(try CLITests.run(["lint", RunCLITests.specs, "--strict"], timeout: 60).status == 0)
        for command in [["run", RunCLITests.specs, "--no-explore"], ["diff", RunCLITests.specs, RunCLITests.specs]] {
            let dash = try CLITests.run(command + ["--json", "-"], timeout: 60)
            #expect(dash.status == 2 && dash.stderr.contains("--json writes a file, and '-' is not one here"), "\(dash.output)")
        }
        // What can be known before a long run is refused before it: a folder, a link that leads nowhere.
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dangling = folder.appendingPathComponent("r.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("none/r.json").path)
        for path in [folder.path, dangling] {
            let r = try CLITests.run(["run", RunCLITests.specs, "--no-explore", "--junit", path], timeout: 60)
            #expect(r.status == 2 && r.stderr.contains("--junit \(path)"), "\(r.output)")
        }
    }

    @Test("specs that do not compile stop the run (exit 2) and the errors come in the format asked for too: annotations, or a SARIF log")
    func stoppedRunInTheFormatAsked() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("id: x\nkind: nonsense\n".utf8).write(to: folder.appendingPathComponent("b.yaml"))
        let github = try CLITests.run(["run", folder.path, "--format", "github"], timeout: 60)
        #expect(github.status == 2 && github.stdout.hasPrefix("::error file=\(folder.appendingPathComponent("b.yaml").path),line=2,col=7,title=spec.unknown-kind::"), "\(github.output)")
        // An earlier run's report at the path is gone: a reused workspace must not publish the last green JUnit.
        let junit = folder.appendingPathComponent("junit.xml").path
        try Data("<testsuites tests=\"1\"/>".utf8).write(to: URL(fileURLWithPath: junit))
        #expect(try CLITests.run(["run", folder.path, "--junit", junit], timeout: 60).status == 2)
        #expect(!FileManager.default.fileExists(atPath: junit))
        let sarif = try CLITests.run(["run", folder.path, "--format", "sarif"], timeout: 60)
        #expect(sarif.status == 2)
        #expect(try CIOutputCLITests.checkShape(sarif.stdout).map(\.rule) == ["spec.unknown-kind"])
    }

    /// Found by a CI engineer's re-trial: through a link the earlier report stayed published, a usage error of a read
    /// command line (`--shard 5/4`) kept it while others removed it, and a read-only one was removed though a run
    /// refuses to write it.
    @Test("a run that exits 2 once its command line is read removes an earlier report: through a link, after bad usage; a read-only one stays")
    func staleReportsGo() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.json").path, link = folder.appendingPathComponent("link.json").path
        let previous = folder.appendingPathComponent("previous.json").path, readOnly = folder.appendingPathComponent("ro.json").path
        // Each holds what a results report starts with (a file that does not read as a report stays: `notReportsStay`).
        for path in [target, previous, readOnly] { try Data("{\n  \"cases\" : [\n  ]\n}\n".utf8).write(to: URL(fileURLWithPath: path)) }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
        let missing = folder.appendingPathComponent("no-such-specs").path
        #expect(try CLITests.run(["run", missing, "--json", link], timeout: 60).status == 2)
        #expect(!FileManager.default.fileExists(atPath: target), "the file the link leads to was the earlier report")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target, "the link itself stays")
        #expect(try CLITests.run(["run", RunCLITests.specs, "--shard", "5/4", "--json", previous], timeout: 60).status == 2)
        #expect(!FileManager.default.fileExists(atPath: previous))
        let refused = try CLITests.run(["run", missing, "--json", readOnly], timeout: 60)
        #expect(refused.status == 2 && refused.stderr.contains("read-only"), "\(refused.output)")
        #expect(FileManager.default.fileExists(atPath: readOnly))
    }

    /// Found by a bad-input trial: a mistyped --row with `--junit specs/launch-lock.product.yaml` deleted the product
    /// file, `--json` over a spec replaced it with JSON (exit 0), and `compile --out ''` wrote into '/'.
    @Test("a report never replaces an input or another report, a file that is no report survives an exit 2, and an empty value is bad usage")
    func reportsSpareInputs() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.copyItem(atPath: RunCLITests.specs, toPath: specs.path)
        let product = specs.appendingPathComponent("launch-lock.product.yaml").path, grace = specs.appendingPathComponent("launch-lock.grace.yaml").path
        let note = folder.appendingPathComponent("note.txt").path, markdown = folder.appendingPathComponent("note.md").path
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: note))
        try Data("# my notes\n".utf8).write(to: URL(fileURLWithPath: markdown))
        let before = try [product, grace, note, markdown].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let cases: [([String], String)] = [
            (["run", specs.path, "--row", "NO-SUCH-ROW", "--junit", product], "a spec file in"),
            (["run", specs.path, "--spec", "launch-lock.grace", "--no-explore", "--json", grace], "a spec file in"),
            (["run", grace, "--no-explore", "--json", grace], "a file this command reads"),
            (["run", specs.path, "--no-explore", "--json", note, "--junit", note], "name the same file"),
            (["diff", specs.path, RunCLITests.specs, "--json", grace], "a spec file in"),
            (["compile", specs.path, "--out", ""], "given an empty one"),
            (["explore", specs.path, "--spec", "launch-lock.triggers", "--no-tour", "--length", "10001"], "from 1 to 10000"),
        ]
        for (arguments, message) in cases {
            let r = try CLITests.run(arguments, timeout: 120)
            #expect(r.status == 2 && r.stderr.contains(message), "\(arguments): \(r.output)")
        }
        // A run that exits 2 after its command line was read removes only what reads as its earlier report.
        let r = try CLITests.run(["run", specs.path, "--row", "NO-SUCH-ROW", "--json", note, "--markdown", markdown], timeout: 120)
        #expect(r.status == 2, "\(r.output)")
        #expect(try [product, grace, note, markdown].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        // Found by the re-check: a spec beside a spec file given, the default specs folder, a file that is no report
        // in a folder read (specs/schema.json), and compile's --out among the specs or through a link.
        let lone = specs.appendingPathComponent("launch-lock.grace.yaml").path, triggers = specs.appendingPathComponent("launch-lock.triggers.yaml").path
        let schema = specs.appendingPathComponent("schema.json").path, out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("suite.json").path, withDestinationPath: triggers)
        let kept = try [triggers, schema].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let more: [([String], String, String?)] = [
            (["run", lone, "--no-explore", "--json", triggers], "a spec file in", nil),
            (["explore", lone, "--walks", "1", "--json", triggers], "a spec file in", nil),
            (["run", "--spec", "launch-lock.grace", "--no-explore", "--json", "specs/launch-lock.triggers.yaml"], "a spec file in", folder.path),
            (["run", specs.path, "--spec", "launch-lock.grace", "--no-explore", "--json", schema], "no such report", nil),
            (["compile", specs.path, "--out", specs.appendingPathComponent("gen").path], "which this command reads", nil),
            (["compile", specs.path, "--out", out.path], "is a link", nil),
        ]
        for (arguments, message, directory) in more {
            let r = try CLITests.run(arguments, shell: directory.map { "cd '\($0)' &&" }, timeout: 120)
            #expect(r.status == 2 && r.stderr.contains(message), "\(arguments): \(r.output)")
        }
        #expect(try [triggers, schema].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == kept)
        // A bad-input trial: a folder where an output file goes stopped compile half-way, suite.json new, the rest old.
        let half = folder.appendingPathComponent("half")
        try FileManager.default.createDirectory(at: half.appendingPathComponent("diagrams/launch-lock.triggers.dot"), withIntermediateDirectories: true)
        let blocked = try CLITests.run(["compile", specs.path, "--out", half.path], timeout: 120)
        #expect(blocked.status == 2 && blocked.stderr.contains("launch-lock.triggers.dot is not a file"), "\(blocked.output)")
        #expect(!FileManager.default.fileExists(atPath: half.appendingPathComponent("suite.json").path), "nothing written before the refusal")
        // A mistyped --path gives no spec on either side: nothing compared is no pass.
        let diff = try CLITests.run(["diff", "--git", "HEAD..HEAD", "--path", "no-such-folder", "--exit-code"], timeout: 120)
        #expect(diff.status == 2 && diff.stderr.contains("nothing to compare"), "\(diff.output)")
    }

    /// Found by a CI engineer's re-trial: with standard output closed, a run wrote a whole passing report, then exited 2.
    @Test("with standard output closed nothing runs: exit 2 at once, no report written")
    func closedStandardOutput() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("r.json").path
        let r = try CLITests.run(["run", RunCLITests.specs, "--no-explore", "--spec", "decoy.unlock", "--json", report], shell: "exec >&-;", timeout: 60)
        #expect(r.status == 2)
        #expect(r.stderr.contains("standard output is closed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report))
    }
}
