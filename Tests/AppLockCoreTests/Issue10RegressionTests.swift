import Foundation
import Testing
@testable import AppLockCore

/// Issue 10's measured cases as tests that use only the API the core had before the fixes, so the same file runs
/// against the old core (where each fails) and the fixed one (where each passes). The cases with tests of their own
/// elsewhere are listed in docs/specs.md (D-STORE-KILL-TRIALS).
@Suite("Issue 10 regressions (the same tests before and after the fix)")
struct Issue10RegressionTests {
    @Test("case 6: a write the decoder would refuse never bricks the store", arguments: [
        "", String(repeating: "k", count: 257),
    ])
    func refusedKeyNeverBricks(key: String) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "ok")
        try? FileStore(path: dir + "/s").set([2], forKey: key)
        #expect(try FileStore(path: dir + "/s").keys() == ["ok"])
    }

    @Test("case 6: a value over 1 MiB never bricks the store")
    func refusedValueNeverBricks() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "ok")
        try? FileStore(path: dir + "/s").set([UInt8](repeating: 0, count: (1 << 20) + 1), forKey: "big")
        #expect(try FileStore(path: dir + "/s").keys() == ["ok"])
    }

    @Test("case 8: a symlink planted at a temporary-file name is never written through")
    func plantedTemporarySymlink() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/elsewhere"
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: target))
        // The names a writer of this process would pick if they were predictable (`<store>.tmp-<pid>-<n>`).
        for n in 1...3 {
            try FileManager.default.createSymbolicLink(atPath: dir + "/s.tmp-\(getpid())-\(n)", withDestinationPath: target)
        }
        let store = FileStore(path: dir + "/s")
        for i in 0..<3 { try store.set([UInt8(i)], forKey: "k") }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "untouched")
        #expect(try FileStore(path: dir + "/s").value(forKey: "k") == [2])
    }

    @Test("case 7: a slot record asking for m = 1 GiB, t = 10, p = 4 is refused before any work")
    func hostileSlotRecordRefused() throws {
        let store = InMemoryStore()
        try DualPassword.install(
            main: SecretBytes(utf8: DualPasswordTests.main), decoy: SecretBytes(utf8: DualPasswordTests.decoy),
            store: store, random: SeededRandom(seed: 9), parameters: .testing)
        var record = try #require(try store.value(forKey: "slot.0"))
        for (offset, word) in [(2, UInt32(1 << 20)), (6, UInt32(10)), (10, UInt32(4))] {
            record.replaceSubrange(offset..<offset + 4, with: (0..<4).map { UInt8(word >> (24 - 8 * $0) & 0xFF) })
        }
        #expect(throws: CredentialError.self) { try SlotRecord(bytes: record) }
    }

    @Test("case 5: two dual-password instances on one file, each counting a wrong password, lose no failure count")
    func twoInstancesKeepEveryFailure() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DualPassword.install(
            main: SecretBytes(utf8: DualPasswordTests.main), decoy: SecretBytes(utf8: DualPasswordTests.decoy),
            store: FileStore(path: dir + "/s"), random: SeededRandom(seed: 9), parameters: .testing)
        var app = DualPassword(configuration: .init(parallelDerivation: false), store: FileStore(path: dir + "/s"), random: SeededRandom(seed: 1))
        var extensionCore = DualPassword(
            configuration: .init(parallelDerivation: false), store: FileStore(path: dir + "/s"), random: SeededRandom(seed: 2))
        _ = app.handle(.submit(SecretBytes(utf8: DualPasswordTests.wrong)), now: at(1))
        _ = extensionCore.handle(.submit(SecretBytes(utf8: DualPasswordTests.wrong)), now: at(2))
        _ = app.handle(.submit(SecretBytes(utf8: DualPasswordTests.wrong)), now: at(3))
        let relaunched = DualPassword(store: FileStore(path: dir + "/s"), random: SeededRandom(seed: 3))
        #expect(relaunched.failureCount == 3)
    }

    @Test("case 5: two FileStore instances writing at the same time lose no update")
    func parallelInstances() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s", perWriter = 150
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let store = FileStore(path: path)
            for i in 0..<perWriter { try? store.set([UInt8(writer)], forKey: "w\(writer)-\(i)") }
        }
        #expect(try FileStore(path: path).keys().count == 2 * perWriter)
    }
}
