import Foundation
import Testing

/// The README's example messages are real output: each test makes the mistake the README describes in a copy of
/// specs/, runs `lockspec` on it as a process (from the copy's folder, so paths read `specs/…`), and checks the README
/// holds what it printed, verbatim. When a spec or a message changes, the failure shows the text to paste.
@Suite("README examples are real output")
struct ReadmeExamplesCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func readme() throws -> String {
        // The README and its guide, which holds the examples of the command line and of a review.
        try ["README.md", "docs/guide.md"].map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    /// A scratch folder with a copy of specs/ under each of `names`.
    static func scratch(_ names: [String] = ["specs"]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Tests/Samples/specs"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Replaces the first `old` after the line `row` in a spec of the copy; the test fails if either is missing.
    static func edit(_ folder: URL, _ file: String, row: String, _ old: String, _ new: String) throws {
        let url = folder.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: row), "\(file) has no \(row)").upperBound
        let found = try #require(text.range(of: old, range: start..<text.endIndex), "\(file): no '\(old)' after \(row)")
        text.replaceSubrange(found, with: new)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs `lockspec` in `folder`, as the README's reader types it: the name alone, found on the PATH (`exec -a`
    /// gives it that argv[0]), so its rerun lines read `lockspec run …` as the README shows them.
    static func lockspec(_ arguments: [String], in folder: URL) throws -> CLITests.Run {
        try CLITests.run(arguments, shell: "cd '\(folder.path)' && exec -a lockspec", environment: ["NO_COLOR": "1"], timeout: 120)
    }

    static func expectInReadme(_ output: String, _ what: String) throws {
        let text = output.hasSuffix("\n") ? String(output.dropLast()) : output
        #expect(!text.isEmpty)
        #expect(try readme().contains("```\n\(text)\n```"), "README.md and docs/guide.md do not show the real \(what); paste:\n\(text)")
    }

    @Test("a misspelt event: the lint error with its did-you-mean")
    func lintTypo() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(folder, "specs/launch-lock.triggers.yaml", row: "- id: LL-ACTIVE-GRACE-OVER\n", "    on: active\n", "    on: activ\n")
        let run = try Self.lockspec(["lint", "specs"], in: folder)
        #expect(run.status == 1)
        // The first finding: its located line and the indented lines under it.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let first = [lines.first ?? ""] + lines.dropFirst().prefix { $0.hasPrefix(" ") }
        #expect(first.count == 3, "\(run.stdout)")
        try Self.expectInReadme(first.joined(separator: "\n"), "lint error")
    }

    @Test("a product owner drops usePin from the row that goes to the PIN: the behavioural diff")
    func behaviourDiff() throws {
        let folder = try Self.scratch(["old-specs", "specs"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(folder, "specs/medtime.unlock.yaml", row: "- id: MT-BIO-CANCEL-TO-PIN\n", "outcome: [cancel, usePin]", "outcome: cancel")
        let run = try Self.lockspec(["diff", "old-specs/", "specs/"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.contains("behaviour changed"))
        try Self.expectInReadme(run.stdout, "diff")
    }

    @Test("a scenario that comes back after 59 s and expects the lock: the divergence as the console prints it")
    func divergence() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(folder, "specs/launch-lock.grace.yaml", row: "- id: LL-S-GRACE-61S\n", "away: grace + 1s}", "away: grace - 1s}")
        let run = try Self.lockspec(["run", "specs", "--row", "LL-S-GRACE-61S"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.contains("lockspec run specs --row LL-S-GRACE-61S"))
        try Self.expectInReadme(run.stdout, "divergence")
    }

    @Test("--fail-fast stops at the first failing case and explores nothing; without it every case runs")
    func failFast() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(folder, "specs/launch-lock.grace.yaml", row: "- id: LL-S-GRACE-61S\n", "away: grace + 1s}", "away: grace - 1s}")
        func cases(_ extra: [String]) throws -> (status: Int32, ids: [String], failing: [String], explored: Bool, console: String) {
            let json = folder.appendingPathComponent("out.json").path
            let run = try Self.lockspec(["run", "specs", "--spec", "launch-lock.grace", "--json", json] + extra, in: folder)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let list = try #require(object["cases"] as? [[String: Any]])
            let ids = list.compactMap { $0["id"] as? String }
            let failing = list.filter { ($0["status"] as? String) == "failed" }.compactMap { $0["id"] as? String }
            return (run.status, ids, failing, object["exploration"] != nil, run.stdout)
        }
        let whole = try cases([])
        let fast = try cases(["--fail-fast"])
        #expect(whole.status == 1 && fast.status == 1)
        #expect(whole.failing == ["LL-S-GRACE-61S"])
        #expect(whole.explored)
        let position = try #require(whole.ids.firstIndex(of: "LL-S-GRACE-61S"))
        #expect(position < whole.ids.count - 1, "the failing case is not the last one, so stopping there is seen")
        #expect(fast.ids == Array(whole.ids[...position]))
        #expect(fast.failing == ["LL-S-GRACE-61S"])
        #expect(!fast.explored)
        // The reports say it stopped, and how many cases it left: the counts do not read as a whole run.
        let left = whole.ids.count - position - 1
        #expect(fast.console.contains("; stopped at the first failure (--fail-fast): \(left) case\(left == 1 ? "" : "s") not run; exploration and random walks: not run"), "\(fast.console)")
        #expect(fast.console.contains("not reached after --fail-fast stopped"))
        let json = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
        #expect(json.contains("\"notReached\" : \(left)"), "the JSON (and a merge of it) keeps the count")
    }

    @Test("--verdict writes the cases, the failing ones and the specs explored, as --json does, in a fraction of its size")
    func verdict() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(folder, "specs/launch-lock.grace.yaml", row: "- id: LL-S-GRACE-61S\n", "away: grace + 1s}", "away: grace - 1s}")
        let verdict = folder.appendingPathComponent("verdict.json").path, json = folder.appendingPathComponent("out.json").path
        let run = try Self.lockspec(["run", "specs", "--spec", "launch-lock.grace", "--verdict", verdict, "--json", json], in: folder)
        #expect(run.status == 1)
        let read = { (path: String) throws -> [String: Any] in
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        }
        let short = try read(verdict), full = try read(json)
        let failing = { (o: [String: Any]) in
            (o["cases"] as? [[String: Any]] ?? []).filter { ($0["status"] as? String) == "failed" }.compactMap { $0["id"] as? String }
        }
        #expect(failing(short) == ["LL-S-GRACE-61S"] && failing(full) == failing(short))
        #expect((short["cases"] as? [Any])?.count == (full["cases"] as? [Any])?.count)
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(size(verdict) * 5 < size(json))
    }
}
