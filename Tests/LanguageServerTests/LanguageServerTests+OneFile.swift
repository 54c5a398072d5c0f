import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures
@testable import LanguageServer

/// The defects the last review left open: one file opened under two URIs, a didOpen without an integer version, a
/// message that arrived during a lint parsed twice; and a ranged change whose character overflowed.
extension LanguageServerTests {
    static func opening(_ uri: String, _ text: String, version: Int) -> MessageFramer.Frame {
        notify("textDocument/didOpen", .object(["textDocument": .object(["uri": .string(uri), "languageId": .string("yaml"),
                                                                       "version": .int(version), "text": .string(text)])]))
    }

    static func changing(_ uri: String, _ text: String, version: Int) -> MessageFramer.Frame {
        notify("textDocument/didChange", .object(["textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                                                 "contentChanges": .array([.object(["text": .string(text)])])]))
    }

    /// Found by the last review: a didOpen with no version (or `"1"`) was opened, and published with no version; one
    /// with no text was linted as an empty spec. A didChange without an integer version is not applied, and says so.
    @Test("a didOpen whose version is not an integer, or with no text, opens nothing, and the editor's log says why, as for didChange",
          arguments: [("version", nil), ("version", JSON.string("1")), ("version", .double(1.5)), ("version", .null),
                      ("text", nil), ("text", .int(3))])
    func openWithoutAVersion(_ key: String, _ value: JSON?) throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", uri = LanguageServer.uri(machine)
        let typo = try String(contentsOfFile: machine, encoding: .utf8).replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        var server = Self.initialized()
        var document: [String: JSON] = ["uri": .string(uri), "languageId": .string("yaml"), "version": .int(1), "text": .string(typo)]
        document[key] = value
        let out = server.handle(Self.notify("textDocument/didOpen", .object(["textDocument": .object(document)])))
        #expect(out.count == 1 && out.first?["method"]?.string == "window/logMessage" && out.first?["params"]?["type"]?.int == 2, "\(out.map(\.serialized))")
        #expect(out.first?["params"]?["message"]?.string?.contains("textDocument.\(key)") == true, "\(out.map(\.serialized))")
        #expect(server.workspace.documents[machine] == nil)
        // Not open, so not changed either: said so.
        let change = server.handle(Self.changing(uri, typo, version: 2))
        #expect(change.count == 1 && change.first?["params"]?["message"]?.string?.contains("not open") == true, "\(change.map(\.serialized))")
        #expect(server.workspace.documents[machine] == nil)
        let opened = server.handle(Self.opening(uri, typo, version: 3)).first { $0["params"]?["uri"]?.string == uri }
        #expect(opened?["params"]?["version"]?.int == 3 && opened?["params"]?["diagnostics"]?.serialized.contains("spec.unknown-event") == true)
    }

    /// Found by the last review: a message that arrived while a lint ran was parsed once to look for a didClose in
    /// it, then again when it was handled.
    @Test("each message is parsed once, those that arrive while a lint runs too")
    func parsedOnce() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", uri = LanguageServer.uri(machine)
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        let first = [MessageFramer.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#),
                     Self.notification("textDocument/didOpen", .object(["textDocument": .object([
                         "uri": .string(uri), "languageId": .string("yaml"), "version": .int(1), "text": .string(text)])]))]
        let second = [Self.notification("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])])),
                      MessageFramer.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#), Self.notification("exit", .null)]
        // The second chunk is there when the lint of the first is done.
        var chunks = [second.reduce([], +), first.reduce([], +)]
        var asked = 0, parsed = 0, out: [UInt8] = []
        let status = LanguageServer.serve(catalog: FixtureRegistry.standard, read: { chunks.popLast() },
                                          waiting: { asked += 1; return asked > 1 && !chunks.isEmpty }, write: { out += $0 },
                                          parse: { parsed += 1; return JSON.parse($0) })
        #expect(status == 0 && asked > 1)
        #expect(parsed == first.count + second.count)
        #expect(String(decoding: out, as: UTF8.self).contains(#""id":2,"jsonrpc":"2.0","result":null"#))
    }

    /// Found while reading the server for bad input: a ranged change at character 2^63-1 of any line but the first
    /// overflowed adding it to the line's start, and the server trapped.
    @Test("a ranged change at a character past any line's end is clamped to the line's end, on every line")
    func hugeCharacter() {
        let at = { (line: Int, character: Int) in JSON.object(["line": .int(line), "character": .int(character)]) }
        let change = { (start: JSON, end: JSON) in JSON.array([.object(["range": .object(["start": start, "end": end]), "text": .string("x")])]) }
        #expect(TextLines.applying(change(at(1, Int.max), at(1, 2)), to: "ab\ncd\nef") == "ab\ncdx\nef")
        #expect(TextLines.applying(change(at(2, Int.max), at(Int.max, Int.max)), to: "ab\ncd\nef") == "ab\ncd\nefx")
    }
}
