import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures
@testable import LanguageServer

/// The defects the last review left open: one file opened under two URIs, a didOpen without an integer version, a
/// message that arrived during a lint parsed twice; and a ranged change whose character overflowed.
extension LanguageServerTests {
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
