import AppLockCore
import Dispatch
import Foundation
import Synchronization

/// Unlock latency of AppLockCore at the production default Argon2id parameters: one slot derivation, a full
/// two-slot submission (sequential and on two threads), and main / decoy / wrong submissions side by side.
///
/// Arguments: `[--runs N | N]` (default 9). Prints to stdout.
func runCoreBench(_ arguments: [String]) {
    let runs = coreBenchRuns(arguments)
    let parameters = Argon2idParameters.productionDefault
    print("core: unlock latency, \(parameters), median of \(runs) runs; load average before: \(coreBenchLoad())")

    let salt = [UInt8](repeating: 0x5A, count: Argon2id.saltLength)
    let password = SecretBytes(utf8: "benchmark password")

    let main = "benchmark main password"
    let decoy = "benchmark decoy password"
    let wrong = "benchmark wrong password"
    let store = InMemoryStore()
    do {
        try DualPassword.install(
            main: SecretBytes(utf8: main), decoy: SecretBytes(utf8: decoy), store: store, random: SystemRandom(),
            parameters: parameters)
    } catch {
        print("core: set-up failed: \(error)")
        return
    }
    var clock = DeviceTime.zero
    /// One submission of `text`, then a lock.
    func submit(_ text: String, to machine: inout DualPassword) {
        // Far enough apart that the failure delay (at most 300 s) never refuses a timed submission.
        clock = clock + .seconds(400)
        _ = machine.handle(.submit(SecretBytes(utf8: text)), now: clock)
        _ = machine.handle(.lock, now: clock)
    }
    func lockScreen(parallel: Bool) -> DualPassword {
        DualPassword(configuration: .init(parallelDerivation: parallel), store: store, random: SystemRandom())
    }
    func submissionTimes(_ text: String, parallel: Bool) -> [Double] {
        var machine = lockScreen(parallel: parallel)
        return coreBenchInterleaved(runs, [{ submit(text, to: &machine) }])[0]
    }
    // The baseline and the two submissions measured in turns, in a rotating order, so that a change of load or clock
    // speed during the run moves all three alike; each run's own ratios are kept as well as the medians'.
    var sequentialMachine = lockScreen(parallel: false), parallelMachine = lockScreen(parallel: true)
    let measures: [() -> Void] = [
        { _ = try? Argon2id.derive(password: password, salt: salt, parameters: parameters) },
        { submit(wrong, to: &sequentialMachine) },
        { submit(wrong, to: &parallelMachine) },
    ]
    let interleaved = coreBenchInterleaved(runs, measures)
    let (single, sequential, parallel) = (interleaved[0], interleaved[1], interleaved[2])

    let singleMedian = coreBenchPercentile(single, 0.5)
    let sequentialMedian = coreBenchPercentile(sequential, 0.5)
    let parallelMedian = coreBenchPercentile(parallel, 0.5)
    let pairedParallel = coreBenchPercentile(zip(parallel, single).map { $0 / $1 }, 0.5)
    let pairedSequential = coreBenchPercentile(zip(sequential, single).map { $0 / $1 }, 0.5)
    print("  one slot derivation          \(coreBenchFormat(singleMedian)) ms")
    print("  two slots, sequential        \(coreBenchFormat(sequentialMedian)) ms"
        + "  (\(coreBenchFormat(sequentialMedian / singleMedian))x single; per run \(coreBenchFormat(pairedSequential))x)")
    print("  two slots, parallel (2 thr)  \(coreBenchFormat(parallelMedian)) ms"
        + "  (\(coreBenchFormat(parallelMedian / singleMedian))x single, goal <= 1.2x; per run \(coreBenchFormat(pairedParallel))x)")

    printSubmissionSpread([("main", main), ("decoy", decoy), ("wrong", wrong)]) { submissionTimes($0, parallel: true) }
    printCoreSpeeds(runs: runs, derive: measures[0], parallelSubmission: measures[2])
    // Last: its submissions move the store's last failure past the clock used above.
    printParallelBreakdown(store: store, wrong: wrong, runs: runs, single: (password, salt, parameters))
}

/// Main, decoy and wrong submissions side by side: each one's median and p10-p90 over `times` of its text, then the
/// spread of the medians (1.00x: indistinguishable).
private func printSubmissionSpread(_ kinds: [(name: String, text: String)], times: (String) -> [Double]) {
    print("  submissions (parallel), median and p10-p90:")
    var medians: [Double] = []
    for (name, text) in kinds {
        let times = times(text)
        let median = coreBenchPercentile(times, 0.5)
        medians.append(median)
        let label = name.padding(toLength: 6, withPad: " ", startingAt: 0)
        print("    \(label) \(coreBenchFormat(median)) ms  "
            + "[\(coreBenchFormat(coreBenchPercentile(times, 0.1)))-\(coreBenchFormat(coreBenchPercentile(times, 0.9))) ms]")
    }
    if let low = medians.min(), let high = medians.max(), low > 0 {
        print("    spread of medians: \(coreBenchFormat(high / low))x (1.00x = indistinguishable medians)")
    }
}

