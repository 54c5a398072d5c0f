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
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "Tests/Samples/specs"), to: root.appendingPathComponent(side))
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
        #expect(run.stdout.contains("  product value: launch-lock: grace 60s → 30s (87 cases in 6 specs run with it: a run of them shows what the core does with it)\n"))
        #expect(run.stdout.contains("launch-lock.triggers (machine): 16 situations behave differently\n"))
        #expect(run.stdout.contains("    old: step 4: active(away=61s) → state=Locked"))
        let json = try String(contentsOf: root.appendingPathComponent("d.json"), encoding: .utf8)
        #expect(json.contains("\"products\" : [\n    \"launch-lock: grace 60s → 30s (87 cases in 6 specs run with it: a run of them shows what the core does with it)\"\n  ]"))
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
        #expect(run.stdout.contains("  product value: launch-lock: grace 60s → 30s (87 cases in 6 specs run with it: a run of them shows what the core does with it)\n"), "\(run.stdout.prefix(400))")
    }

    /// Found by a bad-input trial: `diff FILE FILE` read the file without the files beside it (its machine and its
    /// product values), called a spec that lints clean broken, and located the errors at `FILE/FILE`.
    @Test("one file against one file: read with the files beside it, compared alone, errors at the file itself")
    func singleFiles() throws {
        let root = try Self.copies { new in
            let file = new.appendingPathComponent("launch-lock.triggers.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "    to: Locked\n", with: "    to: Open\n", options: [], range: text.range(of: "id: LL-ACTIVE-GRACE-OVER")
                .map { $0.upperBound..<text.endIndex }).write(to: file, atomically: true, encoding: .utf8)
            // A broken file beside it is not among the compared, and does not stop the diff; nor does another fixture's
            // broken product file (a re-check: the diff said the compared file "does not compile").
            try "broken: [\n".write(to: new.appendingPathComponent("zz.yaml"), atomically: true, encoding: .utf8)
            let decoy = new.appendingPathComponent("decoy.product.yaml")
            try (try String(contentsOf: decoy, encoding: .utf8) + ": : [bad\n").write(to: decoy, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let (old, new) = (root.appendingPathComponent("old").path, root.appendingPathComponent("new").path)
        let same = try CLITests.run(["diff", old + "/launch-lock.grace.yaml", new + "/launch-lock.grace.yaml", "--exit-code"], timeout: 60)
        #expect(same.status == 0, "\(same.output)")
        #expect(same.stdout.hasSuffix("no behaviour change\n"), "\(same.output)")
        let changed = try CLITests.run(["diff", old + "/launch-lock.triggers.yaml", new + "/launch-lock.triggers.yaml", "--exit-code"], timeout: 60)
        #expect(changed.status == 1, "\(changed.output)")
        #expect(changed.stdout.contains("row launch-lock.triggers LL-ACTIVE-GRACE-OVER: changed its 'to'"), "\(changed.output)")
        #expect(!changed.stdout.contains("launch-lock.grace"), "only the file given is compared: \(changed.output)")
        let broken = root.appendingPathComponent("broken.yaml")
        try String(contentsOfFile: old + "/launch-lock.grace.yaml", encoding: .utf8).replacingOccurrences(of: "uses: launch-lock.triggers", with: "uses: launch-lock.trigers")
            .write(to: broken, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: broken.path, toPath: old + "/broken.yaml")
        let bad = try CLITests.run(["diff", old + "/broken.yaml", new + "/launch-lock.grace.yaml"], timeout: 60)
        #expect(bad.status == 2, "\(bad.output)")
        #expect(bad.stderr.contains(old + "/broken.yaml:"), "located at the file itself: \(bad.stderr)")
        #expect(!bad.stderr.contains("broken.yaml/broken.yaml"), "\(bad.stderr)")
    }

    /// A re-check of the test above: `--path ./specs//x.yaml` was not taken for one file (errors at FILE/FILE), a file
    /// missing at one revision listed every fixture's product values as removed, and a mistyped one passed.
    @Test("--git with --path naming one file: spelt with ./ or //, missing at one revision, or at neither")
    func gitOneFile() throws {
        let root = try Self.copies { _ in }
        defer { try? FileManager.default.removeItem(at: root) }
        let repo = root.appendingPathComponent("new").path
        let git = "git -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false"
        // Made once (each run below starts with it): the second commit adds medtime.settings.yaml.
        let setup = "cd '\(repo)' && { [ -d .git ] || { mkdir specs && mv *.yaml *.json specs/ && git init -q . && mv specs/medtime.settings.yaml settings.keep"
            + " && git add specs && \(git) commit -qm one && mv settings.keep specs/medtime.settings.yaml && git add specs && \(git) commit -qm two; }; } &&"
        let same = try CLITests.run(["diff", "--git", "HEAD~1..HEAD", "--path", "./specs//launch-lock.grace.yaml", "--exit-code"], shell: setup, timeout: 60)
        #expect(same.status == 0 && same.stdout.hasSuffix("no behaviour change\n"), "\(same.output)")
        let added = try CLITests.run(["diff", "--git", "HEAD~1..HEAD", "--path", "specs/medtime.settings.yaml"], shell: setup, timeout: 60)
        #expect(added.status == 0 && added.stdout.contains("medtime.settings"), "\(added.output)")
        #expect(!added.stdout.contains("(none)"), "no product value of another fixture is listed: \(added.output)")
        let neither = try CLITests.run(["diff", "--git", "HEAD~1..HEAD", "--path", "specs/no-such.yaml", "--exit-code"], shell: setup, timeout: 60)
        #expect(neither.status == 2 && neither.stderr.contains("nothing to compare"), "\(neither.output)")
    }

    /// Found by a product owner's trial: `--git HEAD` was refused, so there was no way to see what uncommitted edits
    /// change.
    @Test("--git REV compares that revision with the working copy: a folder, one file deleted on disk, and the errors")
    func gitWorkingCopy() throws {
        let root = try Self.copies { _ in }
        defer { try? FileManager.default.removeItem(at: root) }
        let repo = root.appendingPathComponent("new").path
        let git = "git -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false"
        // Made once: one commit of specs/, then the work tree moves the grace and deletes medtime.settings.yaml.
        let setup = "cd '\(repo)' && { [ -d .git ] || { mkdir specs && mv *.yaml *.json specs/ && git init -q . && git add specs && \(git) commit -qm one"
            + " && sed -i 's/^  grace: 60s$/  grace: 30s/' specs/launch-lock.product.yaml && rm specs/medtime.settings.yaml; }; } &&"
        let folder = try CLITests.run(["diff", "--git", "HEAD", "--exit-code"], shell: setup, timeout: 60)
        #expect(folder.status == 1, "\(folder.output)")
        #expect(folder.stdout.hasPrefix("diff HEAD:specs → working copy\n"), "\(folder.stdout.prefix(200))")
        #expect(folder.stdout.contains("  product value: launch-lock: grace 60s → 30s (87 cases in 6 specs run with it: a run of them shows what the core does with it)\n"), "\(folder.stdout.prefix(400))")
        #expect(folder.stdout.contains("  spec removed: medtime.settings\n"), "\(folder.stdout.prefix(400))")
        // From a folder below the top, --path still names the place from the top, on both sides.
        let below = try CLITests.run(["diff", "--git", "HEAD", "--path", "specs"], shell: setup + " cd specs &&", timeout: 60)
        #expect(below.status == 0 && below.stdout.hasPrefix("diff HEAD:specs → working copy\n"), "\(below.output)")
        #expect(below.stdout.contains("  spec removed: medtime.settings\n") && !below.stdout.contains("spec added"), "\(below.stdout.prefix(400))")
        let file = try CLITests.run(["diff", "--git", "HEAD", "--path", "./specs//medtime.settings.yaml"], shell: setup, timeout: 60)
        #expect(file.status == 0 && file.stdout.hasPrefix("diff HEAD:./specs//medtime.settings.yaml → working copy\n"), "\(file.output)")
        #expect(file.stdout.contains("  spec removed: medtime.settings\n") && !file.stdout.contains("launch-lock"), "\(file.output)")
        let same = try CLITests.run(["diff", "--git", "HEAD", "--path", "specs/launch-lock.triggers.yaml", "--exit-code"],
                                    shell: setup + " git checkout -q -- specs/launch-lock.product.yaml &&", timeout: 60)
        #expect(same.status == 0 && same.stdout.hasSuffix("no behaviour change\n"), "\(same.output)")
        let revision = try CLITests.run(["diff", "--git", "no-such-revision"], shell: setup, timeout: 60)
        // The seventh product-owner trial read git's own "git ls-tree: fatal: Not a valid object name" here.
        #expect(revision.status == 2 && revision.stderr.contains("error: no commit 'no-such-revision' in the git repository: name a commit, a branch or a tag"),
                "\(revision.output)")
        let notRepository = try CLITests.run(["diff", "--git", "HEAD"], shell: "cd '\(root.appendingPathComponent("old").path)' &&", timeout: 60)
        #expect(notRepository.status == 2 && notRepository.stderr.contains("not a git repository"), "\(notRepository.output)")
    }

    @Test("bad usage exits 2 with a message", arguments: [
        (["diff", "specs"], "give two spec folders to compare, or --git <revision> or --git <old>..<new>"),
        (["diff", "--git", "main.."], "--git needs <revision> or <old>..<new>, such as HEAD, main..HEAD or HEAD~1..HEAD"),
        (["diff", "--git", "no-such-revision..HEAD"], "no commit 'no-such-revision' in the git repository"),
        (["diff", "specs", "specs", "--format", "html"], "--format must be one of text, markdown, not 'html'"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let run = try CLITests.run(arguments, timeout: 60)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
