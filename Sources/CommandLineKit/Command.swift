import Foundation
import SpecKit

/// One subcommand of a LockSpec tool: its help, the options it knows, and what it runs.
public struct Command: Sendable {
    /// The name typed after the tool's (`lint`, `run`, `mutate`).
    public var name: String
    /// One sentence for the tool's list of commands and the top of the help.
    public var overview: String
    /// The usage line.
    public var usage: String
    /// The positional arguments and what each is, for the help.
    public var arguments: [(String, String)]
    /// The options and flags and what each does, for the help.
    public var options: [(String, String)]
    /// The options that take a value.
    public var valued: Set<String>
    /// The options that take none.
    public var flags: Set<String>
    /// The valued options that take a comma-separated list and may be given again to add to it.
    public var lists: Set<String> = []
    /// Runs the command on its parsed arguments and returns the exit status.
    public var run: @Sendable (Arguments) throws -> Int32

    /// Makes a command.
    public init(name: String, overview: String, usage: String, arguments: [(String, String)] = [], options: [(String, String)],
                valued: Set<String>, flags: Set<String>, lists: Set<String> = [], run: @escaping @Sendable (Arguments) throws -> Int32) {
        (self.name, self.overview, self.usage, self.arguments) = (name, overview, usage, arguments)
        (self.options, self.valued, self.flags, self.lists, self.run) = (options, valued, flags, lists, run)
    }

    /// The command's help: overview, usage, and its arguments and options in two aligned columns.
    public var help: String {
        let all = options + [("-h, --help", "Shows this help.")]
        let width = (arguments + all).map(\.0.count).max().map { $0 + 2 } ?? 26
        func column(_ item: (String, String)) -> String { "  \(item.0.padding(toLength: width, withPad: " ", startingAt: 0))\(item.1)\n" }
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        if !arguments.isEmpty { text += "\nARGUMENTS:\n" + arguments.map(column).joined() }
        text += "\nOPTIONS:\n" + all.map(column).joined()
        return text
    }

    /// Runs the command on the arguments after its name: the help when asked for, else parses them and runs,
    /// printing a usage error (with the usage line unless the error leaves it out) or unreadable input with exit
    /// status 2. `tool` names the command in the hint line.
    /// When the command line asks for `--format github` or `sarif` and nothing is on standard output yet, the error
    /// is printed there in that format too (SARIF of `toolVersion`), so an annotation or upload step sees why. A
    /// tool with no such formats gives no `toolVersion`.
    public func execute(_ argv: [String], tool: String, toolVersion: String? = nil) -> Int32 {
        if argv.contains("--help") || argv.contains("-h") {
            Terminal.out(help)
            return 0
        }
        do {
            let parsed = try Arguments(argv, options: valued, flags: flags, lists: lists)
            return try run(parsed)
        } catch let error as Arguments.UsageError {
            Terminal.err("Error: \(error.message)\n\(error.showsUsage ? "USAGE: \(usage)\n" : "")See '\(tool) --help'.\n")
            if let format = echoFormat(argv), let toolVersion {
                Terminal.out(DiagnosticFormatter.failure(error.message, tool: tool, format: format, toolVersion: toolVersion))
            }
            return 2
        } catch let error as DiagnosticError {
            Terminal.err(DiagnosticFormatter.render(error.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
            switch echoFormat(argv) {
            case .sarif?: if let toolVersion { Terminal.out(DiagnosticFormatter.sarif(error.diagnostics, toolVersion: toolVersion)) }
            case .github?: Terminal.out(DiagnosticFormatter.render(error.diagnostics, format: .github))
            default: break
            }
            return 2
        } catch {
            Terminal.err("Error: \(error)\n")
            return 2
        }
    }

    /// The `--format` the command line asks for, when it is github or sarif, this command takes `--format`, and
    /// standard output is still empty (a second document after a report would spoil both).
    private func echoFormat(_ argv: [String]) -> DiagnosticFormatter.Format? {
        guard valued.contains("--format"), !Terminal.hasWrittenOutput else { return nil }
        var value: String?
        for (i, a) in argv.enumerated() {
            if a == "--" { break }
            if a == "--format", i + 1 < argv.count { value = argv[i + 1] }
            if a.hasPrefix("--format=") { value = String(a.dropFirst("--format=".count)) }
        }
        return value.flatMap(DiagnosticFormatter.Format.init(rawValue:)).flatMap { [.github, .sarif].contains($0) ? $0 : nil }
    }
}