/// Where a parallel submission's time goes: each derivation's wall and CPU time (CPU above the single derivation's
/// means the two contend for memory or cache, or that the other core runs slower than this one: the per-core figures
/// above tell the two apart; wall above CPU means a thread waited for a core), how far apart the two
/// started (thread start), the time outside the derivations, and the minor page faults per submission (first touch of
/// Argon2's 19 MiB per slot). The derivations are observed through `Configuration.keyDerivation`.
private func printParallelBreakdown(
    store: InMemoryStore, wrong: String, runs: Int, single: (SecretBytes, [UInt8], Argon2idParameters)
) {
    let singleCPU = coreBenchPercentile((0..<runs).map { _ in
        let start = coreBenchThreadCPU()
        _ = try? Argon2id.derive(password: single.0, salt: single.1, parameters: single.2)
        return coreBenchThreadCPU() - start
    }, 0.5)
    let timer = TimingKDF()
    var configuration = DualPassword.Configuration(parallelDerivation: true)
    configuration.keyDerivation = timer
    var machine = DualPassword(configuration: configuration, store: store, random: SystemRandom())
    var clock = DeviceTime.zero + .seconds(1_000_000)
    var walls: [Double] = [], outside: [Double] = [], faults: [Double] = []
    for run in 0...runs {
        clock = clock + .seconds(400)
        timer.reset()
        let faultsBefore = coreBenchMinorFaults()
        let start = DispatchTime.now().uptimeNanoseconds
        _ = machine.handle(.submit(SecretBytes(utf8: wrong)), now: clock)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        _ = machine.handle(.lock, now: clock)
        guard run > 0 else { continue } // warm-up
        walls.append(wall)
        outside.append(wall - (timer.samples.map(\.wall).max() ?? 0))
        faults.append(Double(coreBenchMinorFaults() - faultsBefore))
    }
    let samples = timer.all
    let derivationWall = coreBenchPercentile(samples.map(\.wall), 0.5)
    let derivationCPU = coreBenchPercentile(samples.map(\.cpu), 0.5)
    let startGap = coreBenchPercentile(timer.startGaps, 0.5)
    print("  where the parallel submission's \(coreBenchFormat(coreBenchPercentile(walls, 0.5))) ms go (medians):")
    print("    one derivation alone       \(coreBenchFormat(singleCPU)) ms CPU")
    print("    each of the two together   \(coreBenchFormat(derivationWall)) ms wall, \(coreBenchFormat(derivationCPU)) ms CPU"
        + "  (CPU \(coreBenchFormat(derivationCPU / max(singleCPU, 0.001)))x alone: above 1 = the two contend, or the other core is slower, see per core;"
        + " wall/CPU \(coreBenchFormat(derivationWall / max(derivationCPU, 0.001)))x: above 1 = waiting for a core)")
    print("    second start               \(coreBenchFormat(startGap)) ms after the first (thread start)")
    print("    outside the KDF            \(coreBenchFormat(coreBenchPercentile(outside, 0.5))) ms (records, seals, store)")
    print("    minor page faults          \(Int(coreBenchPercentile(faults, 0.5))) per submission; load average after: \(coreBenchLoad())")
}

/// The production Argon2id behind a stopwatch: each derivation's wall and thread CPU time, and when it started.
private final class TimingKDF: KeyDerivationFunction {
    struct Sample { var start: Double; var wall: Double; var cpu: Double }
    private let state = Mutex<(current: [Sample], all: [Sample], gaps: [Double])>(([], [], []))
    private let wrapped = Argon2idKDF()

    var samples: [Sample] { state.withLock { $0.current } }
    var all: [Sample] { state.withLock { $0.all } }
    var startGaps: [Double] { state.withLock { $0.gaps } }

    /// Starts a new submission: the samples so far are kept in `all`, and the two starts' gap in `startGaps`.
    func reset() {
        state.withLock { s in
            if s.current.count == 2 { s.gaps.append(abs(s.current[1].start - s.current[0].start)) }
            s.all += s.current
            s.current = []
        }
    }

    func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes {
        let start = Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
        let cpuStart = coreBenchThreadCPU()
        defer {
            let sample = Sample(start: start, wall: Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 - start,
                                cpu: coreBenchThreadCPU() - cpuStart)
            state.withLock { $0.current.append(sample) }
        }
        return try wrapped.derive(
            password: password, salt: salt, parameters: parameters, associatedData: associatedData, secret: secret)
    }
}

/// This thread's CPU time in milliseconds.
private func coreBenchThreadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
}

/// The process's minor page faults so far.
private func coreBenchMinorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

/// The 1-minute load average (`/proc/loadavg`), or `?`.
private func coreBenchLoad() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").first.map(String.init) ?? "?"
}

/// The run count from `--runs N` or a bare `N`; default 9, at least 1.
private func coreBenchRuns(_ arguments: [String]) -> Int {
    var value: Int?
    for (index, argument) in arguments.enumerated() {
        if argument == "--runs" || argument == "-n", index + 1 < arguments.count {
            value = Int(arguments[index + 1])
        } else if let number = Int(argument) {
            value = number
        }
    }
    return max(1, value ?? 9)
}

/// Wall-clock milliseconds of `runs` calls of each of `bodies`, taken in turns (run `i` starts with body `i % count`,
/// so none always goes first), after one warm-up call of each; one list of times per body, in run order.
/// `before`, when given, is called with a body's index just before each of its calls, outside the timing.
func coreBenchInterleaved(_ runs: Int, _ bodies: [() -> Void], before: (Int) -> Void = { _ in }) -> [[Double]] {
    for (which, body) in bodies.enumerated() {
        before(which)
        body()
    }
    var times = [[Double]](repeating: [], count: bodies.count)
    for run in 0..<runs {
        for offset in bodies.indices {
            let which = (run + offset) % bodies.count
            before(which)
            let start = DispatchTime.now().uptimeNanoseconds
            bodies[which]()
            times[which].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
    }
    return times
}

/// The nearest-rank percentile `p` (0...1) of `values`.
func coreBenchPercentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func coreBenchFormat(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
