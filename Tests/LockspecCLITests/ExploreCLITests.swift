import Foundation
import Testing

/// `lockspec explore` as a CI job calls it: help, exit codes, the JSON report.
@Suite("lockspec explore")
struct ExploreCLITests {
    @Test("--help lays out the command like the others")
    func help() throws {
        let run = try CLITests.run(["explore", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: Drives AppLockCore through every reachable situation"))
        #expect(run.stdout.contains("USAGE: lockspec explore [<path> ...] [--spec <id>]"))
        #expect(run.stdout.contains("--max-transitions <n>"))
    }

    @Test("a machine whose every transition holds: exit 0, its figures, and the JSON written")
    func holds() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let run = try CLITests.run(["explore", RunCLITests.specs, "--spec", "capability.authenticate", "--json", json.path], timeout: 120)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.stdout.contains("capability.authenticate: 2 situations, 20/20 transitions checked, 0 divergences"))
        let text = try String(contentsOf: json, encoding: .utf8)
        #expect(text.contains("\"spec\" : \"capability.authenticate\""))
    }

    @Test("usage errors exit 2: an unknown spec (with a did-you-mean) and a bad limit")
    func usage() throws {
        let unknown = try CLITests.run(["explore", RunCLITests.specs, "--spec", "capability.authenticat"], timeout: 120)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "Error: no spec 'capability.authenticat' (did you mean 'capability.authenticate'?)\nSee 'lockspec explore --help'.\n")
        let limit = try CLITests.run(["explore", RunCLITests.specs, "--max-transitions", "0"])
        #expect(limit.status == 2)
        #expect(limit.stderr.contains("Error: --max-transitions must be a positive whole number"))
    }
}
