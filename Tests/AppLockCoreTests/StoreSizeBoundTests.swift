import Foundation
import Testing
@testable import AppLockCore

/// The 64 MiB bound of a store file, from both sides and on both paths: the largest file a read accepts is written and
/// reads back, and an update that would make the file one byte larger is refused before anything is written (a write
/// the read then refused as corrupt would lock the user out of every value in the store). D-STORE-FORMAT.
@Suite("The store file's size bound")
struct StoreSizeBoundTests {
    /// 64 keys of 6 bytes: 41 bytes of header and checksum, 12 of framing per entry, so the values of a file of
    /// exactly 64 MiB take 67,108,055 bytes: 63 of 1 MiB, the last of 1,047,767.
    static let keys = (0..<64).map { "pad.\($0 < 10 ? "0" : "")\($0)" }
    static let lastLength = 64 << 20 - 41 - 64 * 12 - 63 << 20

    @Test("a file of exactly 64 MiB is written and reads back; one byte more is refused and the store keeps its entries")
    func exactBound() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/store"
        let full = [UInt8](repeating: 0x5A, count: 1 << 20)
        let changes = Self.keys.dropLast().map { StoreChange(key: $0, value: full) }
            + [StoreChange(key: Self.keys[63], value: [UInt8](repeating: 0xA5, count: Self.lastLength))]
        try FileStore(path: path).update(changes)
        #expect(try fileSize(path) == 64 << 20)
        let reopened = FileStore(path: path)
        #expect(try reopened.keys() == Self.keys)
        #expect(try reopened.value(forKey: Self.keys[63])?.count == Self.lastLength)

        #expect(throws: StoreError.invalidEntry) {
            try reopened.update([StoreChange(key: Self.keys[63], value: [UInt8](repeating: 0xA5, count: Self.lastLength + 1))])
        }
        #expect(throws: StoreError.invalidEntry) { try reopened.set([], forKey: "x") }
        #expect(try fileSize(path) == 64 << 20)
        #expect(try FileStore(path: path).value(forKey: Self.keys[63])?.count == Self.lastLength)
        #expect(try FileStore(path: path).value(forKey: "x") == nil)
    }

    private func fileSize(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
