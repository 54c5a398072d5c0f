import Foundation
import Testing

/// Runs the built `lockspec` binary and checks its exit code, standard output and standard error.
///
/// Lint tests use malformed files: they fail before the fixture check, so they do not depend on the fixtures that
/// the Conformance module registers.
@Suite("lockspec CLI")
struct CLITests {
    struct Run {
        var status: Int32
        var signalled: Bool
        var stdout: String
        var stderr: String
        var output: String { stdout + stderr }
    }

    /// The `lockspec` binary beside the test bundle: `.build/<config>/lockspec`.
    static let binary: URL? = {
        let here = Bundle.main.bundleURL
        let candidates = [here, here.deletingLastPathComponent()] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent("lockspec") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `lockspec` (through `bash -c` when `shell` is given, as `shell "$LOCKSPEC" args…`), with a timeout.
    static func run(_ arguments: [String], shell: String? = nil, environment: [String: String] = [:],
                    timeout: TimeInterval = 10) throws -> Run {
        let binary = try #require(binary, "the lockspec binary was not found next to the test bundle (\(Bundle.main.bundleURL.path)); build it first")
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell + " \"$LOCKSPEC\" \"$@\"", "lockspec"] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["LOCKSPEC"] = binary.path
        env.removeValue(forKey: "NO_COLOR")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a full pipe would block a child that writes a lot.
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate(); process.waitUntilExit() }
        try out.close()
        try err.close()
        #expect(!timedOut, "lockspec \(arguments) did not finish within \(timeout) s")
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A temporary folder holding one file with the given bytes; returns the file's path.
    static func write(_ bytes: [UInt8], name: String = "spec.yaml") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    // MARK: Usage

