import Foundation

/// Runs one mutant's gate and classifies the outcome: a failing case kills it, a timeout or a crash detects it, a pass
/// lets it survive. Under the rows-first policy the exploration runs only for a mutant the rows did not kill.
struct MutantRunContext: Sendable {
    var gate: Gate
    var policy: ExplorationPolicy
    var scratch: String
    var timeouts: Timeouts
    /// The per-case coverage, when it was measured (nil: `--coverage off`, every mutant runs the whole gate).
    var coverage: MutantCoverage?
    /// Case id → its spec (the baseline's cases), for the policy `always` under coverage.
    var caseSpecs: [String: String] = [:]
    /// The whole rows-only and whole gate's baseline times (seconds), which bound the time a selection is expected to take.
    var baseline: (rows: Double, whole: Double) = (0, 0)
    /// A gate's timeout is this many times the time its selection is expected to take …
    var timeoutFactor: Double = 5
    /// … and never less than this many seconds.
    var minimumTimeout: Double = 5
    /// Whether each gate stops at its first failing case (no exact kill matrix, `--matrix` off).
    var failFast = false
    /// The mutants whose Timeout is run once more at twice the timeout before it stands (the listed ones, when they
    /// are rechecked: a loaded machine must not make an equivalent mutant look detected).
    var retryTimeouts: Set<String> = []

    /// The reason prefix of a gate that could not be started at all (the analysis stops on it).
    static let notStarted = "the gate could not be started"

    /// Runs the schematized mutant (`LOCKSPEC_MUTANT=<number>`): only the cases (and the specs' exploration) that
    /// reach it when the coverage was measured, else the whole gate.
    func run(_ site: MutationSite) -> MutantResult {
        let first = runOnce(site)
        guard first.status == .timeout, retryTimeouts.contains(site.id) else { return first }
        var patient = self
        patient.timeoutFactor *= 2
        patient.minimumTimeout *= 2
        patient.retryTimeouts = []
        var again = patient.runOnce(site)
        again.milliseconds += first.milliseconds
        if again.status == .timeout { again.reason = (again.reason ?? "") + ", twice (the second time at twice the timeout)" }
        return again
    }

    /// One run of the mutant, as `run(_:)` describes it.
    private func runOnce(_ site: MutationSite) -> MutantResult {
        guard let coverage else { return run(site, mutant: site.number, fallback: false) }
        let cases = coverage.cases[site.number] ?? []
        let specs = policy == .never ? [] : coverage.specs[site.number] ?? []
        var result = runCovered(site, cases: cases, specs: specs, coverage: coverage)
        result.coveredBy = cases + specs.map { MutantResult.explorationPrefix + $0 }
        return result
    }

    /// Runs the cases that reach the mutant (rows first), then, when they do not detect it, the exploration of the
    /// specs that reach it; NoCoverage when nothing reaches it. The policy `always` runs the reaching cases' specs
    /// and the reaching specs whole, exploration included, in one process.
    private func runCovered(_ site: MutationSite, cases: [String], specs: [String], coverage: MutantCoverage) -> MutantResult {
        let label = "mutant-\(site.number)"
        if cases.isEmpty && specs.isEmpty {
            return MutantResult(site: site, status: .noCoverage, reason: "no case and no exploration reaches its code")
        }
        if policy == .always {
            let all = Set(specs).union(cases.compactMap { caseSpecs[$0] }).sorted()
            let limit = timeout(all.map { coverage.specSeconds[$0] ?? baseline.whole }, cap: baseline.whole)
            var result = classify(site, gate.run(mutant: site.number, failFast: failFast, scope: .specs(all), scratch: scratch, label: label, timeout: limit),
                                  timeout: limit)
            result.explored = true
            return clean(result, label: label)
        }
        var result = MutantResult(site: site, status: .survived)
        if !cases.isEmpty {
            let limit = timeout(coverage.rowSelection(cases).map { coverage.caseSeconds[$0] ?? baseline.rows }, cap: baseline.rows)
            result = classify(site, gate.run(mutant: site.number, failFast: failFast, scope: .cases(coverage.rowSelection(cases)), scratch: scratch,
                                             label: label, timeout: limit),
                              timeout: limit)
        }
        if result.status == .survived, !specs.isEmpty {
            let rowsTime = result.milliseconds
            let limit = timeout(specs.map { coverage.specSeconds[$0] ?? baseline.whole }, cap: baseline.whole)
            result = classify(site, gate.run(mutant: site.number, failFast: failFast, scope: .specs(specs), scratch: scratch, label: label + "-explore",
                                             timeout: limit), timeout: limit)
            result.milliseconds += rowsTime
            result.explored = true
        }
        return clean(result, label: label)
    }

