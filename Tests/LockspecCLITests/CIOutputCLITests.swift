import Foundation
import Testing

/// What a CI job reads: GitHub annotations at the failing step's own line with the differing cells, and SARIF 2.1.0
/// logs from lint, run and merge in the shape SwiftLint writes.
@Suite("lockspec CI output")
struct CIOutputCLITests {
    /// The launch-lock specs, with step 4 of LL-S-ACC1-ENABLE-WITH-FACEID (lines 25–27) expecting the wrong `enabled`.
    static func divergingSpecs() throws -> URL {
        let folder = try RunCLITests.folder()
        for name in try FileManager.default.contentsOfDirectory(atPath: RunCLITests.specs) where name.hasPrefix("launch-lock.") {
            var text = try String(contentsOfFile: RunCLITests.specs + "/" + name, encoding: .utf8)
            if name == "launch-lock.acceptance.yaml" {
                var lines = text.components(separatedBy: "\n")
                #expect(lines[26] == "        expect: {enabled: true, prompt: none, state: Open, effects: []}")
                lines[26] = "        expect: {enabled: false, prompt: none, state: Open, effects: []}"
                text = lines.joined(separator: "\n")
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("a failing step's annotation names its own line and the cells that differ; merge --format github too")
    func githubAnnotation() throws {
        let folder = try Self.divergingSpecs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("launch-lock.acceptance.yaml").path
        let json = folder.appendingPathComponent("r.json").path
        let r = try CLITests.run(["run", folder.path, "--row", "LL-S-ACC1-ENABLE-WITH-FACEID", "--format", "github", "--json", json], timeout: 60)
        #expect(r.status == 1)
        let annotation = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") }.map(String.init), "\(r.output)")
        let place = "::error file=\(file),line=25,col=9"
        #expect(annotation.hasPrefix(place), "\(annotation)")
        #expect(annotation.contains("::row LL-S-ACC1-ENABLE-WITH-FACEID diverges from the core at step 4 (authResult(outcome=success))"))
        #expect(annotation.contains("enabled: expected false, actual true"))
        // The folder the specs are in, not a fixed "specs": the command reruns the row where it was run.
        #expect(annotation.hasSuffix("rerun with: lockspec run \(folder.path) --row LL-S-ACC1-ENABLE-WITH-FACEID"), "\(annotation)")
        let merged = try CLITests.run(["merge", json, "--format", "github"])
        #expect(merged.status == 1)
        #expect(merged.stdout.contains(place))
    }

    @Test("SARIF 2.1.0 from lint, run and merge: schema, version, tool, rules, and each result located on its YAML line")
    func sarif() throws {
        let folder = try Self.divergingSpecs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("r.json").path
        let run = try CLITests.run(["run", folder.path, "--row", "LL-S-ACC1-ENABLE-WITH-FACEID", "--format", "sarif", "--json", json], timeout: 60)
        #expect(run.status == 1)
        let runResults = try Self.checkShape(run.stdout)
        #expect(runResults.map(\.rule) == ["run.diverged"])
        #expect(runResults.first?.line == 25) // step 4 starts at line 25 (its expect is on line 27)
        #expect(runResults.first?.uri.hasSuffix("launch-lock.acceptance.yaml") == true)
        let merged = try CLITests.run(["merge", json, "--format", "sarif"])
        #expect(try Self.checkShape(merged.stdout).map(\.line) == [25])
        // A path as a URI reference: a space and a non-ASCII letter percent-encoded.
        let odd = folder.appendingPathComponent("spéc s")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        try Data("id: x\nkind: nonsense\n".utf8).write(to: odd.appendingPathComponent("b.yaml"))
        let encoded = try Self.checkShape(try CLITests.run(["lint", "--format", "sarif", odd.path]).stdout)
        #expect(encoded.first?.uri.hasSuffix("sp%C3%A9c%20s/b.yaml") == true, "\(encoded)")

        let broken = folder.appendingPathComponent("broken.yaml")
        try "id: x\nkind: machin\n".write(to: broken, atomically: true, encoding: .utf8)
        let lint = try CLITests.run(["lint", "--format", "sarif", broken.path])
        #expect(lint.status == 1)
        let lintResults = try Self.checkShape(lint.stdout)
        #expect(lintResults.contains { $0.rule == "spec.unknown-kind" && $0.line == 2 && $0.level == "error" })
    }

    /// Found by a CI engineer's trial: a usage error with `--format sarif` printed nothing on standard output, so an
    /// upload step met an empty file.
    @Test("a command line that cannot run still gives SARIF or an annotation when asked, saying why", arguments: [
        (["run", "specs", "--shard", "5/4", "--format", "sarif"], "--shard must be I/N with 1 <= I <= N, such as 2/4"),
        (["lint", "--bogus", "--format=sarif"], "unknown option --bogus"),
        (["merge", "--format", "sarif"], "give the JSON result files to merge"),
    ])
    func failureAsSARIF(_ arguments: [String], _ why: String) throws {
        let r = try CLITests.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(why))
        #expect(try Self.checkShape(r.stdout).isEmpty)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let invocation = try #require(((root["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "error")
        #expect((notification["message"] as? [String: Any])?["text"] as? String == why)

        let github = try CLITests.run(arguments.map { $0.replacingOccurrences(of: "sarif", with: "github") })
        #expect(github.status == 2)
        #expect(github.stdout == "::error title=lockspec \(arguments[0])::\(why)\n")
        let text = try CLITests.run(arguments.filter { !$0.contains("sarif") && $0 != "--format" })
        #expect(text.status == 2 && text.stdout.isEmpty, "text and JSON keep standard output for the report")
    }

    /// Found with the test above: a report path under a file failed after the run, with Foundation's error text.
    @Test("a report path under a file is bad usage before the run, saying which file is in the way")
    func reportUnderAFile() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data().write(to: blocker)
        let report = blocker.appendingPathComponent("sub/r.json").path
        let r = try CLITests.run(["run", RunCLITests.specs, "--row", "LL-S-ACC1-ENABLE-WITH-FACEID", "--no-explore", "--format", "sarif",
                                  "--json", report], timeout: 60)
        #expect(r.status == 2, "\(r.output)")
        let why = "--json \(report): \(blocker.path) is a file, not a folder, so nothing can be written under it"
        #expect(r.stderr.hasPrefix("Error: \(why)\n"), "\(r.stderr)")
        #expect(try Self.checkShape(r.stdout).isEmpty)
        #expect(r.stdout.contains(why), "the SARIF log says why")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
    }

    struct Located { var rule: String, level: String, uri: String, line: Int }

    /// Checks a SARIF log's shape as SwiftLint's reporter writes it, and returns its results.
    /// Found by a bad-input trial: `merge` of a truncated result with --format sarif printed nothing on stdout, github
    /// no annotation, and a bad status named a Swift type (`Cannot initialize CaseStatus from …`).
    @Test("merge of a broken result gives its located error in the format asked for, in the reader's words")
    func mergeBrokenResult() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("cut.json"), status = folder.appendingPathComponent("status.json")
        try Data("{\"cases\" : [".utf8).write(to: truncated)
        let good = folder.appendingPathComponent("good.json")
        #expect(try CLITests.run(["run", RunCLITests.specs, "--spec", "launch-lock.grace", "--no-explore", "--json", good.path], timeout: 120).status == 0)
        let text = try String(contentsOf: good, encoding: .utf8)
        let range = try #require(text.range(of: "\"status\" : \"passed\""))
        try Data(text.replacingCharacters(in: range, with: "\"status\" : \"exploded\"").utf8).write(to: status)
        let sarif = try CLITests.run(["merge", truncated.path, "--format", "sarif"], timeout: 60)
        #expect(sarif.status == 2)
        #expect(try Self.checkShape(sarif.stdout).map(\.rule) == ["result.unreadable"])
        #expect(sarif.stderr.contains("not readable JSON: the file is not valid JSON (cut short, or not JSON at all)"), "\(sarif.stderr)")
        let github = try CLITests.run(["merge", status.path, "--format", "github"], timeout: 60)
        #expect(github.status == 2 && github.stdout.hasPrefix("::error file=\(status.path),line=") && github.stdout.contains("title=result.unreadable::"), "\(github.output)")
        #expect(github.stderr.contains("'exploded' is not a value this field takes") && !github.output.contains("CaseStatus"), "\(github.output)")
        // A file that cannot be read at all says why, located, in the format asked for (it was "cannot read <path>").
        let missing = try CLITests.run(["merge", folder.appendingPathComponent("none.json").path, "--format", "sarif"], timeout: 60)
        let rules = try Self.checkShape(missing.stdout).map(\.rule)
        #expect(missing.status == 2 && rules == ["result.unreadable"], "\(missing.output)")
        #expect(missing.stderr.contains("none.json:1:1: error: could not read the file: there is no file at this path [result.unreadable]"), "\(missing.stderr)")
        let directory = try CLITests.run(["merge", folder.path], timeout: 60)
        #expect(directory.status == 2 && directory.stderr.contains("it is a folder, not a file [result.unreadable]"), "\(directory.stderr)")
        #expect(!directory.stderr.contains("hint:"), "a spec's hints are not a result's")
    }

    static func checkShape(_ text: String) throws -> [Located] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(500))")
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "lockspec")
        #expect(driver["semanticVersion"] as? String == "0.1.0")
        let rules = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        var found: [Located] = []
        for result in try #require(runs[0]["results"] as? [[String: Any]]) {
            let rule = try #require(result["ruleId"] as? String)
            #expect(rules.contains(rule))
            let level = try #require(result["level"] as? String)
            #expect(["error", "warning", "note"].contains(level))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let region = try #require(location["region"] as? [String: Any])
            let line = try #require(region["startLine"] as? Int)
            #expect(line >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
            found.append(Located(rule: rule, level: level, uri: uri, line: line))
        }
        return found
    }
}
