import AppLockCore
import Dispatch

/// Unlock latency of AppLockCore at the production default Argon2id parameters: one slot derivation, a full
/// two-slot submission (sequential and on two threads), and main / decoy / wrong submissions side by side.
///
/// Arguments: `[--runs N | N]` (default 9). Prints to stdout.
func runCoreBench(_ arguments: [String]) {
    let runs = coreBenchRuns(arguments)
    let parameters = Argon2idParameters.productionDefault
    print("core: unlock latency, \(parameters), median of \(runs) runs")

    let salt = [UInt8](repeating: 0x5A, count: Argon2id.saltLength)
    let password = SecretBytes(utf8: "benchmark password")
    let single = coreBenchTimes(runs) { _ = try? Argon2id.derive(password: password, salt: salt, parameters: parameters) }

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
    var clock = Instant.zero
    func submissionTimes(_ text: String, parallel: Bool) -> [Double] {
        var machine = DualPassword(
            configuration: .init(parallelDerivation: parallel), store: store, random: SystemRandom())
        return coreBenchTimes(runs) {
            // Far enough apart that the failure delay (at most 300 s) never refuses a timed submission.
            clock = clock + .seconds(400)
            _ = machine.handle(.submit(SecretBytes(utf8: text)), now: clock)
            _ = machine.handle(.lock, now: clock)
        }
    }
    let sequential = submissionTimes(wrong, parallel: false)
    let parallel = submissionTimes(wrong, parallel: true)

    let singleMedian = coreBenchPercentile(single, 0.5)
    let sequentialMedian = coreBenchPercentile(sequential, 0.5)
    let parallelMedian = coreBenchPercentile(parallel, 0.5)
    print("  one slot derivation          \(coreBenchFormat(singleMedian)) ms")
    print("  two slots, sequential        \(coreBenchFormat(sequentialMedian)) ms"
        + "  (\(coreBenchFormat(sequentialMedian / singleMedian))x single)")
    print("  two slots, parallel (2 thr)  \(coreBenchFormat(parallelMedian)) ms"
        + "  (\(coreBenchFormat(parallelMedian / singleMedian))x single, goal <= 1.2x)")

    print("  submissions (parallel), median and p10-p90:")
    let kinds: [(String, String)] = [("main", main), ("decoy", decoy), ("wrong", wrong)]
    var medians: [Double] = []
    for (name, text) in kinds {
        let times = submissionTimes(text, parallel: true)
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

/// Wall-clock milliseconds of `runs` calls of `body`, after one warm-up call.
private func coreBenchTimes(_ runs: Int, _ body: () -> Void) -> [Double] {
    body()
    return (0..<runs).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}

/// The nearest-rank percentile `p` (0...1) of `values`.
private func coreBenchPercentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

private func coreBenchFormat(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
