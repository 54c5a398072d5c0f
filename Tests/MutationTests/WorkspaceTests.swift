import Foundation
import Testing
@testable import Mutation

/// The stable copy the mutants are built in: it follows the package, deletions included, so a source removed from the
/// package is not compiled in the next run's build.
@Suite("Mutation workspace")
struct WorkspaceTests {
    /// The copy's files, package-relative and sorted (SwiftPM's own folders included, to see they are kept).
    private func files(in root: String) -> [String] {
        var found: [String] = []
        let e = FileManager.default.enumerator(atPath: root)
        while let path = e?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test("a file deleted from the package, or no longer written over it, leaves the copy; SwiftPM's folders stay")
    func followsDeletions() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let package = base + "/package", copy = base + "/copy"
        try FileManager.default.createDirectory(atPath: package + "/Sources/Core", withIntermediateDirectories: true)
        try "let a = 1\n".write(toFile: package + "/Sources/Core/A.swift", atomically: true, encoding: .utf8)
        try "let b = 2\n".write(toFile: package + "/Sources/Core/B.swift", atomically: true, encoding: .utf8)
        let space = Workspace(packageRoot: package, root: copy)
        try space.prepare(overrides: ["Sources/Core/Switch.swift": "let s = 0\n"])
        #expect(files(in: copy) == ["Sources/Core/A.swift", "Sources/Core/B.swift", "Sources/Core/Switch.swift"])
        try FileManager.default.createDirectory(atPath: copy + "/.swiftpm", withIntermediateDirectories: true)
        try "{}".write(toFile: copy + "/.swiftpm/config", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: package + "/Sources/Core/B.swift")
        try space.prepare(overrides: [:])
        #expect(files(in: copy) == [".swiftpm/config", "Sources/Core/A.swift"])
        #expect(try String(contentsOfFile: copy + "/Sources/Core/A.swift", encoding: .utf8) == "let a = 1\n")
    }
}
