import Foundation
import Synchronization
import SpecKit
import Conformance
import LocalHTTP

/// The browser workbench behind `lockspec serve`: one spec folder's tables, edited as tables, linted as you type, run
/// against the core, and reviewed against git HEAD, over the same library entry points as `lint`, `run` and `diff`.
///
/// Stateless between requests: the page holds its unsaved texts and sends them with each request, so lint and runs see
/// them laid over the files; only a save writes, and only over the version the page read. Every `/api/` request must
/// carry the token of the printed URL (`X-LockSpec-Token`) and name a loopback host, so another page in the browser
/// can neither read the specs nor write them.
public struct Workbench: Sendable {
    /// The spec folder, absolute.
    public let folder: String
    /// The fixtures that lint and runs use.
    public let registry: FixtureRegistry
    /// The design documents, for the sections rows cite, if given.
    public let documents: String?
    /// The secret every API request carries.
    public let token: String
    /// The host names a request may be addressed to: the loopback names and the listening address (every address
    /// of the machine, and its name, when it listens on all of them).
    public let hosts: Set<String>
    /// The most bytes a spec file may have (the loader's limit).
    public let maximumFileSize: Int
    /// Where the page's unsaved edits are kept besides its tab (a file per spec folder), so a page at another address
    /// after a restart can offer them; nil: only in the tab.
    public let draftsFolder: String?
    /// How the person at the page invoked lockspec, as the rerun commands it shows start (`RunResult.rerunCommand(for:program:)`):
    /// the CLI gives the program path as typed; `lockspec` unless told.
    public var rerunProgram = RunResult.defaultProgram
    /// Held from a save's version check to its write, so two saves of one version cannot both pass the check.
    let saves = SaveLock()
    /// The page's drafts kept by the server.
    let drafts: DraftStore
    /// Held by each route that lints, runs or diffs the folder, so at most two do at once (the page's lint as you
    /// type beside a run); more wait. One lint of a hostile folder may take most of a GiB within its own bounds, so
    /// sixteen sent at once would add up past the machine's memory.
    let analyses = WorkGate(slots: 2)

    /// Creates a workbench over `folder` (made absolute), its `token` 32 random bytes in hex. With `drafts`, a
    /// folder, the page's unsaved edits are kept there too (see `defaultDraftsFolder`).
    public init(folder: String, registry: FixtureRegistry, documents: String? = nil, host: String = "127.0.0.1",
                drafts: String? = nil) {
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        self.folder = absolute.count > 1 && absolute.hasSuffix("/") ? String(absolute.dropLast()) : absolute
        self.registry = registry
        self.documents = documents.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        self.token = Workbench.newToken()
        // Listening on every interface, it answers to each of the machine's own addresses and its name.
        let everywhere = ["0.0.0.0", "::", "[::]"].contains(host)
        self.hosts = Set(["127.0.0.1", "localhost", "[::1]", host]).union(everywhere ? LocalAddresses.all() : [])
        self.maximumFileSize = YAMLLimits.default.maximumFileSize
        self.draftsFolder = drafts.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        self.drafts = DraftStore(folder: self.folder, directory: draftsFolder, run: Self.newToken())
    }

