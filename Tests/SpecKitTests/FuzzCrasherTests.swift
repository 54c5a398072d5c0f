import Foundation
import Testing
@testable import SpecKit

/// Every input the spec fuzzer (Scripts/fuzz spec) ever crashed on, replayed through the same pipeline: once fixed, a
/// crasher stays fixed. Inputs are split into files at `#---8<---` lines, as the fuzz target does.
@Suite("Fuzz crashers: spec pipeline")
struct SpecFuzzCrasherTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/crashers/spec")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("each kept crasher compiles to diagnostics or a suite, and renders", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n#---8<---\n")
        let files = parts.enumerated().map { (path: "specs/fuzz\($0.offset).yaml", bytes: Array($0.element.utf8)) }
        let compilation = SpecCompiler().compile(sources: files)
        #expect(!DiagnosticFormatter.render(compilation.diagnostics, format: .text).contains("\u{1B}"))
    }

    @Test("the crasher folder exists, so a crasher written by Scripts/fuzz is replayed here")
    func folderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path))
    }
}
