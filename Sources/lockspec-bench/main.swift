// lockspec-bench: the measurements behind Scripts/bench. Each area lives in its own file; every figure is printed
// next to a baseline measured in the same run, so the ratios mean something on a shared, noisy machine.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let area = arguments.first ?? "all"
let rest = Array(arguments.dropFirst())
switch area {
case "core": runCoreBench(rest)
case "yaml": runYAMLBench(rest)
case "compile": exit(runCompileBench(rest))
case "runner": runRunnerBench(rest)
case "explore": runExploreBench(rest)
case "timing": exit(runTimingBench(rest))
case "mutate": runMutateBench(rest)
case "all":
    runCoreBench(rest)
    runYAMLBench(rest)
    runRunnerBench(rest)
    runExploreBench(rest)
    runCompileBench(rest)
default:
    FileHandle.standardError.write(Data("usage: lockspec-bench [core|yaml|compile|runner|explore|timing|mutate|all]\n".utf8))
    exit(2)
}
