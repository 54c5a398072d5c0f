import Foundation
import SpecKit

/// Lint and compile against their floor: libyaml's bare event loop over the same bytes, measured in the same run.
///
/// The inputs are machine specs of 1 000, 10 000 and 100 000 rows (or the sizes given), shaped like real tables:
/// a tree of states (ten children each, so every state is a few steps from the start), a bool variable, an event
/// with an enum input, and `source:` on every row. Goals: lint+compile ≤ 3× parse; 10× the rows ≤ 11× the time.
///
/// Two series, each a ratio against a parse measured beside it:
/// - **in one process**: every size is parsed, loaded and compiled in turn within each run (sizes interleaved, so a
///   change of the host's speed during the bench moves every size alike), with the compile's CPU time on all
///   threads, the same compile kept on one thread, its page faults and system CPU. The allocator is asked to keep
///   what a pass frees (`keepFreedMemory`): by default a 10,000-row pass reuses the heap of the pass before while a
///   100,000-row one maps its largest arrays afresh and faults every page in again, which is the allocator's
///   threshold, not the compile. The series is warm for every size.
/// - **in a fresh process** (`CompileBenchFresh`): each parse and each compile is the first and only pass of a new
///   process, as `lockspec compile`, `lockspec run` and CI run it; the child times its own pass, so process start and
///   the text's generation are left out. The series is cold for every size: each faults all its memory in.
///
/// `compile once <parse|load|compile|compile1|none> ROWS` does one pass and nothing else (`compile1`: on one thread),
/// for `valgrind --tool=callgrind`: instruction counts are repeatable on a loaded machine, so their ratios back the
/// timed ones (subtract `none`, which only generates the text). `compile fresh <parse|compile> ROWS` is the fresh
/// series' child: one timed pass, its seconds printed.
///
/// Arguments: `[--runs N] [--series warm|fresh|both] [ROWS ...]` (default: 7 runs of both series, 1,000, 10,000 and
/// 100,000 rows).
/// Returns the exit status: 2 for arguments it does not understand.
@discardableResult
func runCompileBench(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "once": runCompileOnce(Array(arguments.dropFirst())); return 0
    case "fresh": runCompileFreshChild(Array(arguments.dropFirst())); return 0
    default: break
    }
    var rest = arguments[...]
    var runs = 7, series = "both"
    while let option = rest.first, option.hasPrefix("--"), rest.count > 1 {
        let value = rest[rest.startIndex + 1]
        switch option {
        case "--runs" where (Int(value) ?? 0) > 0: runs = Int(value) ?? runs
        case "--series" where ["warm", "fresh", "both"].contains(value): series = value
        default:
            FileHandle.standardError.write(Data("usage: lockspec-bench compile [--runs N] [--series warm|fresh|both] [ROWS ...]\n".utf8))
            return 2
        }
        rest = rest.dropFirst(2)
    }
    let given = rest.compactMap(Int.init).filter { $0 > 0 }
    let sizes = given.isEmpty ? [1_000, 10_000, 100_000] : given
    print("compile: load average before: \(compileBenchLoad()); \(runs) runs of each series, sizes interleaved in each run")
    if series != "fresh" { runCompileInProcess(sizes: sizes, runs: runs) }
    if series != "warm" { runCompileFresh(sizes: sizes, runs: runs) }
    print("compile: load average after: \(compileBenchLoad())")
    return 0
}

/// One size's passes in the in-process series, one entry per run.
private struct CompileSamples {
    var parse: [Double] = [], load: [Double] = [], compile: [Double] = [], cpu: [Double] = [], serial: [Double] = []
    var faults: [Double] = [], system: [Double] = []
    var events = 0, findings = 0, cases = 0
}