    @Test("standard output that cannot be written (a full disk, a closed descriptor) ends the command with status 2 and says why, never a crash", arguments: [
        ("exec 1>/dev/full;", "lockspec: could not write to standard output (No space left on device)"),
        ("exec 1>&-;", "lockspec: standard output is closed, so nothing could report: stopped with status 2")])
    func undeliverableOutput(redirect: String, why: String) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let r = try Self.run(["lint", RunCLITests.specs, "--format", "sarif"], shell: redirect, timeout: 60)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(why) && !r.stderr.contains("crashed"), "\(r.stderr)")
    }

    @Test("the binary is found")
    func found() { #expect(Self.binary != nil, "no lockspec beside \(Bundle.main.bundleURL.path)") }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let r = try Self.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("lockspec "))
    }

    @Test("--help prints an overview and exits 0")
    func help() throws {
        let r = try Self.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("OVERVIEW:"))
        #expect(r.stdout.contains("lint"))
    }

    @Test("an unknown command is a usage error: exit 2, Error:, and where to look")
    func unknownCommand() throws {
        let r = try Self.run(["lnt"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Error: unknown command 'lnt'"))
        #expect(r.stderr.contains("See 'lockspec --help'."))
    }

    @Test("lint --help is laid out as OVERVIEW, USAGE, ARGUMENTS, OPTIONS")
    func lintHelp() throws {
        let r = try Self.run(["lint", "--help"])
        #expect(r.status == 0)
        let positions = ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"].map { r.stdout.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test("an unknown option gets a did-you-mean and exit 2")
    func bogusOption() throws {
        let r = try Self.run(["lint", "--strcit"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Error: unknown option --strcit (did you mean --strict?)"))
        #expect(r.stderr.contains("See 'lockspec lint --help'."))
    }

    @Test("a bad --format value is a usage error")
    func badFormat() throws {
        let r = try Self.run(["lint", "--format", "xml", "/nonexistent"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--format must be one of text, json, github, sarif, not 'xml'"))
    }

    @Test("linting a path that does not exist exits 2 and names it")
    func missingPath() throws {
        let r = try Self.run(["lint", "/nonexistent/specs.yaml"])
        #expect(r.status == 2)
        #expect(r.output.contains("no such file or folder: /nonexistent/specs.yaml"))
    }

    // MARK: Findings and formats

    static let wrongKind = Array("id: t.x\nkind: machin\ntitle: T\n".utf8)

    @Test("lint reports a finding with file:line:col and exits 1")
    func textFinding() throws {
        let path = try Self.write(Self.wrongKind)
        defer { Self.remove(path) }
        let r = try Self.run(["lint", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(path):2:7: error: 'machin' is not a kind of spec"))
        #expect(r.stdout.contains("[spec.unknown-kind]"))
        #expect(r.stdout.hasSuffix(": 1 error, 0 warnings\n") && r.stderr.isEmpty, "the count closes standard output: \(r.output)")
    }

    /// Found by a product owner's trial: one typo in a machine closed with "9 errors".
    @Test("the closing count says how many errors only follow from a spec they use having errors")
    func followingErrors() throws {
        let folder = try RunCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["medtime.product.yaml", "medtime.unlock.yaml", "medtime.lockout.yaml", "medtime.navigation.yaml"] {
            var text = try String(contentsOfFile: RunCLITests.specs + "/" + name, encoding: .utf8)
            if name == "medtime.unlock.yaml" { text = text.replacingOccurrences(of: "states: [CheckingSession,", with: "states: [CheckingSesion,") }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let r = try Self.run(["lint", folder.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("[spec.uses-broken-spec]"), "\(r.output)")
        #expect(r.stdout.hasSuffix(" errors (2 only because a spec they use has errors), 0 warnings\n"), "\(r.output)")
    }

    @Test("--format github prints workflow annotations")
    func github() throws {
        let path = try Self.write(Self.wrongKind)
        defer { Self.remove(path) }
        let r = try Self.run(["lint", "--format", "github", path])
        #expect(r.status == 1)
        let escaped = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(r.stdout.hasPrefix("::error file=\(escaped),line=2,col=7,title=spec.unknown-kind::"))
    }

    @Test("--format json prints an array of findings with every field")
    func json() throws {
        let path = try Self.write(Self.wrongKind)
        defer { Self.remove(path) }
        let r = try Self.run(["lint", "--format", "json", path])
        #expect(r.status == 1)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item["severity"] as? String == "error")
        #expect(item["id"] as? String == "spec.unknown-kind")
        #expect((item["message"] as? String)?.hasPrefix("'machin' is not a kind of spec") == true)
        #expect(item["file"] as? String == path)
        #expect(item["line"] as? Int == 2)
        #expect(item["column"] as? Int == 7)
    }

    @Test("no colour when the output is not a terminal, and none with NO_COLOR", arguments: [false, true])
    func noColor(_ noColor: Bool) throws {
        let path = try Self.write(Self.wrongKind)
        defer { Self.remove(path) }
        let r = try Self.run(["lint", path], environment: noColor ? ["NO_COLOR": "1"] : [:])
        #expect(r.status == 1)
        #expect(!r.output.isEmpty)
        #expect(!r.output.utf8.contains(0x1B))
    }

    @Test("--strict still fails on an error, and the summary line counts it and names the file it could not read")
    func strictSummary() throws {
        let path = try Self.write(Self.wrongKind)
        defer { Self.remove(path) }
        let r = try Self.run(["lint", "--strict", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("0 specs, 0 rows; left out: \(path): 1 error, 0 warnings"), "\(r.stdout)")
    }

    // MARK: Malformed input: a located error, exit 1 or 2, bounded time and memory, never a crash

    struct Malformed: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: @Sendable () -> [UInt8]
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "bad indentation") { Array("id: t.x\nkind: machine\n  title: T\n source: s\n".utf8) },
        Malformed(name: "a tab for indentation") { Array("id: t.x\nrows:\n\t- id: a\n".utf8) },
        Malformed(name: "a duplicate key") { Array("id: t.x\nkind: machine\nid: t.y\n".utf8) },
        Malformed(name: "an unterminated quote") { Array("id: t.x\ntitle: \"never closed\nkind: machine\n".utf8) },
        Malformed(name: "an alias bomb (nine levels of nine aliases)") {
            var text = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
            for level in 1...8 {
                text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
            }
            return Array(text.utf8)
        },
        Malformed(name: "a self-referencing alias") { Array("id: t.x\nrows: &r [*r]\n".utf8) },
        Malformed(name: "100 000 nested brackets") { Array(("id: " + String(repeating: "[", count: 100_000) + "\n").utf8) },
        Malformed(name: "a 50 MB scalar") {
            Array("id: t.x\ntitle: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024) + Array("\n".utf8)
        },
        Malformed(name: "bytes that are not UTF-8") { Array("id: t.x\ntitle: caf".utf8) + [0xE9] + Array("\n".utf8) },
        Malformed(name: "a NUL byte") { Array("id: t.x\ntitle: a".utf8) + [0] + Array("b\n".utf8) },
        Malformed(name: "an empty file") { [] },
        Malformed(name: "two documents") { Array("id: t.x\n---\nid: t.y\n".utf8) },
        Malformed(name: "a list where a name belongs") {
            Array("id: t.x\nkind: machine\ntitle: T\nsource: s §1\nfixture: fx\nstates: [Open]\ninitial: [Open]\nevents: [go]\nrows: []\n".utf8)
        },
    ]

    @Test("malformed input ends in a located error, exit 1 or 2, within 10 s and 1 GiB", arguments: malformed)
    func malformedInput(_ input: Malformed) throws {
        let path = try Self.write(input.bytes())
        defer { Self.remove(path) }
        // `ulimit -v` caps the address space, so a run that needs more than 1 GiB fails instead of passing.
        let r = try Self.run(["lint", path], shell: "ulimit -v 1048576; exec")
        #expect(!r.signalled, "lockspec was killed by signal \(r.status)\n\(r.stderr)")
        #expect(r.status == 1 || r.status == 2, "exit \(r.status)\n\(r.output)")
        #expect(r.stdout.contains("\(path):"), "\(r.output.prefix(2000))")
        #expect(r.output.count < 100_000, "the error output should be short, not an echo of the input")
    }
}
