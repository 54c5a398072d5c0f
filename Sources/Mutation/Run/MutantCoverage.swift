import Foundation

/// Which cases and which specs' exploration reach each mutant's code, measured on the unmutated schematized build:
/// one gate process per case (`--row <id>`) and one per explored spec (`--spec <id>`, exploration on), each with
/// `LOCKSPEC_MUTANT_COVERAGE` set, so the switch records every mutant whose code the process passes through.
///
/// Assumption (documented in docs/mutation.md): the cases are independent (each has a fresh fixture and its own
/// temporary store), so a case that does not reach a mutant's code passes with that mutant active, and only the cases
/// that reach it need to run.
public struct MutantCoverage: Sendable, Hashable {
    /// Mutant number → the cases that reach it, in the baseline's order.
    public var cases: [Int: [String]] = [:]
    /// Mutant number → the specs whose run with exploration reaches it, sorted.
    public var specs: [Int: [String]] = [:]
    /// `--row` selector (the case id, or its row: see `selectors`) → the wall time (seconds) of its coverage run,
    /// process start included.
    public var caseSeconds: [String: Double] = [:]
    /// Spec id → the wall time (seconds) of its coverage run with exploration.
    public var specSeconds: [String: Double] = [:]
    /// Case id → what `--row` selects it by, when that is not the id itself: `--row` takes a comma-separated list, so
    /// a matrix cell whose id holds a comma (`R[a=1,b=2]`) is selected by its row (every cell of it, a superset).
    public var selectors: [String: String] = [:]

    /// Makes empty coverage, which the measurement fills.
    public init() {}

    /// The mutant numbers in a coverage file: one whole number per line (anything else is skipped).
    public static func numbers(inFile path: String) -> Set<Int> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// The `--row` arguments that select `cases` (case ids, each once, in their order; see `selectors`).
    public func rowSelection(_ cases: [String]) -> [String] {
        var seen: Set<String> = []
        return cases.map { selectors[$0] ?? $0 }.filter { seen.insert($0).inserted }
    }

    /// What `--row` selects a case by: its id, or its row when the id holds a comma.
    static func selector(_ c: GateCase) -> String { c.id.contains(",") ? c.row : c.id }

    /// Measures the coverage of every case of `cases` and of the exploration of every spec of `exploredSpecs`,
    /// `jobs` processes at a time. Every run must pass (it is the unmutated gate): a case that fails when run alone
    /// breaks the independence the selection relies on, and stops the analysis. Cases selected by their row (see
    /// `selectors`) share one run, and each of them is credited with everything it reaches.
    public static func measure(gate: Gate, cases: [GateCase], exploredSpecs: [String], jobs: Int, scratch: String,
                               timeout: Double) throws -> MutantCoverage {
        enum Probe: Sendable { case testCase(String), spec(String) }
        var coverage = MutantCoverage()
        var groups: [String: [String]] = [:], order: [String] = []
        for c in cases {
            let selector = Self.selector(c)
            if selector != c.id { coverage.selectors[c.id] = selector }
            if groups[selector] == nil { order.append(selector) }
            groups[selector, default: []].append(c.id)
        }
        let probes = order.map(Probe.testCase) + exploredSpecs.map(Probe.spec)
        let runs = Parallel.map(Array(probes.enumerated()), jobs: jobs, progress: nil) { index, probe in
            let file = "\(scratch)/coverage-\(index).txt"
            try? FileManager.default.removeItem(atPath: file)
            let scope: GateScope
            switch probe {
            case .testCase(let id): scope = .cases([id])
            case .spec(let id): scope = .specs([id])
            }
            let run = gate.run(mutant: nil, scope: scope, scratch: scratch, label: "coverage-\(index)", timeout: timeout,
                               coverage: file)
            let reached = numbers(inFile: file)
            try? FileManager.default.removeItem(atPath: file)
            return (run, reached)
        }
        for ((_, probe), (run, reached)) in zip(probes.enumerated(), runs) {
            let name: String
            switch probe {
            case .testCase(let id): name = "case '\(id)'"
            case .spec(let id): name = "spec '\(id)' with its exploration"
            }
            guard run.ending == .exited(0) else {
                throw MutationRunError("the unmutated gate fails when \(name) runs alone (\(run.ending)), so the cases are not "
                    + "independent and per-case coverage cannot be used: see \(run.log), or run with --coverage off")
            }
            try? FileManager.default.removeItem(atPath: run.log)
            switch probe {
            case .testCase(let selector):
                coverage.caseSeconds[selector] = run.seconds
                for id in groups[selector] ?? [] {
                    for n in reached { coverage.cases[n, default: []].append(id) }
                }
            case .spec(let id):
                coverage.specSeconds[id] = run.seconds
                for n in reached { coverage.specs[n, default: []].append(id) }
            }
        }
        return coverage
    }
}
