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

/// Every input the split fuzzer (Scripts/fuzz split) ever stopped on, replayed through the same check: wherever the
/// split parse keeps its two pieces, one pass reads exactly the same document.
@Suite("Fuzz crashers: split parse")
struct SplitFuzzCrasherTests {
    static let folder = SpecFuzzCrasherTests.folder.deletingLastPathComponent().appendingPathComponent("split")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("each kept crasher splits as one pass reads it, or not at all", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        #expect(bytes.withUnsafeBufferPointer { YAMLSplitCheck.disagreement(in: $0) } == nil)
    }

    @Test("the crasher folder exists, so a crasher written by Scripts/fuzz is replayed here")
    func folderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path))
    }

    @Test("the check itself: a small spec splits as one pass reads it, and a join off by one byte or one line is caught")
    func checkHasTeeth() throws {
        let rows = (0..<40).map { "  - id: R-\($0)\n    from: A\n    on: go\n    to: B\n" }.joined()
        let text = Array(("id: m\nkind: machine\nrows:\n" + rows).utf8)
        let point = try #require(text.withUnsafeBufferPointer { YAMLSplitPoint.find(in: $0) })
        #expect(text.withUnsafeBufferPointer { YAMLSplitCheck.disagreement(in: $0) } == nil)
        // A join that is off by one text byte, or one record's line, must be told from the one-pass document.
        let joined = try #require(text.withUnsafeBufferPointer { YAMLSplitLoad(limits: .default).load($0, file: "split.yaml", at: point) })
        #expect(YAMLSplitCheck.difference(joined: joined, onePass: joined, cut: point.offset) == nil)
        var text2 = joined.text
        text2[text2.count - 1] ^= 1
        let wrongText = YAMLDocument(records: joined.records, children: joined.children, text: text2,
                                     fileName: joined.fileName, rootIndex: joined.rootIndex)
        #expect(YAMLSplitCheck.difference(joined: wrongText, onePass: joined, cut: point.offset) != nil)
        var records = joined.records
        records[records.count - 1].line += 1
        let wrongLine = YAMLDocument(records: records, children: joined.children, text: joined.text,
                                     fileName: joined.fileName, rootIndex: joined.rootIndex)
        #expect(YAMLSplitCheck.difference(joined: wrongLine, onePass: joined, cut: point.offset) != nil)
    }
}
