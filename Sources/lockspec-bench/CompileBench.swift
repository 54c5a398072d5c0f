import Foundation
import SpecKit

/// Lint and compile against their floor: libyaml's bare event loop over the same bytes, measured in the same run.
///
/// The inputs are the sizes users have: the package's own `specs/` folder, and generated folders of 1,000 and
/// 10,000 rows in files of 200 rows each, shaped like real tables (a tree of states, a bool variable, an event with an
/// enum input, `source:` on every row). Goal: lint+compile ≤ 3× the parse at 10,000 rows.
///
/// Two series, each a ratio against a parse measured beside it:
/// - **in one process**: every input is parsed, loaded and compiled in turn within each run (inputs interleaved, so a
///   change of the host's speed during the bench moves every input alike);
/// - **in a fresh process** (`CompileBenchFresh`): each parse and each compile is the first and only pass of a new
///   process, as `lockspec compile`, `lockspec run` and CI run it; the child times its own pass, so process start and
///   the reading or generation of the text are left out.
///
/// `compile once <parse|load|compile|none> INPUT` does one pass and nothing else, for `valgrind --tool=callgrind`:
/// instruction counts are repeatable on a loaded machine (subtract `none`, which only makes the text).
/// `compile fresh <parse|compile> INPUT` is the fresh series' child.
///
/// Arguments: `[--runs N] [--series warm|fresh|both] [INPUT ...]`, an input being `specs` or a number of rows (default:
/// 7 runs of both series over specs, 1000 and 10000).
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
            FileHandle.standardError.write(Data("usage: lockspec-bench compile [--runs N] [--series warm|fresh|both] [specs|ROWS ...]\n".utf8))
            return 2
        }
        rest = rest.dropFirst(2)
    }
    let given = rest.filter { $0 == "specs" || (Int($0) ?? 0) > 0 }
    let inputs = given.isEmpty ? ["specs", "1000", "10000"] : Array(given)
    print("compile: load average before: \(compileBenchLoad()); \(runs) runs of each series, inputs interleaved in each run")
    if series != "fresh" { runCompileInProcess(inputs: inputs, runs: runs) }
    if series != "warm" { runCompileFresh(inputs: inputs, runs: runs) }
    print("compile: load average after: \(compileBenchLoad())")
    return 0
}

/// The sources of one bench input: `specs` (the package's specs/ folder, read from the working folder) or a number of
/// rows (a generated folder of 200-row machine files).
func compileBenchSources(_ input: String) -> [(path: String, bytes: [UInt8])] {
    guard let rows = Int(input) else {
        // The files `lockspec compile specs` reads: the section-reasons file beside them is not a spec.
        let paths = ((try? SpecCompiler.discover(["specs"])) ?? []).sorted()
        return paths.compactMap { path in FileManager.default.contents(atPath: path).map { (path, [UInt8]($0)) } }
    }
    return stride(from: 0, to: rows, by: 200).map { first in
        let file = first / 200
        return (path: "bench\(file).yaml", bytes: Array(machineSpec(rows: min(200, rows - first), file: file).utf8))
    }
}

/// One input's passes in the in-process series, one entry per run.
private struct CompileSamples {
    var parse: [Double] = [], load: [Double] = [], compile: [Double] = [], compileCPU: [Double] = []
    var files = 0, bytes = 0, events = 0, findings = 0, cases = 0
}

/// The in-process series: each run parses, loads and compiles every input in turn.
private func runCompileInProcess(inputs: [String], runs: Int) {
    let sources = inputs.map(compileBenchSources)
    var samples = [CompileSamples](repeating: CompileSamples(), count: inputs.count)
    for _ in 0..<runs {
        for i in inputs.indices { measureInProcess(sources[i], into: &samples[i]) }
    }
    print("compile: in one process (repeated passes)")
    for i in inputs.indices {
        let s = samples[i]
        let parse = benchMedian(s.parse), load = benchMedian(s.load), compile = benchMedian(s.compile)
        print("compile: \(inputs[i] == "specs" ? "specs/" : "\(inputs[i]) rows"): \(s.files) files, \(s.bytes) bytes, "
            + "\(s.events) events, \(s.cases) cases, \(s.findings) findings")
        print("compile:   parse \(benchFormat(parse)) s, load \(benchFormat(load)) s (\(benchFormat(load / parse))x), "
            + "lint+compile \(benchFormat(compile)) s, ratio \(benchFormat(compile / parse))x (goal ≤ 3x at 10,000 rows; per run "
            + "\(benchFormat(benchPerRun(s.compile, s.parse)))x); its CPU time on all cores \(benchFormat(benchMedian(s.compileCPU))) s "
            + "(\(benchFormat(benchMedian(s.compileCPU) / parse))x the parse)")
    }
}

