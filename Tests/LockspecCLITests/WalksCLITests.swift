import Foundation
import Testing

/// `lockspec explore`'s random walks from the command line: the options, their errors, and the same report for the
/// same seed.
@Suite("lockspec explore --walks")
struct WalksCLITests {
    @Test("--help names the walk options and their defaults")
    func help() throws {
        let run = try CLITests.run(["explore", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("[--walks <n>] [--length <n>] [--seed <n>] [--no-tour]"))
        #expect(run.stdout.contains("Random walks per machine (default 1000; 0 for none; at most 1000000)."))
        #expect(run.stdout.contains("The most steps per walk (default 50; at most 10000)."))
        #expect(run.stdout.contains("(default 1); the same seed gives the same walks and the same report."))
    }

    @Test("bad walk options exit 2 with a clear error", arguments: [
        (["--walks", "-1"], "Error: --walks must be a whole number from 0 to 1000000"),
        (["--walks", "many"], "Error: --walks must be a whole number from 0 to 1000000"),
        (["--length", "0"], "Error: --length must be a whole number from 1 to 10000"),
        (["--length", "10001"], "Error: --length must be a whole number from 1 to 10000"),
        (["--seed", "-3"], "Error: --seed must be a whole number from 0 to 18446744073709551615"),
        (["--seed", "0x10"], "Error: --seed must be a whole number from 0 to 18446744073709551615"),
        (["--no-tour", "--walks", "0"], "Error: --no-tour with --walks 0 leaves nothing to explore"),
    ])
    func usage(_ options: [String], _ message: String) throws {
        let run = try CLITests.run(["explore", RunCLITests.specs] + options)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("See 'lockspec explore --help'."))
    }

    @Test("the same seed writes byte-identical JSON; another seed draws other walks")
    func deterministic() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func walks(seed: String, _ name: String) throws -> (CLITests.Run, Data) {
            let json = folder.appendingPathComponent(name).path
            let run = try CLITests.run(["explore", RunCLITests.specs, "--spec", "capability.authenticate", "--no-tour",
                                        "--walks", "40", "--length", "20", "--seed", seed, "--json", json], timeout: 120)
            return (run, try Data(contentsOf: URL(fileURLWithPath: json)))
        }
        let (first, a) = try walks(seed: "9", "a.json")
        let (_, b) = try walks(seed: "9", "b.json")
        let (_, c) = try walks(seed: "10", "c.json")
        #expect(first.status == 0, "\(first.output.suffix(2000))")
        // 40 × 20 steps, and the steps of the openings: the scenario sets that run with the machine's own product
        // values give them (RandomWalks.openings), and walk w starts with opening w mod (openings + 1), the 0th none.
        #expect(first.stdout.hasPrefix("capability.authenticate: 40 walks of up to 20 steps (seed 9), 896 steps checked, 0 failing walks ["), "\(first.stdout.prefix(200))")
        #expect(!first.stdout.contains("transitions checked"))  // --no-tour
        #expect(a == b)
        let fingerprint = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.contains("\"fingerprint\"") } }
        #expect(fingerprint(a) != nil)
        #expect(fingerprint(a) != fingerprint(c))
    }
}
