import Foundation
import SpecKit

/// The fresh-process series of the compile bench: each parse and each lint+compile is the only pass of a new process
/// (this binary, `compile fresh <parse|compile> ROWS`), as `lockspec compile`, `lockspec run` and CI run it. Every run
/// takes each input in turn, the parse just before its compile; the child times its own pass, so process start and
/// the reading or generation of the text are not in the figure, and prints it with its CPU time on all cores and its
/// minor page faults.
func runCompileFresh(inputs: [String], runs: Int) {
    guard let executable = benchExecutable() else {
        print("compile: in a fresh process: skipped (this program's own path is unknown)")
        return
    }
    var parses = [[Double]](repeating: [], count: inputs.count), compiles = parses, cpu = parses, faults = parses
    for _ in 0..<runs {
        for i in inputs.indices {
            guard let parse = freshPass(executable, stage: "parse", input: inputs[i]),
                  let compile = freshPass(executable, stage: "compile", input: inputs[i]) else {
                print("compile: in a fresh process: a child pass failed; series abandoned")
                return
            }
            parses[i].append(parse.seconds)
            compiles[i].append(compile.seconds)
            cpu[i].append(compile.cpu)
            faults[i].append(compile.faults)
        }
    }
    print("compile: in a fresh process (each pass the first and only one of its process, as 'lockspec compile' runs)")
    for i in inputs.indices {
        let parse = benchMedian(parses[i]), compile = benchMedian(compiles[i])
        print("compile: \(inputs[i] == "specs" ? "specs/" : "\(inputs[i]) rows"): parse \(benchFormat(parse)) s, lint+compile \(benchFormat(compile)) s, ratio"
            + " \(benchFormat(compile / parse))x (goal ≤ 3x at 10,000 rows; per run \(benchFormat(benchPerRun(compiles[i], parses[i])))x);"
            + " CPU time on all cores \(benchFormat(benchMedian(cpu[i]))) s (\(benchFormat(benchMedian(cpu[i]) / parse))x the parse);"
            + " minor page faults \(Int(benchMedian(faults[i])))")
    }
}

/// The child: reads or generates the input, then times one pass of `stage` over it and prints
/// `seconds S cpu C faults F`.
func runCompileFreshChild(_ arguments: [String]) {
    guard arguments.count == 2, ["parse", "compile"].contains(arguments[0]), arguments[1] == "specs" || (Int(arguments[1]) ?? 0) > 0 else {
        FileHandle.standardError.write(Data("usage: lockspec-bench compile fresh parse|compile specs|ROWS\n".utf8))
        exit(2)
    }
    let sources = compileBenchSources(arguments[1])
    let faultsBefore = processMinorFaults(), cpuBefore = processCPUSeconds()
    let elapsed = ContinuousClock().measure {
        if arguments[0] == "parse" {
            for source in sources { _ = YAMLLoader.parseOnly(source.bytes) }
        } else {
            _ = SpecCompiler().compile(sources: sources)
        }
    }
    print("seconds \(benchSeconds(elapsed)) cpu \(processCPUSeconds() - cpuBefore) faults \(processMinorFaults() - faultsBefore)")
}

/// One child pass: its own timing, CPU time and page faults, or nil when it did not run or said nothing readable.
private func freshPass(_ executable: URL, stage: String, input: String) -> (seconds: Double, cpu: Double, faults: Double)? {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["compile", "fresh", stage, input]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, words.count == 6, words[0] == "seconds", words[2] == "cpu", words[4] == "faults",
          let seconds = Double(words[1]), let cpu = Double(words[3]), let faults = Double(words[5]) else { return nil }
    return (seconds, cpu, faults)
}

/// This program's own file, to start children of it.
private func benchExecutable() -> URL? {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: path)
    }
    return Bundle.main.executableURL
}
