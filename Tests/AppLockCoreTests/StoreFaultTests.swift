import Foundation
import Testing
@testable import AppLockCore

/// The store under the faults issue 10 measured: leftovers of a killed write, concurrent instances, entries the
/// decoder would refuse, planted symlinks.
@Suite("Store under faults")
struct StoreFaultTests {
    @Test("a complete copy left by a write killed before its rename is removed when the store is next opened")
    func leftoverRemovedAtOpen() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        try FileStore(path: path).set([1, 2, 3], forKey: "secret-slot")
        // What a kill between the temporary file's fsync and the rename leaves: a full, valid copy beside the store.
        let stale = try Data(contentsOf: URL(fileURLWithPath: path))
        try stale.write(to: URL(fileURLWithPath: path + ".tmp-1234-1"))
        try stale.write(to: URL(fileURLWithPath: path + ".tmp-deadbeefdeadbeef"))
        try FileStore(path: path).remove(forKey: "secret-slot")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["s", "s.lock"])
    }

    @Test("a read-only first use also removes leftovers")
    func leftoverRemovedOnRead() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        try FileStore(path: path).set([7], forKey: "k")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + ".tmp-99"))
        #expect(try FileStore(path: path).value(forKey: "k") == [7])
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp-99"))
    }

    @Test("two instances on one path lose no update (advisory lock around load-modify-write)")
    func concurrentInstances() async throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        let writers = 2, perWriter = 60
        await withTaskGroup(of: Void.self) { group in
            for w in 0..<writers {
                group.addTask {
                    let store = FileStore(path: path)
                    for i in 0..<perWriter { try? store.set([UInt8(w)], forKey: "w\(w)-\(i)") }
                }
            }
        }
        #expect(try FileStore(path: path).keys().count == writers * perWriter)
    }

    @Test("the encoder refuses, before writing, what the decoder would refuse", arguments: [
        ("", [UInt8]()), (String(repeating: "k", count: 257), [UInt8]()), ("k", [UInt8](repeating: 0, count: (1 << 20) + 1)),
    ])
    func encoderRefuses(key: String, value: [UInt8]) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FileStore(path: dir + "/s")
        try store.set([1], forKey: "ok")
        #expect(throws: StoreError.invalidEntry) { try store.set(value, forKey: key) }
        #expect(throws: StoreError.invalidEntry) { try InMemoryStore().set(value, forKey: key) }
        // The store is still readable and unchanged: a refused write never bricks it.
        #expect(try FileStore(path: dir + "/s").keys() == ["ok"])
    }

    @Test("the longest key and value the format allows round-trip")
    func boundsRoundTrip() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let key = String(repeating: "k", count: 256), value = [UInt8](repeating: 9, count: 1 << 20)
        try FileStore(path: dir + "/s").set(value, forKey: key)
        #expect(try FileStore(path: dir + "/s").value(forKey: key) == value)
    }

    @Test("a store file that is a symlink is never read through or written through")
    func symlinkRefused() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/elsewhere"
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: dir + "/s", withDestinationPath: target)
        #expect(throws: StoreError.self) { try FileStore(path: dir + "/s").keys() }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "untouched")
    }

    @Test("a write into a directory that disappeared fails with an error, never silently")
    func missingDirectory() throws {
        let dir = makeTemporaryDirectory()
        try FileManager.default.removeItem(atPath: dir)
        #expect(throws: StoreError.self) { try FileStore(path: dir + "/s").set([1], forKey: "k") }
    }
}