    /// A fresh secret: 32 random bytes in hex.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Answers one request. Never throws: every refusal is a status with a sentence.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"):
            guard Self.same(request.query["token"] ?? "", token) else {
                return .text(WorkbenchPage.refused, status: 403, type: "text/html; charset=utf-8")
            }
            return page(WorkbenchPage.html, type: "text/html; charset=utf-8")
        case ("GET", "/app.js"): return page(WorkbenchScript.source, type: "text/javascript; charset=utf-8")
        case ("GET", "/app.css"): return page(WorkbenchStyle.source, type: "text/css; charset=utf-8")
        case (_, let path) where path.hasPrefix("/api/"):
            if let refusal = refusal(of: request) { return refusal }
            return api(request)
        default:
            return .error(404, "no such page: \(request.path)")
        }
    }

    /// Why an API request is refused (wrong host, a cross-site origin, no token), or nil.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        let host = request.header("host") ?? ""
        guard let name = request.hostName, hosts.contains(name) else { return Self.json(error: "requests must name the workbench's own host, not '\(host)'", status: 421) }
        if let origin = request.header("origin"), origin != "http://\(host)" {
            return Self.json(error: "a request from another site (\(origin)) is refused", status: 403)
        }
        guard Self.same(request.header("x-lockspec-token") ?? "", token) else {
            return Self.json(error: "the request does not carry this workbench's token (was lockspec serve started again? each start has a new one): open the URL it printed; the page keeps your unsaved edits and gets them back", status: 403)
        }
        return nil
    }

    /// The API's routes by path: the method each takes and what answers it. `api(_:)` dispatches on this table alone,
    /// so it is every route there is (docs/workbench.md documents each; a test holds the two together).
    func routes() -> [String: (method: String, answer: (HTTPRequest) -> HTTPResponse)] {
        [
            "/api/files": ("GET", { _ in Self.json(self.files()) }),
            "/api/versions": ("GET", { _ in Self.json(self.files().firstByKey { ($0.path, $0.version) }) }),
            "/api/analyze": ("POST", { request in self.analyses.with { self.analyzeRoute(request) } }),
            "/api/edit": ("POST", { request in self.analyses.with { self.editRoute(request) } }),
            "/api/choices": ("GET", { _ in Self.json(self.choices()) }),
            "/api/new": ("POST", { request in self.analyses.with { self.newRoute(request) } }),
            "/api/save": ("POST", { self.saveRoute($0) }),
            "/api/delete": ("POST", { self.deleteRoute($0) }),
            "/api/rename": ("POST", { self.renameRoute($0) }),
            "/api/run": ("POST", { request in self.analyses.with { self.runRoute(request) } }),
            "/api/diff": ("POST", { request in self.analyses.with { self.reviewRoute(request) } }),
            "/api/drafts": ("GET", { _ in Self.json(["kept": self.drafts.earlier()]) }),
            "/api/keep": ("POST", { self.keepRoute($0) }),
        ]
    }

    /// Answers an API request by its route: an unknown path is a 404, another method a 405.
    func api(_ request: HTTPRequest) -> HTTPResponse {
        guard let route = routes()[request.path] else { return Self.json(error: "no such API: \(request.path)", status: 404) }
        guard request.method == route.method else { return Self.json(error: "\(request.path) takes \(route.method)", status: 405) }
        return route.answer(request)
    }

    func page(_ text: String, type: String) -> HTTPResponse {
        var response = HTTPResponse.text(text, type: type)
        response.headers += Self.securityHeaders
        return response
    }

    static let securityHeaders = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    /// Compares two secrets in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A path relative to the folder (unchanged when outside it).
    static func relative(_ path: String, to folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    /// A sentence with each path of a file in the folder that it names (`/tmp/x/specs/a.yaml:3:5`) written relative to
    /// the folder (`a.yaml:3:5`), as a finding's `file` is. Only a path that starts there: at the sentence's start or
    /// after a character no path holds (a space, a quote, a parenthesis), so `/home/specs/a.yaml` is not read as a
    /// path under `/specs`.
    static func relativePaths(in text: String, to folder: String) -> String {
        let prefix = folder + "/"
        var out = "", rest = Substring(text)
        while let found = rest.range(of: prefix) {
            let before = found.lowerBound == rest.startIndex ? out.last : rest[rest.index(before: found.lowerBound)]
            let starts = before.map { !($0.isLetter || $0.isNumber || "/._-~+@%".contains($0)) } ?? true
            out += rest[..<found.lowerBound]
            if !starts { out += prefix }
            rest = rest[found.upperBound...]
        }
        return out + rest
    }
}

/// A lock shared by the copies of a workbench.
final class SaveLock: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` holding the lock.
    func with(_ body: () throws(Workbench.ResponseError) -> Void) throws(Workbench.ResponseError) {
        try mutex.withLock { _ throws(Workbench.ResponseError) in try body() }
    }
}

/// A bound on the work done at once: `with` waits for one of its slots and holds it while its body runs.
final class WorkGate: Sendable {
    private let slots: DispatchSemaphore

    /// A gate of `slots` slots (at least one).
    init(slots: Int) { self.slots = DispatchSemaphore(value: max(1, slots)) }

    /// Takes a slot, waiting for one while all are held.
    func enter() { slots.wait() }

    /// Gives back a slot taken by `enter()`.
    func leave() { slots.signal() }

    /// Runs `body` holding a slot.
    func with<T>(_ body: () -> T) -> T {
        enter()
        defer { leave() }
        return body()
    }
}

extension Workbench {
    /// Binds a server that answers with this workbench on `host`:`port` (0: a free port); call `serve()` or `start()`
    /// on it. Throws when the address cannot be bound.
    public func listen(host: String = "127.0.0.1", port: UInt16 = 0, limits: HTTPLimits = HTTPLimits()) throws(HTTPServer.StartError) -> HTTPServer {
        try HTTPServer(host: host, port: port, limits: limits) { request in self.handle(request) }
    }

    /// The port `lockspec serve` tries first for `folder` when none is given: one of 20000…32767 drawn from the
    /// folder's absolute path (below Linux's ephemeral ports), so a restart serves at the same address, where the
    /// page's kept drafts are found again.
    public static func preferredPort(for folder: String) -> UInt16 {
        let path = URL(fileURLWithPath: folder).standardizedFileURL.path
        let hash = path.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        return UInt16(20_000 + hash % 12_768)
    }

    /// The address to open: the page with the token.
    public func url(of server: HTTPServer) -> String {
        "http://\(server.host):\(server.port)/?token=\(token)"
    }
}
