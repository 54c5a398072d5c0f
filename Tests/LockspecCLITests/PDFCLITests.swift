import Foundation
import Testing

/// `--pdf F` prints the HTML report through headless Chromium; without Chromium it says so and exits 2 before running.
@Suite("lockspec --pdf")
struct PDFCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var specs: String { root.appendingPathComponent("Tests/Samples/specs").path }

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The page count of a PDF: its `/Type /Page` objects (not `/Type /Pages`, the page tree's nodes).
    static func pages(_ data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }.count
    }

    @Test("run --pdf writes a paged PDF of the report (needs Chromium: Scripts/bootstrap --browser)")
    func pdf() throws {
        guard Self.chromium != nil else {
            print("\n*** SKIPPED: lockspec --pdf needs headless Chromium: run Scripts/bootstrap --browser ***\n")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("report.pdf").path
        let run = try CLITests.run(["run", Self.specs, "--spec", "launch-lock.grace", "--no-explore", "--pdf", out], timeout: 180)
        #expect(run.status == 0, "\(run.output)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.prefix(5) == Data("%PDF-".utf8))
        #expect(Self.pages(data) > 1, "a paged document: \(Self.pages(data)) page(s)")
    }

    @Test("without Chromium: a clear message, exit 2, and nothing run")
    func noChromium() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("report.pdf").path
        let run = try CLITests.run(["run", Self.specs, "--spec", "launch-lock.grace", "--no-explore", "--pdf", out],
                                   environment: ["LOCKSPEC_CHROMIUM": "/nonexistent/chromium"], timeout: 60)
        #expect(run.status == 2)
        #expect(run.stderr.contains("a PDF needs headless Chromium, which is not installed"))
        #expect(run.stderr.contains("Scripts/bootstrap --browser"))
        #expect(!run.stdout.contains("passed"), "the run went ahead: \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let merge = try CLITests.run(["merge", "/nonexistent/result.json", "--pdf", out], environment: ["LOCKSPEC_CHROMIUM": "/nonexistent/chromium"])
        #expect(merge.status == 2 && merge.stderr.contains("a PDF needs headless Chromium"))
    }
}
