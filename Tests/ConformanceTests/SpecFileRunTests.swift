import Foundation
import Testing
@testable import Conformance
import SpecKit
import AppLockFixtures

/// A run of spec files runs as the run of their folder narrowed to their specs (`--spec`), so its coverage counts the
/// folder's other rows as "not run here" instead of calling every section the files do not cite uncovered.
@Suite("Runs of spec files")
struct SpecFileRunTests {
    static let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("specs")

    static func result(_ options: ConformanceRun.Options) throws -> RunResult {
        var options = options
        options.explore = false
        let outcome = ConformanceRun(options, registry: .standard).run()
        return try #require(outcome.result, "\(outcome.diagnostics)")
    }

    static func uncovered(_ result: RunResult) -> [String] {
        (result.sections?.documents ?? []).flatMap { d in d.sections.filter { $0.status == .uncovered }.map { "\(d.name) §\($0.id)" } }
    }

    @Test("a file runs its specs as --spec does: the same cases, and the same section coverage, none uncovered")
    func fileAsSpec() throws {
        let file = try Self.result(.init(paths: [Self.specs.appendingPathComponent("launch-lock.grace.yaml").path]))
        let spec = try Self.result(.init(paths: [Self.specs.path], specs: ["launch-lock.grace"]))
        #expect(file.cases.map(\.id) == spec.cases.map(\.id) && !file.cases.isEmpty)
        #expect(file.sections == spec.sections)
        #expect(Self.uncovered(file).isEmpty, "\(Self.uncovered(file))")
    }

    @Test("a file its folder reads otherwise (a copy whose id another file has) still runs alone, as before")
    func copyRunsAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["launch-lock.product.yaml", "launch-lock.triggers.yaml"] {
            try FileManager.default.copyItem(at: Self.specs.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        // A machine: alone it reads only its folder's product file; the folder holds the spec it copies.
        let copy = folder.appendingPathComponent("try-triggers.yaml")
        try FileManager.default.copyItem(at: Self.specs.appendingPathComponent("launch-lock.triggers.yaml"), to: copy)
        let run = try Self.result(.init(paths: [copy.path]))
        #expect(!run.cases.isEmpty && run.cases.allSatisfy { $0.file == copy.path }, "\(run.cases.map(\.file).prefix(3))")
    }
}
