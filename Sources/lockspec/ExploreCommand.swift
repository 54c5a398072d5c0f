import Foundation
import SpecKit
import Conformance
import AppLockFixtures

let exploreCommand = Command(
    name: "explore",
    overview: "Drives AppLockCore through every reachable situation, event and input of each machine, the table as the oracle.",
    usage: "lockspec explore [<path> ...] [--spec <id>] [--max-transitions <n>] [--format text|github] [--json <file>]",
    arguments: [("<path>", "Spec files or folders (default: specs).")],
    options: [
        ("--spec <id>", "Explores only this machine spec; comma-separated for several."),
        ("--max-transitions <n>", "Fires at most this many transitions per machine (default \(MachineExplorer.defaultMaximumTransitions)); the report says where the tour stopped."),
        ("--format <format>", "Console output: text (default) or github (adds ::error annotations on the divergences)."),
        ("--json <file>", "Writes every machine's tour and divergence as JSON (sorted, stable)."),
    ],
    valued: ["--spec", "--max-transitions", "--format", "--json"],
    flags: [],
    run: { args in
        enum ConsoleFormat: String, CaseIterable { case text, github }
        let format = try choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text)
        var maximum = MachineExplorer.defaultMaximumTransitions
        if let text = args.options["--max-transitions"] {
            guard let n = Int(text), n >= 1 else { throw Arguments.UsageError(message: "--max-transitions must be a positive whole number") }
            maximum = n
        }
        let specs = args.options["--spec"].map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        let outcome = ConformanceExploration(.init(paths: args.positionals, specs: specs, maximumTransitions: maximum), registry: .standard).run()
        guard let result = outcome.result else {
            if case .unknownSelection(let message) = outcome.stop { throw Arguments.UsageError(message: message) }
            Terminal.err(DiagnosticFormatter.render(outcome.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
            if outcome.stop == .specsDoNotCompile { Terminal.err("the specs do not compile: nothing was explored (see 'lockspec lint')\n") }
            return outcome.exitCode
        }
        if let path = args.options["--json"] { try Emitter.writeIfChanged(try renderExplorationJSON(result), to: path) }
        Terminal.out(renderExploration(result, github: format == .github))
        return outcome.exitCode
    })