/// The in-process series: each run parses, loads and compiles every size in turn, on a heap the allocator keeps
/// (`keepFreedMemory`), so the passes of every size meet the same warm heap.
private func runCompileInProcess(sizes: [Int], runs: Int) {
    let kept = keepFreedMemory()
    let inputs = sizes.map { Array(machineSpec(rows: $0).utf8) }
    var samples = [CompileSamples](repeating: CompileSamples(), count: sizes.count)
    for _ in 0..<runs {
        for i in sizes.indices { measureInProcess(inputs[i], into: &samples[i]) }
    }
    print("compile: in one process (repeated passes on a warm heap: "
        + (kept ? "the allocator keeps what a pass frees (mallopt: no mmap, no trim), so every size reuses the heap of the pass before"
                : "the allocator's policy could not be set, so arrays of 32 MiB and more are mapped afresh on every pass") + ")")
    for i in sizes.indices {
        let s = samples[i]
        let parse = benchMedian(s.parse), load = benchMedian(s.load), compile = benchMedian(s.compile)
        let cpu = benchMedian(s.cpu), single = benchMedian(s.serial)
        print("compile: \(sizes[i]) rows, \(inputs[i].count) bytes, \(s.events) events, \(s.cases) cases, \(s.findings) findings")
        print("compile:   parse \(benchFormat(parse)) s, load \(benchFormat(load)) s (\(benchFormat(load / parse))x), "
            + "lint+compile \(benchFormat(compile)) s, ratio \(benchFormat(compile / parse))x (goal ≤ 3x; per run \(benchFormat(benchPerRun(s.compile, s.parse)))x)")
        // The reader and the machine checks use a second thread on large tables: their CPU time (both threads) against
        // the same parse says what the work costs, beside what it takes on the clock.
        print("compile:   lint+compile CPU time \(benchFormat(cpu)) s on all threads, \(benchFormat(cpu / parse))x the parse"
            + " (\(benchFormat(cpu / compile))x its wall time); on one thread \(benchFormat(single)) s, \(benchFormat(single / parse))x the parse")
        // Fresh pages cost a fault each (the kernel zeroes them): a heap reused from the previous pass takes none, so
        // this says how much of the compile was the system handing out memory rather than the compile's own work.
        let faultCount = Int(benchMedian(s.faults))
        print("compile:   lint+compile minor page faults \(faultCount) (\(faultCount * 1_000 / max(sizes[i], 1)) per 1,000 rows),"
            + " system CPU \(benchFormat(benchMedian(s.system))) s")
        if i > 0 {
            printGrowth(rows: (sizes[i - 1], sizes[i]), compile: (samples[i - 1].compile, s.compile),
                        parse: (samples[i - 1].parse, s.parse))
        }
    }
}

/// One run's passes over one input: the parse, the loader alone, the compile (with its CPU, faults and system time),
/// and the same compile on one thread.
private func measureInProcess(_ bytes: [UInt8], into s: inout CompileSamples) {
    let clock = ContinuousClock()
    var events = 0, findings = 0, cases = 0
    s.parse.append(benchSeconds(clock.measure { events = YAMLLoader.parseOnly(bytes) }))
    // The loader alone (libyaml and the compact located document), to show how much the spec reader and compiler add.
    s.load.append(benchSeconds(clock.measure { _ = try? YAMLLoader().loadDocument(bytes, file: "bench.yaml") }))
    let cpuBefore = processCPUSeconds(), usageBefore = processUsage()
    s.compile.append(benchSeconds(clock.measure {
        let compilation = SpecCompiler().compile(sources: [(path: "bench.yaml", bytes: bytes)])
        findings = compilation.diagnostics.count
        cases = compilation.suite.cases.count
    }))
    s.cpu.append(processCPUSeconds() - cpuBefore)
    let usageAfter = processUsage()
    s.faults.append(Double(usageAfter.minorFaults - usageBefore.minorFaults))
    s.system.append(usageAfter.systemSeconds - usageBefore.systemSeconds)
    // The same compile kept on one thread: what the second thread saves.
    var serial = SpecCompiler()
    serial.concurrent = false
    s.serial.append(benchSeconds(clock.measure { _ = serial.compile(sources: [(path: "bench.yaml", bytes: bytes)]) }))
    (s.events, s.findings, s.cases) = (events, findings, cases)
}

