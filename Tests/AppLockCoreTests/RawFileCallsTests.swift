import Foundation
import Synchronization
import Testing
@testable import AppLockCore

/// FileStore's raw calls (`RawFileCalls`, below `StoreFiles`): a read, write, lock or create that a signal interrupts
/// (EINTR) is made again and the store ends as without the interruption; a temporary name that is taken (EEXIST) is
/// drawn again; any other error fails the call. The production calls (`SystemFileCalls`) do real I/O (StoreTests).
@Suite("FileStore's raw calls")
struct RawFileCallsTests {
    /// The real raw calls, except that the first call of `kind` answers -1 with `error` and does nothing. Counts the
    /// calls of `kind`.
    final class FailingOnce: RawFileCalls {
        let kind: String
        let error: Int32
        private let system = SystemFileCalls()
        private let made = Mutex(0)

        init(_ kind: String, _ error: Int32) {
            self.kind = kind
            self.error = error
        }

        /// How many calls of `kind` were made, the failing one included.
        var calls: Int { made.withLock { $0 } }

        /// True when this call of `name` must fail (the first one of `kind`).
        private func fails(_ name: String) -> Bool {
            guard name == kind else { return false }
            let count = made.withLock { count in
                count += 1
                return count
            }
            guard count == 1 else { return false }
            errno = error
            return true
        }

        func open(_ path: String, _ flags: Int32) -> Int32 { system.open(path, flags) }
        func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
            fails(flags & O_EXCL != 0 ? "create" : "open") ? -1 : system.open(path, flags, mode)
        }
        func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { fails("read") ? -1 : system.read(fd, buffer) }
        func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int { fails("write") ? -1 : system.write(fd, buffer) }
        func flock(_ fd: Int32, _ operation: Int32) -> Int32 { fails("lock") ? -1 : system.flock(fd, operation) }
        func unlink(_ path: String) -> Int32 { fails("unlink") ? -1 : system.unlink(path) }
        func fsync(_ fd: Int32) -> Int32 { fails("fsync") ? -1 : system.fsync(fd) }
        func close(_ fd: Int32) -> Int32 { system.close(fd) }
    }

    /// A store over `raw` at `path`.
    static func store(_ path: String, _ raw: FailingOnce) -> FileStore {
        FileStore(path: path, calls: SystemStoreCalls(files: StoreFiles(raw: raw)))
    }

    @Test("an interrupted call is made again, once, and the store writes and reads as without it",
          arguments: ["read", "write", "lock", "create"])
    func interruptedOnce(kind: String) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "k")
        try FileStore(path: dir + "/plain").set([1], forKey: "k")
        let raw = FailingOnce(kind, EINTR)
        let store = Self.store(dir + "/s", raw)
        try store.set([2], forKey: "k")
        #expect(try store.value(forKey: "k") == [2])
        #expect(raw.calls >= 2, "the interrupted \(kind) was made again")
        // Byte for byte what an uninterrupted store writes, and nothing else beside it.
        try FileStore(path: dir + "/plain").set([2], forKey: "k")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/s")) == Data(contentsOf: URL(fileURLWithPath: dir + "/plain")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["plain", "plain.lock", "s", "s.lock"])
    }

    @Test("a temporary name that is taken is drawn again, and the write goes through")
    func nameTaken() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let raw = FailingOnce("create", EEXIST)
        let store = Self.store(dir + "/s", raw)
        try store.set([7], forKey: "k")
        #expect(raw.calls == 2)
        #expect(try FileStore(path: dir + "/s").value(forKey: "k") == [7])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["s", "s.lock"])
    }

    @Test("any other error of a raw call fails the store's call and leaves the old value",
          arguments: ["read", "write", "lock", "create", "fsync"])
    func otherErrorFails(kind: String) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "k")
        let raw = FailingOnce(kind, EIO)
        let store = Self.store(dir + "/s", raw)
        // A read fails the read; the others fail the write (the directory fsync after the rename: the new value is in
        // place, but the caller was told it may not be durable).
        if kind == "read" {
            #expect(throws: StoreError.io("read")) { try store.value(forKey: "k") }
        } else {
            #expect(throws: StoreError.self) { try store.set([2], forKey: "k") }
        }
        #expect(raw.calls == 1)
        #expect(try FileStore(path: dir + "/s").value(forKey: "k") == (kind == "fsync" ? [2] : [1]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["s", "s.lock"])
    }

    @Test("a leftover's unlink that fails fails the store's first call, unless the leftover is already gone (ENOENT)",
          arguments: [(EIO, true), (ENOENT, false)])
    func leftoverUnlink(error: Int32, fails: Bool) throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileStore(path: dir + "/s").set([1], forKey: "k")
        #expect(FileManager.default.createFile(atPath: dir + "/s.tmp-0011223344556677", contents: Data([0])))
        let store = Self.store(dir + "/s", FailingOnce("unlink", error))
        if fails {
            #expect(throws: StoreError.io("remove")) { try store.value(forKey: "k") }
        } else {
            #expect(try store.value(forKey: "k") == [1])
        }
    }
}
