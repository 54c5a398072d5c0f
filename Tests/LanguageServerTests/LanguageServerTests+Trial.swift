import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures
@testable import LanguageServer

/// What the language server's re-trial found (a helper as an editor user, /tmp/lsp2/findings.md).
extension LanguageServerTests {
    static func change(_ path: String, _ text: String, version: Int) -> MessageFramer.Frame {
        message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
            "textDocument": .object(["uri": .string(LanguageServer.uri(path)), "version": .int(version)]),
            "contentChanges": .array([.object(["text": .string(text)])])])]).serialized)
    }

    static func request(_ method: String, _ path: String, line: Int, character: Int) -> MessageFramer.Frame {
        message(#"{"jsonrpc":"2.0","id":9,"method":"\#(method)","params":{"textDocument":{"uri":"\#(LanguageServer.uri(path))"},"position":{"line":\#(line),"character":\#(character)}}}"#)
    }

    /// Found by the re-trial: while the spec had errors, a row made shorter moved the next row's `- id:` line into
    /// the shortened row's old lines, and a hover there named the shortened row.
    @Test("while the spec does not read, a hover places each row at its id: line as the text is now; a row being typed is none")
    func hoverFollowsTheLinesAsTheyAre() throws {
        var (server, machine, text, top) = try Self.openTriggers()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        func hover(_ now: String, at line: Int) -> String? {
            _ = server.handle(Self.change(machine, now, version: 2))
            return server.handle(Self.request("textDocument/hover", machine, line: line, character: 4)).first?["result"]?["contents"]?["value"]?.string
        }
        func index(_ now: String, _ prefix: String) throws -> Int {
            try #require(now.components(separatedBy: "\n").firstIndex { $0.hasPrefix(prefix) })
        }
        // LL-APPEAR-OFF loses its notes line: LL-APPEAR-AGAIN's id line now sits where LL-APPEAR-OFF's last line was.
        let shorter = typo.replacingOccurrences(of: "    notes: lock off — appear does nothing (§9 ⑥ default off has no effect at all)\n", with: "")
        #expect(shorter != typo)
        let again = try index(shorter, "  - id: LL-APPEAR-AGAIN")
        let onAgain = try #require(hover(shorter, at: again))
        #expect(onAgain.contains("**LL-APPEAR-AGAIN**") && onAgain.contains("shown as it last read"), "\(onAgain)")
        let onOff = try #require(hover(shorter, at: again - 1))
        #expect(onOff.contains("**LL-APPEAR-OFF**"), "\(onOff)")
        // Lines added above every row move them all; each is still found at its own lines.
        let moved = shorter.replacingOccurrences(of: "rows:\n", with: "rows:\n  # moved\n  # moved\n")
        let movedAgain = try index(moved, "  - id: LL-APPEAR-AGAIN")
        #expect(try #require(hover(moved, at: movedAgain + 1)).contains("**LL-APPEAR-AGAIN**"))
        // A row being typed below LL-APPEAR-OFF, with no id yet, is not LL-APPEAR-OFF's.
        let typing = moved.replacingOccurrences(of: "  - id: LL-APPEAR-AGAIN", with: "  - from: Locked\n    on: appear\n  - id: LL-APPEAR-AGAIN")
        let newRow = try index(typing, "  - id: LL-APPEAR-AGAIN") - 2
        #expect(typing.components(separatedBy: "\n")[newRow] == "  - from: Locked")
        #expect(hover(typing, at: newRow + 1) == nil)
    }
}