/// Asks glibc's allocator to keep the memory a pass frees: no `mmap` for large blocks (`M_MMAP_MAX` 0) and no trim of
/// the heap's top (`M_TRIM_THRESHOLD` at its maximum). By default a block of 32 MiB or more (a 100,000-row table's
/// node records) is mapped for each pass and unmapped after it, so every pass of a large table faults its pages in
/// anew while a 10,000-row pass reuses the heap the pass before left: a difference of the allocator's thresholds,
/// not of the compile. `mallopt` is not in Swift's Glibc module, so it is looked up by name. For this process only;
/// the fresh-process series' children run with the defaults. Returns whether both settings took.
private func keepFreedMemory() -> Bool {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return false }
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    let mmapMax: Int32 = -4, trimThreshold: Int32 = -1  // M_MMAP_MAX, M_TRIM_THRESHOLD in <malloc.h>
    return mallopt(mmapMax, 0) == 1 && mallopt(trimThreshold, Int32.max) == 1
}

/// The growth from one size to the next: the ratio of the medians, and the median of each run's own ratio (its two
/// compiles ran moments apart, under the same load), beside the parse's growth in the same runs.
func printGrowth(rows: (Int, Int), compile: ([Double], [Double]), parse: ([Double], [Double])) {
    let factor = Double(rows.1) / Double(rows.0)
    let growth = benchMedian(compile.1) / benchMedian(compile.0)
    print("compile:   growth from \(rows.0) rows: \(benchFormat(growth))x time for \(benchFormat(factor))x rows"
        + " (goal ≤ \(benchFormat(factor * 1.1))x; per run \(benchFormat(benchPerRun(compile.1, compile.0)))x); the parse grew"
        + " \(benchFormat(benchMedian(parse.1) / benchMedian(parse.0)))x (per run \(benchFormat(benchPerRun(parse.1, parse.0)))x)")
}

/// One pass of one stage over a generated spec of `rows` rows, for an instruction count.
private func runCompileOnce(_ arguments: [String]) {
    let stage = arguments.first ?? "compile"
    let rows = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
    let bytes = Array(machineSpec(rows: rows).utf8)
    switch stage {
    case "parse": print("events: \(YAMLLoader.parseOnly(bytes))")
    case "load": print("loaded: \((try? YAMLLoader().loadDocument(bytes, file: "bench.yaml")) != nil)")
    case "compile", "compile1":
        var compiler = SpecCompiler()
        compiler.concurrent = stage == "compile"
        let compilation = compiler.compile(sources: [(path: "bench.yaml", bytes: bytes)])
        print("cases: \(compilation.suite.cases.count), findings: \(compilation.diagnostics.count)")
    default: print("bytes: \(bytes.count)")
    }
}

/// The median of `values` (the middle one of an odd count; 0 for none).
func benchMedian(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The median of each run's own ratio `numerators[i] / denominators[i]`.
func benchPerRun(_ numerators: [Double], _ denominators: [Double]) -> Double {
    benchMedian(zip(numerators, denominators).map { $0 / $1 })
}

func benchSeconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

/// The CPU time of this process so far, every thread, user and system.
private func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The process's minor page faults and system CPU seconds so far (`getrusage`).
func processUsage() -> (minorFaults: Int, systemSeconds: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return (usage.ru_minflt, Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6)
}

func compileBenchLoad() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

func benchFormat(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return "\(scaled)"
}

/// A machine spec of `rows` rows: row r goes from S(r/10) to S(r+1) on `go` with `choice: c(r%10)`.
func machineSpec(rows: Int) -> String {
    var text = "id: bench.machine\nkind: machine\ntitle: Bench\nsource: bench.md §1\nfixture: bench\n"
    text += "states: [" + (0...rows).map { "S\($0)" }.joined(separator: ", ") + "]\ninitial: S0\n"
    text += "variables:\n  armed: bool\nevents:\n  go:\n    choice: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]\n"
    text += "effects: [chime]\nrows:\n"
    for r in 0..<rows {
        text += "  - id: B-\(r)\n    source: bench.md §\(r / 10 + 1)\n    from: S\(r / 10)\n    on: go\n"
        text += "    when: {choice: c\(r % 10)}\n    then: {armed: \(r % 2 == 0)}\n"
        if r % 3 == 0 { text += "    effects: [chime]\n" }
        text += "    to: S\(r + 1)\n"
    }
    return text
}
