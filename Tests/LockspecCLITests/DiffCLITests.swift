import Foundation
import Testing

/// `lockspec diff` as a reviewer runs it: two folders, or two git revisions read as blobs.
@Suite("lockspec diff")
struct DiffCLITests {
    /// Two copies of specs/ in a temporary folder, the second changed by `edit`.
    static func copies(edit: (URL) throws -> Void) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for side in ["old", "new"] {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "specs"), to: root.appendingPathComponent(side))
        }
        try edit(root.appendingPathComponent("new"))
        return root
    }

    @Test("identical folders: no behaviour change, exit 0 even with --exit-code")
    func identical() throws {
        let root = try Self.copies { _ in }
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(["diff", root.appendingPathComponent("old").path, root.appendingPathComponent("new").path, "--exit-code"], timeout: 60)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.hasSuffix("no behaviour change\n"))
    }

    @Test("a product value moved: the value, the scenarios' steps and the machine's situations are listed; --exit-code exits 1")
    func productValue() throws {
        let root = try Self.copies { new in
            let file = new.appendingPathComponent("launch-lock.product.yaml")
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace: 30s\n")
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let args = ["diff", root.appendingPathComponent("old").path, root.appendingPathComponent("new").path]
        let run = try CLITests.run(args + ["--exit-code", "--json", root.appendingPathComponent("d.json").path], timeout: 60)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.stdout.contains("  product value: launch-lock: grace 1m → 30s\n"))
        #expect(run.stdout.contains("launch-lock.triggers (machine): 16 situations behave differently\n"))
        #expect(run.stdout.contains("    old: step 4: active(away=61s) → state=Locked"))
        let json = try String(contentsOf: root.appendingPathComponent("d.json"), encoding: .utf8)
        #expect(json.contains("\"products\" : [\n    \"launch-lock: grace 1m → 30s\"\n  ]"))
        let markdown = try CLITests.run(args + ["--format", "markdown"], timeout: 60)
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("## Behaviour diff: "))
        #expect(markdown.stdout.contains("| where | values | old | new |"))
    }

    @Test("--git HEAD~1..HEAD reads both revisions from the repository without checking anything out")
    func gitRevisions() throws {
        // A repository of its own, two commits of specs/ (the project's own history may hold specs that an older
        // fixture vocabulary took): the second moves the grace, and the work tree is then changed back, so only
        // reading the revisions' blobs gives the change.
        let root = try Self.copies { _ in }
        defer { try? FileManager.default.removeItem(at: root) }
        let repo = root.appendingPathComponent("new").path
        let git = "git -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false"
        let setup = "cd '\(repo)' && mkdir specs && mv *.yaml *.json specs/ && git init -q . && git add specs && \(git) commit -qm one"
            + " && sed -i 's/^  grace: 60s$/  grace: 30s/' specs/launch-lock.product.yaml && \(git) commit -qam two"
            + " && git checkout -q HEAD~1 -- specs &&"
        let run = try CLITests.run(["diff", "--git", "HEAD~1..HEAD"], shell: setup, timeout: 60)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.hasPrefix("diff HEAD~1:specs → HEAD:specs\n"), "\(run.stdout.prefix(200))")
        #expect(run.stdout.contains("  product value: launch-lock: grace 1m → 30s\n"), "\(run.stdout.prefix(400))")
    }

    @Test("bad usage exits 2 with a message", arguments: [
        (["diff", "specs"], "give two spec folders to compare, or --git <old>..<new>"),
        (["diff", "--git", "main"], "--git needs <old>..<new>, such as main..HEAD or HEAD~1..HEAD"),
        (["diff", "--git", "no-such-revision..HEAD"], "git ls-tree"),
        (["diff", "specs", "specs", "--format", "html"], "--format must be one of text, markdown, not 'html'"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let run = try CLITests.run(arguments, timeout: 60)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