extension LanguageServerTests {
    /// Found by the re-trials: a completion or hover between keystrokes linted the text before it, 0.4 s each, so
    /// typing with a request every few changes fell further behind (9.2 s for completions, 8.5 s for hovers).
    @Test("while deferring, completions and hovers wait for the one lint of what arrived with them; a cancelled one costs nothing")
    func requestsWaitForTheBatchLint() throws {
        var (server, machine, text, top) = try Self.openTriggers(deferring: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        let on = try #require(text.components(separatedBy: "\n").firstIndex { $0 == "    on: appear" })
        // Five changes, each followed by a completion and a hover: nothing linted, nothing answered yet.
        for version in 2...6 {
            #expect(server.handle(Self.change(machine, text + String(repeating: "#", count: version), version: version)).isEmpty)
            #expect(server.handle(Self.request("textDocument/completion", machine, line: on, character: 8)).isEmpty)
            #expect(server.handle(Self.request("textDocument/hover", machine, line: on, character: 6)).isEmpty)
        }
        #expect(server.workspace.compileCount == 0)
        // The client cancels one (the id of all of them is 9): it is answered as cancelled, at once.
        let cancelled = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9}}"#))
        #expect(cancelled.first?["error"]?["code"]?.int == -32800)
        let out = server.publishPending()
        #expect(server.workspace.compileCount == 1, "one lint for five changes and ten requests")
        let answers = out.filter { $0["id"] != nil }
        #expect(answers.count == 9)
        #expect(answers.contains { $0["result"]?["items"]?.serialized.contains("\"unlockTapped\"") == true })
        #expect(answers.contains { $0["result"]?["contents"]?["value"]?.string?.contains("**LL-APPEAR-COLD-LOCK**") == true })
        #expect(!server.hasPending)
        // A shutdown answers what still waits first.
        _ = server.handle(Self.request("textDocument/hover", machine, line: on, character: 6))
        let shutdown = server.handle(Self.message(#"{"jsonrpc":"2.0","id":10,"method":"shutdown"}"#))
        #expect(shutdown.map { $0["id"]?.int } == [9, 10])
    }

    /// Found by the third trial: a spec that does not read (a row half typed) offered none of its own states, nor
    /// one declared a moment ago.
    @Test("a spec that does not read still offers the states, events and variables written in it")
    func completionOfNamesAsWritten() throws {
        var (server, machine, text, top) = try Self.openTriggers()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let broken = text.replacingOccurrences(of: "states: [Open, Locked]\n", with: "states: [Open, Locked, Busy]\n")
            .replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        _ = server.handle(Self.change(machine, broken, version: 2))
        #expect(server.workspace.currentSpec(at: machine) == nil)
        let lines = broken.components(separatedBy: "\n")
        let to = try #require(lines.firstIndex { $0 == "    to: Locked" })
        let items = server.handle(Self.request("textDocument/completion", machine, line: to, character: 8)).first?["result"]?["items"]?.serialized ?? ""
        #expect(items.contains("\"Busy\""), "the state declared a moment ago")
    }

    /// Found by the re-trial: a first spec, written before its `fixture:` line, got no diagnostics, where lint says
    /// what it needs.
    @Test("a folder whose only YAML is a spec without fixture: yet is linted; a Kubernetes-style kind: is not a spec")
    func firstSpecWithoutFixture() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: top) }
        try FileManager.default.createDirectory(atPath: top + "/specs", withIntermediateDirectories: true)
        var server = Self.initialized()
        let spec = top + "/specs/first.yaml"
        let out = Self.open(&server, spec, "id: first\nkind: machine  # a lock\ntitle: First\n")
        let mine = out.first { $0["params"]?["uri"]?.string == LanguageServer.uri(spec) }?["params"]?["diagnostics"]?.serialized ?? ""
        #expect(mine.contains("fixture"), "lint's finding that it needs a fixture: \(mine)")
        let other = Self.open(&server, top + "/k8s.yaml", "kind: Deployment\nmetadata: {name: x}\n")
        #expect(other.allSatisfy { $0["params"]?["diagnostics"] == .array([]) }, "\(other.map(\.serialized))")
        #expect(SpecWorkspace.looksLikeSpec(Array("kind: product\n".utf8)))
        #expect(!SpecWorkspace.looksLikeSpec(Array("kind: machines\n".utf8)))
        #expect(!SpecWorkspace.looksLikeSpec(Array("  kind: machine\n".utf8)), "only top-level lines")
    }

    /// Found by the re-trial: errors published on a closed file stayed after a checkout fixed it on disk.
    @Test("a client that can register is asked for YAML file changes; a change on disk publishes the closed file's findings again")
    func filesChangedOnDisk() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var server = LanguageServer(catalog: FixtureRegistry.standard)
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}"#))
        let asked = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
        #expect(asked.first?["method"]?.string == "client/registerCapability")
        #expect(asked.first?["params"]?.serialized.contains("workspace/didChangeWatchedFiles") == true)
        // Its answer needs nothing.
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","id":"lockspec-watch-yaml","result":null}"#)).isEmpty)
        let product = folder + "/launch-lock.product.yaml", triggers = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: triggers, encoding: .utf8)
        _ = Self.open(&server, product, try String(contentsOfFile: product, encoding: .utf8))
        // Another editor breaks the closed triggers file, then a checkout mends it.
        let changed = #"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(LanguageServer.uri(triggers))","type":2}]}}"#
        try text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n").write(toFile: triggers, atomically: true, encoding: .utf8)
        let broken = server.handle(Self.message(changed)).first { $0["params"]?["uri"]?.string == LanguageServer.uri(triggers) }
        #expect(broken?["params"]?["diagnostics"]?.serialized.contains("spec.unknown-event") == true, "\(broken?.serialized ?? "nothing")")
        try text.write(toFile: triggers, atomically: true, encoding: .utf8)
        let mended = server.handle(Self.message(changed)).first { $0["params"]?["uri"]?.string == LanguageServer.uri(triggers) }
        #expect(mended?["params"]?["diagnostics"] == .array([]))
        // A client that cannot register is not asked.
        var plain = Self.initialized()
        #expect(plain.handle(Self.message(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)).isEmpty)
    }
}

