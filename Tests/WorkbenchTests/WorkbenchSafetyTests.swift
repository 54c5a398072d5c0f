import Foundation
import Synchronization
import Testing
@testable import Workbench
import LocalHTTP
import AppLockFixtures

/// Every refusal of the workbench's server, over a real socket: a write without the token, with a stale version, to a
/// path outside the folder, from another site or another host name, too large, empty or with a NUL character is
/// refused with a sentence and writes nothing; malformed requests get a status, never a crash.
@Suite("The workbench refuses what it must")
final class WorkbenchSafetyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder: URL
    let outside: URL
    let workbench: Workbench
    let server: HTTPServer
    var port: UInt16 { server.port }
    var token: String { workbench.token }
    let file = "launch-lock.product.yaml"

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-safety-\(UUID().uuidString)")
        folder = base.appendingPathComponent("specs")
        outside = base.appendingPathComponent("outside.yaml")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/Samples/specs"), to: folder)
        try "secret: keep\n".write(to: outside, atomically: true, encoding: .utf8)
        workbench = Workbench(folder: folder.path, registry: .standard)
        server = try workbench.listen(limits: HTTPLimits(maximumHeaderBytes: 4096, maximumBodyBytes: 1 << 20, readTimeout: 1))
        server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    func save(_ name: String, text: String, version: String, token: String?, extra: [String: String] = [:]) throws -> RawHTTP.Answer {
        try RawHTTP.send(RawHTTP.request("POST", "/api/save", port: port, token: token,
                                         body: json(["file": name, "text": text, "version": version]), extra: extra), port: port)
    }

    var current: (text: String, version: String) {
        get throws {
            let answer = try RawHTTP.send(RawHTTP.request("GET", "/api/files", port: port, token: token), port: port)
            let files = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [[String: String]] ?? []
            let entry = try #require(files.first { $0["path"] == file })
            return (entry["text"] ?? "", entry["version"] ?? "")
        }
    }

    /// Every file of the folder and the outside file, byte for byte.
    func snapshot() throws -> [String: Data] {
        var all: [String: Data] = ["outside": try Data(contentsOf: outside)]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            all[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return all
    }

    @Test("a save without the token, or with a wrong one, is refused (403) and writes nothing")
    func withoutToken() throws {
        let (text, version) = try current
        let before = try snapshot()
        for candidate in [nil, "", String(token.reversed()), token + "0"] {
            let answer = try save(file, text: text + "# changed\n", version: version, token: candidate)
            #expect(answer.status == 403)
            #expect(answer.body.contains("does not carry this workbench's token (was lockspec serve started again?"), "\(answer.body)")
        }
        #expect(try snapshot() == before)
    }

    @Test("a save over a file changed on disk since it was read is refused (409), keeping the other change")
    func stale() throws {
        let (text, version) = try current
        let path = folder.appendingPathComponent(file)
        try (text + "# someone else's change\n").write(to: path, atomically: true, encoding: .utf8)
        let before = try snapshot()
        let answer = try save(file, text: text + "# mine\n", version: version, token: token)
        #expect(answer.status == 409)
        #expect(answer.body.contains("changed on disk since the page read it: nothing was written"), "\(answer.body)")
        #expect(try snapshot() == before)
        // With the version read now, the save goes through, and the old version is stale after it.
        let fresh = try current
        let ok = try save(file, text: fresh.text + "# mine\n", version: fresh.version, token: token)
        #expect(ok.status == 200)
        #expect(try String(contentsOf: path, encoding: .utf8) == fresh.text + "# mine\n")
        #expect(try save(file, text: fresh.text, version: fresh.version, token: token).status == 409)
    }

    @Test("of eight saves over one version sent at once, one is written and seven are refused (409)")
    func racingSaves() throws {
        let (text, version) = try current
        let port = self.port
        let requests = (0..<8).map { writer in
            RawHTTP.request("POST", "/api/save", port: port, token: token,
                            body: json(["file": file, "text": text + "# writer \(writer)\n", "version": version]))
        }
        let answers = Mutex([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: requests.count) { writer in
            let status = (try? RawHTTP.send(requests[writer], port: port).status) ?? 0
            answers.withLock { $0[writer] = status }
        }
        let statuses = answers.withLock { $0 }
        let winners = statuses.filter { $0.value == 200 }.map(\.key)
        #expect(winners.count == 1 && statuses.values.filter { $0 == 409 }.count == 7, "\(statuses.sorted { $0.key < $1.key })")
        if let winner = winners.first {
            #expect(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) == text + "# writer \(winner)\n")
        }
    }

    @Test("a save of an empty or blank text, or of one with a NUL character, is refused (422) and writes nothing")
    func emptyOrNul() throws {
        let (text, version) = try current
        let before = try snapshot()
        let refusals = ["": "the text is empty: saving it would erase \(file), so it was not written",
                        " \n\t\r\n\n": "the text is empty: saving it would erase \(file), so it was not written",
                        "\u{0}": "the text holds a NUL character (U+0000) on line 1, which no YAML file may hold",
                        text + "# a\u{0}b\n": "the text holds a NUL character (U+0000) on line \(text.split(separator: "\n", omittingEmptySubsequences: false).count)"]
        for (candidate, reason) in refusals {
            let answer = try save(file, text: candidate, version: version, token: token)
            #expect(answer.status == 422, "\(candidate.debugDescription): \(answer.status)")
            let error = (try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["error"] as? String ?? ""
            #expect(error.hasPrefix(reason), "\(candidate.debugDescription): \(answer.body)")
        }
        #expect(try snapshot() == before)
        // A text with something in it but spaces goes through, even one that is not a spec yet.
        #expect(try save(file, text: "# only a comment\n", version: version, token: token).status == 200)
    }

    @Test("a save to a path outside the folder, in a subfolder, hidden, not YAML, or through a link out is refused (403)")
    func outsideTheFolder() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: outside.path)
        let before = try snapshot()
        for name in ["../outside.yaml", "/etc/passwd.yaml", "sub/x.yaml", ".hidden.yaml", "notes.txt", "link.yaml", "..", "", "a\\b.yaml",
                     // A name that reads as another, and one too long for the save's temporary name.
                     "a\u{202E}lmay.yaml", "a\u{2028}b.yaml", "a\u{200B}b.yaml", String(repeating: "n", count: 196) + ".yaml"] {
            let answer = try save(name, text: "secret: gone\n", version: "0", token: token)
            #expect(answer.status == 403, "\(name): \(answer.status) \(answer.body)")
            #expect(answer.body.contains("spec folder") || answer.body.contains("spec file of the folder"), "\(name): \(answer.body)")
        }
        #expect(try snapshot() == before)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "secret: keep\n")
    }

    @Test("another site's page (Origin), another host name (DNS rebinding) and a preflight are refused even with the token")
    func crossSite() throws {
        let (text, version) = try current
        let before = try snapshot()
        let foreign = try save(file, text: text + "#x\n", version: version, token: token, extra: ["Origin": "http://evil.example"])
        #expect(foreign.status == 403 && foreign.body.contains("another site"))
        let rebound = try RawHTTP.send(RawHTTP.request("POST", "/api/save", port: port, token: token,
                                                       body: json(["file": file, "text": text, "version": version]), host: "evil.example:\(port)"), port: port)
        #expect(rebound.status == 421)
        let preflight = try RawHTTP.send(RawHTTP.request("OPTIONS", "/api/save", port: port, token: nil), port: port)
        #expect(preflight.status == 403 && preflight.headers["access-control-allow-origin"] == nil)
        #expect(try snapshot() == before)
    }

    @Test("too large a body (413) or text, headers over the limit (431), a chunked body (501), a malformed request (400), a slow one (408)")
    func bounded() throws {
        let before = try snapshot()
        let big = String(repeating: "x", count: (1 << 20) + 10)
        #expect(try save(file, text: big, version: "0", token: token).status == 413)
        let headers = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "y", count: 5000))\r\n\r\n".utf8)
        #expect(try RawHTTP.send(headers, port: port).status == 431)
        let chunked = Array("POST /api/save HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)
        #expect(try RawHTTP.send(chunked, port: port).status == 501)
        #expect(try RawHTTP.send(Array("NONSENSE\r\n\r\n".utf8), port: port).status == 400)
        #expect(try RawHTTP.send(Array("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), port: port).status == 400)
        let slow = Array("POST /api/save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{".utf8)
        #expect(try RawHTTP.send(slow, port: port).status == 408)
        // A sender that trickles a byte every 200 ms never lets a single read wait its second out: the whole request
        // is bounded, so the server answers 408 after about 5 of the 40 bytes (the limit here is 1 s), not at the end.
        let trickled = try RawHTTP.trickle(Array("GET /api/choices HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8).prefix(40).map { $0 }, port: port, pause: 200)
        #expect(trickled.status == 408 && trickled.sent < 20, "\(trickled)")
        let notJSON = try RawHTTP.send(RawHTTP.request("POST", "/api/save", port: port, token: token, body: "{\"file\": 3}"), port: port)
        #expect(notJSON.status == 400 && notJSON.body.contains("not the JSON"))
        #expect(try snapshot() == before)
    }

    @Test("at most two lints, runs or diffs work at once: a third waits for one to end, so hostile specs sent at once cannot add up past memory")
    func analysesWait() throws {
        // Ten analyses of a 3 KB machine that reaches 50,000 situations (each about 800 MB within lint's own
        // bounds), sent at once, took a server under a 4 GB address-space limit past it: "failed to allocate".
        workbench.analyses.enter()
        workbench.analyses.enter()
        let request = HTTPRequest(method: "POST", path: "/api/analyze", headers: ["host": "127.0.0.1:1", "x-lockspec-token": token],
                                  body: Array(#"{"buffers": {}}"#.utf8))
        let workbench = self.workbench, answered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = workbench.handle(request)
            answered.signal()
        }
        #expect(answered.wait(timeout: .now() + 0.3) == .timedOut, "an analysis ran while both slots were held")
        workbench.analyses.leave()
        #expect(answered.wait(timeout: .now() + 120) == .success)
        workbench.analyses.leave()
    }

    @Test("the page needs the token in its URL; what it serves forbids outside assets and framing")
    func page() throws {
        let refused = try RawHTTP.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), port: port)
        #expect(refused.status == 403 && refused.body.contains("needs its token"))
        let page = try RawHTTP.send(Array("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), port: port)
        #expect(page.status == 200 && page.body.contains("/app.js"))
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'") && policy.contains("connect-src 'self'"))
        #expect(page.headers["referrer-policy"] == "no-referrer")
        #expect(try RawHTTP.send(Array("GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), port: port).status == 404)
        let wrongMethod = try RawHTTP.send(RawHTTP.request("GET", "/api/save", port: port, token: token), port: port)
        #expect(wrongMethod.status == 405)
    }
}
