import Foundation
import SpecKit
import Conformance

extension LanguageServer {
    /// What the server offers: whole-document sync with open, close and save, completion, hover.
    static var capabilities: JSON {
        .object([
            "capabilities": .object([
                "textDocumentSync": .object(["openClose": .bool(true), "change": .int(1), "save": .object(["includeText": .bool(false)])]),
                "completionProvider": .object(["triggerCharacters": .array([.string("["), .string(",")])]),
                "hoverProvider": .bool(true),
            ]),
            "serverInfo": .object(["name": .string("lockspec"), "version": .string(BuildIdentity.toolVersion)]),
        ])
    }

    /// The request that asks the client to report changes on disk to YAML files (sent after `initialized`, when the
    /// client said it can register for them); its answer needs nothing more.
    static let watchYAML = JSON.object([
        "jsonrpc": .string("2.0"), "id": .string("lockspec-watch-yaml"), "method": .string("client/registerCapability"),
        "params": .object(["registrations": .array([.object([
            "id": .string("lockspec-yaml"), "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": .object(["watchers": .array([.object(["globPattern": .string("**/*.{yaml,yml}")])])]),
        ])])]),
    ])

    /// A warning for the editor's log of the server (`window/logMessage` of type 2, the protocol's `Warning`).
    static func logWarning(_ message: String) -> JSON {
        .object(["jsonrpc": .string("2.0"), "method": .string("window/logMessage"),
                 "params": .object(["type": .int(2), "message": .string(message)])])
    }