extension LanguageServerTests {
    /// Found by the re-trial: completion opened inside a folded or literal note, and on a plain note's second line.
    @Test("no completion in the lines a prose value continues over; a row's other keys and a flow mapping's lines still complete")
    func proseOverSeveralLines() {
        let text = TextLines("""
        notes: >
          Locked is isLocked, prompt: says
        title: a title
          that goes on
        rows:
          - id: R1
            on: appear
            when: {enabled: true,
              coldLocked: false}
            notes: |
              one, two

        """)
        #expect(text.continued(line: 1) == "notes")
        #expect(text.continued(line: 3) == "title")
        #expect(text.continued(line: 5) == nil, "a list under rows:")
        #expect(text.continued(line: 6) == nil, "a row's second key")
        #expect(text.continued(line: 8) == nil, "a flow mapping over two lines")
        #expect(text.continued(line: 10) == "notes")
        #expect(text.continued(line: 11) == nil, "an empty last line")
        let quoted = TextLines("notes: \"a note, open\n  on the next line\"\ntitle: \"closed\"\n  odd\n")
        #expect(quoted.continued(line: 1) == "notes", "a quoted text still open")
        #expect(quoted.continued(line: 3) == nil, "a quoted text closed on its line")
    }

    @Test("ranged changes are applied in order, positions in UTF-16 and clamped; a change without text is refused")
    func rangedChanges() {
        func change(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int, _ text: String) -> JSON {
            .object(["range": .object(["start": .object(["line": .int(l0), "character": .int(c0)]), "end": .object(["line": .int(l1), "character": .int(c1)])]),
                     "text": .string(text)])
        }
        let before = "on: appear\r\nto: 🔒Open\nlast"
        #expect(TextLines.applying(.array([change(0, 4, 0, 10, "active")]), to: before) == "on: active\r\nto: 🔒Open\nlast")
        #expect(TextLines.applying(.array([change(1, 6, 1, 10, "Locked"), change(2, 0, 2, 99, "end")]), to: before) == "on: appear\r\nto: 🔒Locked\nend")
        #expect(TextLines.applying(.array([change(0, 99, 5, 0, "")]), to: before) == "on: appear", "clamped to the line and the text")
        #expect(TextLines.applying(.array([.object(["text": .string("whole")]), change(0, 5, 0, 5, "!")]), to: before) == "whole!")
        #expect(TextLines.applying(.array([.object(["range": .null])]), to: before) == nil)
        #expect(TextLines.applying(.array([]), to: before) == nil)
    }

