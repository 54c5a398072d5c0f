import Foundation
import Testing

/// From a product owner's trial: in a fresh clone lockspec is `.build/release/lockspec`, not on the PATH, and the
/// console's `rerun: lockspec run …` line, pasted, said "command not found". The console's rerun commands start as
/// lockspec was invoked; the report files say `lockspec` however it was, so they stay reproducible.
@Suite("lockspec rerun commands")
struct RerunCLITests {
    static let row = "LL-S-ACC1-ENABLE-WITH-FACEID"
    static let reports = ["summary.md", "report.html", "junit.xml", "results.json", "verdict.json"]

    /// One run of the diverging `folder`, invoked by `shell` (as `CLITests.run` takes it; nil: by the binary's absolute
    /// path), writing every report into `out`: its status, the console's rerun command, and the report files with
    /// their times blanked (the start differs from run to run).
    static func run(_ shell: String?, folder: URL, out: URL) throws -> (status: Int32, rerun: String, files: [String]) {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let options = zip(["--markdown", "--html", "--junit", "--json", "--verdict"], reports).flatMap { [$0, out.appendingPathComponent($1).path] }
        let r = try CLITests.run(["run", folder.path, "--row", row] + options, shell: shell, environment: ["NO_COLOR": "1"], timeout: 60)
        let rerun = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("  rerun:  ") }, "\(r.output)")
        let files = try reports.map { name in
            try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8).replacing(#/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#, with: "(time)")
        }
        return (r.status, String(rerun.dropFirst("  rerun:  ".count)), files)
    }

    @Test("the console's rerun line starts as lockspec was invoked, and pasted where it was printed it reruns the row; the report files are the same however it was invoked")
    func invokedAs() throws {
        let folder = try CIOutputCLITests.divergingSpecs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try #require(CLITests.binary)
        // A folder with a space, holding a link to the binary: typed as `'./bin dir/lockspec'`, it needs quoting.
        let spaced = folder.appendingPathComponent("bin dir")
        try FileManager.default.createDirectory(at: spaced, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: spaced.appendingPathComponent("lockspec"), withDestinationURL: binary)
        let tail = " run \(folder.path) --row \(Self.row)"
        let byPath = try Self.run(nil, folder: folder, out: folder.appendingPathComponent("by-path"))
        #expect(byPath.status == 1 && byPath.rerun == binary.path + tail)
        let typed = try Self.run("cd '\(folder.path)' && exec -a './bin dir/lockspec'", folder: folder, out: folder.appendingPathComponent("typed"))
        #expect(typed.rerun == "'./bin dir/lockspec'" + tail)
        let onPath = try Self.run("exec -a lockspec", folder: folder, out: folder.appendingPathComponent("on-path"))
        #expect(onPath.rerun == "lockspec" + tail, "found on the PATH: the name alone")
        // The files are the run's record, whoever ran it and however: they rerun with `lockspec`.
        #expect(byPath.files == typed.files && typed.files == onPath.files)
        #expect(byPath.files[0].contains("  - rerun: `lockspec" + tail + "`\n"))
        // Pasted in the folder it was printed in, the line runs the row again.
        let pasted = try CLITests.run([], shell: "cd '\(folder.path)' && \(typed.rerun) #", environment: ["NO_COLOR": "1"], timeout: 60)
        #expect(pasted.status == 1 && pasted.stdout.contains("FAIL launch-lock.acceptance › \(Self.row)\n"), "\(pasted.output)")
    }
}
