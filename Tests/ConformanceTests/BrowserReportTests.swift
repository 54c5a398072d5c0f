import Foundation
import Testing
import Conformance
import AppLockFixtures
import SpecKit

/// The HTML report of the project's own specs, loaded in headless Chromium at 1,400 px: what a reader needs is there
/// and works. Chromium comes from `Scripts/bootstrap --browser`; without it the test says loudly that it was skipped.
@Suite("HTML report in a real browser")
struct BrowserReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The design documents beside the clone (CI) or beside the worktrees, if present.
    static var documents: String? {
        let candidates: [String?] = [ProcessInfo.processInfo.environment["LOCKSPEC_DOCUMENTS"], root.appendingPathComponent("../shared/design-docs").path,
                          root.appendingPathComponent("../../shared/design-docs").path]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("verdict, every contents link resolves, each spec and document section present, no console errors, no overflow at 1,400 px")
    func reportInChromium() throws {
        guard let chromium = Self.chromium else {
            print("\n*** SKIPPED: the browser test of the HTML report needs headless Chromium: run Scripts/bootstrap --browser ***\n")
            return
        }
        let specs = Self.root.appendingPathComponent("Tests/Samples/specs").path
        let outcome = ConformanceRun(.init(paths: [specs], documents: Self.documents), registry: .standard).run()
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try renderHTML(result).write(to: folder.appendingPathComponent("report.html"), atomically: true, encoding: .utf8)
        try Self.harness.write(to: folder.appendingPathComponent("harness.html"), atomically: true, encoding: .utf8)
        let (dom, log) = try Self.load(folder.appendingPathComponent("harness.html"), with: chromium)
        let found = try Self.findings(in: dom)

        #expect(found.verdict == (result.failed ? "FAIL" : "PASS"))
        #expect(found.broken.isEmpty, "links to no id: \(found.broken)")
        #expect(found.toc.count >= 8)
        let ids = Set(found.ids)
        for spec in result.specs { #expect(ids.contains("spec--\(spec.id)"), "spec \(spec.id) missing") }
        let coverage = try #require(result.sections)
        for document in coverage.documents {
            #expect(ids.contains(Self.anchor("doc", document.name)), "document \(document.name) missing")
            for section in document.sections {
                #expect(ids.contains(Self.anchor("sec", document.name, section.id)), "§\(section.id) of \(document.name) missing")
            }
        }
        #expect((1380...1400).contains(found.clientWidth)) // 1,400 px less the vertical scroll bar
        #expect(found.scrollWidth <= found.clientWidth, "the page scrolls sideways: \(found.scrollWidth) px")
        #expect(found.overflowing.isEmpty, "tables wider than the window: \(found.overflowing)")
        let errors = log.split(separator: "\n").filter { $0.contains("CONSOLE") && ($0.contains("ERROR") || $0.contains("Uncaught")) }
        #expect(errors.isEmpty, "console errors: \(errors)")
    }

    /// What the harness page measures in the report it frames.
    struct Findings: Decodable {
        var verdict: String?
        var broken: [String]
        var toc: [String]
        var ids: [String]
        var scrollWidth: Int
        var clientWidth: Int
        var overflowing: [String]
    }

    static func findings(in dom: String) throws -> Findings {
        let start = try #require(dom.range(of: "<pre id=\"result\">")).upperBound
        let end = try #require(dom.range(of: "</pre>", range: start..<dom.endIndex)).lowerBound
        let json = String(dom[start..<end]).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Findings.self, from: Data(json.utf8))
    }

    static func load(_ page: URL, with chromium: String) throws -> (dom: String, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--window-size=1400,900",
                             "--virtual-time-budget=15000", "--enable-logging=stderr", "--v=0", "--dump-dom", page.absoluteString]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        let log = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: dom, as: UTF8.self), String(decoding: log, as: UTF8.self))
    }

    /// The report's anchors (`HTMLPage.anchor`): ASCII letters, digits, `-` and `.` kept, anything else `_<hex>`.
    static func anchor(_ parts: String...) -> String {
        parts.joined(separator: "--").unicodeScalars.map { s in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(Character(s)) || s == "-" || s == ".")) ? String(s) : "_" + String(s.value, radix: 16)
        }.joined()
    }

    /// A page that frames the report at 1,400 px and writes what it measures as JSON into `<pre id="result">`.
    static let harness = """
    <!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
    <iframe id="r" src="report.html" style="width:1400px;height:900px;border:0"></iframe>
    <pre id="result">pending</pre>
    <script>
    document.getElementById('r').addEventListener('load', () => {
      const d = document.getElementById('r').contentWindow.document;
      const ids = new Set([...d.querySelectorAll('[id]')].map(e => e.id));
      const width = d.documentElement.clientWidth;
      const out = {
        verdict: (d.querySelector('.headline') || {}).textContent || null,
        broken: [...d.querySelectorAll('a[href^="#"]')].map(a => a.getAttribute('href').slice(1)).filter(h => !ids.has(decodeURIComponent(h))),
        toc: [...d.querySelectorAll('nav#contents a')].map(a => a.getAttribute('href')),
        ids: [...ids],
        scrollWidth: d.documentElement.scrollWidth,
        clientWidth: width,
        overflowing: [...d.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > width + 1)
          .map(t => { const p = t.closest('[id]'); return (p ? p.id : '') + ' ' + Math.round(t.getBoundingClientRect().width) + 'px'; }).slice(0, 20)
      };
      document.getElementById('result').textContent = JSON.stringify(out);
    });
    </script></body></html>
    """
}
