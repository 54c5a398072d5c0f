import Foundation
import Testing

/// `lockspec migrate` on folders as a new user has them: one run is enough, a second one is quiet, and the closing
/// line counts only what happened.
@Suite("lockspec migrate")
struct MigrateCLITests {
    /// A language-2 scenario spec: version names, and a plain `expect:` on a repeated step (language 1's construct);
    /// the migration tests' file.
    static var scenario: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("ConformanceTests/Languages/language-2-plain-expect/gates.upd.yaml"),
                              encoding: .utf8)
        }
    }

    static func folder(_ files: [String: [UInt8]]) throws -> URL {
        let folder = try RunCLITests.folder()
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test("one run brings a language-2 file to language 3 and lint passes; the second run changes, rewrites and lists nothing")
    func oneRun() throws {
        let product = try Array(Data(contentsOf: URL(fileURLWithPath: RunCLITests.specs + "/gates.product.yaml")))
        let folder = try Self.folder(["gates.product.yaml": product, "gates.upd.yaml": Array(try Self.scenario.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLITests.run(["migrate", folder.path])
        #expect(first.status == 0, "\(first.output)")
        #expect(first.stdout.contains("gates.upd.yaml:23:9: 'expect' on a repeated step was checked after the last repetition only"), "\(first.stdout)")
        #expect(first.stdout.hasSuffix("migrate: 2 files to language 3 (1 changed), 7 rewrites, 1 choice for you\n"), "\(first.stdout)")
        let lint = try CLITests.run(["lint", folder.path])
        #expect(lint.status == 0, "\(lint.output)")
        let second = try CLITests.run(["migrate", folder.path])
        #expect(second.status == 0)
        #expect(second.stdout == "migrate: 2 files to language 3 (0 changed), 0 rewrites, 0 choices for you\n", "\(second.stdout)")
    }

    /// The eighth trial: 127 lines of rewrites, most of them one version name in many rows, were too long to review.
    @Test("a rewrite made at three places or more is one line with its count by file and its first place; fewer are each listed")
    func groupedRewrites() throws {
        let languages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ConformanceTests/Languages/language-2")
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("specs")
        try FileManager.default.copyItem(at: languages, to: copy)
        let run = try CLITests.run(["migrate", copy.path], timeout: 60)
        #expect(run.stdout.contains("migrate: 4 files to language 3 (3 changed), 127 rewrites, 5 choices for you\n"), "\(run.stdout)")
        let rewrites = run.stdout.components(separatedBy: "needs your choice").first?.split(separator: "\n").dropFirst() ?? []
        #expect(rewrites.count == 13, "\(rewrites.joined(separator: "\n"))")
        #expect(rewrites.contains { $0 == "  v1_2 → \"1.2\" (language 2 named the version \"1.2\"): 22 places, in \(copy.path)/gates.update-flow.yaml (8), "
            + "\(copy.path)/gates.version-compare.yaml (14); the first at \(copy.path)/gates.update-flow.yaml:16:38" }, "\(rewrites.joined(separator: "\n"))")
    }

    @Test("a written folder that lint still fails is not called done: the closing counts lint's errors, shows the first, and the exit is 1")
    func lintStillFails() throws {
        // The scenario set without its fixture's product file: its product values have no value anywhere, in any language.
        let folder = try Self.folder(["gates.upd.yaml": Array(try Self.scenario.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CLITests.run(["migrate", folder.path])
        let lint = try CLITests.run(["lint", folder.path])
        #expect(lint.status == 1, "\(lint.output)")
        let errors = lint.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(r.status == 1, "\(r.output)")
        #expect(r.stdout.contains("\nlint still finds \(errors.count) error\(errors.count == 1 ? "" : "s") in the migrated files (the first: "), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("the folder is done when lint passes; run lockspec lint on the same paths\n"), "\(r.stdout)")
        // --check writes nothing and lints nothing: it says what migrate would do.
        let check = try CLITests.run(["migrate", "--check", folder.path])
        #expect(!check.stdout.contains("lint still finds"), "\(check.stdout)")
    }

    @Test("a folder where three of four files cannot be migrated: each is a located error, the summary counts the one migrated and names the others, exit 2")
    func notMigrated() throws {
        let seven = Array("id: a\nkind: decision\nlanguage: 7\n".utf8), broken = Array("id: b\nkind: [decision\n  x: : :\n".utf8)
        let binary: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0xff, 0xfe, 0x00, 0x3e]
        let folder = try Self.folder(["seven.yaml": seven, "broken.yaml": broken, "binary.yaml": binary, "good.yaml": Array(try Self.scenario.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let r = try CLITests.run(["migrate", folder.path])
        #expect(r.status == 2, "\(r.output)")
        #expect(r.output.contains("\(path("seven.yaml")):3:11: error: this file says language 7"), "\(r.output)")
        #expect(r.output.contains("\(path("broken.yaml")):3:4: error: could not read the YAML"), "\(r.output)")
        // Located as lint locates it: the first byte YAML cannot take.
        #expect(r.output.contains("\(path("binary.yaml")):1:8: error: the file contains a NUL byte"), "\(r.output)")
        // Two of the three choices: the folder has no launch-gates product file, and the scenario relies on the values
        // language 2 defaulted.
        #expect(r.stdout.contains("good.yaml:6:10: language 1 and 2 ran this spec with appVersion: \"1.1\", as it set none; language 3 needs it written"), "\(r.stdout)")
        let summary = "migrate: 1 file to language 3 (1 changed), 7 rewrites, 3 choices for you; 3 files not migrated (the errors above): "
            + ["binary.yaml", "broken.yaml", "seven.yaml"].map(path).joined(separator: ", ") + "\n"
        #expect(r.stdout.contains(summary), "\(r.stdout)")
        // The migrated file still fails lint where its choices are open (the broken files' errors are the ones above).
        #expect(r.stdout.hasSuffix("the folder is done when lint passes; run lockspec lint on the same paths\n"), "\(r.stdout)")
        #expect(!r.stdout.components(separatedBy: summary).last!.contains("binary.yaml"), "\(r.stdout)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path("seven.yaml")))) == seven)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path("broken.yaml")))) == broken)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path("binary.yaml")))) == binary)
        #expect(try String(contentsOfFile: path("good.yaml"), encoding: .utf8).contains("\nlanguage: 3\n"))
    }

    @Test("--check exits 1 while a choice is left open, though no file would change; 0 once it is made")
    func checkWithOpenChoice() throws {
        let spec = Array("id: g\nkind: machine\nfixture: launch-gates\n".utf8)
        let folder = try Self.folder(["g.yaml": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        let open = try CLITests.run(["migrate", "--check", folder.path])
        #expect(open.status == 1, "\(open.output)")
        #expect(open.stdout.contains("(0 would change)") && open.stdout.contains("2 choices for you"), "\(open.stdout)")
        try Data("id: g\nkind: machine\nfixture: launch-gates\nproduct:\n  appVersion: \"1.1\"\n  legalVersion: \"2026-04-30\"\n".utf8)
            .write(to: folder.appendingPathComponent("g.yaml"))
        let made = try CLITests.run(["migrate", "--check", folder.path])
        #expect(made.status == 0, "\(made.output)")
    }
}
