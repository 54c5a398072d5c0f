// lockspec: the command-line tool. Thin: it parses arguments, calls SpecKit and Conformance, and prints.
import Foundation
import SpecKit
import Conformance
import CommandLineKit

let commands: [Command] = [lintCommand, compileCommand, graphCommand, runCommand, exploreCommand, mergeCommand, diffCommand, watchCommand, serveCommand, lspCommand, migrateCommand]

func mainHelp() -> String {
    """
    OVERVIEW: LockSpec checks behaviour tables (YAML specs) and runs AppLockCore against every row.

    USAGE: lockspec <command> [options]

    COMMANDS:
    \((commands.map { ($0.name, $0.overview) } + forwardedCommands.map { ($0.name, $0.overview) })
        .map { "  \($0.0.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.1)" }.joined(separator: "\n"))

    OPTIONS:
      --version               Prints the tool's version and the commit it was built from.
      -h, --help              Shows this help.

    EXIT CODES: 0 everything holds; 1 findings (lint errors, divergences, unexpected passes); 2 bad usage, unreadable input,
    or specs that do not compile where a command must run or compare them (run, explore, diff: nothing was run).
    See 'lockspec help <command>' or 'lockspec <command> --help' for each command.

    """
}

/// Whether standard output is open. A closed descriptor 0, 1 or 2 would be taken by the next file opened, so a spec
/// or report could be written as standard output; and a verdict no one can read is none. A closed standard input or
/// error is given /dev/null; a closed standard output stops the command with status 2 before it does anything.
func standardOutputIsOpen() -> Bool {
    if fcntl(0, F_GETFD) == -1 { _ = open("/dev/null", O_RDONLY) }
    guard fcntl(1, F_GETFD) != -1 else {
        Terminal.err("lockspec: standard output is closed, so nothing could report: stopped with status 2\n")
        return false
    }
    if fcntl(2, F_GETFD) == -1 { _ = open("/dev/null", O_WRONLY) }
    return true
}

func exitCode() -> Int32 {
    guard standardOutputIsOpen() else { return 2 }
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
            if let forwarded = forwardedCommands.first(where: { $0.name == argv[1] }) { return forwarded.run(["--help"]) }
            guard let command = commands.first(where: { $0.name == argv[1] }) else {
                let guess = Suggest.closest(to: argv[1], in: commands.map(\.name) + forwardedCommands.map(\.name))
                Terminal.err("Error: unknown command '\(argv[1])'\(guess.map { " (did you mean '\($0)'?)" } ?? "")\nSee 'lockspec --help'.\n")
                return 2
            }
            Terminal.out(command.help)
            return 0
        }
        Terminal.out(mainHelp())
        return 0
    }
    if let forwarded = forwardedCommands.first(where: { $0.name == first }) { return forwarded.run(Array(argv.dropFirst())) }
    guard let command = commands.first(where: { $0.name == first }) else {
        let guess = Suggest.closest(to: first, in: commands.map(\.name) + forwardedCommands.map(\.name))
        Terminal.err("Error: unknown command '\(first)'\(guess.map { " (did you mean '\($0)'?)" } ?? "")\nUSAGE: lockspec <command> [options]\nSee 'lockspec --help'.\n")
        return 2
    }
    argv.removeFirst()
    return command.execute(argv, tool: "lockspec \(command.name)", toolVersion: BuildIdentity.toolVersion)
}

exit(exitCode())
