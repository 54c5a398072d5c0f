import Foundation
import CommandLineKit

/// A command served by an executable of its own, built beside `lockspec` (so a build of `lockspec` alone does not
/// compile its library): `lockspec <name> ...` runs `<executable> ...` in its place.
struct ForwardedCommand {
    /// The command's name.
    var name: String
    /// One sentence for the list of commands.
    var overview: String
    /// The executable's name, in the same folder as `lockspec`.
    var executable: String

    /// Replaces this process with the executable, given `argv`; returns (exit status 2, with the reason on standard
    /// error) only when it cannot be started.
    func run(_ argv: [String]) -> Int32 {
        let me = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let path = me.resolvingSymlinksInPath().deletingLastPathComponent().appending(path: executable).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Terminal.err("Error: 'lockspec \(name)' runs \(executable), which is not built beside this lockspec (no \(path)).\n"
                + "Build it with 'swift build -c release --product \(executable)', or run Scripts/\(name), which builds it.\n")
            return 2
        }
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + argv).map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let reason = String(cString: strerror(errno))
        cArguments.forEach { free($0) }
        Terminal.err("Error: could not start \(path): \(reason)\n")
        return 2
    }
}

/// `lockspec mutate`: mutation analysis of AppLockCore, in `lockspec-mutate`.
let forwardedCommands = [
    ForwardedCommand(name: "mutate", overview: "Mutation analysis of AppLockCore: seeds every fault, runs the gate against each, reports the score (runs lockspec-mutate).",
                     executable: "lockspec-mutate"),
]
