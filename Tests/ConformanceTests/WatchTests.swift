import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures

/// `lockspec watch`'s library: which specs a change affects, when the watcher reacts, and what a session reports on a
/// half-written or deleted file. Everything on a temporary copy of the launch-lock specs, with no time passing.
@Suite("Watch")
struct WatchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary folder with the six launch-lock files: the machine, two scenario sets that use it, two decision
    /// tables and the product file.
    static func launchLockCopy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let specs = root.appendingPathComponent("Tests/Samples/specs")
        for name in try FileManager.default.contentsOfDirectory(atPath: specs.path) where name.hasPrefix("launch-lock.") || name == "schema.json" {
            try FileManager.default.copyItem(at: specs.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder.path
    }

    static func compile(_ folder: String) throws -> SpecCompiler.Compilation {
        try ConformanceRun.compile([folder], registry: .standard)
    }

    @Test("a changed machine re-runs it and the scenario sets that use it; a decision table only itself; a product file every spec of its fixture")
    func affected() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let c = try Self.compile(folder)
        #expect(c.diagnostics.filter { $0.severity == .error }.isEmpty)
        func ids(_ names: String...) -> [String] { AffectedSpecs.ids(changed: Set(names.map { folder + "/" + $0 }), before: c, after: c) }
        #expect(ids("launch-lock.triggers.yaml") == ["launch-lock.acceptance", "launch-lock.grace", "launch-lock.triggers"])
        #expect(ids("launch-lock.toggle.yaml") == ["launch-lock.toggle"])
        #expect(ids("launch-lock.grace.yaml") == ["launch-lock.grace"])
        #expect(ids("launch-lock.product.yaml") == ["launch-lock.acceptance", "launch-lock.availability", "launch-lock.device-clock",
                                                    "launch-lock.grace", "launch-lock.toggle", "launch-lock.triggers"])
        #expect(ids("schema.json").isEmpty)
    }

    @Test("a deleted machine: the scenario sets that used it are found through the compilation before, and say why at their 'uses:'")
    func deletedMachine() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Self.compile(folder)
        var session = WatchSession(paths: [folder], registry: .standard)
        _ = session.start()
        let file = folder + "/launch-lock.triggers.yaml"
        try FileManager.default.removeItem(atPath: file)
        let report = session.react(to: [file])
        #expect(report.ran.isEmpty && report.notRun == ["launch-lock.acceptance", "launch-lock.grace"], "\(report.render())")
        let after = try Self.compile(folder)
        #expect(AffectedSpecs.ids(changed: [file], before: before, after: after) == ["launch-lock.acceptance", "launch-lock.grace", "launch-lock.triggers"])
        #expect(AffectedSpecs.ids(changed: [file], before: nil, after: after).isEmpty)
        for user in ["launch-lock.acceptance", "launch-lock.grace"] {
            #expect(after.diagnostics.contains { $0.id == "spec.unknown-spec" && $0.location.file == folder + "/\(user).yaml" && $0.location.line == 7 },
                    "\(after.diagnostics)")
        }
    }

    @Test("a snapshot of a folder has its spec files and the reasons file; of a spec file, that file and the product files beside it")
    func snapshot() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[]\n".write(toFile: folder + "/sections.yaml", atomically: true, encoding: .utf8)
        let whole = FileSnapshot.take([folder])
        #expect(whole.files.keys.sorted() == ["acceptance", "availability", "device-clock", "grace", "product", "toggle", "triggers"].map { folder + "/launch-lock.\($0).yaml" } + [folder + "/sections.yaml"])
        let one = FileSnapshot.take([folder + "/launch-lock.toggle.yaml"])
        #expect(one.files.keys.sorted() == [folder + "/launch-lock.product.yaml", folder + "/launch-lock.toggle.yaml"])
        #expect(FileSnapshot.take([folder + "/nothing-here"]).files.isEmpty)
        try "id: x\n".write(toFile: folder + "/launch-lock.toggle.yaml", atomically: false, encoding: .utf8)
        #expect(FileSnapshot.take([folder]).changes(since: whole) == [folder + "/launch-lock.toggle.yaml"])
    }

    @Test("the watcher reacts once a change has been quiet for the settle time, with every file that changed meanwhile")
    func watcherSettles() {
        let a = FileStamp(size: 10, modified: 1), b = FileStamp(size: 20, modified: 2), c = FileStamp(size: 30, modified: 3)
        var watcher = SpecWatcher(initial: FileSnapshot(files: ["x.yaml": a, "y.yaml": a]), settle: 0.05)
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": a, "y.yaml": a]), at: 0.00) == nil)
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": b, "y.yaml": a]), at: 0.15) == nil)   // being written
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": c, "y.yaml": a]), at: 0.30) == nil)   // still growing
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": c]), at: 0.45) == nil)                // y deleted
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": c]), at: 0.47) == nil)                // quiet, not long enough
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": c]), at: 0.60) == ["x.yaml", "y.yaml"])
        #expect(watcher.observe(FileSnapshot(files: ["x.yaml": c]), at: 0.75) == nil)                // nothing new
    }

    @Test("a half-written file is a located lint error and its specs are not run; the next save recovers")
    func halfWritten() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/launch-lock.triggers.yaml"
        let whole = try String(contentsOfFile: file, encoding: .utf8)
        var session = WatchSession(paths: [folder], registry: .standard)
        let first = session.start()
        #expect(first.errors == 0 && first.failures.isEmpty && first.ran.count == 6 && !first.cases.isEmpty, "\(first.render())")
        // Cut inside a flow mapping, as an editor's save caught halfway would.
        let cut = whole.range(of: "when: {enabled: true, coldLocked: false, pro")
        let end = try #require(cut).upperBound
        let half = String(whole[..<end])
        try half.write(toFile: file, atomically: false, encoding: .utf8)
        let broken = session.react(to: [file])
        let located = broken.diagnostics.filter { $0.severity == .error && $0.location.file == file }
        #expect(!located.isEmpty, "\(broken.render())")
        #expect(located.allSatisfy { $0.location.line > 1 }, "\(located)")
        #expect(broken.ran.isEmpty && broken.cases.isEmpty, "\(broken.render())")
        #expect(broken.notRun == ["launch-lock.acceptance", "launch-lock.grace", "launch-lock.triggers"], "\(broken.render())")
        #expect(broken.render().contains("\(file):"))
        try whole.write(toFile: file, atomically: false, encoding: .utf8)
        let again = session.react(to: [file])
        #expect(again.errors == 0, "\(again.render())")
        #expect(again.ran == ["launch-lock.acceptance", "launch-lock.grace", "launch-lock.triggers"])
        #expect(!again.cases.isEmpty && again.failures.isEmpty, "\(again.render())")
    }

    /// Found by the seventh product-owner trial (on `lockspec run --spec`; the watch and the workbench split the same
    /// way): a product file broken in its YAML is no dependency any spec reads, so every spec of its fixture ran
    /// without the product values.
    @Test("a product file that gives no values: no spec of its fixture runs; the next save recovers")
    func unusableProductFile() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/launch-lock.product.yaml"
        let whole = try String(contentsOfFile: file, encoding: .utf8)
        var session = WatchSession(paths: [folder], registry: .standard)
        #expect(session.start().ran.count == 6)
        try whole.replacingOccurrences(of: "\n  grace: 60s\n", with: "\n  grace： 60s\n").write(toFile: file, atomically: false, encoding: .utf8)
        let broken = session.react(to: [file])
        #expect(broken.ran.isEmpty && broken.cases.isEmpty, "\(broken.render())")
        #expect(broken.notRun.count == 6, "\(broken.render())")
        try whole.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(session.react(to: [file]).ran.count == 6)
    }

    @Test("a deleted watched folder or file is a finding, not a crash")
    func deleted() throws {
        let folder = try Self.launchLockCopy()
        var session = WatchSession(paths: [folder], registry: .standard)
        _ = session.start()
        try FileManager.default.removeItem(atPath: folder)
        let report = session.react(to: [folder + "/launch-lock.triggers.yaml"])
        #expect(report.diagnostics.contains { $0.id == "input.not-found" }, "\(report.render())")
        #expect(report.ran.isEmpty)
    }

    @Test("the loop reports first, then once per settled change, and stops when asked; no time passes")
    func loop() throws {
        let folder = try Self.launchLockCopy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let toggle = folder + "/launch-lock.toggle.yaml"
        let clock = Counter(), polls = Counter()
        let environment = WatchLoop.Environment(
            now: { Double(clock.value) * 0.15 },
            sleep: { _ in clock.add() },
            snapshot: {
                polls.add()
                var snapshot = FileSnapshot.take([folder])
                // The toggle table is saved between the second and the third poll.
                if polls.value >= 3 { snapshot.files[toggle]?.modified += 1 }
                return snapshot
            },
            shouldStop: { polls.value >= 6 })
        var session = WatchSession(paths: [folder], registry: .standard)
        var reports: [WatchReport] = []
        let count = WatchLoop().run(&session, environment: environment) { reports.append($0) }
        #expect(count == 2 && reports.count == 2)
        #expect(reports.last?.changed == [toggle])
        #expect(reports.last?.ran == ["launch-lock.toggle"])
    }
}

/// A counter the injected closures share.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    func add() { lock.lock(); n += 1; lock.unlock() }
}