    /// Found by the re-trial: closed files' findings came under URIs the editor does not use (`a+b` for `a%2Bb`,
    /// `file:///` for `file://localhost/`), and a document closed under `…yaml?x=1` was cleared under `…%3Fx=1`.
    @Test("closed files' findings use the editor's spelling of their folder; a closed document keeps the URI it was opened under")
    func closedFilesURIs() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var server = Self.initialized()
        let product = folder + "/launch-lock.product.yaml"
        let uri = "file://localhost" + product
        let text = try String(contentsOfFile: product, encoding: .utf8)
        let params = JSON.object(["textDocument": .object(["uri": .string(uri), "languageId": .string("yaml"), "version": .int(1), "text": .string(text)])])
        _ = server.handle(Self.message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"), "params": params]).serialized))
        let change = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
            "textDocument": .object(["uri": .string(uri), "version": .int(2)]),
            "contentChanges": .array([.object(["text": .string(text.replacingOccurrences(of: "  grace: 60s\n", with: ""))])])])])
        let published = server.handle(Self.message(change.serialized)).compactMap { $0["params"]?["uri"]?.string }
        #expect(published.count >= 4 && published.allSatisfy { $0.hasPrefix("file://localhost" + folder + "/") }, "\(published)")
        let close = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didClose"), "params": .object(["textDocument": .object(["uri": .string(uri)])])])
        let closed = server.handle(Self.message(close.serialized)).compactMap { $0["params"]?["uri"]?.string }
        #expect(closed.contains(uri), "\(closed)")
    }

    @Test("initialize with parameters that are not an object is refused as invalid params, and the server can still be initialized")
    func initializeParams() {
        var server = LanguageServer(catalog: FixtureRegistry.standard)
        let refused = server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":"nonsense"}"#))
        #expect(refused.first?["error"]?["code"]?.int == -32602)
        let answered = server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#))
        #expect(answered.first?["result"]?["capabilities"] != nil)
    }

    /// Found by the re-trial: a spec folder opened through a symbolic link was not listed, so its product file was
    /// missing and every product value an error.
    @Test("a spec folder reached through a symbolic link is read as the folder: only the spec's own error")
    func symlinkedFolder() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        let link = top + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        #expect(try SpecCompiler.discover([link]) == (try SpecCompiler.discover([folder])).map { link + $0.dropFirst(folder.count) })
        var server = Self.initialized()
        let machine = link + "/launch-lock.triggers.yaml"
        let typo = try String(contentsOfFile: machine, encoding: .utf8).replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        let out = Self.open(&server, machine, typo)
        let codes = out.first { $0["params"]?["uri"]?.string == LanguageServer.uri(machine) }?["params"]?["diagnostics"]?.serialized ?? ""
        #expect(codes.contains("spec.unknown-event") && !codes.contains("product."), "\(codes)")
    }
}

extension LanguageServerTests {
    /// Found by the re-trial: the server read its input only between lints, so an editor typing fast waited on a
    /// full pipe (one write blocked up to 0.28 s; 171 keystrokes took 11.1 s to deliver instead of 3.4 s).
    @Test("the input is read on a thread of its own: a writer of 1 MiB is never kept waiting, and every byte arrives in order")
    func inputIsTakenInWhileBusy() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let pump = InputPump(descriptor: ends[0], limit: 4 << 20)
        let sent = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let done = DispatchSemaphore(value: 0)
        let writer = ends[1]
        Thread {
            sent.withUnsafeBytes { raw in
                var at = 0
                while at < raw.count { let n = write(writer, raw.baseAddress! + at, raw.count - at); if n <= 0 { break }; at += n }
            }
            close(writer)
            done.signal()
        }.start()
        // Nothing is taken while the writer writes (the server is busy linting): it still finishes.
        #expect(done.wait(timeout: .now() + 20) == .success, "the writer was kept waiting on a full pipe")
        #expect(pump.waiting)
        var received: [UInt8] = []
        while let chunk = pump.next() { received += chunk }
        #expect(received == sent)
        #expect(!pump.waiting && pump.next() == nil)
        close(ends[0])
    }
}

