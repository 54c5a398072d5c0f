import Foundation
import CommandLineKit
import SpecKit
import Conformance
import AppLockFixtures
import Workbench
import LocalHTTP

let serveCommand = Command(
    name: "serve",
    overview: "The browser workbench: the specs as tables, edited, linted as you type, run and reviewed (Ctrl-C stops).",
    usage: "lockspec serve [<folder>] [--port <n>] [--host <address>] [--documents <dir>] [--no-drafts]",
    arguments: [("<folder>", "The spec folder to work on (default: specs).")],
    options: [
        ("--port <n>", "The port to listen on (default: one drawn from the folder's path, so a restart keeps the address and the page gets its unsaved edits back; a free one when that is taken; 0: a free one). At another address the page offers the edits the server kept (in ~/.local/state/lockspec/drafts)."),
        ("--host <address>", "The IPv4 address to listen on (default 127.0.0.1, this machine only)."),
        ("--documents <dir>", "The design documents, to show the sections the rows cite."),
        ("--no-drafts", "Keeps the page's unsaved edits only in the browser tab, not in the state folder as well (they are then lost to a page at another address)."),
    ],
    valued: ["--port", "--host", "--documents"], flags: ["--no-drafts"],
    run: { args in
        guard args.positionals.count <= 1 else { throw Arguments.UsageError(message: "serve works on one spec folder, not \(args.positionals.count)") }
        let folder = args.positionals.first ?? "specs"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Arguments.UsageError(message: "'\(folder)' is not a folder of specs")
        }
        var port: UInt16?
        if let text = args.options["--port"] {
            guard let n = UInt16(text) else { throw Arguments.UsageError(message: "--port must be a number from 0 to 65535, not '\(text)'") }
            port = n
        }
        let host = args.options["--host"] ?? "127.0.0.1"
        // The page's unsaved edits are kept in the user's state folder too, so a restart on another port still offers them.
        let drafts = args.flags.contains("--no-drafts") ? nil : Workbench.defaultDraftsFolder()
        var workbench = Workbench(folder: folder, registry: .standard, documents: args.options["--documents"], host: host,
                                  drafts: drafts)
        workbench.rerunProgram = invokedProgram()
        let server: HTTPServer
        do throws(HTTPServer.StartError) {
            // Without --port: the folder's own port when it is free, so a restart keeps the address; else a free one.
            if port == nil, let preferred = try? workbench.listen(host: host, port: Workbench.preferredPort(for: workbench.folder)) {
                server = preferred
            } else {
                server = try workbench.listen(host: host, port: port ?? 0)
            }
        } catch {
            Terminal.err("error: \(error.description)\n")
            return 2
        }
        if host != "127.0.0.1" { Terminal.err("warning: listening on \(host): other machines can reach it (the token still guards every request)\n") }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { server.stop() }
        source.resume()
        Terminal.out("lockspec serve: \(workbench.folder)\nopen \(workbench.url(of: server))\n")
        Terminal.out(drafts.map { "unsaved edits are also kept in \($0) (--no-drafts: only in the browser tab)\n" } ?? "unsaved edits are kept only in the browser tab\n")
        // Without the documents, a citation of a section a document lacks lints clean here and warns in lint --documents.
        Terminal.out(workbench.documents.map { "citations are checked against the design documents in \($0)\n" }
            ?? "citations are not checked against the design documents (--documents <dir> checks them, as lint --documents does)\n")
        Terminal.out("(Ctrl-C stops)\n")
        server.serve()
        Terminal.out("serve stopped\n")
        return 0
    })
