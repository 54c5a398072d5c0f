import Foundation
import SpecKit
import Conformance

/// `lockspec lsp`: a Language Server over JSON-RPC 2.0. Each message in gives the messages out (responses and
/// `textDocument/publishDiagnostics` notifications); the server holds the open documents and never throws or traps
/// on what it is sent: a message that is not JSON-RPC gets the JSON-RPC error, and the server goes on.
public struct LanguageServer: Sendable {
    /// The open specs.
    public var workspace: SpecWorkspace
    /// Whether `initialize` was answered.
    public private(set) var initialized = false
    /// Whether `shutdown` was received.
    public private(set) var shutdownRequested = false
    /// Set by `exit`: 0 after a `shutdown`, else 1 (as the protocol says).
    public private(set) var exitCode: Int32?
    /// The last results file read for a hover, with its size and modification time, so it is decoded once per change.
    var report: (path: String, stamp: [Int], result: RunResult?)?
    /// Whether a document's change waits to be linted until `publishPending` (as `serve` does, so keystrokes that
    /// arrive together are linted once); otherwise each is linted and published as it comes.
    public var deferring = false
    /// The folders with changes not yet linted and published.
    public private(set) var unpublished: Set<String> = []
    /// The documents the editor has open, by file: the text the workspace lints of each file is its current
    /// document's, whose version its findings are sent back with (`OpenDocuments`).
    var open = OpenDocuments()
    /// The files whose last published findings were not empty (to clear once they are).
    var shown: Set<String> = []
    /// The URI each file's findings go under, as the editor wrote it (`a%2Bb` stays so): its current document's;
    /// for a file not open, the one they last went under (the document closed last, or its folder's spelling). Set
    /// when it changes, with the findings shown under the one before cleared there (`follow`), so no file shows its
    /// findings under two URIs.
    var uris: [String: String] = [:]
    /// The completions and hovers waiting, while `deferring`, for the lint of what arrived with them.
    /// Each holds its document's text as it was asked in: one whose document changed behind it would read its
    /// position in another text.
    var waitingRequests: [(id: JSON, method: String, params: JSON, text: String?)] = []
    /// Whether the server has changes to lint, requests to answer, or files to look for on disk (what
    /// `publishPending` does).
    public var hasPending: Bool { !unpublished.isEmpty || !waitingRequests.isEmpty || goneUnchecked }
    /// Whether a change on disk was reported since the files shown with findings were last looked for (`clearGone`).
    var goneUnchecked = false
    /// The findings last sent for each file not open, not sent again while they stay the same.
    var sentClosed: [String: JSON] = [:]
    /// Whether the client can be asked to report changes to files on disk (`workspace/didChangeWatchedFiles`).
    var watchesFiles = false

    /// Creates a server checking names against `catalog`.
    public init(catalog: (any FixtureCatalog)?) { workspace = SpecWorkspace(catalog: catalog) }

