import Foundation
@testable import Mutation

/// A tiny package, a fake gate and a fake builder, so the engine's tests run no Swift build and no real gate.
///
/// The gate is a shell script standing in for `lockspec run specs --json F [--no-explore]`. By `LOCKSPEC_MUTANT`:
/// unset or 0 passes (rows R-1, R-2); 1 fails R-1; 2 hangs; 3 kills itself (SIGSEGV); 4 passes (a survivor);
/// 5 fails R-1 and R-2; 6 passes the rows but fails the exploration (EX-M-1) when it runs; 7 exits 2 (a crash of
/// another kind). With `--kill` (a fallback build whose mutant is compiled in) it fails R-2. With a file `baseline-fails`
/// beside the script (per package: an environment variable would leak into the tests running alongside), even the
/// unmutated run fails.
struct FakePackage {
    let root: String
    let gate: String
    let sites: [MutationSite]

    static let script = #"""
    #!/bin/sh
    json=""; explore=1; kill=0
    while [ $# -gt 0 ]; do
      case "$1" in --json) json="$2"; shift ;; --no-explore) explore=0 ;; --kill) kill=1 ;; esac
      shift
    done
    m="${LOCKSPEC_MUTANT:-0}"
    row() { printf '{"id":"%s","row":"%s","spec":"demo","file":"specs/demo.yaml","line":%s,"status":"%s","exercised":["%s"]}' "$1" "$1" "$2" "$3" "$1"; }
    write() { printf '{"cases":[%s,%s],"exploration":{"findings":[%s]}}' "$(row R-1 3 "$1")" "$(row R-2 4 "$2")" "$3" > "$json"; }
    if [ -f "$(dirname "$0")/baseline-fails" ]; then write failed passed ""; echo "R-1 FAIL"; exit 1; fi
    if [ "$kill" = 1 ]; then write passed failed ""; exit 1; fi
    case "$m" in
      1) write failed passed ""; exit 1 ;;
      2) exec sleep 60 ;;
      3) kill -SEGV $$ ;;
      5) write failed failed ""; exit 1 ;;
      6) if [ "$explore" = 1 ]; then write passed passed '{"id":"EX-M-1","spec":"demo","status":"failed"}'; exit 1; fi ;;
      7) echo "cannot read specs" >&2; exit 2 ;;
    esac
    write passed passed ""
    exit 0
    """#

    /// Makes the package in a fresh temporary folder, with `count` sites numbered 1...count.
    init(count: Int = 7) throws {
        root = NSTemporaryDirectory() + "lockspec-mutation-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Sources/Core", withIntermediateDirectories: true)
        try "let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\nlet f = 6\nlet g = 7\n"
            .write(toFile: root + "/Sources/Core/A.swift", atomically: true, encoding: .utf8)
        gate = root + "/fake-gate.sh"
        try Self.script.write(toFile: gate, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gate)
        sites = (1...count).map { n in
            MutationSite(id: "m\(n)", number: n, file: "Sources/Core/A.swift", line: n, column: 9, endLine: n, endColumn: 10,
                         declaration: "\(Character(UnicodeScalar(96 + n)!))", mutationOperator: .boundary,
                         original: "\(n)", mutated: "\(n + 1)")
        }
    }

    /// A plan: every site schematized, except those in `fallback`; `broken` ids put a line the fake builder rejects
    /// into the schematized file (at the site's line) until they are left out.
    func plan(leaving: Set<String>, fallback: [String] = [], broken: Set<String> = []) -> RunPlan {
        var lines = sites.map { "let \($0.declaration) = \($0.original) // switch" }
        for site in sites where broken.contains(site.id) && !leaving.contains(site.id) { lines[site.line - 1] = "BROKEN" }
        let byLine = Dictionary(uniqueKeysWithValues: sites.map { ($0.line, $0.id) })
        return RunPlan(sites: sites, excluded: [ExcludedDeclaration(file: "Sources/Core/A.swift", declaration: "debug", sites: 2)],
                       schematizedFiles: ["Sources/Core/A.swift": lines.joined(separator: "\n") + "\n"],
                       fallback: fallback,
                       siteIDsAt: { path, line in path == "Sources/Core/A.swift" ? byLine[line].map { [$0] } ?? [] : [] },
                       mutatedSource: { id in ("Sources/Core/A.swift", "FALLBACK \(id)\n") })
    }

    /// An engine over this package with the fake builder.
    func engine(fallback: [String] = [], broken: Set<String> = [], failingFallbacks: Set<String> = []) -> MutationEngine {
        let package = self
        return MutationEngine(planner: { package.plan(leaving: $0, fallback: fallback, broken: broken) },
                              builder: FakeBuilder(gate: gate, failingFallbacks: failingFallbacks))
    }

    /// A request with a one-second minimum timeout.
    func request(jobs: Int = 4) -> MutationRequest {
        var r = MutationRequest(packageRoot: root, workFolder: root + "/.build/mutation", jobs: jobs)
        r.minimumTimeout = 1
        r.timeoutFactor = 1
        return r
    }
}

/// Builds nothing: rejects a copy whose file has `BROKEN` lines (an error at each, as a compiler reports them all) or a fallback text for an id
/// in `failingFallbacks`; a fallback text builds a gate that fails R-2 (`--kill`).
struct FakeBuilder: MutantBuilder {
    let gate: String
    let failingFallbacks: Set<String>

    func build(root: String) -> BuildOutcome {
        let text = (try? String(contentsOfFile: root + "/Sources/Core/A.swift", encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let broken = lines.indices.filter { lines[$0] == "BROKEN" }
        if !broken.isEmpty {
            return .failed(errors: broken.map { CompileErrorLine(file: "Sources/Core/A.swift", line: $0 + 1) }, log: "A.swift: error: BROKEN")
        }
        if text.hasPrefix("FALLBACK") {
            let id = text.dropFirst("FALLBACK ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            if failingFallbacks.contains(id) { return .failed(errors: [], log: "A.swift:1:1: error: cannot convert") }
            return .built(Gate(executable: "/bin/sh", arguments: [gate, "run", "specs", "--kill"], directory: root))
        }
        // Through /bin/sh, not exec'd: a script another test is writing at that moment would be "text file busy".
        return .built(Gate(executable: "/bin/sh", arguments: [gate, "run", "specs"], directory: root))
    }
}
