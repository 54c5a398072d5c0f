import Foundation
import CommandLineKit
import Synchronization
import SpecKit
import Conformance
import AppLockFixtures

/// Set by SIGINT (Ctrl-C); the watch loop stops at its next poll.
let interrupted = Atomic<Bool>(false)

let watchCommand = Command(
    name: "watch",
    overview: "Lints the specs on every save and re-runs the specs the change affects, with a one-screen summary (Ctrl-C stops).",
    usage: "lockspec watch [<path> ...] [--interval <ms>]",
    arguments: [("<path>", "Spec folders or files to watch (default: specs).")],
    options: [
        ("--interval <ms>", "How often to look for changes, in milliseconds (default 150; sizes and modification times only)."),
    ],
    valued: ["--interval"], flags: [],
    run: { args in
        var interval = 0.15
        if let text = args.options["--interval"] {
            guard let ms = Int(text), (10...5000).contains(ms) else { throw Arguments.UsageError(message: "--interval must be a whole number of milliseconds from 10 to 5000, not '\(text)'") }
            interval = Double(ms) / 1000
        }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { interrupted.store(true, ordering: .relaxed) }
        source.resume()
        let paths = args.positionals.isEmpty ? ["specs"] : args.positionals
        var session = WatchSession(paths: paths, registry: .standard)
        let clear = isatty(1) != 0
        let environment = WatchLoop.Environment.live(paths: paths, shouldStop: { interrupted.load(ordering: .relaxed) })
        WatchLoop(interval: interval).run(&session, environment: environment) { report in
            let formatter = DateFormatter()
            formatter.dateFormat = "HH:mm:ss"
            let clock = formatter.string(from: Date())
            Terminal.out((clear ? "\u{1B}[H\u{1B}[2J" : "") + report.render() + "[\(clock)] watching \(paths.joined(separator: " ")) (Ctrl-C stops)\n")
        }
        Terminal.out("watch stopped\n")
        return 0
    })