/// One run's passes over one input: the parse, the loader alone, and the compile.
private func measureInProcess(_ sources: [(path: String, bytes: [UInt8])], into s: inout CompileSamples) {
    let clock = ContinuousClock()
    var events = 0, findings = 0, cases = 0
    s.parse.append(benchSeconds(clock.measure { events = sources.reduce(0) { $0 + YAMLLoader.parseOnly($1.bytes) } }))
    // The loader alone (libyaml and the compact located document), to show how much the spec reader and compiler add.
    s.load.append(benchSeconds(clock.measure {
        for source in sources { _ = try? YAMLLoader().loadDocument(source.bytes, file: source.path) }
    }))
    let cpuBefore = processCPUSeconds()
    s.compile.append(benchSeconds(clock.measure {
        let compilation = SpecCompiler().compile(sources: sources)
        findings = compilation.diagnostics.count
        cases = compilation.suite.cases.count
    }))
    s.compileCPU.append(processCPUSeconds() - cpuBefore)
    (s.files, s.bytes) = (sources.count, sources.reduce(0) { $0 + $1.bytes.count })
    (s.events, s.findings, s.cases) = (events, findings, cases)
}

/// One pass of one stage over an input, for an instruction count.
private func runCompileOnce(_ arguments: [String]) {
    let stage = arguments.first ?? "compile"
    let sources = compileBenchSources(arguments.dropFirst().first ?? "10000")
    switch stage {
    case "parse": print("events: \(sources.reduce(0) { $0 + YAMLLoader.parseOnly($1.bytes) })")
    case "load": print("loaded: \(sources.allSatisfy { (try? YAMLLoader().loadDocument($0.bytes, file: $0.path)) != nil })")
    case "compile":
        let compilation = SpecCompiler().compile(sources: sources)
        print("cases: \(compilation.suite.cases.count), findings: \(compilation.diagnostics.count)")
    default: print("bytes: \(sources.reduce(0) { $0 + $1.bytes.count })")
    }
}

/// The CPU time this process has used so far, on all its threads (the compile spreads files and specs over the
/// cores, the parse uses one), in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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

/// The process's minor page faults so far (`getrusage`).
func processMinorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

func compileBenchLoad() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

func benchFormat(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return "\(scaled)"
}

/// A machine spec of `rows` rows, the `file`-th of a folder: row r goes from S(r/10) to S(r+1) on `go` with
/// `choice: c(r%10)`; its spec id and row ids carry `file`, so the files of one folder do not clash.
func machineSpec(rows: Int, file: Int) -> String {
    var text = "id: bench.machine\(file)\nkind: machine\ntitle: Bench\nsource: bench.md §1\nfixture: bench\n"
    text += "states: [" + (0...rows).map { "S\($0)" }.joined(separator: ", ") + "]\ninitial: S0\n"
    text += "variables:\n  armed: bool\nevents:\n  go:\n    choice: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]\n"
    text += "effects: [chime]\nrows:\n"
    for r in 0..<rows {
        text += "  - id: B\(file)-\(r)\n    source: bench.md §\(r / 10 + 1)\n    from: S\(r / 10)\n    on: go\n"
        text += "    when: {choice: c\(r % 10)}\n    then: {armed: \(r % 2 == 0)}\n"
        if r % 3 == 0 { text += "    effects: [chime]\n" }
        text += "    to: S\(r + 1)\n"
    }
    return text
}