extension LanguageServerTests {
    /// Found by the third trial: a spec folder deleted, renamed or emptied kept the errors published on its files.
    @Test("a folder whose specs are gone clears the findings published on its files; unchanged findings of files not open are not sent again")
    func folderGone() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        var server = LanguageServer(catalog: FixtureRegistry.standard)
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}"#))
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)).count == 1)
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)).isEmpty, "asked once")
        let product = folder + "/launch-lock.product.yaml"
        let text = try String(contentsOfFile: product, encoding: .utf8)
        _ = Self.open(&server, product, text)
        let brokenText = text.replacingOccurrences(of: "  grace: 60s\n", with: "")
        let broken = server.handle(Self.change(product, brokenText, version: 2))
        try brokenText.write(toFile: product, atomically: true, encoding: .utf8)  // saved so, then closed: the errors stay
        let erring = broken.filter { $0["params"]?["diagnostics"] != .array([]) }.compactMap { $0["params"]?["uri"]?.string }
        #expect(erring.count >= 3)
        let close = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didClose"), "params": .object(["textDocument": .object(["uri": .string(LanguageServer.uri(product))])])])
        let closing = server.handle(Self.message(close.serialized))
        #expect(!closing.contains { erring.contains($0["params"]?["uri"]?.string ?? "") && $0["params"]?["diagnostics"] == .array([]) },
                "closed, the errors stay on the files not open (unchanged, so not sent again)")
        try FileManager.default.removeItem(atPath: folder)
        let changes = JSON.array(erring.map { .object(["uri": .string($0), "type": .int(3)]) })
        let cleared = server.handle(Self.message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("workspace/didChangeWatchedFiles"), "params": .object(["changes": changes])]).serialized))
        let clearedURIs = Set(cleared.filter { $0["params"]?["diagnostics"] == .array([]) }.compactMap { $0["params"]?["uri"]?.string })
        #expect(Set(erring).isSubset(of: clearedURIs), "\(erring) cleared: \(clearedURIs)")
        #expect(server.handle(Self.message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("workspace/didChangeWatchedFiles"), "params": .object(["changes": changes])]).serialized)).isEmpty,
                "nothing new to say")
    }

    /// Found by the third trial: with no report beside the specs, the hover took a report higher up, of another
    /// spec folder whose rows have the same ids, and showed its result.
    @Test("a hover's last result comes only from cases of the hovered file")
    func resultsOfThisFileOnly() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        // A run of the same specs in another folder, reported above this one.
        let other = top + "/other"
        try FileManager.default.copyItem(atPath: folder, toPath: other)
        let outcome = ConformanceRun(.init(paths: [other], specs: ["launch-lock.triggers"]), registry: .standard).run()
        var result = try #require(outcome.result)
        result.exploration = nil
        try FileManager.default.createDirectory(atPath: top + "/reports", withIntermediateDirectories: true)
        try renderJSON(result).write(toFile: top + "/reports/results.json", atomically: true, encoding: .utf8)
        var server = Self.initialized()
        let machine = folder + "/launch-lock.triggers.yaml", theirs = other + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        _ = Self.open(&server, machine, text)
        _ = Self.open(&server, theirs, text)
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("id: LL-APPEAR-OFF") }) + 1
        let value = server.handle(Self.request("textDocument/hover", machine, line: line, character: 4)).first?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(value.contains("last result: none (the row of this file is not in "), "\(value)")
        // The folder the run was of gets its result from the same report.
        let theirsValue = server.handle(Self.request("textDocument/hover", theirs, line: line, character: 4)).first?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(theirsValue.contains("last result: passed (run of "), "\(theirsValue)")
    }
}

