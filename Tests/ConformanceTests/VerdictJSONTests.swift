import Foundation
import SpecKit
import Testing
@testable import Conformance

/// `lockspec run --verdict`: the cases, findings and explored specs of the full report under the same keys, and nothing
/// else.
@Suite("Verdict JSON")
struct VerdictJSONTests {
    @Test("the verdict holds every case and finding of the full report, under its keys, and is much smaller")
    func verdictMatchesFullReport() throws {
        let url = try ExplorationRunTests.folder(.coverDroppedOnActiveWhileLocked)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try #require(ExplorationRunTests.run(url).result)
        let verdict = try renderVerdictJSON(result), full = try renderJSON(result)
        let read = { (text: String) throws -> [String: Any] in
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let v = try read(verdict), f = try read(full)
        let cases = { (o: [String: Any]) in (o["cases"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "") \($0["status"] ?? "") \($0["exercised"] ?? "")" } }
        #expect(cases(v) == cases(f) && cases(v).count == result.cases.count && !result.cases.isEmpty)
        let findings = { (o: [String: Any]) in
            ((o["exploration"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "") \($0["status"] ?? "")" }
        }
        #expect(findings(v) == findings(f) && findings(v).count == 1 && findings(v)[0].hasSuffix(" failed"))
        let machines = ((v["exploration"] as? [String: Any])?["result"] as? [String: Any])?["machines"] as? [[String: Any]]
        #expect(machines?.compactMap { $0["spec"] as? String } == ["toy.cover"])
        #expect(v["specs"] == nil && v["decisions"] == nil)
        #expect(verdict.utf8.count * 5 < full.utf8.count, "\(verdict.utf8.count) bytes against \(full.utf8.count)")
        #expect(!verdict.dropLast().contains("\n"), "one line")
    }
}
