import Foundation
import CommandLineKit
import LanguageServer
import Conformance
import AppLockFixtures

let lspCommand = Command(
    name: "lsp",
    overview: "Runs a Language Server over stdin/stdout: lint findings as you type, completion of names, hover on rows.",
    usage: "lockspec lsp",
    arguments: [],
    options: [],
    valued: [], flags: [],
    run: { args in
        guard args.positionals.isEmpty else { throw Arguments.UsageError(message: "lsp takes no arguments; an editor starts it and talks to it over stdin and stdout") }
        signal(SIGPIPE, SIG_IGN)
        let input = InputPump(descriptor: 0)
        return LanguageServer.serve(catalog: FixtureRegistry.standard, read: input.next, waiting: { input.waiting }, write: { bytes in
            Terminal.out(String(decoding: bytes, as: UTF8.self))
        })
    })
