import Foundation

/// Runs one mutant's gate and classifies the outcome: a failing case kills it, a timeout or a crash detects it, a pass
/// lets it survive. Under the rows-first policy the exploration runs only for a mutant the rows did not kill.
struct MutantRunContext: Sendable {
    var gate: Gate
    var policy: ExplorationPolicy
    var scratch: String
    var timeouts: Timeouts

    /// The reason prefix of a gate that could not be started at all (the analysis stops on it).
    static let notStarted = "the gate could not be started"

    /// Runs the schematized mutant (`LOCKSPEC_MUTANT=<number>`).
    func run(_ site: MutationSite) -> MutantResult {
        run(site, mutant: site.number, fallback: false)
    }

    /// Runs a mutant: `mutant` nil for a fallback build, where the mutant is compiled in and no switch selects it.
    func run(_ site: MutationSite, mutant: Int?, fallback: Bool) -> MutantResult {
        let label = "mutant-\(site.number)"
        var result: MutantResult
        if policy == .always {
            result = classify(site, gate.run(mutant: mutant, rowsOnly: false, scratch: scratch, label: label, timeout: timeouts.full),
                              timeout: timeouts.full)
            result.explored = true
        } else {
            result = classify(site, gate.run(mutant: mutant, rowsOnly: true, scratch: scratch, label: label, timeout: timeouts.rows),
                              timeout: timeouts.rows)
            if policy == .rowsFirst, result.status == .survived {
                let rowsTime = result.milliseconds
                result = classify(site, gate.run(mutant: mutant, rowsOnly: false, scratch: scratch, label: label + "-explore",
                                                 timeout: timeouts.full), timeout: timeouts.full)
                result.milliseconds += rowsTime
                result.explored = true
            }
        }
        result.fallback = fallback
        if result.status == .killed || result.status == .survived {   // keep only the output of a hang or a crash
            try? FileManager.default.removeItem(atPath: "\(scratch)/\(label).log")
            try? FileManager.default.removeItem(atPath: "\(scratch)/\(label)-explore.log")
        }
        return result
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
