import Foundation
import Testing
@testable import SpecKit

/// Every input the spec fuzzer (Scripts/fuzz spec) ever crashed on, replayed through the same pipeline (the fuzz
/// target's own `specFuzzPipeline`, linked in as SpecFuzzPipeline.swift: compile, migrate, one table edit): once fixed,
/// a crasher stays fixed.
@Suite("Fuzz crashers: spec pipeline")
struct SpecFuzzCrasherTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/crashers/spec")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("each kept crasher compiles to diagnostics or a suite, renders, migrates and takes an edit", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        #expect(!specFuzzPipeline(bytes).contains("\u{1B}"))
    }

    @Test("the crasher folder exists, so a crasher written by Scripts/fuzz is replayed here")
    func folderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path))
    }
}
