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
        let specs = root.appendingPathComponent("specs")
        for name in try FileManager.default.contentsOfDirectory(atPath: specs.path) where name.hasPrefix("launch-lock.") {
            try FileManager.default.copyItem(at: specs.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder.path
    }

    static func message(_ json: String) -> MessageFramer.Frame { .message(Array(json.utf8)) }

    static func open(_ server: inout LanguageServer, _ path: String, _ text: String) -> [JSON] {
        let params = JSON.object(["textDocument": .object(["uri": .string(LanguageServer.uri(path)), "languageId": .string("yaml"),
                                                            "version": .int(1), "text": .string(text)])])
        return server.handle(message(JSON.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"), "params": params]).serialized))
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
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml"
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        var server = Self.initialized()
        _ = Self.open(&server, machine, text)
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
        // Above the rows there is no row to show.
        let header = #"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(LanguageServer.uri(machine))"},"position":{"line":1,"character":0}}}"#
        #expect(server.handle(Self.message(header)).first?["result"] == .null)
    }
}
