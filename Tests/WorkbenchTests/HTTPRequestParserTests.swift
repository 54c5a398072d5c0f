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
        guard case .incomplete = parse("POST /x HTTP/1.1\r\nContent-Length: 4\r\n\r\nab") else { Issue.record("body short"); return }
        guard case .complete(let r) = parse("POST /x HTTP/1.1\r\nContent-Length: 4\r\nX-A:  b \r\n\r\nabcd") else { Issue.record("whole"); return }
        #expect(r.method == "POST" && r.path == "/x" && r.body == Array("abcd".utf8) && r.header("x-a") == "b")
    }

    @Test("path and query are percent-decoded; a malformed escape is a 400")
    func decoding() throws {
        guard case .complete(let r) = parse("GET /a%20b?token=x%2By&q=1+2&flag HTTP/1.1\r\n\r\n") else { Issue.record("parse"); return }
        #expect(r.path == "/a b" && r.query == ["token": "x+y", "q": "1 2", "flag": ""])
        guard case .bad(400, _) = parse("GET /%4 HTTP/1.1\r\n\r\n") else { Issue.record("bad escape"); return }
        guard case .bad(400, _) = parse("GET nopath HTTP/1.1\r\n\r\n") else { Issue.record("no slash"); return }
    }

    @Test("limits: headers (431) and body (413) over them, a negative length (400), a chunked body (501)")
    func limitsHold() throws {
        guard case .bad(431, _) = parse("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 300)) else { Issue.record("431"); return }
        guard case .bad(413, _) = parse("POST / HTTP/1.1\r\nContent-Length: 17\r\n\r\n") else { Issue.record("413"); return }
        guard case .bad(400, _) = parse("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") else { Issue.record("negative"); return }
        guard case .bad(501, _) = parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") else { Issue.record("chunked"); return }
    }
}
