import Foundation
import Testing

/// `lockspec mutate` as a user and a CI job call it: help, usage errors, merge refusals (no build runs here).
@Suite("lockspec mutate CLI")
struct MutateCLITests {
    @Test("--help lays out the command like the others, and 'lockspec help mutate' is the same")
    func help() throws {
        let run = try CLITests.run(["mutate", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: Seeds every mutation site into AppLockCore"))
        for option in ["--list", "--seed", "--shard", "--jobs", "--json", "--html", "--markdown", "--format", "--accepted", "--ci", "--coverage", "merge <file> ..."] {
            #expect(run.stdout.contains("  \(option)"), "\(option)")
        }
        #expect(try CLITests.run(["help", "mutate"]).stdout == run.stdout)
        #expect(try CLITests.run(["--help"]).stdout.contains("  mutate"))
    }

    @Test("a lockspec without lockspec-mutate beside it says how to build it, and exits 2")
    func missingExecutable() throws {
        // A hard link (or a copy) of lockspec alone in a folder of its own: no lockspec-mutate beside it.
        let alone = #"f() { d=$(mktemp -d); ln "$1" "$d/lockspec" 2>/dev/null || cp "$1" "$d/lockspec"; shift; "$d/lockspec" "$@"; s=$?; rm -rf "$d"; return $s; }; f"#
        let run = try CLITests.run(["mutate", "--list"], shell: alone)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("'lockspec mutate' runs lockspec-mutate, which is not built beside this lockspec"))
        #expect(run.stderr.contains("swift build -c release --product lockspec-mutate"))
    }

    @Test("--list lists AppLockCore's sites with their places and texts, and builds nothing")
    func list() throws {
        let run = try CLITests.run(["mutate", "--list"], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(" Sources/AppLockCore/") && $0.contains(" → ") })
        #expect(lines.contains { $0.hasSuffix("needs its own build)") && $0.contains(" sites (") })
    }

    @Test("bad usage exits 2 with the reason", arguments: [
        (["mutate", "--shard", "3/2"], "--shard must be I/N"),
        (["mutate", "--jobs", "0"], "--jobs must be a whole number of at least 1"),
        (["mutate", "--format", "html"], "--format must be one of text, github"),
        (["mutate", "--policy", "sometimes"], "--policy must be one of rows-first, always, never"),
        (["mutate", "--coverage", "maybe"], "--coverage must be one of per-case, off"),
        (["mutate", "merge"], "give the shards' --json reports to merge"),
        (["mutate", "merge", "/no/such/shard.json"], "cannot read /no/such/shard.json"),
        (["mutate", "extra"], "unexpected argument 'extra'"),
    ])
    func usage(arguments: [String], message: String) throws {
        let run = try CLITests.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
