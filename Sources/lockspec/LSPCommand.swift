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
        return LanguageServer.serve(catalog: FixtureRegistry.standard, read: {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = read(0, &buffer, buffer.count)
            return n > 0 ? Array(buffer[..<n]) : nil
        }, waiting: {
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, 0) > 0
        }, write: { bytes in
            Terminal.out(String(decoding: bytes, as: UTF8.self))
        })
    })
