import Foundation
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Each core's own speed against the parallel submission, measured in turns: one derivation pinned to core 0, one
/// pinned to core 1, and the parallel two-slot submission (its two threads unpinned, so one runs on each core).
///
/// On a virtual machine the cores are threads of a shared host, and each can run well below the other while a
/// neighbour keeps its physical core busy. A parallel submission ends with its slower thread, so it cannot beat the
/// slower core's single derivation; this says how much of its ratio to "one derivation" is that gap between the cores
/// rather than the two derivations slowing each other. Only on Linux with two or more cores (elsewhere: nothing).
func printCoreSpeeds(runs: Int, derive: @escaping () -> Void, parallelSubmission: @escaping () -> Void) {
    #if os(Linux)
    guard let pin = AffinitySetter(), coreCount() >= 2 else { return }
    let bodies: [(core: Int?, body: () -> Void)] = [(0, derive), (1, derive), (nil, parallelSubmission)]
    var times = [[Double]](repeating: [], count: bodies.count)
    for (core, body) in bodies { guard pin(core) else { return }; body() } // warm-up, and the pin is allowed
    for run in 0..<runs {
        for offset in bodies.indices {
            let which = (run + offset) % bodies.count
            guard pin(bodies[which].core) else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            bodies[which].body()
            times[which].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
    }
    _ = pin(nil)
    let (core0, core1, pair) = (times[0], times[1], times[2])
    let faster = zip(core0, core1).map { min($0, $1) }, slower = zip(core0, core1).map { max($0, $1) }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func text(_ value: Double) -> String { String(format: "%.2f", value) }
    print("  per core (one derivation pinned to each core, and the parallel submission, \(runs) runs in turns):")
    print("    one derivation on core 0   \(text(median(core0))) ms, on core 1 \(text(median(core1))) ms"
        + " (per run the slower core took \(text(median(zip(slower, faster).map { $0 / $1 })))x the faster)")
    print("    parallel submission        \(text(median(pair))) ms:"
        + " \(text(median(zip(pair, faster).map { $0 / $1 })))x the faster core's derivation,"
        + " \(text(median(zip(pair, slower).map { $0 / $1 })))x the slower core's (per run; it ends with its slower thread)")
    #endif
}

#if os(Linux)
/// The number of cores this process may run on.
private func coreCount() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// `sched_setaffinity` for the calling thread, looked up at run time (Swift's Glibc module does not declare it).
/// Called with a core, pins the thread to it; with nil, lets it run on every core again. Returns whether the system
/// agreed.
private struct AffinitySetter {
    private typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
    private let call: SetAffinity

    init?() {
        guard let symbol = dlsym(nil, "sched_setaffinity") else { return nil }
        call = unsafeBitCast(symbol, to: SetAffinity.self)
    }

    func callAsFunction(_ core: Int?) -> Bool {
        var set = cpu_set_t()
        let words = MemoryLayout<cpu_set_t>.size / MemoryLayout<UInt64>.size
        withUnsafeMutableBytes(of: &set) { bytes in
            for word in 0..<words {
                let bits: UInt64
                if let core { bits = core / 64 == word ? UInt64(1) << UInt64(core % 64) : 0 } else { bits = ~0 }
                bytes.storeBytes(of: bits, toByteOffset: word * 8, as: UInt64.self)
            }
        }
        return withUnsafeBytes(of: &set) { call(0, $0.count, $0.baseAddress!) } == 0
    }
}
#endif
