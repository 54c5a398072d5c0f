// lockspec: the command-line tool. Thin: it parses arguments, calls SpecKit and Conformance, and prints.
import Foundation
import SpecKit
import Conformance

struct Command: Sendable {
    var name: String
    var overview: String
    var usage: String
    var arguments: [(String, String)]
    var options: [(String, String)]
    var valued: Set<String>
    var flags: Set<String>
    var run: @Sendable (Arguments) throws -> Int32

    /// The command's help: overview, usage, and its arguments and options in two aligned columns.
    var help: String {
        let all = options + [("-h, --help", "Shows this help.")]
        let width = (arguments + all).map(\.0.count).max().map { $0 + 2 } ?? 26
        func column(_ item: (String, String)) -> String { "  \(item.0.padding(toLength: width, withPad: " ", startingAt: 0))\(item.1)\n" }
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        if !arguments.isEmpty { text += "\nARGUMENTS:\n" + arguments.map(column).joined() }
        text += "\nOPTIONS:\n" + all.map(column).joined()
        return text
    }
}

let commands: [Command] = [lintCommand, compileCommand, graphCommand, runCommand, exploreCommand, mergeCommand, diffCommand, watchCommand, serveCommand, lspCommand, mutateCommand, migrateCommand]

func mainHelp() -> String {
    """
    OVERVIEW: LockSpec checks behaviour tables (YAML specs) and runs AppLockCore against every row.

    USAGE: lockspec <command> [options]

    COMMANDS:
    \(commands.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.overview)" }.joined(separator: "\n"))

    OPTIONS:
      --version               Prints the tool's version and the commit it was built from.
      -h, --help              Shows this help.

    EXIT CODES: 0 everything holds; 1 findings (lint errors, divergences, unexpected passes); 2 bad usage or unreadable input.
    See 'lockspec help <command>' or 'lockspec <command> --help' for each command.

    """
}

func exitCode() -> Int32 {
    var argv = Array(CommandLine.arguments.dropFirst())
    guard let first = argv.first else {
        Terminal.err(mainHelp())
        return 2
    }
    if first == "--version" {
        let build = BuildIdentity.current
        Terminal.out("lockspec \(BuildIdentity.toolVersion)\nbuild: \(build), recorded at build time \(build.recordedAt)\n")
        return 0
    }
    if first == "--help" || first == "-h" || first == "help" {
        // `lockspec help run` is `lockspec run --help`.
        if first == "help", argv.count > 1 {
            guard let command = commands.first(where: { $0.name == argv[1] }) else {
                let guess = Suggest.closest(to: argv[1], in: commands.map(\.name))
                Terminal.err("Error: unknown command '\(argv[1])'\(guess.map { " (did you mean '\($0)'?)" } ?? "")\nSee 'lockspec --help'.\n")
                return 2
            }
            Terminal.out(command.help)
            return 0
        }
        Terminal.out(mainHelp())
        return 0
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        let guess = Suggest.closest(to: first, in: commands.map(\.name))
        Terminal.err("Error: unknown command '\(first)'\(guess.map { " (did you mean '\($0)'?)" } ?? "")\nUSAGE: lockspec <command> [options]\nSee 'lockspec --help'.\n")
        return 2
    }
    argv.removeFirst()
    if argv.contains("--help") || argv.contains("-h") {
        Terminal.out(command.help)
        return 0
    }
    do {
        let parsed = try Arguments(argv, options: command.valued, flags: command.flags)
        return try command.run(parsed)
    } catch let error as Arguments.UsageError {
        Terminal.err("Error: \(error.message)\nUSAGE: \(command.usage)\nSee 'lockspec \(command.name) --help'.\n")
        return 2
    } catch let error as DiagnosticError {
        Terminal.err(DiagnosticFormatter.render(error.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
        return 2
    } catch {
        Terminal.err("Error: \(error)\n")
        return 2
    }
}

exit(exitCode())