/// What the fourth check found (a helper as an editor user, /tmp/lsp5/findings.md).
extension LanguageServerTests {
    @Test("a waiting hover whose document changed behind it is answered content-modified; a completion reads its word in the text it was asked in")
    func requestBehindAChange() throws {
        var (server, machine, text, top) = try Self.openTriggers(deferring: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("id: LL-APPEAR-OFF") }) + 1
        _ = server.handle(Self.request("textDocument/hover", machine, line: line, character: 4))
        _ = server.handle(Self.change(machine, text.replacingOccurrences(of: "rows:\n", with: "rows:\n" + String(repeating: "  # added\n", count: 10)), version: 2))
        let answer = server.publishPending().first { $0["id"] != nil }
        #expect(answer?["error"]?["code"]?.int == -32801, "\(answer?.serialized ?? "no answer")")
        // A completion behind a change is answered, its word read in the text it was asked in (the fifth check:
        // refusing it lost 55 of 64 completions while typing); a change to the same text changes nothing.
        let on = try #require(text.components(separatedBy: "\n").firstIndex { $0 == "    on: appear" })
        _ = server.handle(Self.change(machine, text, version: 3))
        _ = server.publishPending()
        _ = server.handle(Self.request("textDocument/completion", machine, line: on, character: 8))
        _ = server.handle(Self.change(machine, text + "# typed on\n", version: 4))
        _ = server.handle(Self.request("textDocument/hover", machine, line: line, character: 4))
        _ = server.handle(Self.change(machine, text + "# typed on\n", version: 5))
        let both = server.publishPending().filter { $0["id"] != nil }
        #expect(both.first?["result"]?["items"]?.serialized.contains("\"unlockTapped\"") == true, "\(both.first?.serialized.prefix(200) ?? "")")
        #expect(both.last?["result"]?["contents"]?["value"]?.string?.contains("**LL-APPEAR-OFF**") == true, "the same text again: not modified")
        _ = server.handle(Self.change(machine, text.replacingOccurrences(of: "rows:\n", with: "rows:\n" + String(repeating: "  # added\n", count: 10)), version: 6))
        // Asked again, of the text as it is now: answered.
        _ = server.handle(Self.request("textDocument/hover", machine, line: line + 10, character: 4))
        let again = server.publishPending().first { $0["id"] != nil }
        #expect(again?["result"]?["contents"]?["value"]?.string?.contains("**LL-APPEAR-OFF**") == true)
        // A document that is not a file: nothing to show, and no error.
        let untitled = server.handle(Self.message(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:Untitled-1"},"position":{"line":0,"character":0}}}"#))
        #expect(untitled.isEmpty)
        #expect(server.publishPending().first { $0["id"] == .int(4) }?["result"] == .null)
    }

    /// VS Code reports a folder deleted or renamed as the folder alone (vscode-languageserver-node#141).
    @Test("a watched change that names a folder re-lints the folders under it: its files' findings are cleared when it is gone")
    func folderReportedAlone() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        var server = Self.initialized()
        let triggers = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: triggers, encoding: .utf8)
        try text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n").write(toFile: triggers, atomically: true, encoding: .utf8)
        let product = folder + "/launch-lock.product.yaml"
        _ = Self.open(&server, product, try String(contentsOfFile: product, encoding: .utf8))
        let close = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didClose"), "params": .object(["textDocument": .object(["uri": .string(LanguageServer.uri(product))])])])
        _ = server.handle(Self.message(close.serialized))
        try FileManager.default.removeItem(atPath: folder)
        let note = #"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(LanguageServer.uri(top))","type":3}]}}"#
        let cleared = server.handle(Self.message(note)).first { $0["params"]?["uri"]?.string == LanguageServer.uri(triggers) }
        #expect(cleared?["params"]?["diagnostics"] == .array([]), "\(cleared?.serialized ?? "nothing published for the triggers")")
    }

    @Test("a text that is not YAML yet still offers the states on its states: line and the keys under events: and variables:")
    func namesFromLines() {
        let written = CompletionCandidates.declared(lines: "id: x\nstates: [Open, Locked, Busy]\nevents:\n  appear:\n  reset:\n    input: bool\nvariables:\n  enabled: {type: bool\nrows:\n  - id: R\n    on: {\n")
        #expect(written.states == ["Open", "Locked", "Busy"])
        #expect(written.events == ["appear", "reset"])
        #expect(written.variables == ["enabled"])
    }
}