    /// JSON-RPC error codes.
    enum Code: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case serverNotInitialized = -32002, requestCancelled = -32800, contentModified = -32801
    }

    /// A frame read from the stream with its body parsed, once: the message, or why there is none (answered with
    /// the JSON-RPC parse error).
    enum Incoming: Sendable {
        case message(JSON)
        case unreadable(String)

        /// Parses a frame's body with `parse`.
        init(_ frame: MessageFramer.Frame, parse: ([UInt8]) -> JSON?) {
            switch frame {
            case .malformed(let why): self = .unreadable("not a JSON-RPC message: \(why)")
            case .message(let body): self = parse(body).map(Incoming.message) ?? .unreadable("the message is not valid JSON")
            }
        }
    }

    /// The messages to send in answer to one frame.
    public mutating func handle(_ frame: MessageFramer.Frame) -> [JSON] {
        handle(Incoming(frame, parse: JSON.parse))
    }

    /// The messages to send in answer to one frame, parsed.
    mutating func handle(_ incoming: Incoming) -> [JSON] {
        guard case .message(let message) = incoming else {
            if case .unreadable(let why) = incoming { return [Self.error(.null, .parseError, why)] }
            return []
        }
        guard case .object = message, message["jsonrpc"] == .string("2.0") else {
            return [Self.error(message["id"] ?? .null, .invalidRequest, "not a JSON-RPC 2.0 request or notification")]
        }
        let id = message["id"]
        switch id {
        case .array?, .object?, .bool?: return [Self.error(.null, .invalidRequest, "the id must be a number or a string")]
        default: break
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none): nothing to answer; a method that is not a text is refused.
            if message["method"] != nil { return [Self.error(id ?? .null, .invalidRequest, "the method must be a text")] }
            return id == nil ? [Self.error(.null, .invalidRequest, "a message with neither method nor id")] : []
        }
        let params = message["params"] ?? .null
        guard let id else { return notification(method, params) }
        if deferring, initialized, !shutdownRequested, Self.answeredAfterLint.contains(method) {
            waitingRequests.append((id, method, params, Self.position(params).flatMap { text(askedIn: params, path: $0.path) }))
            return []
        }
        // The requests waiting for the lint are answered before the server shuts down.
        let before = method == "shutdown" && initialized && !shutdownRequested ? publishPending() : []
        return before + [request(method, id: id, params: params)]
    }

    /// The requests that, while `deferring`, wait for the lint of what has arrived before and with them.
    static let answeredAfterLint: Set<String> = ["textDocument/completion", "textDocument/hover"]

    mutating func request(_ method: String, id: JSON, params: JSON) -> JSON {
        if method == "initialize" {
            guard !initialized else { return Self.error(id, .invalidRequest, "initialize was already answered") }
            guard case .object = params else { return Self.error(id, .invalidParams, "initialize takes an object of parameters, with the client's capabilities") }
            initialized = true
            watchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
            return Self.result(id, Self.capabilities)
        }
        guard initialized else { return Self.error(id, .serverNotInitialized, "initialize first") }
        guard !shutdownRequested else { return Self.error(id, .invalidRequest, "the server is shutting down") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return Self.result(id, .null)
        case "textDocument/completion", "textDocument/hover":
            guard let at = Self.position(params) else {
                // A document that is not a file (`untitled:`, a diff view) has nothing to offer.
                if let uri = params["textDocument"]?["uri"]?.string, !uri.hasPrefix("file:"), params["position"] != nil {
                    return Self.result(id, method == "textDocument/hover" ? .null : .object(["isIncomplete": .bool(false), "items": .array([])]))
                }
                return Self.error(id, .invalidParams, "textDocument and position are needed")
            }
            // Answered from the analysis of the text as it is now: each change is linted as it comes, or, while
            // `deferring`, the request waits for the lint of everything that arrived with it (`publishPending`).
            // A document of a file open under another URI too, and not the one linted, has a text of its own: a
            // completion reads its word there; a hover has no rows of that text to show.
            let asked = text(askedIn: params, path: at.path)
            if asked != workspace.documents[at.path] {
                return Self.result(id, method == "textDocument/hover" ? .null : completion(at, asked: asked))
            }
            return Self.result(id, method == "textDocument/hover" ? hover(at) : completion(at))
        default:
            return Self.error(id, .methodNotFound, "unknown method '\(method)'")
        }
    }

    mutating func notification(_ method: String, _ params: JSON) -> [JSON] {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        if method == "initialized" {
            defer { watchesFiles = false }  // asked once, however many times the client says it
            return watchesFiles ? [Self.watchYAML] : []
        }
        if method == "$/cancelRequest" {
            // A waiting request the client no longer needs is answered as cancelled, at no lint's cost.
            guard let index = waitingRequests.firstIndex(where: { $0.id == params["id"] }) else { return [] }
            let cancelled = waitingRequests.remove(at: index)
            return [Self.error(cancelled.id, .requestCancelled, "cancelled by the client")]
        }
        if method == "workspace/didChangeWatchedFiles" { return filesChanged(params) }
        guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
        guard let path = Self.path(uri) else { return Self.unreadableURI(uri, method: method) }
        let (said, changed) = switch method {
        case "textDocument/didOpen": didOpen(uri, path, params["textDocument"])
        case "textDocument/didChange": didChange(uri, path, params)
        case "textDocument/didSave": didSave(uri, path, params["text"]?.string)
        case "textDocument/didClose": didClose(uri, path)
        default: ([JSON](), false)
        }
        guard changed else { return said }
        let cleared = follow(path)
        let folder = SpecWorkspace.folder(of: path)
        guard !deferring else { unpublished.insert(folder); return said + cleared }
        return said + cleared + publish(folder: folder) + clearGone()
    }

    /// The editor's log line for a document notification whose `file:` URI names no path (`file:///a%ZZ.yaml`, an
    /// escape that is no byte; `file:a.yaml`, no `//`): it is not applied, and nothing else would say so. A URI of
    /// another scheme (`untitled:`, a diff view) is no file to lint, and goes without a word, as does a method that is
    /// not about a document's text.
    static func unreadableURI(_ uri: String, method: String) -> [JSON] {
        let documentMethods: Set<String> = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didSave", "textDocument/didClose"]
        guard documentMethods.contains(method), uri.prefix(5).lowercased() == "file:" else { return [] }
        let shown = uri.count > 120 ? String(uri.prefix(119)) + "…" : uri
        return [logWarning("a \(method.dropFirst("textDocument/".count)) of \(shown) was not applied: the URI names no file path (a file: URI is file:///path, its escapes %XX of hexadecimal digits that make UTF-8)")]
    }

    /// What a document notification said in the editor's log, and whether its file's current text changed (so its
    /// folder is linted again).
    typealias Applied = (said: [JSON], changed: Bool)

    /// A document opened: its file's current document now. The protocol gives it an integer version and a text; one
    /// without either is not opened, and the editor's log says so, as for a change without an integer version.
    mutating func didOpen(_ uri: String, _ path: String, _ item: JSON?) -> Applied {
        guard let version = item?["version"]?.int, let text = item?["text"]?.string else {
            let (key, kind) = item?["version"]?.int == nil ? ("version", "an integer") : ("text", "a text")
            return ([Self.logWarning("a didOpen of \(uri) was not applied: its textDocument.\(key) is \(Self.sent(item?[key])), not \(kind) (the protocol's TextDocumentItem); the document is not open to the server, and its changes are not applied, until a didOpen of it has both")], false)
        }
        open.put(.init(uri: uri, text: text, version: version), path: path)
        return ([], true)
    }

    /// A document changed: its text after the change, and its file's current document now.
    mutating func didChange(_ uri: String, _ path: String, _ params: JSON) -> Applied {
        // The protocol gives every change an integer version; without one it cannot be told late from news.
        guard let version = params["textDocument"]?["version"]?.int else {
            return ([Self.logWarning("a change to \(uri) was not applied: its textDocument.version is \(Self.sent(params["textDocument"]?["version"])), not an integer (the protocol's VersionedTextDocumentIdentifier); the findings are of the text before it")], false)
        }
        guard var document = open.document(uri, path: path) else {
            return ([Self.logWarning("a change to \(uri) was not applied: the document is not open (the protocol opens it with textDocument/didOpen first)")], false)
        }
        // A change older than the text held (a version below it) is late, not news.
        if version < document.version { return ([], false) }
        let changes = params["contentChanges"] ?? .null
        if case .array(let list) = changes, list.isEmpty { return ([], false) }  // nothing changed
        let units = document.text.utf16.count
        guard let work = TextLines.changeWork(changes, units: units), work <= TextLines.maximumChangeWork else {
            // Many ranged changes over a long text: each passes over the whole of it.
            return ([Self.logWarning("a change to \(uri) was not applied: its ranged changes over a text of \(units) characters would pass over more than \(TextLines.maximumChangeWork) characters in all, more than the server applies at once; the findings are of the text before it; close and open the file again")], false)
        }
        guard let text = TextLines.applying(changes, to: document.text) else {
            // The server's text and the editor's now differ: say so, where the editor shows the server's log.
            return ([Self.logWarning("a change to \(uri) could not be applied (its contentChanges are not changes with a text and a range of positions): the findings are of the text before it; close and open the file again")], false)
        }
        document.text = text
        document.version = version
        open.put(document, path: path)
        return ([], true)
    }

    /// A document saved: with its text, that is its text, and its file's current document now. Its folder is linted
    /// again either way.
    mutating func didSave(_ uri: String, _ path: String, _ text: String?) -> Applied {
        if let text, var document = open.document(uri, path: path) {
            document.text = text
            open.put(document, path: path)
        }
        return ([], true)
    }

    /// A document closed. The file's document opened or changed last before it is its current one now; with none
    /// left, its findings go, or stay as the file on disk has them (`publish` covers the files not open), under the
    /// URI it was opened under. Closing a document that is not its file's current one changes nothing linted.
    mutating func didClose(_ uri: String, _ path: String) -> Applied {
        let current = open.current(path)
        guard let closed = open.close(uri, path: path) else { return ([], false) }
        if open.current(path) == nil { shown.insert(path) }
        return ([], closed == current)
    }

    /// After a document of the file at `path` was opened, changed, saved or closed: the workspace lints its current
    /// document's text (none open: the file on disk), and its findings go under that document's URI; those shown
    /// under another URI before (another document of the file, or the one just closed) are cleared there.
    mutating func follow(_ path: String) -> [JSON] {
        let current = open.current(path)
        workspace.documents[path] = current?.text
        guard let uri = current?.uri else { return [] }
        defer { uris[path] = uri }
        guard let before = uris[path], before != uri else { return [] }
        sentClosed[path] = nil
        return [Self.diagnostics(uri: before, [], version: nil)]
    }

    /// The text a request's position is in: its document's, as the editor holds it (a file open under several URIs
    /// has a text for each); else the file's.
    func text(askedIn params: JSON, path: String) -> String? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = open.document(uri, path: path) else { return workspace.documents[path] }
        return document.text
    }

    /// Files changed on disk (a checkout, another editor): each folder already linted that holds one is linted again,
    /// so findings on files not open follow what the disk now says. An open document's text stays the editor's.
    mutating func filesChanged(_ params: JSON) -> [JSON] {
        guard case .array(let changes) = params["changes"] ?? .null else { return [] }
        goneUnchecked = true  // whatever it names: a folder may have gone unreported with it
        // A change to a folder (VS Code reports a folder deleted or renamed as the folder alone) touches every folder
        // linted under it.
        let folders = Set(changes.flatMap { change -> [String] in
            guard let path = change["uri"]?.string.flatMap(Self.path) else { return [] }
            if SpecWorkspace.isSpec(path) {
                let folder = SpecWorkspace.folder(of: path)
                return workspace.compilations[folder] != nil ? [folder] : []
            }
            let under = path.hasSuffix("/") ? path : path + "/"
            return workspace.compilations.keys.filter { $0 == path || $0.hasPrefix(under) }
        })
        guard !deferring else { unpublished.formUnion(folders); return [] }
        return folders.sorted().flatMap { publish(folder: $0) } + clearGone()
    }

    /// Lints each folder with changes not yet published, publishes the findings of its open documents, then answers
    /// the requests that waited for it.
    public mutating func publishPending() -> [JSON] {
        let folders = unpublished.sorted()
        unpublished = []
        let published = folders.flatMap { publish(folder: $0) } + (folders.isEmpty && !goneUnchecked ? [] : clearGone())
        let requests = waitingRequests
        waitingRequests = []
        return published + requests.map { waiting in
            // Its document changed after it was asked: a completion reads its word in the text it was asked in, with
            // the names as they are now (the editor filters them as the user types on); a hover's position is of a
            // text gone, so the editor asks again.
            if let at = Self.position(waiting.params), text(askedIn: waiting.params, path: at.path) != waiting.text {
                if waiting.method == "textDocument/completion", let asked = waiting.text { return Self.result(waiting.id, completion(at, asked: asked)) }
                return Self.error(waiting.id, .contentModified, "the document changed after the request; ask again")
            }
            return request(waiting.method, id: waiting.id, params: waiting.params)
        }
    }

    /// Clears the findings published on files that are gone from disk and not open. A folder deleted, renamed or
    /// emptied with no notification of its own (a client that does not watch files, or a folder it does not report)
    /// is noticed so at the next lint of any folder or the next change on disk reported: nothing polls, and each looks
    /// on disk only for the files shown with findings.
    mutating func clearGone() -> [JSON] {
        goneUnchecked = false
        let gone = shown.filter { workspace.documents[$0] == nil && !FileManager.default.fileExists(atPath: $0) }.sorted()
        shown.subtract(gone)
        defer { for path in gone { sentClosed[path] = nil; uris[path] = nil } }
        return gone.map { Self.diagnostics(uri: uri(of: $0), [], version: nil) }
    }

    /// A lint's messages less its findings of each folder in which a document is closed by a `didClose` that came in
    /// while it ran (`closing`, not yet handled): they are of a text the editor no longer shows, so a change and a close
    /// written together would flash the change's errors. The close lints the folder again; each file withheld here
    /// is counted as shown, so that lint sends it its findings, or none.
    mutating func withholding(_ messages: [JSON], closing: Set<String>) -> [JSON] {
        let folders = Set(closing.map(SpecWorkspace.folder(of:)))
        guard !folders.isEmpty else { return messages }
        return messages.filter { message in
            guard message["method"] == .string("textDocument/publishDiagnostics"),
                  let path = message["params"]?["uri"]?.string.flatMap(Self.path), folders.contains(SpecWorkspace.folder(of: path)) else { return true }
            shown.insert(path)
            sentClosed[path] = nil
            return false
        }
    }

    /// Analyses a folder of specs and publishes the findings of each open document in it, and of each file not open
    /// that has findings (a product file's edit breaks the specs of its fixture) or had some (now cleared). A folder
    /// without specs is not linted: its open documents get no findings.
    mutating func publish(folder: String) -> [JSON] {
        let opened = workspace.documents.keys.filter { SpecWorkspace.folder(of: $0) == folder }
        guard let analysis = workspace.analyze(folder: folder) else {
            // No specs here (any more: the folder deleted, renamed or emptied): what was published here is cleared.
            let cleared = Set(opened).union(shown.filter { SpecWorkspace.folder(of: $0) == folder })
            shown.subtract(cleared)
            for path in cleared { sentClosed[path] = nil }
            return cleared.sorted().map { Self.diagnostics(uri: uri(of: $0), [], version: open.current($0)?.version) }
        }
        let closed = Set(analysis.findings.filter { !$0.value.isEmpty }.map(\.key)).union(shown.filter { SpecWorkspace.folder(of: $0) == folder })
            .subtracting(opened)
        return Set(opened).union(closed).sorted().compactMap { path in
            let findings = analysis.findings[path] ?? []
            if findings.isEmpty { shown.remove(path) } else { shown.insert(path) }
            let text = TextLines(workspace.documents[path] ?? analysis.texts[path].map { String(decoding: $0, as: UTF8.self) } ?? "")
            // A file not open keeps the URI its findings first went under, whatever documents open and close beside it.
            let uri = uri(of: path)
            uris[path] = uri
            let message = Self.diagnostics(uri: uri, findings.map { Self.lsp($0, text) }, version: open.current(path)?.version)
            // A file not open is sent its findings again only when they changed (each keystroke lints the folder).
            guard !opened.contains(path) else { sentClosed[path] = nil; return message }
            guard sentClosed[path] != message else { return nil }
            sentClosed[path] = message
            return message
        }
    }
}
