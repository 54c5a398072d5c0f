import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures
@testable import LanguageServer

/// The Language Server as a value: frames in, messages out, on a temporary copy of the launch-lock specs.
@Suite("Language server")
struct LanguageServerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func launchLockCopy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)/specs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let specs = root.appendingPathComponent("Tests/Samples/specs")
        for name in try FileManager.default.contentsOfDirectory(atPath: specs.path) where name.hasPrefix("launch-lock.") {
            try FileManager.default.copyItem(at: specs.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder.path
    }

    /// A fresh copy of the launch-lock specs (remove `top` after), and its trigger table's path, URI and text.
    static func triggersCopy() throws -> (top: String, machine: String, uri: String, text: String) {
        let folder = try launchLockCopy()
        let machine = folder + "/launch-lock.triggers.yaml"
        return ((folder as NSString).deletingLastPathComponent, machine, LanguageServer.uri(machine), try String(contentsOfFile: machine, encoding: .utf8))
    }

    static func message(_ json: String) -> MessageFramer.Frame { .message(Array(json.utf8)) }

    static func open(_ server: inout LanguageServer, _ path: String, _ text: String) -> [JSON] {
        let params = JSON.object(["textDocument": .object(["uri": .string(LanguageServer.uri(path)), "languageId": .string("yaml"),
                                                            "version": .int(1), "text": .string(text)])])
        return server.handle(message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"), "params": params]).serialized))
    }

    /// A server with the launch-lock trigger table open, from a fresh copy of its specs (remove `top` after); with
    /// `deferring`, as `serve` runs it.
    static func openTriggers(deferring: Bool = false) throws -> (server: LanguageServer, machine: String, text: String, top: String) {
        let (top, machine, _, text) = try triggersCopy()
        var server = initialized()
        server.deferring = deferring
        _ = open(&server, machine, text)
        return (server, machine, text, top)
    }

    static func initialized() -> LanguageServer {
        var server = LanguageServer(catalog: FixtureRegistry.standard)
        _ = server.handle(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        _ = server.handle(message(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
        return server
    }

    @Test("the framer takes messages split anywhere and several in one read; bad headers and oversized bodies are skipped")
    func framing() {
        var framer = MessageFramer(maximumMessageSize: 100)
        let one = MessageFramer.frame(#"{"a":1}"#), two = MessageFramer.frame(#"{"b":2}"#)
        framer.append(one.prefix(5))
        #expect(framer.next() == nil)
        framer.append(one.dropFirst(5) + two)
        #expect(framer.next() == .message(Array(#"{"a":1}"#.utf8)))
        #expect(framer.next() == .message(Array(#"{"b":2}"#.utf8)))
        #expect(framer.next() == nil)
        framer.append(Array("X-Nothing: 1\r\n\r\n".utf8) + MessageFramer.frame("[]"))
        guard case .malformed = framer.next() else { Issue.record("no malformed frame for a header without Content-Length"); return }
        #expect(framer.next() == .message(Array("[]".utf8)))
        framer.append(Array("Content-Length: 150\r\n\r\n".utf8) + [UInt8](repeating: 65, count: 150) + MessageFramer.frame("{}"))
        guard case .malformed(let why) = framer.next() else { Issue.record("no malformed frame for an oversized body"); return }
        #expect(why.contains("150"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    /// Found while reading the server for bad input: each message taken moved every byte after it to the front of the
    /// buffer, so a read of many small messages cost time in the square of its size (8 MiB of them in one read took
    /// lockspec lsp 25 s). The bytes taken are now dropped at the next read, in one move.
    @Test("taking the messages of a read moves none of its bytes; they are dropped at the next read, and a message cut there is whole")
    func framingManySmallMessages() {
        let body = #"{"jsonrpc":"2.0","method":"$/x"}"#, one = MessageFramer.frame(body), count = 10_000
        var framer = MessageFramer()
        framer.append(Array([[UInt8]](repeating: one, count: count).joined()) + one.prefix(5))
        var taken = 0
        while case .message(let bytes)? = framer.next(), bytes == Array(body.utf8) { taken += 1 }
        #expect(taken == count)
        #expect(framer.buffer.count == count * one.count + 5, "bytes were moved while the messages were taken")
        framer.append(one.dropFirst(5))
        #expect(framer.buffer.count == one.count)
        #expect(framer.next() == .message(Array(body.utf8)) && framer.next() == nil)
    }

    /// Found by a trial: after one bad frame the body left behind was read as the next header, and every message after
    /// it was refused, `shutdown` and `exit` too; a declared length of 10^12 swallowed the rest of the stream.
    @Test("after a bad frame, framing starts again at the next Content-Length: the message after it is read", arguments: [
        "Content-Length: -5\r\n\r\n{}", "Content-Length: abc\r\n\r\n{}", "X-Nothing: 1\r\n\r\n{}",
        "Content-Length: 2\n\n{}", "Content-Length: 3\r\n\r\n{\"a\":1}", "Content-Length: 1000000000000\r\n\r\n{\"a\":1}",
        "content-length: 9999\r\n\r\n" + String(repeating: "x", count: 300),
    ])
    func recoversAfterABadFrame(_ bad: String) {
        var framer = MessageFramer(maximumMessageSize: 100)
        let good = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        var frames: [MessageFramer.Frame] = []
        // Byte by byte, as the worst reads would bring them.
        for byte in Array(bad.utf8) + MessageFramer.frame(good) + MessageFramer.frame("{}") {
            framer.append([byte])
            while let frame = framer.next() { frames.append(frame) }
        }
        let messages = frames.compactMap { if case .message(let body) = $0 { String(decoding: body, as: UTF8.self) } else { nil } }
        #expect(frames.contains { if case .malformed = $0 { true } else { false } } || messages.first != good, "the bad frame is reported, or read as a body the server refuses")
        #expect(messages.suffix(2) == [good, "{}"], "\(frames)")
    }

    @Test("ranges are in UTF-16 units: a scalar column after an emoji or CJK text moves by its UTF-16 length")
    func utf16Ranges() {
        let text = TextLines("title: 😀 锁 x\r\n  on: [apear, b]\nwhen: \"quoted thing\" # c")
        // Line 1, scalar column 12 is the 'x' after '😀' (2 UTF-16 units) and '锁' (1): character 12.
        #expect(text.tokenRange(line: 1, column: 12) == (0, 12, 13))
        #expect(text.tokenRange(line: 2, column: 8) == (1, 7, 12))      // 'apear', stopping at the comma
        #expect(text.tokenRange(line: 3, column: 7) == (2, 6, 20))      // a quoted scalar, quotes included
        #expect(text.tokenRange(line: 9, column: 3) == (8, 2, 2))       // past the end: empty, never a crash
        #expect(text.prefix(line: 1, character: 9) == ("ap", 7))
        #expect(text.key(line: 1, character: 9) == "on")
    }

    @Test("malformed JSON-RPC gets the JSON-RPC error and the server keeps serving", arguments: [
        ("{not json", -32700), (#"[1,2]"#, -32600), (#"{"jsonrpc":"2.0","id":7,"method":"no/such"}"#, -32601),
        (#"{"jsonrpc":"1.0","id":8,"method":"shutdown"}"#, -32600), (#"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{}}"#, -32602),
        // Found by a trial: a method that is not a text got no answer; an object id was echoed; initialize twice.
        (#"{"jsonrpc":"2.0","id":25,"method":17}"#, -32600), (#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":26,"method":"initialize","params":{}}"#, -32600),
    ])
    func malformed(text: String, code: Int) {
        var server = Self.initialized()
        let out = server.handle(Self.message(text))
        #expect(out.count == 1)
        #expect(out.first?["error"]?["code"]?.int == code, "\(out.map(\.serialized))")
        let after = server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#))
        #expect(after.first?["result"] == .null && after.first?["error"] == nil)
    }

    @Test("before initialize a request is refused; exit without shutdown is status 1, after it 0")
    func lifecycle() {
        var server = LanguageServer(catalog: nil)
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)).first?["error"]?["code"]?.int == -32002)
        var early = Self.initialized()
        _ = early.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(early.exitCode == 1)
        var proper = Self.initialized()
        _ = proper.handle(Self.message(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#))
        _ = proper.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(proper.exitCode == 0)
    }

    @Test("a misspelt event after didChange: a did-you-mean diagnostic over exactly the misspelt name")
    func didYouMean() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let path = folder + "/launch-lock.toggle.yaml"
        let machine = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        let opened = Self.open(&server, machine, text)
        #expect(opened.count == 1 && opened.first?["params"]?["diagnostics"] == .array([]), "\(opened.map(\.serialized))")
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("on: inactive") })
        let changed = text.replacingOccurrences(of: lines[line], with: lines[line].replacingOccurrences(of: "on: inactive", with: "on: inactve"))
        let change = JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
            "textDocument": .object(["uri": .string(LanguageServer.uri(machine)), "version": .int(2)]),
            "contentChanges": .array([.object(["text": .string(changed)])])])])
        let out = server.handle(Self.message(change.serialized))
        let diagnostics = try #require(out.first { $0["params"]?["uri"]?.string == LanguageServer.uri(machine) }?["params"]?["diagnostics"])
        guard case .array(let items) = diagnostics else { Issue.record("no diagnostics array"); return }
        let found = try #require(items.first { $0["code"]?.string == "spec.unknown-event" }, "\(diagnostics.serialized)")
        let column = try #require(lines[line].range(of: "inactive")).lowerBound.utf16Offset(in: lines[line])
        #expect(found["range"]?["start"] == .object(["line": .int(line), "character": .int(column)]))
        #expect(found["range"]?["end"] == .object(["line": .int(line), "character": .int(column + "inactve".count)]))
        #expect(found["severity"]?.int == 1)
        #expect(found["message"]?.string?.contains("did you mean 'inactive'?") == true, "\(found.serialized)")
        _ = path
    }

    @Test("completion offers the declared names that start with the word before the cursor, events first after 'on:'")
    func completion() throws {
        var (server, machine, text, top) = try Self.openTriggers()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("on: appear") })
        let character = try #require(lines[line].range(of: "on: ap")).upperBound.utf16Offset(in: lines[line])
        let request = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(LanguageServer.uri(machine))"},"position":{"line":\#(line),"character":\#(character)}}}"#
        let items = try #require(server.handle(Self.message(request)).first?["result"]?["items"])
        guard case .array(let list) = items else { Issue.record("no items"); return }
        #expect(list.first?["label"]?.string == "appear", "\(items.serialized)")
        #expect(list.allSatisfy { $0["label"]?.string?.lowercased().hasPrefix("ap") == true })
        // At the start of a 'to:' value every state is offered, and product values and fixture names too.
        let anywhere = #"{"jsonrpc":"2.0","id":6,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(LanguageServer.uri(machine))"},"position":{"line":0,"character":0}}}"#
        let all = server.handle(Self.message(anywhere)).first?["result"]?["items"]?.serialized ?? ""
        for name in ["\"Locked\"", "\"coldLocked\"", "\"grace\"", "\"startAuthentication\"", "\"authResult\""] { #expect(all.contains(name), "\(name) missing") }
    }

    @Test("hover on a row: its source, decision and last result (none without a report, else from reports/results.json)")
    func hover() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        let machine = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        _ = Self.open(&server, machine, text)
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("id: LL-APPEAR-OFF") }) + 3
        let request = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(LanguageServer.uri(machine))"},"position":{"line":\#(line),"character":6}}}"#
        let value = try #require(server.handle(Self.message(request)).first?["result"]?["contents"]?["value"]?.string)
        #expect(value.contains("**LL-APPEAR-OFF**") && value.contains("source: face-id-launch-lock.zh.md §4"), "\(value)")
        #expect(value.contains("decision: none") && value.contains("last result: none"), "\(value)")
        // A run's report beside the specs folder gives the last result.
        let outcome = ConformanceRun(.init(paths: [folder], specs: ["launch-lock.triggers"]), registry: .standard).run()
        var result = try #require(outcome.result)
        result.exploration = nil
        try FileManager.default.createDirectory(atPath: top + "/reports", withIntermediateDirectories: true)
        try renderJSON(result).write(toFile: top + "/reports/results.json", atomically: true, encoding: .utf8)
        let again = try #require(server.handle(Self.message(request)).first?["result"]?["contents"]?["value"]?.string)
        #expect(again.contains("last result: passed (run of "), "\(again)")
        // With a typo the spec does not read: the row as it last read, saying so; with lines added above it, the row
        // found at its id: line as the text is now (the old lines would name another row).
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        let change = { (now: String) in
            JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
                "textDocument": .object(["uri": .string(LanguageServer.uri(machine)), "version": .int(2)]),
                "contentChanges": .array([.object(["text": .string(now)])])])]).serialized
        }
        _ = server.handle(Self.message(change(typo)))
        let stale = try #require(server.handle(Self.message(request)).first?["result"]?["contents"]?["value"]?.string)
        #expect(stale.contains("**LL-APPEAR-OFF**") && stale.contains("shown as it last read"), "\(stale)")
        _ = server.handle(Self.message(change(typo.replacingOccurrences(of: "rows:\n", with: "rows:\n  # moved\n  # moved\n"))))
        // The hover's line is now the row's second, not its fourth.
        let moved = try #require(server.handle(Self.message(request)).first?["result"]?["contents"]?["value"]?.string)
        #expect(moved.contains("**LL-APPEAR-OFF**") && moved.contains("shown as it last read"), "\(moved)")
        _ = server.handle(Self.message(change(typo.replacingOccurrences(of: "rows:\n", with: "rows:\n  # moved\n  # moved\n  # moved\n  # moved\n"))))
        let fourDown = try #require(server.handle(Self.message(request)).first?["result"]?["contents"]?["value"]?.string)
        #expect(fourDown.contains("**LL-APPEAR-COLD-GUARD**"), "four lines down, the line is the last of the row before: \(fourDown)")
        // Above the rows there is no row to show.
        let header = #"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(LanguageServer.uri(machine))"},"position":{"line":1,"character":0}}}"#
        #expect(server.handle(Self.message(header)).first?["result"] == .null)
    }

    static func notification(_ method: String, _ params: JSON) -> [UInt8] {
        MessageFramer.frame(JSON.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]).serialized)
    }

    /// Found by a trial: each keystroke was linted in turn before the next message was read, so 40 changes sent at
    /// once gave 40 publications, the last (and a hover behind them) 11.8 s later.
    @Test("changes that arrive together are linted once, on the last text; a request behind them is answered from it; diagnostics carry the version")
    func changesArrivingTogether() throws {
        let (top, _, uri, text) = try Self.triggersCopy()
        defer { try? FileManager.default.removeItem(atPath: top) }
        var input = MessageFramer.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += Self.notification("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string("yaml"), "version": .int(1), "text": .string(text)])]))
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        for version in 2...21 {
            let now = version == 21 ? typo : text + String(repeating: "#", count: version)
            input += Self.notification("textDocument/didChange", .object(["textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                                                                         "contentChanges": .array([.object(["text": .string(now)])])]))
        }
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("id: LL-APPEAR-OFF") }) + 3
        input += MessageFramer.frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":6}}}"#)
        // What has arrived is handled, then linted; `shutdown` and `exit` come in a later read.
        var chunks = [MessageFramer.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) + Self.notification("exit", .null), input]
        var out: [UInt8] = []
        let status = LanguageServer.serve(catalog: FixtureRegistry.standard, read: { chunks.popLast() }, write: { out += $0 })
        #expect(status == 0)
        var framer = MessageFramer(), messages: [JSON] = []
        framer.append(out)
        while case .message(let body)? = framer.next() { if let m = JSON.parse(body) { messages.append(m) } }
        let mine = messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }
        #expect(mine.count == 1, "one lint for 21 texts: \(mine.count)")
        #expect(mine.first?["params"]?["version"]?.int == 21)
        let codes = mine.first?["params"]?["diagnostics"]?.serialized ?? ""
        #expect(codes.contains("spec.unknown-event"), "the last text's finding: \(codes)")
        // The hover came behind a text that cannot be read, and no text of it was read before: the row as the saved file
        // reads, saying so.
        let hover = messages.first { $0["id"]?.int == 2 }?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(hover.contains("**LL-APPEAR-OFF**") && hover.contains("shown as it last read"), "\(hover)")
    }

    /// Found by a trial: the README's editor setup sends every YAML file; a CI workflow got "the spec needs 'kind'",
    /// and the folder's sections.yaml, which lint skips, got the same.
    @Test("a YAML file outside a spec folder, and the folder's sections.yaml, get no findings")
    func notSpecs() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("specs/sections.yaml").path, toPath: folder + "/sections.yaml")
        try FileManager.default.createDirectory(atPath: top + "/.github", withIntermediateDirectories: true)
        var server = Self.initialized()
        for (path, text) in [(top + "/.github/ci.yml", "name: CI\non: [push]\n"), (folder + "/sections.yaml", try String(contentsOfFile: folder + "/sections.yaml", encoding: .utf8))] {
            let out = Self.open(&server, path, text).filter { $0["params"]?["uri"]?.string == LanguageServer.uri(path) }
            #expect(out.count == 1 && out.first?["params"]?["diagnostics"] == .array([]), "\(path): \(out.map(\.serialized))")
        }
    }

    /// Found by a trial: deleting a product value broke every spec of the fixture, and the editor, with only the
    /// product file open, showed nothing.
    @Test("an edit that breaks files not open publishes their findings, and clears them once mended")
    func closedFilesFindings() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let product = folder + "/launch-lock.product.yaml"
        let text = try String(contentsOfFile: product, encoding: .utf8)
        var server = Self.initialized()
        #expect(Self.open(&server, product, text).allSatisfy { $0["params"]?["diagnostics"] == .array([]) })
        let change = { (now: String) in
            JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object([
                "textDocument": .object(["uri": .string(LanguageServer.uri(product)), "version": .int(2)]),
                "contentChanges": .array([.object(["text": .string(now)])])])]).serialized
        }
        let broken = server.handle(Self.message(change(text.replacingOccurrences(of: "  grace: 60s\n", with: ""))))
        let elsewhere = broken.filter { $0["params"]?["uri"]?.string != LanguageServer.uri(product) && $0["params"]?["diagnostics"] != .array([]) }
        #expect(elsewhere.count >= 3, "the specs that use grace: \(broken.map { $0["params"]?["uri"]?.string ?? "" })")
        let mended = server.handle(Self.message(change(text)))
        #expect(mended.count == broken.count && mended.allSatisfy { $0["params"]?["diagnostics"] == .array([]) }, "\(mended.map(\.serialized))")
    }

    @Test("after 'on:' of a machine row only the events the machine declares come first; prose and comments offer nothing")
    func completionWhereItBelongs() throws {
        let (top, machine, uri, text) = try Self.triggersCopy()
        defer { try? FileManager.default.removeItem(atPath: top) }
        var server = Self.initialized()
        _ = Self.open(&server, machine, text)
        let lines = text.components(separatedBy: "\n")
        func labels(_ line: Int, _ character: Int) -> [String] {
            let request = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#
            guard case .array(let list)? = server.handle(Self.message(request)).first?["result"]?["items"] else { return [] }
            return list.compactMap { $0["label"]?.string }
        }
        let on = try #require(lines.firstIndex { $0 == "    on: appear" })
        let offered = labels(on, 8)
        let declared = ["active", "appear", "authResult", "background", "inactive", "toggleOff", "toggleOn", "unlockTapped"]
        #expect(Array(offered.prefix(declared.count)) == declared, "\(offered.prefix(12))")
        // After a variable's key, its values first (the re-trial: `when: {phase:` offered states first).
        let when = try #require(lines.firstIndex { $0.hasPrefix("    when: {phase: [active, inactive], enabled: true}") })
        #expect(Array(labels(when, 18).prefix(3)) == ["active", "background", "inactive"], "\(labels(when, 18).prefix(5))")
        #expect(Array(labels(when, 47).prefix(2)) == ["false", "true"], "after enabled: \(labels(when, 47).prefix(5))")
        let request = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(when),"character":47}}}"#
        let detail = server.handle(Self.message(request)).first?["result"]?["items"]?.serialized ?? ""
        #expect(detail.contains("value of available, ") && detail.contains("enabled"), "true names every bool it is a value of")
        let title = try #require(lines.firstIndex { $0.hasPrefix("title:") })
        #expect(labels(title, 10).isEmpty)
        let comment = try #require(lines.firstIndex { $0.contains("  # the cold-start lock") })
        #expect(labels(comment, lines[comment].utf16.count).isEmpty)
        // Inside the folded notes, after a comma (a trigger character) on its second line (the re-trial).
        let folded = try #require(lines.firstIndex { $0.hasPrefix("  coldLocked: the cold-start lock has been applied") })
        #expect(labels(folded, 30).isEmpty, "\(labels(folded, 30).prefix(5))")
    }

    /// Found by a trial: diagnostics came back under `a+b` for a document opened as `a%2Bb`, which a client matching
    /// URIs as text drops; `file://localhost/…` read as another path; a late, older change replaced the text.
    @Test("diagnostics use the document's URI as the editor wrote it; file://localhost/ is the same file; an older change is ignored")
    func urisAndVersions() throws {
        let folder = try Self.launchLockCopy()
        let top = (folder as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: top) }
        let odd = top + "/a+b"
        try FileManager.default.moveItem(atPath: folder, toPath: odd)
        let machine = odd + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        let encoded = "file://" + machine.replacingOccurrences(of: "+", with: "%2B")
        func send(_ method: String, _ document: [String: JSON], _ extra: [String: JSON] = [:]) -> [JSON] {
            var params = extra
            params["textDocument"] = .object(document)
            return server.handle(Self.message(JSON.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)]).serialized))
        }
        let opened = send("textDocument/didOpen", ["uri": .string(encoded), "languageId": .string("yaml"), "version": .int(5), "text": .string(text)])
        let mine = opened.filter { $0["params"]?["uri"]?.string == encoded }
        #expect(mine.count == 1 && mine.first?["params"]?["diagnostics"] == .array([]), "\(opened.map { $0["params"]?["uri"]?.string ?? "" })")
        let late = send("textDocument/didChange", ["uri": .string(encoded), "version": .int(3)], ["contentChanges": .array([.object(["text": .string("nonsense: [")])])])
        #expect(late.isEmpty && server.workspace.documents[machine] == text, "a change older than version 5 is not applied")
        #expect(LanguageServer.path("file://localhost" + machine) == machine)
        #expect(LanguageServer.path("file://otherhost/x.yaml") == nil)
    }
}

