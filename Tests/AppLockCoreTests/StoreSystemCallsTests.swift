import Foundation
import Testing
@testable import AppLockCore

/// FileStore's atomic write through its system-call seam: every call that could lose the write is checked (issue 10
/// case 8: the directory fsync and `close` were ignored), and a failed write leaves no temporary file behind.
@Suite("FileStore's system calls")
struct StoreSystemCallsTests {
    /// The real calls, except the one named in `failing`, which fails.
    struct FailingCalls: StoreSystemCalls {
        let failing: String
        let system = SystemStoreCalls()

        var files: StoreFiles { system.files }

        func createTemporary(beside path: String) throws(StoreError) -> (path: String, fd: Int32) {
            if failing == "create" { throw .io("create") }
            return try system.createTemporary(beside: path)
        }

        func writeAll(_ bytes: [UInt8], to fd: Int32) throws(StoreError) {
            if failing == "write" { throw .io("write") }
            try system.writeAll(bytes, to: fd)
        }

        func fsync(_ fd: Int32) -> Bool { failing == "fsync" ? false : system.fsync(fd) }

        func close(_ fd: Int32) -> Bool {
            let closed = system.close(fd)
            return failing == "close" ? false : closed
        }

        func rename(_ from: String, _ to: String) -> Bool { failing == "rename" ? false : system.rename(from, to) }

        func unlink(_ path: String) { system.unlink(path) }

        func syncDirectory(of path: String) throws(StoreError) {
            if failing == "syncDirectory" { throw .io("fsync directory") }
            try system.syncDirectory(of: path)
        }
    }

    @Test("a failing call fails the write with an error, and nothing but the store and its lock stays",
          arguments: ["create", "write", "fsync", "close", "rename", "syncDirectory"])
    func failingCall(call: String) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "k")
        let store = FileStore(path: dir + "/s", calls: FailingCalls(failing: call))
        #expect(throws: StoreError.self) { try store.set([2], forKey: "k") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["s", "s.lock"])
        // Only a failed directory sync comes after the rename: the new value is in place but the caller was told
        // it may not be durable; any earlier failure leaves the old value.
        #expect(try FileStore(path: dir + "/s").value(forKey: "k") == (call == "syncDirectory" ? [2] : [1]))
    }
}
