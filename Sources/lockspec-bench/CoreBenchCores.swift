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
    guard let pin = AffinitySetter(), coreCount() >= 2, pin(0), pin(1), pin(nil) else { return }
    let cores: [Int?] = [0, 1, nil]
    let times = coreBenchInterleaved(runs, [derive, derive, parallelSubmission], before: { _ = pin(cores[$0]) })
    _ = pin(nil)
    let (core0, core1, pair) = (times[0], times[1], times[2])
    let faster = zip(core0, core1).map { min($0, $1) }, slower = zip(core0, core1).map { max($0, $1) }
    func median(_ values: [Double]) -> String { coreBenchFormat(coreBenchPercentile(values, 0.5)) }
    print("  per core (one derivation pinned to each core, and the parallel submission, \(runs) runs in turns):")
    print("    one derivation on core 0   \(median(core0)) ms, on core 1 \(median(core1)) ms"
        + " (per run the slower core took \(median(zip(slower, faster).map { $0 / $1 }))x the faster)")
    print("    parallel submission        \(median(pair)) ms:"
        + " \(median(zip(pair, faster).map { $0 / $1 }))x the faster core's derivation,"
        + " \(median(zip(pair, slower).map { $0 / $1 }))x the slower core's (per run; it ends with its slower thread)")
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