    static func result(_ id: JSON, _ result: JSON) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    static func error(_ id: JSON, _ code: Code, _ message: String) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": .object(["code": .int(code.rawValue), "message": .string(message)])])
    }

    /// The findings of a document, with the version of its text they are of, when the editor gave one.
    static func diagnostics(uri: String, _ items: [JSON], version: Int?) -> JSON {
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(items)]
        if let version { params["version"] = .int(version) }
        return .object(["jsonrpc": .string("2.0"), "method": .string("textDocument/publishDiagnostics"), "params": .object(params)])
    }

    /// A finding as an LSP diagnostic: the range of the token at its file:line:col (0-based), its severity, its id as
    /// the code, and the message with the hint (the did-you-mean) and notes on lines of their own.
    static func lsp(_ d: Diagnostic, _ text: TextLines) -> JSON {
        let r = text.tokenRange(line: d.location.line, column: d.location.column)
        var message = d.message
        if let hint = d.hint { message += "\nhint: \(hint)" }
        for note in d.notes { message += "\nnote: \(note)" }
        let severity = switch d.severity { case .error: 1; case .warning: 2; case .note: 3 }
        var diagnostic: [String: JSON] = [
            "range": .object(["start": .object(["line": .int(r.line), "character": .int(r.start)]),
                              "end": .object(["line": .int(r.line), "character": .int(r.end)])]),
            "severity": .int(severity), "code": .string(d.id), "source": .string("lockspec"), "message": .string(message),
        ]
        // The other places it involves, each an empty range at its line and column (their text is not at hand here).
        if !d.related.isEmpty {
            diagnostic["relatedInformation"] = .array(d.related.map { place in
                let at: JSON = .object(["line": .int(max(0, place.location.line - 1)), "character": .int(max(0, place.location.column - 1))])
                return .object(["location": .object(["uri": .string(uri(place.location.file)), "range": .object(["start": at, "end": at])]),
                                "message": .string(place.message)])
            })
        }
        return .object(diagnostic)
    }

    /// The path of a `file:` URI (`file:///p` or `file://localhost/p`), the one key of its file however the URI
    /// spells it: a query or fragment (`…yaml?x=1`, `…yaml#L3`, as VS Code writes a line) is not part of the path
    /// (RFC 3986: they start at the first `?` or `#`; one that is part of a file's name is written `%3F`, `%23`), the
    /// scheme is read in any case, `%2D` is `-`, and `.`, `..` and empty segments are resolved as written (RFC 3986's
    /// remove_dot_segments; symbolic links are not followed: a folder reached through one is read as the folder named).
    static func path(_ uri: String) -> String? {
        guard uri.prefix(7).lowercased() == "file://" else { return nil }
        var rest = uri.dropFirst(7)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/"), let decoded = String(rest).removingPercentEncoding else { return nil }
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/") where segment != "." {
            if segment == ".." { _ = segments.popLast() } else { segments.append(segment) }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// How a value sent in a message reads in the editor's log: its JSON, cut at 40 characters, quoted; "none" when
    /// it is missing.
    static func sent(_ value: JSON?) -> String {
        value.map { "'\($0.serialized.prefix(40))'" } ?? "none"
    }

    /// The `file:` URI of a path.
    static func uri(_ path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    /// The URI to publish a file's findings under: as the editor wrote it when it opened the file; else, for a file
    /// it has not opened, a sibling's URI as the editor wrote it with the file's name in place of the sibling's (so
    /// `file://localhost/…` or `a%2Bb` stays spelled the editor's way); else one of our own.
    func uri(of path: String) -> String {
        if let uri = uris[path] { return uri }
        let folder = SpecWorkspace.folder(of: path)
        let name = ((path as NSString).lastPathComponent).addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        for (other, uri) in uris.sorted(by: { $0.key < $1.key }) where SpecWorkspace.folder(of: other) == folder && !uri.contains("?") && !uri.contains("#") {
            guard let slash = uri.lastIndex(of: "/") else { continue }
            return String(uri[...slash]) + name
        }
        return Self.uri(path)
    }

    /// The characters a URI path segment writes as they are (RFC 3986's unreserved).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The document path and 0-based position of a request.
    static func position(_ params: JSON) -> (path: String, line: Int, character: Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = path(uri),
              let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int,
              line >= 0, character >= 0 else { return nil }
        return (path, line, character)
    }

    /// The completion items at a position: the names of the spec and its fixture that start with the word before
    /// the cursor, those that fit the key (`from:`, `on:`, …) first. The word and key are read in `asked`, the text
    /// the request was made in when it differs from the document's now (a keystroke came behind it).
    func completion(_ at: (path: String, line: Int, character: Int), asked: String? = nil) -> JSON {
        let text = TextLines(asked ?? workspace.documents[at.path] ?? "")
        let folder = SpecWorkspace.folder(of: at.path)
        let spec = workspace.spec(at: at.path)
        let fixture = spec?.fixture ?? Self.fixtureLine(text)
        var used: Machine?
        if case .scenarios(let set) = spec?.body, let uses = set.uses,
           case .machine(let m) = workspace.compilations[folder]?.specs.first(where: { $0.id == uses })?.body { used = m }
        var candidates = CompletionCandidates(spec: spec, used: used, product: fixture.flatMap { workspace.product(fixture: $0, folder: folder) },
                                              vocabulary: fixture.flatMap { workspace.catalog?.vocabulary(of: $0) })
        if workspace.currentSpec(at: at.path) == nil { candidates.addWritten(Array((workspace.documents[at.path] ?? "").utf8), file: at.path) }
        let (prefix, start) = text.prefix(line: at.line, character: at.character)
        let key = text.key(line: at.line, character: at.character)
        // Prose, a comment and a row's id take no names.
        let prose = key.map(Self.proseKeys.contains) == true || text.before(line: at.line, character: at.character).contains("#")
            || text.continued(line: at.line).map(Self.proseKeys.contains) == true
        let items = prose ? [] : candidates.matching(prefix: prefix, key: key)
        let range = JSON.object(["start": .object(["line": .int(at.line), "character": .int(start)]),
                                 "end": .object(["line": .int(at.line), "character": .int(at.character)])])
        return .object(["isIncomplete": .bool(false), "items": .array(items.enumerated().map { i, item in
            .object(["label": .string(item.label), "detail": .string(item.detail), "kind": .int(item.kind),
                     "sortText": .string(String(format: "%05d", i)),
                     "textEdit": .object(["range": range, "newText": .string(item.label)])])
        })])
    }

    /// The keys whose values are prose or ids, where completion offers nothing.
    static let proseKeys: Set<String> = ["id", "title", "notes", "source", "decision", "reason", "unmodelled"]

    /// The `fixture:` of a document that does not read as a spec.
    static func fixtureLine(_ text: TextLines) -> String? {
        text.lines.first { $0.hasPrefix("fixture:") }.map { String($0.dropFirst(8)).trimmingCharacters(in: .whitespaces) }
    }

    /// The hover of the row under the cursor: its source, decision and last result; null elsewhere.
    mutating func hover(_ at: (path: String, line: Int, character: Int)) -> JSON {
        let text = TextLines(workspace.documents[at.path] ?? "")
        // A spec that cannot be read as it is now is described as it last read, each row placed at its `id:` line as
        // the text is now (its old lines would name another row once lines are added or removed), and saying so.
        let current = workspace.currentSpec(at: at.path)
        guard let spec = current ?? workspace.lastRead(at: at.path) else { return .null }
        let rows = current != nil ? spec.rows : RowHover.relocated(spec.rows, in: text)
        guard let row = RowHover.row(in: rows, line: at.line, text: text),
              current != nil || RowHover.holds(row, line: at.line, text: text) else { return .null }
        let path = RowHover.reportPath(near: SpecWorkspace.folder(of: at.path))
        var value = RowHover.markdown(row: row, spec: spec, results: path.flatMap { results(at: $0) }, reportPath: path)
        if current == nil { value += "\n\n(the spec does not read as it is now, with its errors: shown as it last read)" }
        return .object(["contents": .object(["kind": .string("markdown"), "value": .string(value)])])
    }

    /// The results file at `path`, decoded again only when its size or modification time changed.
    mutating func results(at path: String) -> RunResult? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = attributes?[.size] as? Int ?? -1
        let modified = Int(((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1e6)
        if let report, report.path == path, report.stamp == [size, modified] { return report.result }
        let result = RowHover.load(path)
        report = (path, [size, modified], result)
        return result
    }

    /// Serves over a byte stream until `exit` or the end of input: `read` gives the next bytes (nil at the end),
    /// `waiting` whether more are already there, `write` sends. Changes are linted once what has arrived is handled:
    /// keystrokes sent together are linted once, on the last text, and the completions and hovers that came with them
    /// are answered after that lint, from it (one cancelled meanwhile costs nothing); a stream that never pauses is
    /// still linted every half second. What came in while a lint ran is looked at before its findings are sent: a
    /// document closed in it withholds the lint's findings of its folder, which are of a text the editor no longer
    /// shows (the close's own lint publishes them). Returns the exit status: 0 after `shutdown` then `exit`, else 1.
    public static func serve(catalog: (any FixtureCatalog)?, read: () -> [UInt8]?, waiting: () -> Bool = { false },
                             write: ([UInt8]) -> Void) -> Int32 {
        serve(catalog: catalog, read: read, waiting: waiting, write: write, parse: JSON.parse)
    }

    /// `serve`, with the parser of message bodies given (a test counts its calls). Each frame is parsed once: those
    /// read while a lint ran are parsed to look for a close among them, and handled as parsed then.
    static func serve(catalog: (any FixtureCatalog)?, read: () -> [UInt8]?, waiting: () -> Bool, write: ([UInt8]) -> Void,
                      parse: ([UInt8]) -> JSON?) -> Int32 {
        var server = LanguageServer(catalog: catalog)
        server.deferring = true
        var framer = MessageFramer()
        var early: [Incoming] = []  // read while a lint ran, parsed, not yet handled; before the framer's frames
        var lastPublished = DispatchTime.now()
        var next = read()
        while let chunk = next {
            framer.append(chunk)
            next = nil
            var arrived = early[...]
            early = []
            while let incoming = arrived.popFirst() ?? framer.next().map({ Incoming($0, parse: parse) }) {
                for message in server.handle(incoming) { write(MessageFramer.frame(message.serialized)) }
                if let code = server.exitCode { return code }
            }
            let due = DispatchTime.now().uptimeNanoseconds - lastPublished.uptimeNanoseconds > 500_000_000
            if server.hasPending, due || !waiting() {
                var out = server.publishPending()
                if waiting(), let more = read() {
                    framer.append(more)
                    next = []  // handled next, without waiting for more
                    while let frame = framer.next() { early.append(Incoming(frame, parse: parse)) }
                    if server.initialized, !server.shutdownRequested { out = server.withholding(out, closing: server.closes(in: early)) }
                }
                for message in out { write(MessageFramer.frame(message.serialized)) }
                lastPublished = DispatchTime.now()
            }
            if next == nil { next = read() }
        }
        return server.shutdownRequested ? 0 : 1
    }

    /// The files whose current document a `didClose` among `arrived` closes (so their text is no longer the editor's),
    /// up to a `shutdown` or `exit` (after which a close changes nothing). A close of a file's other document leaves
    /// the text linted as it is.
    func closes(in arrived: [Incoming]) -> Set<String> {
        var paths: Set<String> = []
        for case .message(let message) in arrived {
            let method = message["method"]?.string
            if method == "shutdown" || method == "exit" { break }
            guard method == "textDocument/didClose", let uri = message["params"]?["textDocument"]?["uri"]?.string,
                  let path = Self.path(uri), let closed = open.document(uri, path: path), closed == open.current(path) else { continue }
            paths.insert(path)
        }
        return paths
    }
}
