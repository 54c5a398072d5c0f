import Foundation
import SpecKit
import Conformance
import Testing
import AppLockFixtures

/// The compiled output of the project's specs, byte for byte: `lockspec compile specs --out gen` (suite.json,
/// diagrams/<spec>.mmd and .dot), compared against the SHA-256 of every file as main produced
/// them before the loader, reader and hashing were sped up (Golden/compiled-specs.sha256).
///
/// The specs are a frozen copy (Golden/specs, the specs/ of that commit), so editing specs/ does not move this
/// test: it guards the compiler, not the tables. The copy is compiled under the names `specs/<file>`, with the
/// fixtures' catalog, exactly as the command does. Re-record (after an intended change of the output) with
/// `LOCKSPEC_RECORD=1 swift test --filter CompiledSpecsGolden`; the recording run fails on purpose.
@Suite("Compiled specs golden")
struct CompiledSpecsGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let command = "lockspec compile specs --out gen"

    /// Every output file of the command, by its path under `--out`, in the order the command writes them.
    static func outputs() throws -> [(path: String, text: String)] {
        let folder = golden.appendingPathComponent("specs")
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in try SpecCompiler.discover([folder.path]) {
            let name = String(file.dropFirst(folder.path.count + 1))
            sources.append(("specs/" + name, Array(try Data(contentsOf: URL(fileURLWithPath: file)))))
        }
        let compilation = SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: sources)
        #expect(!compilation.failed(strict: false), "the frozen specs compile: \(compilation.diagnostics.prefix(3))")
        var files = [("suite.json", try emitJSON(compilation.suite, command: command))]
        for spec in compilation.suite.specs where spec.graph != nil {
            for format in DiagramFormat.allCases {
                files.append(("diagrams/\(spec.id).\(format == .mermaid ? "mmd" : "dot")",
                              emitDiagram(spec, format: format, command: command)))
            }
        }
        return files
    }

    /// `<sha256>  <path>` lines, as `sha256sum` prints them, sorted by path.
    static func hashList(_ files: [(path: String, text: String)]) -> String {
        files.sorted { $0.path < $1.path }.map { "\(SHA256.hex(Array($0.text.utf8)))  \($0.path)\n" }.joined()
    }

    @Test("lockspec compile specs writes byte-identical files to the recorded ones")
    func byteIdentical() throws {
        let files = try Self.outputs()
        let actual = Self.hashList(files)
        let listURL = Self.golden.appendingPathComponent("compiled-specs.sha256")
        if ProcessInfo.processInfo.environment["LOCKSPEC_RECORD"] == "1" {
            try Data(actual.utf8).write(to: listURL)
            Issue.record("re-recorded \(listURL.path): review the diff, then run again without LOCKSPEC_RECORD")
            return
        }
        let expected = try String(contentsOf: listURL, encoding: .utf8)
        guard actual != expected else { return }
        // Name the files that differ, and keep them for a diff against `lockspec compile` of the same commit.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-golden-\(getpid())")
        for file in files {
            let url = out.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
        let expectedLines = Set(expected.split(separator: "\n"))
        let differing = actual.split(separator: "\n").filter { !expectedLines.contains($0) }.map { $0.dropFirst(66) }
        Issue.record("compiled output differs from the golden hashes in: \(differing.joined(separator: ", ")); written to \(out.path)")
    }

    @Test("the hash list is the one sha256sum gives for the files the command wrote")
    func listShape() throws {
        let list = try String(contentsOf: Self.golden.appendingPathComponent("compiled-specs.sha256"), encoding: .utf8)
        let lines = list.split(separator: "\n")
        #expect(lines.count >= 3, "suite.json and at least two diagrams")
        #expect(lines.contains { $0.hasSuffix("  suite.json") } && lines.contains { $0.hasSuffix(".dot") })
        #expect(lines.allSatisfy { $0.count > 66 && $0.prefix(64).allSatisfy(\.isHexDigit) })
    }
}
