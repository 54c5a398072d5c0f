import Foundation
import Testing
import Workbench
import LocalHTTP
import SpecKit
import AppLockFixtures

/// The workbench's API, called as the page calls it: analysis with unsaved texts laid over the files, table edits
/// that change one node's text, runs of the affected specs against the core, and the review against git HEAD.
@Suite("The workbench's API")
struct WorkbenchAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let triggers = "launch-lock.triggers.yaml"

    /// A workbench over a fresh copy of specs/ (a git repository when `git`; its rerun commands started by
    /// `rerunProgram` when given), and a way to call it.
    struct Bench {
        let base: URL
        let workbench: Workbench

        init(git: Bool = false, rerunProgram: String? = nil, documents: String? = nil) throws {
            if git {
                base = try WorkbenchBrowserTests.repositoryWithSpecs()
            } else {
                base = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-api-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: root.appendingPathComponent("Tests/Samples/specs"), to: base.appendingPathComponent("specs"))
            }
            var workbench = Workbench(folder: base.appendingPathComponent("specs").path, registry: .standard, documents: documents)
            if let rerunProgram { workbench.rerunProgram = rerunProgram }
            self.workbench = workbench
        }

        func call(_ path: String, _ body: [String: Any]? = nil) throws -> (status: Int, json: [String: Any]) {
            var request = HTTPRequest(method: body == nil ? "GET" : "POST", path: path,
                                      headers: ["host": "127.0.0.1:1", "x-lockspec-token": workbench.token])
            if let body { request.body = Array(try JSONSerialization.data(withJSONObject: body)) }
            let response = workbench.handle(request)
            let object = try JSONSerialization.jsonObject(with: Data(response.body))
            return (response.status, object as? [String: Any] ?? ["list": object])
        }

        func text(_ name: String) throws -> String {
            try String(contentsOf: base.appendingPathComponent("specs").appendingPathComponent(name), encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    /// The `path` of a row's cell, as the page sends it.
    static func cellPath(_ analysis: [String: Any], file: String, row: String, key: String) throws -> [Any] {
        let specs = try #require(analysis["specs"] as? [[String: Any]])
        let spec = try #require(specs.first { $0["file"] as? String == file })
        let rows = try #require((spec["table"] as? [String: Any])?["rows"] as? [[String: Any]])
        let found = try #require(rows.first { $0["id"] as? String == row })
        return ["rows", try #require(found["index"] as? Int), key]
    }

    @Test("the page's lint reads the folder as lockspec lint does: a pipe or a folder named .yaml is a finding, a spec behind a link is read")
    func analysisAsLint() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let specs = bench.base.appendingPathComponent("specs"), elsewhere = bench.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: specs.appendingPathComponent(Self.triggers), to: elsewhere.appendingPathComponent(Self.triggers))
        try FileManager.default.createSymbolicLink(at: specs.appendingPathComponent(Self.triggers), withDestinationURL: elsewhere.appendingPathComponent(Self.triggers))
        try #require(mkfifo(specs.appendingPathComponent("fifo.yaml").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: specs.appendingPathComponent("dir.yaml"), withIntermediateDirectories: true)
        let answer = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": "launch-lock.grace.yaml"])
        #expect(answer.status == 200)
        let findings = try #require(answer.json["findings"] as? [[String: Any]])
        let summary = findings.map { "\(($0["file"] as? String).map { ($0 as NSString).lastPathComponent } ?? "?") \($0["id"] as? String ?? "?")" }
        // The linked machine is read (no 'no machine spec with that id' for the specs that use it); the pipe and
        // the folder are findings, as lockspec lint gives them.
        #expect(summary.sorted() == ["dir.yaml yaml.unreadable", "fifo.yaml yaml.unreadable"], "\(findings)")
        // Saving over the pipe says why, at once, and writes nothing.
        let save = try bench.call("/api/save", ["file": "fifo.yaml", "text": "id: x\n", "version": ""])
        #expect(save.status == 422)
        #expect(save.json["error"] as? String == "fifo.yaml: could not read the file: it is a pipe, and nothing was written to it")
    }

    @Test("a product file whose name does not end in .product.yaml is a warning on the page, as in lockspec lint")
    func misnamedProductFile() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let specs = bench.base.appendingPathComponent("specs")
        try FileManager.default.moveItem(at: specs.appendingPathComponent("gates.product.yaml"), to: specs.appendingPathComponent("gates.values.yaml"))
        let answer = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": "gates.values.yaml"])
        let findings = try #require(answer.json["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["file"] as? String ?? "?") \($0["id"] as? String ?? "?")" } == ["gates.values.yaml product.misnamed-file"], "\(findings)")
    }

    @Test("with --documents, a row citing a document the folder lacks is run.document-missing on the page, as in lockspec lint --documents")
    func missingDocument() throws {
        // A documents folder holding every document specs/ cites (their text does not matter here).
        let documents = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: documents) }
        let specs = Self.root.appendingPathComponent("Tests/Samples/specs")
        var cited = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: specs.path) where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: specs.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: /[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.md/) { cited.insert(String(match.output.0)) }
        }
        for name in cited { try Data("# 1 Title\n".utf8).write(to: documents.appendingPathComponent(name)) }
        let bench = try Bench(documents: documents.path)
        defer { bench.remove() }
        func missing(_ buffers: [String: String]) throws -> [String] {
            let answer = try bench.call("/api/analyze", ["buffers": buffers, "focus": Self.triggers])
            let findings = try #require(answer.json["findings"] as? [[String: Any]])
            return findings.filter { $0["id"] as? String == "run.document-missing" }.map { "\($0["file"] as? String ?? "?"):\($0["line"] as? Int ?? 0)" }
        }
        #expect(try missing([:]) == [])
        let text = try bench.text(Self.triggers)
        // One row's source, the first under rows:.
        let rows = try #require(text.range(of: "\nrows:"))
        let first = try #require(text.range(of: "source: face-id-launch-lock.zh.md §4", range: rows.upperBound..<text.endIndex))
        let edited = text.replacingCharacters(in: first, with: "source: nonexistent.md §2")
        let line = try #require(edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("nonexistent.md") }) + 1
        let found = try missing([Self.triggers: edited])
        #expect(found == ["\(Self.triggers):\(line)"], "\(found)")
    }

    @Test("a note is a note in the analysis, not a warning: the grace moved to 30s gives lockspec lint's 1 warning and 4 notes")
    func notesAreNotWarnings() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let product = bench.base.appendingPathComponent("specs/launch-lock.product.yaml")
        let text = try bench.text("launch-lock.product.yaml")
        try #require(text.contains("\n  grace: 60s\n"))
        try text.replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace: {value: 30s, decision: \"D-GRACE-30: a shorter grace\"}\n")
            .write(to: product, atomically: true, encoding: .utf8)
        let answer = try bench.call("/api/analyze", ["buffers": [:] as [String: String]])
        let findings = try #require(answer.json["findings"] as? [[String: Any]])
        let bySeverity = Dictionary(grouping: findings) { $0["severity"] as? String ?? "?" }.mapValues { $0.map { $0["id"] as? String ?? "?" } }
        // As `lockspec lint` on the same folder: 0 errors, 1 warning, and the stale numbers at the row ids as notes.
        #expect(bySeverity["note"] == Array(repeating: "product.stale-number", count: 4), "\(findings)")
        #expect(bySeverity["warning"] == ["product.at-domain-edge"], "\(findings)")
        #expect(bySeverity["error"] == nil, "\(findings)")
    }

    /// Found by the fifth product-owner trial: such a cell was drawn as text to read only, and its own text sent back
    /// became a folded prose block that lint refused as a text.
    @Test("a step's expect: over several lines is given from its column, and its text sent back, changed, keeps its form and lints clean")
    func multilineExpect() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let file = "medtime.lockout.yaml"
        let first = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": file])
        let specs = try #require(first.json["specs"] as? [[String: Any]])
        let rows = try #require(((specs.first { $0["file"] as? String == file })?["table"] as? [String: Any])?["rows"] as? [[String: Any]])
        let scenario = try #require(rows.first { $0["id"] as? String == "MT-S-BLOCK-1MIN" })
        let steps = try #require((scenario["steps"] as? [String: Any])?["rows"] as? [[String: Any]])
        let cell = try #require((steps[3]["cells"] as? [String: Any])?["expect"] as? [String: Any])
        let text = try #require(cell["text"] as? String)
        #expect(cell["multiline"] as? Bool == true)
        #expect(text.hasPrefix("state: PINBlocked\npinFailures: pinAttempts\ncountdown: \"01:00\"\n"), "\(text)")
        let edited = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": file, "focus": file,
                                                  "edit": ["op": "set", "path": try #require(cell["path"] as? [Any]),
                                                           "text": text.replacingOccurrences(of: "pinInputEnabled: false", with: "pinInputEnabled: true")]])
        #expect(edited.status == 200, "\(edited.json)")
        let written = try #require(edited.json["text"] as? String)
        #expect(WorkbenchBrowserTests.changedLines(try bench.text(file), written).map(\.new) == ["          pinInputEnabled: true"])
        let findings = try #require((edited.json["analysis"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(!findings.contains { $0["severity"] as? String == "error" }, "\(findings)")
    }

    @Test("an edit of one cell: the answer's text differs from the file in that line only; lint's error is located in that cell")
    func editLocatesFinding() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let first = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": Self.triggers])
        #expect(first.status == 200)
        #expect((first.json["findings"] as? [Any])?.isEmpty == true)
        let path = try Self.cellPath(first.json, file: Self.triggers, row: "LL-ACTIVE-GRACE-OVER", key: "on")
        let edited = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers, "focus": Self.triggers,
                                                  "edit": ["op": "set", "path": path, "text": "actve"]])
        #expect(edited.status == 200)
        let text = try #require(edited.json["text"] as? String)
        let original = try bench.text(Self.triggers)
        #expect(WorkbenchBrowserTests.changedLines(original, text).map(\.new) == ["    on: actve"])
        #expect(try bench.text(Self.triggers) == original)  // nothing written
        let analysis = try #require(edited.json["analysis"] as? [String: Any])
        let findings = try #require(analysis["findings"] as? [[String: Any]])
        let unknown = try #require(findings.first { $0["id"] as? String == "spec.unknown-event" })
        #expect(unknown["file"] as? String == Self.triggers)
        #expect(unknown["hint"] as? String == "did you mean 'active'?")
        // The finding's place falls inside the edited cell's span.
        let specs = try #require(analysis["specs"] as? [[String: Any]])
        let spec = try #require(specs.first { $0["file"] as? String == Self.triggers })
        let rows = try #require((spec["table"] as? [String: Any])?["rows"] as? [[String: Any]])
        let cell = try #require((rows[path[1] as! Int]["cells"] as? [String: Any])?["on"] as? [String: Any])
        let start = try #require(cell["start"] as? [String: Int]), end = try #require(cell["end"] as? [String: Int])
        #expect(unknown["line"] as? Int == start["line"])
        #expect((start["column"]!...end["column"]!).contains(unknown["column"] as? Int ?? -1))
        // While it does not compile, the file and the scenario sets over it keep their place in the list (id, fixture,
        // document from their headers), and the fixture's vocabulary is still there to pick from.
        let before = try #require(first.json["specs"] as? [[String: Any]])
        for file in [Self.triggers, "launch-lock.acceptance.yaml"] {
            let was = try #require(before.first { $0["file"] as? String == file })
            let now = try #require(specs.first { $0["file"] as? String == file })
            #expect(["id", "fixture", "document", "kind"].map { now[$0] as? String } == ["id", "fixture", "document", "kind"].map { was[$0] as? String })
            #expect(now["document"] as? String == "face-id-launch-lock.zh.md")
        }
        #expect((spec["vocabulary"] as? String)?.hasPrefix("fixture launch-lock\n") == true)
    }

    @Test("a scenario's step copied with + is the same step below it, with no id (a step takes none): lint stays clean")
    func stepCopy() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let file = "launch-lock.grace.yaml"
        let edited = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": file, "focus": file,
                                                  "edit": ["op": "addRow", "path": ["scenarios", 0, "steps"], "index": 1]])
        #expect(edited.status == 200)
        let text = try #require(edited.json["text"] as? String)
        #expect(text.contains("      - event: authResult\n        with: {outcome: success}\n        expect: {enabled: true}\n"
                              + "      - event: authResult\n        with: {outcome: success}\n        expect: {enabled: true}\n      - event: background\n"))
        #expect(!text.contains("COPY"))
        let findings = try #require((edited.json["analysis"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("each analysis gives every editable file's version on disk, as /api/files and /api/versions do, so the page notices a file changed on disk")
    func analysisGivesVersions() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let files = try #require(try bench.call("/api/files").json["list"] as? [[String: Any]])
        let listed = Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as? String ?? "", $0["version"] as? String ?? "") })
        let first = try bench.call("/api/analyze", ["buffers": [Self.triggers: "id: unsaved\n"], "focus": Self.triggers])
        #expect(first.json["versions"] as? [String: String] == listed, "the disk's versions, not the unsaved text's")
        let path = bench.base.appendingPathComponent("specs").appendingPathComponent(Self.triggers).path
        try (try bench.text(Self.triggers) + "# changed\n").write(toFile: path, atomically: true, encoding: .utf8)
        let second = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": Self.triggers])
        let versions = try #require(second.json["versions"] as? [String: String])
        #expect(versions[Self.triggers] != listed[Self.triggers] && versions.count == listed.count)
        // The page's light look at the disk, every few seconds, gives the same versions without linting.
        #expect(try bench.call("/api/versions").json as? [String: String] == versions)
        // The counts leave out the unsaved text that cannot be read, and the analysis names its file, with the two
        // scenario sets that use the machine it no longer is.
        let unread = ["launch-lock.acceptance.yaml", "launch-lock.grace.yaml", Self.triggers]
        #expect(first.json["unreadableFiles"] as? [String] == unread, "\(first.json["unreadableFiles"] ?? "none")")
        #expect(second.json["unreadableFiles"] as? [String] == [], "\(second.json["unreadableFiles"] ?? "none")")
        #expect((first.json["specCount"] as? Int ?? 0) == (second.json["specCount"] as? Int ?? 0) - unread.count)
    }

    @Test("serve's own port for a folder is one of 20000…32767, the same for the same folder however it is written")
    func preferredPort() {
        let port = Workbench.preferredPort(for: "/home/po/app/specs")
        #expect((20_000...32_767).contains(port))
        #expect(Workbench.preferredPort(for: "/home/po/app/specs/") == port)
        #expect(Workbench.preferredPort(for: "/home/po/app/./specs") == port)
        #expect(Set(["/a/specs", "/b/specs", "/c/specs", "/d/specs"].map(Workbench.preferredPort(for:))).count > 1, "folders differ")
    }

    @Test("a refused edit is a 422 with the reason; an unknown row is named")
    func refusedEdit() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let answer = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers,
                                                  "edit": ["op": "set", "path": ["rows", 0, "to"], "text": "[Locked"]])
        #expect(answer.status == 422)
        #expect((answer.json["error"] as? String)?.contains("would break the file's YAML") == true)
        let missing = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers,
                                                   "edit": ["op": "removeRow", "path": ["rows"], "index": 999]])
        #expect(missing.status == 422)
        // An operation the API does not have is named, not called JSON that does not parse.
        let unknown = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers,
                                                   "edit": ["op": "frobnicate", "path": ["rows"]]])
        #expect(unknown.status == 400)
        #expect((unknown.json["error"] as? String)?.hasSuffix("'edit.op' is not a value it takes: 'frobnicate' is not an edit: one of set, addRow, removeRow, moveRow") == true,
                "\(unknown.json)")
    }

    @Test("a body that does not decode names the place as a reader writes it: a key by its path, a list's item by its index")
    func bodyErrorNames() throws {
        let bench = try Bench()
        defer { bench.remove() }
        func error(_ body: [String: Any]) throws -> String { try bench.call("/api/new", body).json["error"] as? String ?? "" }
        let spec: [String: Any] = ["id": "a.b", "title": "T", "fixture": "launch-gates", "table": "gates.order", "observe": [1]]
        #expect(try error(["buffers": [:] as [String: String], "file": "x.yaml", "spec": spec])
                == "the request's body is not the JSON /api/new takes: 'spec.observe[0]' has the wrong type")
        #expect(try error(["buffers": [:] as [String: String], "file": "x.yaml", "spec": ["id": "a.b"]])
                == "the request's body is not the JSON /api/new takes: 'spec.title' is missing")
        #expect(try error(["buffers": [:] as [String: String], "file": 3, "spec": spec])
                == "the request's body is not the JSON /api/new takes: 'file' has the wrong type")
        // `table` and `uses` choose the kind of spec: a null is not read as "left out" (a machine).
        var nullTable = spec
        nullTable["table"] = NSNull()
        #expect(try error(["buffers": [:] as [String: String], "file": "x.yaml", "spec": nullTable])
                == "the request's body is not the JSON /api/new takes: 'spec.table' is not a value it takes: null; give a name, or leave the key out")
        nullTable["table"] = nil
        nullTable["uses"] = NSNull()
        #expect(try error(["buffers": [:] as [String: String], "file": "x.yaml", "spec": nullTable]).hasSuffix("'spec.uses' is not a value it takes: null; give a name, or leave the key out"))
    }

    @Test("a cell's text with ` #` is kept whole: double-quoted in the answer's text, so YAML reads it back as typed")
    func editKeepsHash() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let typed = "face-id-launch-lock.zh.md §4 #step 2"
        let answer = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers, "focus": Self.triggers,
                                                  "edit": ["op": "set", "path": ["rows", 0, "source"], "text": typed]])
        #expect(answer.status == 200)
        let text = try #require(answer.json["text"] as? String)
        let changed = WorkbenchBrowserTests.changedLines(try bench.text(Self.triggers), text)
        #expect(changed.map(\.new) == ["    source: \"face-id-launch-lock.zh.md §4 #step 2\""])
        let rows = try #require(try YAMLSpan.read(text, file: Self.triggers)["rows"])
        #expect(rows.children.first?["source"]?.scalar == typed)
    }

    @Test("a save keeps the file's permissions: 0664 and 0600", arguments: [0o664, 0o600])
    func saveKeepsMode(_ permissions: Int) throws {
        let bench = try Bench()
        defer { bench.remove() }
        let path = bench.base.appendingPathComponent("specs").appendingPathComponent(Self.triggers).path
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
        let files = try #require(try bench.call("/api/files").json["list"] as? [[String: Any]])
        let version = try #require(files.first { $0["path"] as? String == Self.triggers }?["version"] as? String)
        let text = try bench.text(Self.triggers) + "# saved\n"
        let saved = try bench.call("/api/save", ["file": Self.triggers, "text": text, "version": version])
        #expect(saved.status == 200)
        #expect(try bench.text(Self.triggers) == text)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == permissions, "0\(String(mode, radix: 8))")
        let left = try FileManager.default.contentsOfDirectory(atPath: bench.base.appendingPathComponent("specs").path)
        #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)")
    }

    @Test("a save of a read-only file is refused with 403 and says why; the file is unchanged")
    func saveReadOnly() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let path = bench.base.appendingPathComponent("specs").appendingPathComponent(Self.triggers).path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try bench.text(Self.triggers)
        let files = try #require(try bench.call("/api/files").json["list"] as? [[String: Any]])
        let version = try #require(files.first { $0["path"] as? String == Self.triggers }?["version"] as? String)
        let saved = try bench.call("/api/save", ["file": Self.triggers, "text": before + "# saved\n", "version": version])
        #expect(saved.status == 403)
        #expect((saved.json["error"] as? String)?.contains("read-only") == true, "\(saved.json)")
        #expect(try bench.text(Self.triggers) == before)
    }

    @Test("a run with an unsaved wrong edge: the affected specs run (the machine and the scenario sets that use it), the row fails against the core, the tour too")
    func runAffected() throws {
        let bench = try Bench(rerunProgram: ".build/release/lockspec")
        defer { bench.remove() }
        let original = try bench.text(Self.triggers)
        let wrong = original.replacingOccurrences(of: "    effects: [startAuthentication(deviceOwnerAuthentication)]\n    to: Locked\n  - id: LL-ACTIVE-WITHIN-GRACE",
                                                  with: "    effects: [startAuthentication(deviceOwnerAuthentication)]\n    to: Open\n  - id: LL-ACTIVE-WITHIN-GRACE")
        #expect(wrong != original)
        let run = try bench.call("/api/run", ["buffers": [Self.triggers: wrong], "changed": [Self.triggers]])
        #expect(run.status == 200)
        let ran = Set(run.json["ran"] as? [String] ?? [])
        #expect(ran.isSuperset(of: ["launch-lock.triggers", "launch-lock.grace", "launch-lock.acceptance"]))
        #expect(!ran.contains("medtime.lockout"))
        let cases = try #require(run.json["cases"] as? [[String: Any]])
        let grace = cases.filter { $0["row"] as? String == "LL-ACTIVE-GRACE-OVER" }
        #expect(!grace.isEmpty && grace.allSatisfy { $0["fails"] as? Bool == true })
        // Its rerun command starts as `lockspec serve` was invoked (the CLI gives the program path as typed).
        #expect(grace.allSatisfy { ($0["rerun"] as? String)?.hasPrefix(".build/release/lockspec run ") == true && ($0["rerun"] as? String)?.hasSuffix(" --row LL-ACTIVE-GRACE-OVER") == true },
                "\(grace.map { $0["rerun"] ?? "" })")
        let cells = ((grace.first?["divergence"] as? [String: Any])?["cells"] as? [[String: Any]]) ?? []
        #expect(cells.contains { $0["name"] as? String == "state" && $0["expected"] as? String == "Open" && $0["actual"] as? String == "Locked" })
        #expect(!(run.json["tour"] as? [Any] ?? []).isEmpty)
        #expect((run.json["toured"] as? Int ?? 0) > 0)
        // The ninth trial: the transitions the tour did not reach past the divergence are counted, as the CLI counts them.
        #expect((run.json["unreached"] as? Int ?? 0) > 0, "\(run.json["unreached"] ?? "none")")
        // Put back: the same run holds.
        let back = try bench.call("/api/run", ["buffers": [:] as [String: String], "changed": [Self.triggers]])
        let again = try #require(back.json["cases"] as? [[String: Any]])
        #expect(!again.isEmpty && again.allSatisfy { $0["fails"] as? Bool == false })
        #expect((back.json["tour"] as? [Any])?.isEmpty == true)
        #expect(back.json["unreached"] as? Int == 0)
    }

    @Test("a run where a value the core ships with fails: its cell carries the reports' note that the change is in the core")
    func shippedValueNote() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let product = "launch-lock.product.yaml"
        let original = try bench.text(product)
        let moved = original.replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 45s\n")
        try #require(moved != original)
        let run = try bench.call("/api/run", ["buffers": [product: moved], "changed": [product]])
        let cases = try #require(run.json["cases"] as? [[String: Any]])
        let cells = cases.flatMap { ((($0["divergence"] as? [String: Any])?["cells"]) as? [[String: Any]]) ?? [] }
        let shipped = cells.filter { $0["name"] as? String == "builtInGrace" && $0["ok"] as? Bool == false }
        #expect(!shipped.isEmpty, "\(cells.prefix(5))")
        #expect(shipped.allSatisfy { ($0["note"] as? String)?.hasPrefix("builtInGrace is the grace the core ships with, and the row expects the product's grace: the change is in the core (") == true },
                "\(shipped)")
        // Any other cell that fails carries no note.
        #expect(cells.filter { $0["name"] as? String != "builtInGrace" }.allSatisfy { $0["note"] == nil })
    }

    @Test("a spec with a lint error is not run and says so; nothing else is")
    func notRunOnLintError() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let broken = try bench.text(Self.triggers).replacingOccurrences(of: "    on: active\n", with: "    on: actve\n")
        let run = try bench.call("/api/run", ["buffers": [Self.triggers: broken], "changed": [Self.triggers]])
        #expect(run.status == 200)
        #expect((run.json["ran"] as? [String])?.isEmpty == true)
        #expect(Set(run.json["notRun"] as? [String] ?? []).contains("launch-lock.triggers"))
    }

    @Test("the review compares git HEAD with the working copy and the page's texts: a moved edge is a behaviour change, nothing is none")
    func review() throws {
        let bench = try Bench(git: true)
        defer { bench.remove() }
        let same = try bench.call("/api/diff", ["buffers": [:] as [String: String]])
        #expect(same.status == 200)
        #expect(same.json["behaviourChanged"] as? Bool == false)
        let moved = try bench.text(Self.triggers).replacingOccurrences(of: "    effects: [startAuthentication(deviceOwnerAuthentication)]\n    to: Locked\n  - id: LL-ACTIVE-WITHIN-GRACE",
                                                                          with: "    effects: [startAuthentication(deviceOwnerAuthentication)]\n    to: Open\n  - id: LL-ACTIVE-WITHIN-GRACE")
        let changed = try bench.call("/api/diff", ["buffers": [Self.triggers: moved]])
        #expect(changed.json["behaviourChanged"] as? Bool == true)
        let text = changed.json["text"] as? String ?? ""
        #expect(text.contains("row launch-lock.triggers LL-ACTIVE-GRACE-OVER: changed its 'to'\n"), "\(text)")
        #expect(changed.json["textChanges"] as? [String] == ["launch-lock.triggers.yaml: 1 line changed, in row LL-ACTIVE-GRACE-OVER"])
        #expect(same.json["textChanges"] as? [String] == [])
        // A note changes no behaviour, and is still listed (the third trial: Review showed nothing of it), with the
        // header's title and a note of another row.
        let noted = try bench.text(Self.triggers).replacingOccurrences(of: "    notes: a prompt is already open, so isAuthenticating stops a second one\n",
                                                                         with: "    notes: a prompt is open already\n")
            .replacingOccurrences(of: "title: Face ID launch lock", with: "title: The Face ID launch lock")
            .replacingOccurrences(of: "  - id: LL-BG-ON\n", with: "  - id: LL-BG-ON\n    notes: new\n")
        let notes = try bench.call("/api/diff", ["buffers": [Self.triggers: noted]])
        #expect(notes.json["behaviourChanged"] as? Bool == false)
        #expect(notes.json["textChanges"] as? [String] == ["launch-lock.triggers.yaml: 3 lines changed, in its title and rows LL-APPEAR-COLD-GUARD, LL-BG-ON"],
                "\(notes.json["textChanges"] ?? "")")
        // A product value's line is named as one (a trial read 'in its header' for it).
        let productFile = "launch-lock.product.yaml"
        let graced = try bench.text(productFile).replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 45s\n")
        let product = try bench.call("/api/diff", ["buffers": [productFile: graced]])
        #expect(product.json["textChanges"] as? [String] == ["\(productFile): 1 line changed, in its product values"], "\(product.json["textChanges"] ?? "")")
        // A working copy that does not compile names its file as the page does.
        let broken = try bench.call("/api/diff", ["buffers": [Self.triggers: ""]])
        #expect(broken.status == 409)
        #expect((broken.json["error"] as? String)?.hasSuffix("working copy does not compile, so nothing was compared (fix the lint errors first): "
                + "launch-lock.triggers.yaml:1: the file is empty: it holds no YAML, or only comments") == true, "\(broken.json)")
        let outsideGit = try Bench()
        defer { outsideGit.remove() }
        let none = try outsideGit.call("/api/diff", ["buffers": [:] as [String: String]])
        #expect(none.status == 409 && (none.json["error"] as? String)?.contains("no git HEAD") == true)
    }

    /// Found by a user trial: a product value changed with an edit that, read with the old value, makes two rows
    /// conflict (so diff cannot read the specs with the old values) worded the rows that only follow the value as
    /// "changed its 'steps'", as if their text had changed.
    @Test("a row changed only through a product value reads so in Review, even when the specs do not compile with the old values")
    func reviewProductOnlyRows() throws {
        let bench = try Bench(git: true)
        defer { bench.remove() }
        let product = try bench.text("launch-lock.product.yaml").replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 90s\n")
        let within = try bench.text(Self.triggers).replacingOccurrences(of: "backgroundTime: true, away: \"<= grace\"}", with: "backgroundTime: true, away: \"<= 90s\"}")
        #expect(within != (try bench.text(Self.triggers)))
        let review = try bench.call("/api/diff", ["buffers": ["launch-lock.product.yaml": product, Self.triggers: within]])
        #expect(review.status == 200, "\(review.json)")
        let text = review.json["text"] as? String ?? ""
        #expect(text.contains("  product value: launch-lock: grace 60s → 90s (87 cases in 6 specs run with it: a run of them shows what the core does with it)\n"), "\(text)")
        // Their text is as it was: the scenario rows and the grace-over row follow the value.
        #expect(text.contains("row launch-lock.grace LL-S-GRACE-61S: its text is the same; 'steps' reads a changed product value\n"), "\(text)")
        #expect(text.contains("row launch-lock.triggers LL-ACTIVE-GRACE-OVER: its text is the same; 'when' reads a changed product value\n"), "\(text)")
        #expect(!text.contains("changed its 'steps'"), "\(text)")
        // The row whose text was edited still says so.
        #expect(text.contains("row launch-lock.triggers LL-ACTIVE-WITHIN-GRACE: changed its 'when'"), "\(text)")
    }

    @Test("the server keeps a tab's draft outside the folder and offers it only under a later start; an empty draft forgets it")
    func draftsKeptByTheServer() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let kept = bench.base.appendingPathComponent("state")
        let folder = bench.base.appendingPathComponent("specs").path
        let first = Workbench(folder: folder, registry: .standard, drafts: kept.path)
        let call = { (workbench: Workbench, path: String, body: [String: Any]?) throws -> (Int, [String: Any]) in
            var request = HTTPRequest(method: body == nil ? "GET" : "POST", path: path, headers: ["host": "127.0.0.1:1", "x-lockspec-token": workbench.token])
            if let body { request.body = Array(try JSONSerialization.data(withJSONObject: body)) }
            let response = workbench.handle(request)
            return (response.status, try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:])
        }
        #expect(try call(first, "/api/keep", ["tab": "t-1", "draft": "{\"files\":{}}"]).1["kept"] as? Bool == true)
        #expect((try call(first, "/api/drafts", nil).1["kept"] as? [Any])?.isEmpty == true, "not offered under the start that kept it")
        #expect(try call(first, "/api/keep", ["tab": "../x", "draft": ""]).0 == 400)
        let files = try FileManager.default.contentsOfDirectory(atPath: kept.path)
        #expect(files.count == 1 && files[0].hasPrefix("drafts-") && !FileManager.default.fileExists(atPath: folder + "/" + files[0]))
        let mode = try FileManager.default.attributesOfItem(atPath: kept.appendingPathComponent(files[0]).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = Workbench(folder: folder, registry: .standard, drafts: kept.path)
        let offered = try #require(try call(second, "/api/drafts", nil).1["kept"] as? [[String: Any]])
        #expect(offered.count == 1 && offered.first?["tab"] as? String == "t-1" && offered.first?["draft"] as? String == "{\"files\":{}}")
        // Another folder's workbench is offered nothing of it.
        let elsewhere = Workbench(folder: bench.base.path, registry: .standard, drafts: kept.path)
        #expect((try call(elsewhere, "/api/drafts", nil).1["kept"] as? [Any])?.isEmpty == true)
        #expect(try call(second, "/api/keep", ["tab": "t-1", "draft": ""]).1["kept"] as? Bool == true)
        #expect((try call(Workbench(folder: folder, registry: .standard, drafts: kept.path), "/api/drafts", nil).1["kept"] as? [Any])?.isEmpty == true)
        // Without a drafts folder nothing is kept, and nothing is written.
        #expect(try call(bench.workbench, "/api/keep", ["tab": "t-2", "draft": "x"]).1["kept"] as? Bool == false)
        #expect(Workbench.defaultDraftsFolder(environment: ["HOME": "/home/po"]) == "/home/po/.local/state/lockspec/drafts")
        #expect(Workbench.defaultDraftsFolder(environment: ["HOME": "/home/po", "XDG_STATE_HOME": "/s"]) == "/s/lockspec/drafts")
        #expect(Workbench.defaultDraftsFolder(environment: [:]) == nil)
    }

    @Test("a product file's values are cells; a machine has its grid, hit policy, diagram, the sections its rows cite and its fixture's vocabulary")
    func views() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let product = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": "launch-lock.product.yaml"])
        let specs = try #require(product.json["specs"] as? [[String: Any]])
        let file = try #require(specs.first { $0["file"] as? String == "launch-lock.product.yaml" })
        let values = try #require(file["values"] as? [[String: Any]])
        #expect(values.first?["key"] as? String == "product")
        #expect((values.first?["names"] as? [String])?.contains("grace") == true)
        let machine = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": Self.triggers])
        let spec = try #require((machine.json["specs"] as? [[String: Any]])?.first { $0["file"] as? String == Self.triggers })
        #expect(spec["hit"] as? String == "unique")
        #expect((spec["diagram"] as? String)?.contains("<svg") == true)
        let grid = try #require(spec["grid"] as? [[String: Any]])
        let open = try #require(grid.first { $0["state"] as? String == "Open" && $0["event"] as? String == "active" })
        #expect((open["rows"] as? [[String: Any]])?.contains { $0["row"] as? String == "LL-ACTIVE-GRACE-OVER" && $0["to"] as? String == "Locked" } == true)
        #expect((spec["sections"] as? [[String: Any]])?.contains { $0["document"] as? String == "face-id-launch-lock.zh.md" } == true)
        // The fixture's vocabulary, as lint --fixtures lists it: the events' inputs with their values.
        let vocabulary = spec["vocabulary"] as? String ?? ""
        #expect(vocabulary.hasPrefix("fixture launch-lock\n") && vocabulary.contains("    active\n      away: value duration 0s..24h\n"), "\(vocabulary.prefix(300))")
        // Another file in the list carries no tables: only what the list of specs needs.
        let other = try #require((machine.json["specs"] as? [[String: Any]])?.first { $0["file"] as? String == "launch-lock.grace.yaml" })
        #expect(other["table"] == nil && other["id"] as? String == "launch-lock.grace")
    }

    /// From a product-owner trial: the warnings sent the reader to the product page, which did not show what the
    /// design document says of each value (`documented:`).
    @Test("a product file's page has each documented value: the document's value, section and words, held against the product's value as the reports word it")
    func documentedValues() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let name = "launch-lock.product.yaml"
        var findings: [String] = []
        func documented(_ buffers: [String: String]) throws -> [[String: Any]] {
            let answer = try bench.call("/api/analyze", ["buffers": buffers, "focus": name])
            findings = (answer.json["findings"] as? [[String: Any]] ?? []).filter { $0["file"] as? String == name }
                .map { "\($0["line"] as? Int ?? 0) \($0["id"] as? String ?? "?")" }
            let file = try #require((answer.json["specs"] as? [[String: Any]])?.first { $0["file"] as? String == name })
            return try #require(file["documented"] as? [[String: Any]])
        }
        let quote = "后台宽限 | 60 秒"
        // As written: each entry of documented:, in file order, agreeing with the product's value.
        let agreed = try documented([:])
        #expect(agreed.map { $0["name"] as? String ?? "?" } == ["grace", "policy", "defaultEnabled"])
        let grace = try #require(agreed.first)
        // The product's value as the reports write a value; the document's as documented: writes it.
        #expect(grace["value"] as? String == "1m" && grace["documented"] as? String == "60s")
        #expect(grace["source"] as? String == "face-id-launch-lock.zh.md §2" && grace["quote"] as? String == quote)
        #expect(grace["agrees"] as? Bool == true && grace["decision"] == nil)
        #expect(grace["text"] as? String == "launch-lock product value grace = 60s, as the document says (\"\(quote)\")")
        #expect(agreed.allSatisfy { $0["agrees"] as? Bool == true })
        #expect(!findings.contains { $0.hasSuffix(" product.differs-from-document") }, "\(findings)")
        // The product's value moved: it differs, in the reports' words, and lint's warning is at the value.
        let text = try bench.text(name)
        let moved = text.replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 30s\n")
        try #require(moved != text)
        let differs = try #require(try documented([name: moved]).first)
        #expect(differs["value"] as? String == "30s" && differs["documented"] as? String == "60s" && differs["agrees"] as? Bool == false)
        #expect(findings.contains("11 product.differs-from-document"), "\(findings)")
        #expect(differs["text"] as? String
            == "launch-lock product value grace = 30s, where the document says 60s (\"\(quote)\"), and no decision says why (lint: product.differs-from-document)")
        // With a decision, the decision's words.
        let decided = text.replacingOccurrences(of: "  grace: 60s\n", with: "  grace: {value: 30s, decision: \"D-GRACE-30: a shorter grace\"}\n")
        let withDecision = try #require(try documented([name: decided]).first)
        #expect(withDecision["agrees"] as? Bool == false && withDecision["decision"] as? String == "D-GRACE-30: a shorter grace")
        #expect(withDecision["text"] as? String == "launch-lock product value grace = 30s, where the document says 60s (\"\(quote)\"): D-GRACE-30: a shorter grace")
        // A spec that is no product file has none.
        let machine = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": Self.triggers])
        let spec = try #require((machine.json["specs"] as? [[String: Any]])?.first { $0["file"] as? String == Self.triggers })
        #expect((spec["documented"] as? [Any])?.isEmpty == true)
    }

    /// From a product-owner trial: a finding's `file` read `launch-lock.triggers.yaml` while its note read
    /// `/tmp/trial/specs/launch-lock.triggers.yaml:108:9`, so a script that matched the two found no match.
    @Test("a finding's notes and message name a place in the folder's files as its file does, relative to the folder")
    func relativePlaces() throws {
        let bench = try Bench()
        defer { bench.remove() }
        func findings(_ row: String, _ key: String, _ text: String) throws -> [[String: Any]] {
            let first = try bench.call("/api/analyze", ["buffers": [:] as [String: String], "focus": Self.triggers])
            let path = try Self.cellPath(first.json, file: Self.triggers, row: row, key: key)
            let edited = try bench.call("/api/edit", ["buffers": [:] as [String: String], "file": Self.triggers, "focus": Self.triggers,
                                                      "edit": ["op": "set", "path": path, "text": text]])
            #expect(edited.status == 200)
            return try #require((edited.json["analysis"] as? [String: Any])?["findings"] as? [[String: Any]])
        }
        // A misspelt event: the scenario sets over the machine name the error's place in their notes.
        let typo = try findings("LL-ACTIVE-GRACE-OVER", "on", "actve")
        let unknown = try #require(typo.first { $0["id"] as? String == "spec.unknown-event" })
        let place = "\(Self.triggers):\(unknown["line"] as? Int ?? 0):\(unknown["column"] as? Int ?? 0)"
        let broken = typo.filter { $0["id"] as? String == "spec.uses-broken-spec" }
        #expect(broken.compactMap { $0["file"] as? String } == ["launch-lock.acceptance.yaml", "launch-lock.grace.yaml"])
        for finding in broken {
            #expect(finding["notes"] as? [String] == ["follows from spec.unknown-event at \(place)"], "\(finding)")
        }
        // A row id taken twice: the message names the other row's place.
        let duplicate = try findings("LL-INACTIVE-COVER", "id", "LL-ACTIVE-GRACE-OVER")
        let taken = try #require(duplicate.first { $0["id"] as? String == "check.duplicate-id" })
        let message = taken["message"] as? String ?? ""
        #expect(message.hasPrefix("row id LL-ACTIVE-GRACE-OVER is already used at \(Self.triggers):"), "\(message)")
        // No finding names the folder's own path anywhere.
        let folder = bench.workbench.folder + "/"
        for finding in typo + duplicate {
            let written = String(decoding: try JSONSerialization.data(withJSONObject: finding), as: UTF8.self)
                .replacingOccurrences(of: "\\/", with: "/")
            #expect(!written.contains(folder), "\(written)")
        }
    }
}
