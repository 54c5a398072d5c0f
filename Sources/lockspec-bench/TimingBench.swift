import AppLockCore
import Dispatch
import Foundation

/// A dudect-style timing check of the dual-password unlock: main, decoy and wrong submissions interleaved in a random
/// (seeded) order, `count` of each, timed one by one, then Welch's t for each pair of classes. |t| < 4.5 passes.
///
/// Four set-ups: the production Argon2id parameters and a cheap one that magnifies everything else, each on the real
/// FileStore and in memory. Which pair must pass is the threat model's call (D-TIMING): main against decoy must, since
/// a coerced user's decoy unlock has to look like the real one; wrong against right is reported but not a failure,
/// since the screen shows the outcome anyway (a profile opens or the neutral error appears), and a right attempt
/// writes twice (the failure written ahead, then its reset) where a wrong one writes once (D-STORE-WRITE-FAILS).
///
/// Arguments: `[COUNT]` submissions of each class (default 3000). Prints to stdout; exit code 1 when a required pair
/// fails.
func runTimingBench(_ arguments: [String]) -> Int32 {
    let count = arguments.first.flatMap(Int.init) ?? 3000
    print("timing: Welch's t over \(count) submissions of each class, interleaved in a seeded random order (|t| < 4.5 passes)")
    print("  kdf         store   main-decoy   main-wrong   decoy-wrong")
    var failed = false
    for (kdfName, parameters) in [("production", Argon2idParameters.productionDefault), ("cheap", Argon2idParameters.testing)] {
        for storeName in ["file", "memory"] {
            guard let samples = timingSamples(count: count, parameters: parameters, onFile: storeName == "file") else {
                print("  \(kdfName.padding(toLength: 10, withPad: " ", startingAt: 0))  \(storeName): set-up failed")
                failed = true
                continue
            }
            let pairs = [("main", "decoy"), ("main", "wrong"), ("decoy", "wrong")].map { welchT(samples[$0.0] ?? [], samples[$0.1] ?? []) }
            if abs(pairs[0]) >= 4.5 { failed = true }
            let cells = pairs.enumerated().map { i, t in
                String(format: "%8.2f %@", t, abs(t) < 4.5 ? "ok  " : (i == 0 ? "FAIL" : "info"))
            }
            print("  \(kdfName.padding(toLength: 10, withPad: " ", startingAt: 0))  \(storeName.padding(toLength: 6, withPad: " ", startingAt: 0))  \(cells.joined(separator: "  "))")
        }
    }
    print("timing: main against decoy must pass (D-TIMING); wrong against right is informational: the outcome is on screen")
    return failed ? 1 : 0
}

/// Durations in nanoseconds of `count` main, decoy and wrong submissions each, in a seeded random order.
private func timingSamples(count: Int, parameters: Argon2idParameters, onFile: Bool) -> [String: [Double]]? {
    let passwords = ["main": "timing main password", "decoy": "timing decoy password", "wrong": "timing wrong password"]
    let directory = NSTemporaryDirectory() + "lockspec-timing-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store: any KeyValueStore = onFile ? FileStore(path: directory + "/store") : InMemoryStore()
    let random = SeededRandom(seed: 2026)
    do {
        try DualPassword.install(main: SecretBytes(utf8: passwords["main"] ?? ""), decoy: SecretBytes(utf8: passwords["decoy"] ?? ""),
                                 store: store, random: random, parameters: parameters)
    } catch {
        return nil
    }
    var machine = DualPassword(store: store, random: random)
    var order = Array(repeating: ["main", "decoy", "wrong"], count: count).flatMap { $0 }
    let shuffle = SeededRandom(seed: 4242)
    for i in stride(from: order.count - 1, to: 0, by: -1) {
        let j = Int(shuffle.bytes(4).reduce(0) { $0 << 8 | UInt32($1) } % UInt32(i + 1))
        order.swapAt(i, j)
    }
    var samples: [String: [Double]] = [:]
    // Far enough apart that the failure delay (capped at 300 s) never refuses a submission.
    var now = DeviceTime(Instant(milliseconds: 1_000_000))
    for name in order {
        let secret = SecretBytes(utf8: passwords[name] ?? "")
        let start = DispatchTime.now().uptimeNanoseconds
        _ = machine.handle(.submit(secret), now: now)
        samples[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start))
        _ = machine.handle(.lock, now: now)
        now = now + .seconds(400)
    }
    return samples
}

/// Welch's t statistic of two samples (0 when either has fewer than two values).
func welchT(_ a: [Double], _ b: [Double]) -> Double {
    guard a.count > 1, b.count > 1 else { return 0 }
    func meanVariance(_ x: [Double]) -> (Double, Double) {
        let mean = x.reduce(0, +) / Double(x.count)
        return (mean, x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count - 1))
    }
    let (ma, va) = meanVariance(a), (mb, vb) = meanVariance(b)
    let denominator = (va / Double(a.count) + vb / Double(b.count)).squareRoot()
    return denominator == 0 ? 0 : (ma - mb) / denominator
}
