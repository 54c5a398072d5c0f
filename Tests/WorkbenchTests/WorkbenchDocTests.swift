import Foundation
import Testing
@testable import Workbench
import AppLockFixtures

/// docs/workbench.md is the API's reference for scripts and tools: the routes it documents are the routes the
/// workbench dispatches (`Workbench.routes()`, the table `handle` answers `/api/` requests from), each with the method
/// it takes, so a route added, removed or moved to another method fails here until the document says so.
@Suite("docs/workbench.md documents every route")
struct WorkbenchDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `METHOD /api/…` written in code quotes on the lines that start with `prefix`.
    static func routes(in doc: String, onLinesStarting prefix: String) -> Set<String> {
        let lines = doc.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        return Set(lines.flatMap { line in line.matches(of: #/`((?:GET|POST|PUT|PATCH|DELETE) /api/[^`\s]*)`/#).map { String($0.output.1) } })
    }

    @Test("each /api/ route, with its method, has a section of its own and a line in the routes table; the document names no other")
    func everyRoute() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/workbench.md"), encoding: .utf8)
        let served = Set(Workbench(folder: "/nowhere/specs", registry: .standard).routes().map { "\($0.value.method) \($0.key)" })
        #expect(served.contains("POST /api/save"), "the route table is read: \(served.sorted())")
        let sections = Self.routes(in: doc, onLinesStarting: "### ")
        #expect(served.subtracting(sections).sorted() == [], "routes docs/workbench.md has no section for")
        #expect(sections.subtracting(served).sorted() == [], "sections of docs/workbench.md for routes the workbench does not have")
        let table = Self.routes(in: doc, onLinesStarting: "| `")
        #expect(served.subtracting(table).sorted() == [], "routes missing from docs/workbench.md's table")
        #expect(table.subtracting(served).sorted() == [], "docs/workbench.md's table lists routes the workbench does not have")
    }

    /// From a product-owner trial: README.md showed `lockspec serve` at port 40377 beside its own "one of 20000…32767".
    @Test("docs/guide.md and docs/workbench.md show serve at the port it draws for the folder they show")
    func examplePorts() throws {
        for name in ["docs/guide.md", "docs/workbench.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
            let shown = text.matches(of: #/lockspec serve: (/\S+)\nopen http://127\.0\.0\.1:(\d+)/\?token=/#)
            #expect(!shown.isEmpty, "\(name) shows what serve prints")
            for example in shown {
                let port = Workbench.preferredPort(for: String(example.output.1))
                #expect(UInt16(example.output.2) == port, "\(name): serve draws \(port) for \(example.output.1)")
                #expect((20_000...32_767).contains(port))
            }
        }
    }
}
