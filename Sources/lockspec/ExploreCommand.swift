import Foundation
import CommandLineKit
import SpecKit
import Conformance
import AppLockFixtures

let exploreCommand = Command(
    name: "explore",
    overview: "Drives AppLockCore through every reachable situation, event and input of each machine, then along seeded random walks, the table as the oracle.",
    usage: "lockspec explore [<path> ...] [--spec <id>] [--max-transitions <n>] [--walks <n>] [--length <n>] [--seed <n>] [--no-tour] [--format text|github] [--json <file>]",
    arguments: [("<path>", "Spec files or folders (default: specs).")],
    options: [
        ("--spec <id>", "Explores only this machine spec; comma-separated, or given again, for several."),
        ("--max-transitions <n>", "Fires at most this many transitions per machine (default \(MachineExplorer.defaultMaximumTransitions)); the report says where the tour stopped."),
        ("--walks <n>", "Random walks per machine (default \(RandomWalks.Options.defaultWalks); 0 for none; at most 1000000). Each diverging walk is shrunk and printed as a ready-to-paste scenario."),
        ("--length <n>", "The most steps per walk (default \(RandomWalks.Options.defaultLength); at most 10000)."),
        ("--seed <n>", "The seed the walks are drawn from (default \(RandomWalks.Options.defaultSeed)); the same seed gives the same walks and the same report."),
        ("--no-tour", "Skips the exhaustive transition tour: only the random walks run (what a replay command uses)."),
        ("--format <format>", "Console output: text (default) or github (adds ::error annotations on the divergences)."),
        ("--json <file>", "Writes every machine's tour, walks and divergences as JSON (sorted, stable)."),
    ],
    valued: ["--spec", "--max-transitions", "--walks", "--length", "--seed", "--format", "--json"],
    flags: ["--no-tour"],
    lists: ["--spec"],
    run: { args in
        try checkReportOptions(args, reads: args.positionals.isEmpty ? ["specs"] : args.positionals)
        enum ConsoleFormat: String, CaseIterable { case text, github }
        let format = try choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text)
        let maximum = try wholeNumber(args.options["--max-transitions"], option: "--max-transitions", minimum: 1) ?? MachineExplorer.defaultMaximumTransitions
        var walks = RandomWalks.Options()
        // A walk is held whole while it runs (about 1 KB a step): its length is bounded, as the number of walks is.
        walks.walks = try wholeNumber(args.options["--walks"], option: "--walks", minimum: 0, maximum: 1_000_000) ?? walks.walks
        walks.length = try wholeNumber(args.options["--length"], option: "--length", minimum: 1, maximum: 10_000) ?? walks.length
        if let text = args.options["--seed"] {
            guard let seed = UInt64(text) else { throw Arguments.UsageError(message: "--seed must be a whole number from 0 to \(UInt64.max)") }
            walks.seed = seed
        }
        let tour = !args.flags.contains("--no-tour")
        if !tour && walks.walks == 0 { throw Arguments.UsageError(message: "--no-tour with --walks 0 leaves nothing to explore") }
        let specs = try idList(args, "--spec")
        let outcome = ConformanceExploration(.init(paths: args.positionals, specs: specs, maximumTransitions: maximum, tour: tour,
                                                   walks: walks.walks > 0 ? walks : nil), registry: .standard).run()
        guard let result = outcome.result else {
            if case .unknownSelection(let message) = outcome.stop { throw Arguments.UsageError(message: message, showsUsage: false) }
            Terminal.err(DiagnosticFormatter.render(outcome.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
            if outcome.stop == .specsDoNotCompile { Terminal.err("the specs do not compile: nothing was explored (see 'lockspec lint')\n") }
            return outcome.exitCode
        }
        // Nothing explored has not held: no machine or decision table at the paths (or in the --spec chosen).
        guard !result.machines.isEmpty || !result.walks.isEmpty else {
            throw Arguments.UsageError(message: "nothing to explore: no machine or decision table in \(named(args.positionals))\(specs == nil ? "" : " among the specs chosen")")
        }
        if let path = args.options["--json"] { try Emitter.writeIfChanged(try renderExplorationJSON(result), to: path) }
        if tour { Terminal.out(renderExploration(result, github: format == .github, program: invokedProgram())) }
        if walks.walks > 0 { Terminal.out(renderWalks(result.walks, github: format == .github, program: invokedProgram())) }
        return outcome.exitCode
    })
