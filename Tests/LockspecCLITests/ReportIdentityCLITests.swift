import Foundation
import Testing

/// What a report says about the run beyond the specs, from an auditor's trial: the product files and the section
/// reasons are fingerprinted and the product values the core ran with are listed, so a changed value shows; a run
/// without the documents does not claim what their headings say; a narrowed run says what it left out.
@Suite("Report identity: every input and what the run left out")
struct ReportIdentityCLITests {
    /// specs/ copied into a fresh folder.
    static func specsCopy() throws -> URL {
        let folder = try RunCLITests.folder()
        for name in try FileManager.default.contentsOfDirectory(atPath: RunCLITests.specs) where name.hasSuffix(".yaml") {
            try FileManager.default.copyItem(atPath: RunCLITests.specs + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        return folder
    }

    /// Runs launch-lock.grace alone without the exploration, writing JSON and Markdown into `folder`.
    /// The run's identity as the JSON report writes it: each spec's and each other input's SHA-256, by file, and each
    /// input's role.
    struct Identity {
        var specs: [String: String] = [:], inputs: [String: String] = [:], roles: [String: String] = [:]
    }

    static func run(_ folder: URL) throws -> (Identity, String, CLITests.Run) {
        let (json, markdown) = (folder.appendingPathComponent("r.json").path, folder.appendingPathComponent("s.md").path)
        let r = try CLITests.run(["run", folder.path, "--no-explore", "--spec", "launch-lock.grace", "--json", json, "--markdown", markdown], timeout: 120)
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let identity = try #require(object["identity"] as? [String: Any])
        var found = Identity()
        for spec in identity["specs"] as? [[String: String]] ?? [] { found.specs[spec["file"] ?? ""] = spec["sha256"] }
        for input in identity["inputs"] as? [[String: String]] ?? [] {
            found.inputs[input["file"] ?? ""] = input["sha256"]
            found.roles[input["file"] ?? ""] = input["role"]
        }
        return (found, try String(contentsOfFile: markdown, encoding: .utf8), r)
    }

    @Test("a product value changed in its product file changes the run's identity and the listed values, though no spec changed")
    func productFilesFingerprinted() throws {
        let folder = try Self.specsCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (before, markdown, run) = try Self.run(folder)
        #expect(run.status == 0, "\(run.output.suffix(1500))")
        let product = folder.appendingPathComponent("launch-lock.product.yaml").path
        let roles = before.roles
        #expect(roles[product] == "product values of launch-lock")
        #expect(roles[folder.appendingPathComponent("sections.yaml").path] == "section reasons")
        #expect(markdown.contains("- product values of launch-lock: coverRule whenEnabledUnlessLocked, defaultEnabled false, grace 1m, policy deviceOwnerAuthentication\n"))
        #expect(markdown.contains("other inputs (product values, section reasons), SHA-256 of their list"))
        #expect(markdown.contains("; exploration and random walks: not run"))
        #expect(markdown.contains("design documents not fingerprinted (no --documents)"))
        let text = try String(contentsOfFile: product, encoding: .utf8)
        try text.replacingOccurrences(of: "grace: 60s", with: "grace: 30s").write(toFile: product, atomically: true, encoding: .utf8)
        let (after, changed, _) = try Self.run(folder)
        #expect(!before.specs.isEmpty && after.specs == before.specs, "no spec file changed")
        #expect(after.inputs[product] != nil && after.inputs[product] != before.inputs[product])
        #expect(changed.contains("grace 30s") && !changed.contains("grace 1m"))
    }

    @Test("without --documents no section is said to lack a heading: the documents were not read")
    func noDocumentsNoClaim() throws {
        let folder = try Self.specsCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, markdown, _) = try Self.run(folder)
        #expect(!markdown.contains("has no heading"))
        #expect(markdown.contains("the document was not read; run with --documents DIR"))
        // A --spec run checks one spec's rows: a section only other specs cite is "covered", by no row that ran.
        #expect(markdown.contains("of them by no row that ran here)"), "\(markdown)")
        #expect(markdown.contains("| covered by ") && markdown.contains(" (none ran here) |"), "each cell says it too")
    }

    /// The case ids of a JSON result, in its order.
    static func caseIDs(_ path: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (object["cases"] as? [[String: Any]] ?? []).compactMap { c in (c["spec"] as? String).flatMap { s in (c["id"] as? String).map { s + " " + $0 } } }
    }

    @Test("merge gives back a whole run's own order: merged alone, its JSON byte for byte; from two shards, the same cases in the same order")
    func mergeKeepsTheRunsOrder() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let whole = try CLITests.run(["run", RunCLITests.specs, "--no-explore", "--json", path("whole.json")], timeout: 300)
        #expect(whole.status == 0, "\(whole.output.suffix(800))")
        _ = try CLITests.run(["merge", path("whole.json"), "--json", path("merged.json")], timeout: 120)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("whole.json"))) == Data(contentsOf: URL(fileURLWithPath: path("merged.json"))))
        for shard in ["1/2", "2/2"] {
            _ = try CLITests.run(["run", RunCLITests.specs, "--no-explore", "--shard", shard, "--json", path("s\(shard.prefix(1)).json")], timeout: 300)
        }
        _ = try CLITests.run(["merge", path("s1.json"), path("s2.json"), "--json", path("shards.json")], timeout: 120)
        let ids = try Self.caseIDs(path("whole.json"))
        #expect(ids.count > 1000 && ids.contains { $0.contains("[failures=10]") }, "the run has cases a string sort would reorder")
        #expect(try Self.caseIDs(path("shards.json")) == ids)
    }
}
