import Foundation
import Testing
@testable import AppLockCore

@Suite("Key-value stores")
struct StoreTests {
    @Test("a missing file is a fresh, empty install")
    func missingFileIsEmpty() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FileStore(path: dir + "/store.bin")
        #expect(try store.keys() == [])
        #expect(try store.value(forKey: "a") == nil)
    }

    @Test("values survive a new FileStore on the same path (kill and relaunch)")
    func roundTrip() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").update([
            StoreChange(key: "b", value: [1, 2, 3]), StoreChange(key: "a", value: []),
        ])
        let reopened = FileStore(path: dir + "/s")
        #expect(try reopened.value(forKey: "b") == [1, 2, 3])
        #expect(try reopened.value(forKey: "a") == [])
        #expect(try reopened.keys() == ["a", "b"])
        try reopened.remove(forKey: "b")
        #expect(try FileStore(path: dir + "/s").keys() == ["a"])
    }

    @Test("no temporary file is left behind after an atomic replace")
    func noTemporaryLeft() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FileStore(path: dir + "/s")
        for i in 0..<5 { try store.set([UInt8(i)], forKey: "k") }
        // The store file and its advisory lock file, nothing else.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["s", "s.lock"])
    }

    @Test("every truncation of the file reads as corrupt", arguments: [1, 5, 10, 20, 40])
    func truncated(dropped: Int) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        try FileStore(path: path).update([StoreChange(key: "key", value: Array(repeating: 7, count: 30))])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count - dropped).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.corrupt) { try FileStore(path: path).value(forKey: "key") }
        #expect(throws: StoreError.corrupt) { try FileStore(path: path).set([1], forKey: "other") }
    }

    @Test("a flipped byte reads as corrupt")
    func flipped() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        try FileStore(path: path).set([1, 2, 3, 4], forKey: "key")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[12] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.corrupt) { try FileStore(path: path).keys() }
    }

    @Test("the in-memory store encodes exactly like the file store")
    func sameEncoding() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = FileStore(path: dir + "/s")
        let memory = InMemoryStore()
        for store in [file, memory] as [any KeyValueStore] {
            try store.update([StoreChange(key: "x", value: [9]), StoreChange(key: "y", value: [8, 7])])
        }
        #expect(try file.persistedBytes() == memory.persistedBytes())
        #expect(throws: StoreError.corrupt) { try InMemoryStore.corrupted().value(forKey: "x") }
    }
}
