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
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        _ = Self.open(&server, machine, text)
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
    /// Found by the re-trial: a completion between keystrokes linted the text before it, 0.4 s each; with a
    /// completion every 5 changes the latency of typing grew from 0.55 s to 9.2 s.
    @Test("a completion between changes is answered from the last analysis of the document; a hover lints first")
    func completionWithoutALint() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        server.deferring = true
        _ = Self.open(&server, machine, text)
        let on = try #require(text.components(separatedBy: "\n").firstIndex { $0 == "    on: appear" })
        // Never read yet: the first completion lints, to have the spec's names.
        let first = server.handle(Self.request("textDocument/completion", machine, line: on, character: 8))
        #expect(server.workspace.compileCount == 1)
        #expect(first.first?["result"]?["items"]?.serialized.contains("\"unlockTapped\"") == true)
        for version in 2...6 {
            _ = server.handle(Self.change(machine, text + String(repeating: "#", count: version), version: version))
            let items = server.handle(Self.request("textDocument/completion", machine, line: on, character: 8)).first?["result"]?["items"]
            #expect(items?.serialized.contains("\"unlockTapped\"") == true, "still the machine's events")
        }
        #expect(server.workspace.compileCount == 1, "five completions between changes, no lint")
        _ = server.handle(Self.request("textDocument/hover", machine, line: on, character: 6))
        #expect(server.workspace.compileCount == 2, "a hover reads the text as it is")
        _ = server.publishPending()
        #expect(server.workspace.compileCount == 3)
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
