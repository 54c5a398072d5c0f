import Foundation
import Testing
@testable import AppLockCore

/// Every input the store fuzzer (Scripts/fuzz store) ever crashed on, replayed: persisted bytes are read back with
/// an error or a value, never a trap, and a decoded store re-encodes to the same bytes.
@Suite("Fuzz crashers: persisted bytes")
struct StoreFuzzCrasherTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/crashers/store")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("each kept crasher reads back as an error or a value that re-encodes exactly", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        _ = try? StoreCodec.decode(bytes)
        let sealed = bytes + StoreCodec.checksum(bytes)
        if let entries = try? StoreCodec.decode(sealed) { #expect(try StoreCodec.encode(entries) == sealed) }
        _ = try? SlotRecord(bytes: bytes)
        _ = try? PINCredential(record: bytes)
    }

    @Test("the crasher folder exists, so a crasher written by Scripts/fuzz is replayed here")
    func folderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path))
    }
}