extension LanguageServerTests {
    @Test("a change that cannot be applied keeps the text before it and says so in the editor's log")
    func changeThatCannotBeApplied() throws {
        var (server, machine, text, top) = try Self.openTriggers()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let bad = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
            "textDocument": .object(["uri": .string(LanguageServer.uri(machine)), "version": .int(2)]),
            "contentChanges": .array([.object(["range": .string("0:0-1:0"), "text": .string("x")])])])])
        let out = server.handle(Self.message(bad.serialized))
        #expect(out.count == 1 && out.first?["method"]?.string == "window/logMessage" && out.first?["params"]?["type"]?.int == 2, "\(out.map(\.serialized))")
        #expect(server.workspace.documents[machine] == text)
    }
}

/// Found by a bad-input trial: a document opened at `file:///x.yaml` made the server read every YAML file under `/`
/// (1.5 GB, no answer to anything, `shutdown` included, within 60 s).
@Suite("Language server: a document in a huge folder tree")
struct LanguageServerHugeFolderTests {
    @Test("a folder tree past the bound is no spec folder: only the open documents in it are linted, the rest is not read")
    func hugeFolderReadsOnlyTheOpenDocument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = "id: t.broken\nkind: scenarios\ntitle: T\nsource: doc.md §1\nfixture: nobody\nscenarios: []\n"
        try Data(spec.utf8).write(to: folder.appendingPathComponent("other.yaml"))
        var workspace = SpecWorkspace(catalog: FixtureRegistry.standard)
        let open = folder.appendingPathComponent("open.yaml").path
        workspace.documents[open] = spec.replacingOccurrences(of: "t.broken", with: "t.open")
        let analyzedSmall = workspace.analyze(folder: folder.path)
        let small = try #require(analyzedSmall)
        #expect(Set(small.findings.keys) == [open, folder.appendingPathComponent("other.yaml").path], "a small folder is read whole")
        // Past the bound below the folder, its own YAML files are still read (what a document `uses:`), not the tree.
        let deep = folder.appendingPathComponent("deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data(spec.replacingOccurrences(of: "t.broken", with: "t.deep").utf8).write(to: deep.appendingPathComponent("deep.yaml"))
        for i in 0..<SpecWorkspace.maximumFolderEntries { _ = FileManager.default.createFile(atPath: deep.appendingPathComponent("f\(i).txt").path, contents: nil) }
        let analyzedTree = workspace.analyze(folder: folder.path)
        let tree = try #require(analyzedTree)
        #expect(Set(tree.findings.keys) == [open, folder.appendingPathComponent("other.yaml").path])
        // Past the bound in the folder itself, only the open documents.
        for i in 0..<SpecWorkspace.maximumFolderEntries { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("f\(i).txt").path, contents: nil) }
        let analyzedHuge = workspace.analyze(folder: folder.path)
        let huge = try #require(analyzedHuge)
        #expect(Array(huge.findings.keys) == [open])
        #expect(huge.findings[open]?.isEmpty == false, "the open document is still linted: its fixture is unknown")
    }
}

/// Found by a product owner's trial: a scenario that contradicts its machine names the machine's rows only in a note's
/// text; an editor gets them as links (`relatedInformation`), each at its row.
@Suite("Related places of a finding")
struct RelatedInformationTests {
    @Test("a finding's related places are the diagnostic's relatedInformation: the file's URI, an empty range at the line and column, what is there")
    func relatedInformation() throws {
        let d = Diagnostic(.warning, id: "check.contradicts-machine", "m", at: SourceLocation(file: "/s/a.yaml", line: 2, column: 3),
                           related: [.init(SourceLocation(file: "/s/m a.yaml", line: 24, column: 5), "row P-WRONG, taken on unlock")])
        let json = LanguageServer.lsp(d, TextLines("x\n  y: 1\n"))
        let related = try #require(json["relatedInformation"])
        #expect(related.serialized == #"[{"location":{"range":{"end":{"character":4,"line":23},"start":{"character":4,"line":23}},"uri":"file:///s/m%20a.yaml"},"message":"row P-WRONG, taken on unlock"}]"#)
        #expect(LanguageServer.lsp(Diagnostic(.warning, id: "x", "m", at: d.location), TextLines("x\n"))["relatedInformation"] == nil)
    }
}
