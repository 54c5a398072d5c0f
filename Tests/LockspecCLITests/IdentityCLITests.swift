import Foundation
import Testing

/// The identity every report carries: the build under test as recorded when `lockspec` was built (not the folder it
/// runs in), and the SHA-256 of the design documents with `--documents`.
@Suite("lockspec run: the run's identity")
struct IdentityCLITests {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs an executable in a folder and waits for it (these commands are short and print little).
    static func execute(_ executable: String, _ arguments: [String], in folder: URL) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] { environment.removeValue(forKey: key) }
        process.environment = environment
        let out = folder.appendingPathComponent(".out-\(UUID().uuidString)"), err = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try runRetryingBusy(process)
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Output(status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// Starts `process`, again when its freshly copied binary is "text file busy": another test's process, forked
    /// while the copy's file was still open for writing, holds that descriptor until it execs (a race of parallel
    /// tests, not of lockspec); it lets go within milliseconds.
    static func runRetryingBusy(_ process: Process) throws {
        for attempt in 1...40 {
            do {
                return try process.run()
            } catch let error as NSError where attempt < 40
                && (error.userInfo[NSUnderlyingErrorKey] as? NSError).map({ $0.domain == NSPOSIXErrorDomain && $0.code == Int(ETXTBSY) }) == true {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let r = try execute("/usr/bin/git", ["-c", "user.name=LockSpec Test", "-c", "user.email=test@example.invalid"] + arguments, in: folder)
        #expect(r.status == 0, "git \(arguments): \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh folder holding a copy of the built binary and of one small spec; a git repository of its own with one
    /// commit when `repository` is true.
    static func workspace(repository: Bool) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let binary = try #require(CLITests.binary, "build lockspec first")
        try FileManager.default.copyItem(at: binary, to: folder.appendingPathComponent("lockspec"))
        try FileManager.default.copyItem(at: package.appendingPathComponent("Tests/Samples/specs/decoy.failure-delay.yaml"),
                                         to: folder.appendingPathComponent("spec.yaml"))
        // The table reads the decoy's delay cap from its fixture's product file.
        try FileManager.default.copyItem(at: package.appendingPathComponent("Tests/Samples/specs/decoy.product.yaml"),
                                         to: folder.appendingPathComponent("product.yaml"))
        if repository {
            _ = try git(["init", "-q"], in: folder)
            _ = try git(["add", "spec.yaml", "product.yaml"], in: folder)
            _ = try git(["commit", "-q", "-m", "another project"], in: folder)
        }
        return folder
    }

    /// The commit `lockspec` should report: the project's HEAD, which the test binary was built from (`unknown` when
    /// the project is not a git checkout).
    static func projectCommit() throws -> String {
        let r = try execute("/usr/bin/git", ["rev-parse", "--verify", "-q", "HEAD"], in: package)
        return r.status == 0 ? r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : "unknown"
    }

    @Test("a copy of the binary run in another git repository, or in none, reports the commit it was built from",
          arguments: [true, false])
    func buildCommit(repository: Bool) throws {
        let folder = try Self.workspace(repository: repository)
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.projectCommit()
        let other = repository ? try Self.git(["rev-parse", "HEAD"], in: folder) : nil
        let run = try Self.execute(folder.appendingPathComponent("lockspec").path, ["run", "spec.yaml", "product.yaml", "--json", "r.json"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any]
        let build = (json?["identity"] as? [String: Any])?["build"] as? [String: Any]
        let commit = build?["commit"] as? String
        #expect(commit == expected)
        #expect(commit != other)
        #expect(expected != "unknown", "the project is a git checkout, so the build must know its commit")
        #expect(build?["dirty"] is Bool)
        let version = try Self.execute(folder.appendingPathComponent("lockspec").path, ["--version"], in: folder)
        #expect(version.stdout.contains("build: \(expected)"))
    }

    @Test("--documents puts the SHA-256 of every cited design document into the identity")
    func documents() throws {
        let folder = try Self.workspace(repository: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: docs.appendingPathComponent("dual-password-decoy-space.zh.md"))
        try Data("not cited".utf8).write(to: docs.appendingPathComponent("other.md"))
        let run = try Self.execute(folder.appendingPathComponent("lockspec").path,
                                   ["run", "spec.yaml", "product.yaml", "--documents", "docs", "--json", "r.json", "--markdown", "s.md"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any]
        let documents = (json?["identity"] as? [String: Any])?["documents"] as? [[String: String]]
        #expect(documents == [["name": "dual-password-decoy-space.zh.md",
                               "sha256": "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"]])
        let markdown = try String(contentsOf: folder.appendingPathComponent("s.md"), encoding: .utf8)
        #expect(markdown.contains("- document `dual-password-decoy-space.zh.md` sha256 `2d711642b726`"))
    }

    @Test("a cited document missing from --documents stops the run with exit 2, located at the source: of the first row citing it")
    func missingDocument() throws {
        let folder = try Self.workspace(repository: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: docs.appendingPathComponent("dual-password-decoy-space.md"))
        let spec = try String(contentsOf: folder.appendingPathComponent("spec.yaml"), encoding: .utf8)
        // The row's `source:` line, the one after its id, where the source's own findings are too.
        let line = try #require(spec.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("- id: DP-DELAY-0-1") }) + 2
        let run = try Self.execute(folder.appendingPathComponent("lockspec").path, ["run", "spec.yaml", "product.yaml", "--documents", "docs"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("spec.yaml:\(line):13: error: the specs cite design document 'dual-password-decoy-space.zh.md', which is not in docs, so no row can be checked against it, and the report cannot say which version of it was read [run.document-missing]"))
        #expect(run.stderr.contains("hint: did you mean 'dual-password-decoy-space.md'?"))
        #expect(run.stdout.isEmpty)
    }

    /// Found by a bad-input trial: a cited document that was a folder, a named pipe or a link to /dev/zero was "not in"
    /// the folder, with a did-you-mean of its own name; one of random bytes was read, and its sections went missing.
    @Test("a cited document that is a folder, a device or not UTF-8 text stops the run with exit 2 and says which")
    func unreadableDocument() throws {
        let folder = try Self.workspace(repository: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = folder.appendingPathComponent("docs"), name = "dual-password-decoy-space.zh.md"
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let cases: [(make: (URL) throws -> Void, says: String)] = [
            ({ try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }, "is a folder, not a file"),
            ({ try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/dev/zero") }, "is a device, not a file"),
            ({ try Data([0x23, 0x20, 0xC3, 0x28, 0xFF, 0x0A]).write(to: $0) }, "is not UTF-8 text, so its sections cannot be read"),
            // A re-check: an empty document passed, and a link that leads nowhere was "a named pipe".
            ({ try Data().write(to: $0) }, "is empty, so it has no sections to cover"),
            ({ try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/no/such/document.md") }, "is a link that leads nowhere"),
        ]
        for (make, says) in cases {
            let path = docs.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: path)
            try make(path)
            let run = try Self.execute(folder.appendingPathComponent("lockspec").path, ["run", "spec.yaml", "product.yaml", "--documents", "docs"], in: folder)
            #expect(run.status == 2, "\(says): \(run.stderr)")
            #expect(run.stderr.contains("error: design document '\(name)' in docs \(says)"), "\(run.stderr)")
            #expect(run.stderr.contains("[run.document-unreadable]") && !run.stderr.contains("did you mean"), "\(run.stderr)")
        }
    }
}
