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

    static func closing(_ uri: String) -> MessageFramer.Frame {
        notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])]))
    }

    /// A second spelling of `uri` (`file:///…/specs/a.yaml`) that names the same file.
    static func respelled(_ uri: String, _ spelling: String) -> String {
        switch spelling {
        case "dot-dot": uri.replacingOccurrences(of: "/specs/", with: "/specs/./../specs/")
        case "percent": uri.replacingOccurrences(of: "-", with: "%2D")
        default: uri.replacingOccurrences(of: "file:///", with: "file://localhost/")
        }
    }

    /// Found by the last review: a client may open one file under two URIs (`…/specs/../specs/a.yaml`, `%2D` for
    /// `-`, `file://localhost/`). `..` was read as another folder, linted on its own with the file's other text,
    /// and its closed files' findings published twice, under both spellings; the others shared one text and version,
    /// so a change under one URI was published under the other, with the version of one, a change under the other
    /// dropped as late, and a close of either dropped the text of the one still open.
    @Test("a file open under two URIs is linted with the text of the one opened or changed last, its findings under that URI alone, each one's version its own",
          arguments: ["dot-dot", "percent", "localhost"])
    func oneFileTwoURIs(_ spelling: String) throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", a = LanguageServer.uri(machine), b = Self.respelled(a, spelling)
        #expect(b != a && LanguageServer.path(b) == machine)
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        var server = Self.initialized()
        var spellings: [String: Set<String>] = [:]
        // The triggers file's findings in one answer, by URI ("v6 typo": version 6, the typo's finding), once each.
        func send(_ frame: MessageFramer.Frame) -> [String: String] {
            var mine: [String: String] = [:]
            for message in server.handle(frame) where message["method"]?.string == "textDocument/publishDiagnostics" {
                let uri = message["params"]?["uri"]?.string ?? "", path = LanguageServer.path(uri) ?? uri
                spellings[path, default: []].insert(uri)
                guard path == machine else { continue }
                let diagnostics = message["params"]?["diagnostics"]?.serialized ?? ""
                #expect(mine[uri] == nil, "published twice under \(uri)")
                mine[uri] = "v" + (message["params"]?["version"]?.int.map(String.init) ?? "-") + " "
                    + (diagnostics.contains("spec.unknown-event") ? "typo" : diagnostics == "[]" ? "clean" : diagnostics)
            }
            return mine
        }
        #expect(send(Self.opening(a, typo, version: 5)) == [a: "v5 typo"])
        // Opened again under b, mended: b's text is the file's, its findings go under b; a's are cleared.
        #expect(send(Self.opening(b, text, version: 1)) == [a: "v- clean", b: "v1 clean"])
        #expect(server.workspace.documents[machine] == text)
        // a changed, at its own version: a's text and findings again, b's cleared.
        #expect(send(Self.changing(a, typo, version: 6)) == [a: "v6 typo", b: "v- clean"])
        // b changed at its own version 2, below a's 6: not taken for late.
        #expect(send(Self.changing(b, text + "#\n", version: 2)) == [a: "v- clean", b: "v2 clean"])
        // b, the one linted, closed: a's text (not b's, not the disk's) is linted, under a.
        #expect(send(Self.closing(b)) == [a: "v6 typo", b: "v- clean"])
        #expect(server.workspace.documents[machine] == typo)
        // b opened again; then a, not the one linted, closed: nothing linted changes, nothing is sent.
        #expect(send(Self.opening(b, text, version: 3)) == [a: "v- clean", b: "v3 clean"])
        #expect(send(Self.closing(a)) == [:])
        #expect(server.workspace.documents[machine] == text)
        // b closed: the file on disk, under the URI it was opened under.
        #expect(send(Self.closing(b)) == [b: "v- clean"])
        #expect(server.workspace.documents[machine] == nil)
        // Every other file's findings went under one spelling of its URI throughout.
        #expect(spellings.count > 1 && spellings.allSatisfy { $0.key == machine || $0.value.count == 1 }, "\(spellings)")
        #expect(spellings[machine] == [a, b])
    }

    /// The lint of a file open under two URIs is of the current document's text: a close of the other one, arriving
    /// while it runs, leaves it as it is, and withholding its findings would leave the file with none.
    @Test("a close that arrives during a lint withholds the lint's findings only when it closes the document linted, not the file's other one",
          arguments: [false, true])
    func closeOfOneOfTwoDuringALint(closingTheCurrent: Bool) throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", a = LanguageServer.uri(machine), b = Self.respelled(a, "percent")
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        let first = MessageFramer.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + Self.notification("textDocument/didOpen", .object(["textDocument": .object(["uri": .string(a), "languageId": .string("yaml"), "version": .int(1), "text": .string(typo)])]))
            + Self.notification("textDocument/didOpen", .object(["textDocument": .object(["uri": .string(b), "languageId": .string("yaml"), "version": .int(1), "text": .string(text)])]))
        // b, opened last, is linted; the close arrives while it is.
        let second = Self.notification("textDocument/didClose", .object(["textDocument": .object(["uri": .string(closingTheCurrent ? b : a)])]))
            + MessageFramer.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + Self.notification("exit", .null)
        var chunks = [second, first], asked = 0, out: [UInt8] = []
        let status = LanguageServer.serve(catalog: FixtureRegistry.standard, read: { chunks.popLast() },
                                          waiting: { asked += 1; return asked > 1 && !chunks.isEmpty }, write: { out += $0 })
        #expect(status == 0)
        var framer = MessageFramer(), last: [String: String] = [:]
        framer.append(out)
        while case .message(let body)? = framer.next() {
            guard let m = JSON.parse(body), let uri = m["params"]?["uri"]?.string, LanguageServer.path(uri) == machine else { continue }
            let diagnostics = m["params"]?["diagnostics"]?.serialized ?? ""
            last[uri] = "v" + (m["params"]?["version"]?.int.map(String.init) ?? "-") + (diagnostics.contains("spec.unknown-event") ? " typo" : " clean")
        }
        // The last word under each URI: the document left open has the findings of its text.
        #expect(last == (closingTheCurrent ? [a: "v1 typo", b: "v- clean"] : [a: "v- clean", b: "v1 clean"]), "\(last)")
    }

    @Test("a document changed or closed under another spelling of its URI, with no other document of its file open, is that document")
    func respelledChangeAndClose() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", a = LanguageServer.uri(machine), b = Self.respelled(a, "localhost")
        let text = try String(contentsOfFile: machine, encoding: .utf8)
        let typo = text.replacingOccurrences(of: "    on: inactive\n", with: "    on: inactve\n")
        var server = Self.initialized()
        _ = server.handle(Self.opening(a, typo, version: 1))
        let changed = server.handle(Self.changing(b, text, version: 2)).filter { $0["params"]?["uri"].flatMap { $0.string.flatMap(LanguageServer.path) } == machine }
        #expect(changed.count == 1 && changed.first?["params"]?["uri"]?.string == a && changed.first?["params"]?["version"]?.int == 2, "\(changed.map(\.serialized))")
        #expect(server.workspace.documents[machine] == text)
        _ = server.handle(Self.closing(b))
        #expect(server.workspace.documents[machine] == nil)
    }

    @Test("a file: URI's path is read as the file it names: percent-decoded, '.', '..' and empty segments resolved")
    func uriPaths() {
        #expect(LanguageServer.path("file:///a/./b/../c//d.yaml") == "/a/c/d.yaml")
        #expect(LanguageServer.path("file://localhost/../a/%2E%2E/b%2Dc.yaml") == "/b-c.yaml")
        #expect(LanguageServer.path("file:///a/b/..") == "/a")
        #expect(LanguageServer.path("FILE:///a.yaml") == "/a.yaml", "the scheme is case-insensitive (RFC 3986)")
        #expect(LanguageServer.path("file:a.yaml") == nil && LanguageServer.path("file:///a%ZZ.yaml") == nil)
    }

    /// Found by a trial: a notification whose `file:` URI named no path was dropped without a word.
    @Test("a document notification whose file: URI names no path is not applied, and the editor's log says so; another scheme's is quietly ignored",
          arguments: ["file:///a%ZZ.yaml", "file:a.yaml", "FILE:///%C3"])
    func unreadableFileURI(_ uri: String) throws {
        var server = Self.initialized()
        for frame in [Self.opening(uri, "spec: x\n", version: 1), Self.changing(uri, "spec: y\n", version: 2), Self.closing(uri)] {
            let out = server.handle(frame)
            #expect(out.count == 1 && out.first?["method"]?.string == "window/logMessage" && out.first?["params"]?["type"]?.int == 2, "\(out.map(\.serialized))")
            #expect(out.first?["params"]?["message"]?.string?.contains("\(uri) was not applied: the URI names no file path") == true, "\(out.map(\.serialized))")
        }
        #expect(server.workspace.documents.isEmpty)
        #expect(server.handle(Self.opening("untitled:Untitled-1", "spec: x\n", version: 1)).isEmpty)
    }

    /// Found with the defect above: a completion under a document of the file that is not the one linted read its
    /// position in the other document's text.
    @Test("a completion or hover under a document of a file that is not the one linted reads its position in its own text",
          arguments: [false, true])
    func requestsOfTheOtherDocument(deferring: Bool) throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let machine = folder + "/launch-lock.triggers.yaml", a = LanguageServer.uri(machine), b = Self.respelled(a, "percent")
        let text = try String(contentsOfFile: machine, encoding: .utf8), shifted = "# one\n# two\n" + text
        var server = Self.initialized()
        server.deferring = deferring
        _ = server.handle(Self.opening(a, text, version: 1))
        _ = server.handle(Self.opening(b, shifted, version: 1)) + server.publishPending()
        let on = try #require(text.components(separatedBy: "\n").firstIndex { $0 == "    on: appear" })
        func ask(_ method: String, _ uri: String, _ line: Int, _ character: Int) -> JSON? {
            let request = #"{"jsonrpc":"2.0","id":7,"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#
            return (server.handle(Self.message(request)) + server.publishPending()).first { $0["id"] == .int(7) }?["result"]
        }
        func labels(_ result: JSON?) -> [String] {
            guard case .array(let items)? = result?["items"] else { return [] }
            return items.compactMap { $0["label"]?.string }
        }
        #expect(labels(ask("textDocument/completion", a, on, 8)).first == "active", "read in a's text, where the line is an on:")
        #expect(labels(ask("textDocument/completion", b, on + 2, 8)).first == "active")
        #expect(ask("textDocument/hover", b, on, 4)?["contents"]?["value"]?.string?.contains("**LL-APPEAR-COLD-LOCK**") == true)
        #expect(ask("textDocument/hover", a, on, 4) == .null, "a's text is not the one linted: nothing known of its rows")
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
        let (top, _, uri, text) = try Self.triggersCopy()
        defer { try? FileManager.default.removeItem(atPath: top) }
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

    /// Found by a probe: one didChange of 1,000 ranged changes, each adding a 1 KB line, took 21.6 s (each change made
    /// the whole text anew); 3,000 had no answer in 60 s.
    @Test("one didChange of many ranged changes applies each, in order, to the text the ones before it left")
    func manyRangedChanges() {
        let at = { (line: Int, character: Int) in JSON.object(["line": .int(line), "character": .int(character)]) }
        let line = String(repeating: "a", count: 100)
        // Line k is appended after the k lines before it, then its first letter, an "a", becomes a "b".
        let changes = (0..<1_000).flatMap { k -> [JSON] in [
            .object(["range": .object(["start": at(k, 0), "end": at(k, 0)]), "text": .string(line + "\n")]),
            .object(["range": .object(["start": at(k, 0), "end": at(k, 1)]), "text": .string("b")]),
        ] }
        let expected = String(repeating: "b" + line.dropFirst() + "\n", count: 1_000) + "end"
        #expect(TextLines.applying(.array(changes), to: "end") == expected)
        // A change without a range replaces everything before it; the ranged ones after it apply to its text.
        let whole = JSON.object(["text": .string("new\n")])
        #expect(TextLines.applying(.array(changes + [whole, changes[0]]), to: "end") == line + "\nnew\n")
    }
}
