import Testing
import LocalHTTP

/// The request parser alone: what it needs before it answers, and what it makes of paths, queries and headers.
@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    let limits = HTTPLimits(maximumHeaderBytes: 256, maximumBodyBytes: 16)

    func parse(_ text: String) -> HTTPRequestParser.State { HTTPRequestParser.parse(Array(text.utf8), limits: limits) }

    @Test("incomplete until the headers end and Content-Length bytes of body have come; then whole")
    func completeness() throws {
        guard case .incomplete = parse("GET / HTTP/1.1\r\nHost: a") else { Issue.record("headers not ended"); return }
        guard case .incomplete = parse("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab") else { Issue.record("body short"); return }
        guard case .complete(let r) = parse("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nX-A:  b \r\n\r\nabcd") else { Issue.record("whole"); return }
        #expect(r.method == "POST" && r.path == "/x" && r.body == Array("abcd".utf8) && r.header("x-a") == "b")
    }

    @Test("path and query are percent-decoded; a malformed escape is a 400")
    func decoding() throws {
        guard case .complete(let r) = parse("GET /a%20b?token=x%2By&q=1+2&flag HTTP/1.1\r\nHost: h\r\n\r\n") else { Issue.record("parse"); return }
        #expect(r.path == "/a b" && r.query == ["token": "x+y", "q": "1 2", "flag": ""])
        guard case .bad(400, _) = parse("GET /%4 HTTP/1.1\r\nHost: h\r\n\r\n") else { Issue.record("bad escape"); return }
        guard case .bad(400, _) = parse("GET nopath HTTP/1.1\r\nHost: h\r\n\r\n") else { Issue.record("no slash"); return }
    }

    @Test("limits: headers (431) and body (413) over them, a negative length (400), a chunked body (501)")
    func limitsHold() throws {
        guard case .bad(431, _) = parse("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 300)) else { Issue.record("431"); return }
        guard case .bad(413, _) = parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 17\r\n\r\n") else { Issue.record("413"); return }
        guard case .bad(400, _) = parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n") else { Issue.record("negative"); return }
        guard case .bad(501, _) = parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n") else { Issue.record("chunked"); return }
    }

    @Test("strict where a lenient reading would be a guess: the version, the length, a repeated Host or length, the Host's form, a name with a space")
    func strictness() throws {
        guard case .complete(let r) = parse("GET / HTTP/1.0\r\n\r\n") else { Issue.record("1.0 without Host"); return }
        #expect(r.hostName == nil)
        guard case .complete(let v6) = parse("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n") else { Issue.record("v6 host"); return }
        #expect(v6.hostName == "[::1]")
        let refused: [(String, Int)] = [
            ("GET / HTTP/1.9x\r\nHost: h\r\n\r\n", 505),
            ("GET / HTTP/2\r\nHost: h\r\n\r\n", 505),
            ("G T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +5\r\n\r\nabcde", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x5\r\n\r\nabcde", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 0\r\n\r\nabcde", 400),
            ("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: localhost:1@evil.example\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: localhost:99999x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
        ]
        for (text, status) in refused {
            guard case .bad(let got, _) = parse(text) else { Issue.record("accepted: \(text.debugDescription)"); continue }
            #expect(got == status, "\(text.debugDescription)")
        }
        #expect(HTTPResponse.reason(505) == "HTTP Version Not Supported")
    }

    @Test("a Host value's name: the port goes, an IPv6 address keeps its brackets, anything else is nil")
    func hostNames() {
        #expect(HTTPRequest.hostName(of: "127.0.0.1:8080") == "127.0.0.1")
        #expect(HTTPRequest.hostName(of: "localhost") == "localhost")
        #expect(HTTPRequest.hostName(of: "localhost:") == "localhost")
        #expect(HTTPRequest.hostName(of: "[fe80::1]:1") == "[fe80::1]")
        for bad in ["", ":80", "a b", "a:1@b", "a:123456", "[]", "[::1]x", "[g::1]", "a/b", "caf\u{E9}"] {
            #expect(HTTPRequest.hostName(of: bad) == nil, "\(bad)")
        }
    }

    /// Found writing docs/workbench.md: a refused edit's status line read `HTTP/1.1 422 Status`.
    @Test("every status the server and the workbench answer goes out with its standard reason phrase")
    func reasonPhrases() {
        let answered = [200, 400, 403, 404, 405, 408, 409, 413, 421, 422, 431, 500, 501, 505]
        #expect(answered.filter { HTTPResponse.reason($0) == "Status" } == [])
        #expect(String(decoding: HTTPResponse.error(422, "no").wire, as: UTF8.self).hasPrefix("HTTP/1.1 422 Unprocessable Content\r\n"))
    }
}
