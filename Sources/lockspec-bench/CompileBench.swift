import Foundation
import SpecKit

/// Lint and compile against their floor: libyaml's bare event loop over the same bytes, measured in the same run.
///
/// The inputs are machine specs of 1 000, 10 000 and 100 000 rows (or the sizes given), shaped like real tables:
/// a tree of states (ten children each, so every state is a few steps from the start), a bool variable, an event
/// with an enum input, and `source:` on every row. Goals: lint+compile ≤ 3× parse; 10× the rows ≤ 11× the time.
/// Beside the wall time: the CPU time of the compile (both threads: a large table is read and checked on two), and
/// the same compile kept on one thread (`SpecCompiler.concurrent = false`), each against the same run's parse.
///
/// `compile once <parse|load|compile|compile1|none> ROWS` does one pass and nothing else (`compile1`: on one thread), for `valgrind --tool=callgrind`:
/// instruction counts are repeatable on a loaded machine, so their ratios back the timed ones (subtract `none`, which
/// only generates the text).
func runCompileBench(_ arguments: [String]) {
    if arguments.first == "once" {
        runCompileOnce(Array(arguments.dropFirst()))
        return
    }
    let sizes = arguments.compactMap(Int.init).isEmpty ? [1_000, 10_000, 100_000] : arguments.compactMap(Int.init)
    let clock = ContinuousClock()
    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
    func median(_ runs: Int, _ body: () -> Void) -> Double {
        let times = (0..<runs).map { _ in seconds(clock.measure(body)) }.sorted()
        return times[times.count / 2]
    }
    print("compile: load average before: \(compileBenchLoad())")
    var previous: (rows: Int, time: Double, parse: Double)?
    for rows in sizes {
        let bytes = Array(machineSpec(rows: rows).utf8)
        // Odd counts, so the median is one run; more at the small sizes, whose single passes the host's moods move most.
        let runs = rows >= 100_000 ? 5 : 9
        var events = 0
        var findings = 0
        var cases = 0
        // Interleaved, so that a change of load moves the floor and the measured pass together.
        var parses: [Double] = [], loads: [Double] = [], compiles: [Double] = [], compileCPU: [Double] = [], serials: [Double] = []
        var faults: [Double] = [], systemCPU: [Double] = []
        for _ in 0..<runs {
            parses.append(median(1) { events = YAMLLoader.parseOnly(bytes) })
            // The loader alone (libyaml and the compact located document), to show how much the spec reader and compiler add.
            loads.append(median(1) { _ = try? YAMLLoader().loadDocument(bytes, file: "bench.yaml") })
            let cpuBefore = processCPUSeconds(), usageBefore = processUsage()
            compiles.append(median(1) {
                let compilation = SpecCompiler().compile(sources: [(path: "bench.yaml", bytes: bytes)])
                findings = compilation.diagnostics.count
                cases = compilation.suite.cases.count
            })
            compileCPU.append(processCPUSeconds() - cpuBefore)
            let usageAfter = processUsage()
            faults.append(Double(usageAfter.minorFaults - usageBefore.minorFaults))
            systemCPU.append(usageAfter.systemSeconds - usageBefore.systemSeconds)
            // The same compile kept on one thread: what the second thread saves.
            var serial = SpecCompiler()
            serial.concurrent = false
            serials.append(median(1) { _ = serial.compile(sources: [(path: "bench.yaml", bytes: bytes)]) })
        }
        let parse = parses.sorted()[runs / 2], load = loads.sorted()[runs / 2], compile = compiles.sorted()[runs / 2]
        let cpu = compileCPU.sorted()[runs / 2], single = serials.sorted()[runs / 2]
        // Each run's own ratio too: its parse and its compile ran moments apart, under the same load.
        let paired = zip(compiles, parses).map { $0 / $1 }.sorted()[runs / 2]
        print("compile: \(rows) rows, \(bytes.count) bytes, \(events) events, \(cases) cases, \(findings) findings")
        print("compile:   parse \(format(parse)) s, load \(format(load)) s (\(format(load / parse))x), "
            + "lint+compile \(format(compile)) s, ratio \(format(compile / parse))x (goal ≤ 3x; per run \(format(paired))x)")
        // The reader and the machine checks use a second thread on large tables: their CPU time (both threads) against
        // the same parse says what the work costs, beside what it takes on the clock.
        print("compile:   lint+compile CPU time \(format(cpu)) s on all threads, \(format(cpu / parse))x the parse"
            + " (\(format(cpu / compile))x its wall time); on one thread \(format(single)) s, \(format(single / parse))x the parse")
        // Fresh pages cost a fault each (the kernel zeroes them): a heap reused from the previous pass takes none, so
        // this says how much of the compile was the system handing out memory rather than the compile's own work.
        let faultCount = Int(faults.sorted()[runs / 2])
        print("compile:   lint+compile minor page faults \(faultCount) (\(faultCount * 1_000 / max(rows, 1)) per 1,000 rows),"
            + " system CPU \(format(systemCPU.sorted()[runs / 2])) s")
        if let previous {
            let growth = compile / previous.time, factor = Double(rows) / Double(previous.rows)
            print("compile:   growth from \(previous.rows) rows: \(format(growth))x time for \(format(factor))x rows"
                + " (goal ≤ \(format(factor * 1.1))x); the parse grew \(format(parse / previous.parse))x")
        }
        previous = (rows, compile, parse)
    }
    print("compile: load average after: \(compileBenchLoad())")
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

/// The CPU time of this process so far, every thread, user and system.
private func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The process's minor page faults and system CPU seconds so far (`getrusage`).
private func processUsage() -> (minorFaults: Int, systemSeconds: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return (usage.ru_minflt, Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6)
}

private func compileBenchLoad() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

private func format(_ x: Double) -> String {
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
