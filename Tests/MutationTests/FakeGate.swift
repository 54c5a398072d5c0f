import Foundation
@testable import Mutation

/// A tiny package, a fake gate and a fake builder, so the engine's tests run no Swift build and no real gate.
///
/// The gate is a shell script standing in for `lockspec run specs --verdict F [--no-explore | --row a,b | --spec demo]
/// [--fail-fast]` (with `--fail-fast`, no case after the first failing one is written, and nothing is explored). It
/// takes `--verdict`, not `--json`: given `--json` it writes no result, so every test would fail.
/// By `LOCKSPEC_MUTANT`: unset or 0 passes (rows R-1, R-2; `--row` writes only the rows it names, and never explores);
/// 1 fails R-1; 2 hangs; 3 kills itself (SIGSEGV); 4 passes (a survivor); 5 fails R-1 and R-2; 6 passes the rows but
/// fails the exploration (EX-M-1) when it runs; 7 exits 2 (a crash of another kind); 8 passes; 9 passes, but its
/// first call in a package takes 3 s (a machine busy once). With
/// `LOCKSPEC_MUTANT_COVERAGE=<file>` it writes the mutants its run reaches, as the schematized switch does: R-1 reaches
/// 1 2 3 5 7 9, R-2 reaches 2 3 4 5 7, the exploration of spec demo reaches 6; nothing reaches 8. Every call is appended
/// to `calls.log` beside the script (`<mutant> rows=<--row> spec=<--spec> explore=<0|1>`). With `--kill` (a fallback
/// build whose mutant is compiled in) it fails R-2. With a file `baseline-fails` beside the script (per package: an
/// environment variable would leak into the tests running alongside), even the unmutated run fails; with a file
/// `r2-fails-alone`, R-2 fails when it runs without R-1.
final class FakePackage: Sendable {
    let root: String
    let gate: String
    let sites: [MutationSite]

    static let script = #"""
    #!/bin/sh
    json=""; explore=1; kill=0; rows=""; spec=""; fast=0
    while [ $# -gt 0 ]; do
      case "$1" in --verdict) json="$2"; shift ;; --no-explore) explore=0 ;; --kill) kill=1 ;;
        --row) rows="$2"; explore=0; shift ;; --spec) spec="$2"; shift ;; --fail-fast) fast=1 ;; esac
      shift
    done
    dir="$(dirname "$0")"
    m="${LOCKSPEC_MUTANT:-0}"
    echo "$m rows=$rows spec=$spec explore=$explore" >> "$dir/calls.log"
    want() { [ -z "$rows" ] || case ",$rows," in *",$1,"*) true ;; *) false ;; esac; }
    row() { printf '{"id":"%s","row":"%s","spec":"demo","file":"specs/demo.yaml","line":%s,"status":"%s","exercised":["%s"]}' "$1" "$1" "$2" "$3" "$1"; }
    failed=0
    write() {
      cases=""
      if want R-1; then cases="$(row R-1 3 "$1")"; [ "$1" = failed ] && failed=1; fi
      if want R-2 && [ "$fast$failed" != 11 ]; then [ -n "$cases" ] && cases="$cases,"; cases="$cases$(row R-2 4 "$2")"; [ "$2" = failed ] && failed=1; fi
      [ "$fast$failed" = 11 ] && explore=0
      machines=""; [ "$explore" = 1 ] && machines='{"spec":"demo"}'
      [ -n "$3" ] && failed=1
      printf '{"cases":[%s],"exploration":{"findings":[%s],"result":{"machines":[%s]}}}' "$cases" "$3" "$machines" > "$json"
    }
    if [ -n "$LOCKSPEC_MUTANT_COVERAGE" ]; then
      { if want R-1; then printf '1\n2\n3\n5\n7\n9\n'; fi
        if want R-2; then printf '2\n3\n4\n5\n7\n'; fi
        if [ "$explore" = 1 ]; then printf '6\n'; fi; } > "$LOCKSPEC_MUTANT_COVERAGE"
    fi
    if [ -f "$dir/baseline-fails" ]; then write failed passed ""; echo "R-1 FAIL"; exit 1; fi
    if [ -f "$dir/r2-fails-alone" ] && [ "$rows" = R-2 ]; then write passed failed ""; exit 1; fi
    if [ "$kill" = 1 ]; then write passed failed ""; exit "$failed"; fi
    case "$m" in
      1) write failed passed "" ;;
      2) exec sleep 60 ;;
      3) kill -SEGV $$ ;;
      5) write failed failed "" ;;
      6) if [ "$explore" = 1 ]; then write passed passed '{"id":"EX-M-1","spec":"demo","status":"failed"}'; else write passed passed ""; fi ;;
      7) echo "cannot read specs" >&2; exit 2 ;;
      9) if [ ! -f "$dir/slow-once" ]; then touch "$dir/slow-once"; sleep 3; fi; write passed passed "" ;;
      *) write passed passed "" ;;
    esac
    exit "$failed"
    """#

    /// The calls the gate received, one line each (see the script).
    func calls() -> [String] {
        ((try? String(contentsOfFile: root + "/calls.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The folder goes with the last reference to the package (twenty test runs left twenty folders each).
    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Makes the package in a fresh temporary folder, with `count` sites numbered 1...count.
    init(count: Int = 7) throws {
        root = NSTemporaryDirectory() + "lockspec-mutation-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Sources/Core", withIntermediateDirectories: true)
        try (1...max(count, 7)).map { "let \(Character(UnicodeScalar(96 + $0)!)) = \($0)\n" }.joined()
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

    /// A request with a one-second minimum timeout; per-case coverage unless `coverage` is false; the exact kill matrix
    /// when `matrix`.
    func request(jobs: Int = 4, coverage: Bool = true, matrix: Bool = false) -> MutationRequest {
        var r = MutationRequest(packageRoot: root, workFolder: root + "/.build/mutation", jobs: jobs)
        r.coverage = coverage
        r.matrix = matrix
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