    /// The timeout of a selection whose parts took `seconds` alone (each with its own process start): the factor
    /// times their sum, at most the factor times the whole gate's time (`cap`), never under the minimum.
    func timeout(_ seconds: [Double], cap: Double) -> Double {
        let expected = cap > 0 ? min(seconds.reduce(0, +), cap) : seconds.reduce(0, +)
        return max(minimumTimeout, (expected * timeoutFactor).rounded(.up))
    }

    /// Removes the logs of a killed or surviving mutant (only the output of a hang or a crash is kept).
    private func clean(_ result: MutantResult, label: String) -> MutantResult {
        if result.status == .killed || result.status == .survived {
            try? FileManager.default.removeItem(atPath: "\(scratch)/\(label).log")
            try? FileManager.default.removeItem(atPath: "\(scratch)/\(label)-explore.log")
        }
        return result
    }

    /// Runs a mutant: `mutant` nil for a fallback build, where the mutant is compiled in and no switch selects it.
    func run(_ site: MutationSite, mutant: Int?, fallback: Bool) -> MutantResult {
        let label = "mutant-\(site.number)"
        var result: MutantResult
        if policy == .always {
            result = classify(site, gate.run(mutant: mutant, failFast: failFast, rowsOnly: false, scratch: scratch, label: label, timeout: timeouts.full),
                              timeout: timeouts.full)
            result.explored = true
        } else {
            result = classify(site, gate.run(mutant: mutant, failFast: failFast, rowsOnly: true, scratch: scratch, label: label, timeout: timeouts.rows),
                              timeout: timeouts.rows)
            if policy == .rowsFirst, result.status == .survived {
                let rowsTime = result.milliseconds
                result = classify(site, gate.run(mutant: mutant, failFast: failFast, rowsOnly: false, scratch: scratch, label: label + "-explore",
                                                 timeout: timeouts.full), timeout: timeouts.full)
                result.milliseconds += rowsTime
                result.explored = true
            }
        }
        result.fallback = fallback
        return clean(result, label: label)
    }

    /// What one gate run says about a mutant.
    func classify(_ site: MutationSite, _ run: GateRun, timeout: Double) -> MutantResult {
        let ms = Int((run.seconds * 1000).rounded())
        switch run.ending {
        case .timedOut:
            return MutantResult(site: site, status: .timeout, reason: "no result within \(Int(timeout)) s", milliseconds: ms)
        case .signaled(let signal):
            return MutantResult(site: site, status: .runtimeError, reason: "the gate crashed (signal \(signal))", milliseconds: ms)
        case .notStarted(let why):
            return MutantResult(site: site, status: .runtimeError, reason: "\(Self.notStarted): \(why)", milliseconds: ms)
        case .exited(0):
            return MutantResult(site: site, status: .survived, milliseconds: ms)
        case .exited(1) where !(run.result?.failing.isEmpty ?? true):
            return MutantResult(site: site, status: .killed, killedBy: (run.result?.failing ?? []).sorted(), milliseconds: ms)
        case .exited(let code):
            return MutantResult(site: site, status: .runtimeError,
                                reason: "the gate exited with \(code) without a failing case", milliseconds: ms)
        }
    }
}
