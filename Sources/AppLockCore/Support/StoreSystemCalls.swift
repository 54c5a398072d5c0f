#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of `FileStore`'s atomic write, as a seam inside the package: production uses
/// `SystemStoreCalls`; a harness in the same package (AppLockFixtures) substitutes calls that fail, or that stop as a
/// killed process stops, at a chosen call. Below them, `files` makes the raw calls (`RawFileCalls`) of the write's
/// steps and of FileStore's reads, lock and leftover removal. Not public: an app cannot change how its store writes.
package protocol StoreSystemCalls: Sendable {
    /// The file operations below these calls, which FileStore also reads, locks and removes leftovers through.
    var files: StoreFiles { get }
    /// Creates a new temporary file beside `path`, exclusively; returns its path and descriptor.
    func createTemporary(beside path: String) throws(StoreError) -> (path: String, fd: Int32)
    /// Writes every byte of `bytes` to `fd`.
    func writeAll(_ bytes: [UInt8], to fd: Int32) throws(StoreError)
    /// `fsync(fd)`; true when it succeeded.
    func fsync(_ fd: Int32) -> Bool
    /// `close(fd)`; true when it succeeded.
    func close(_ fd: Int32) -> Bool
    /// `rename(from, to)`; true when it succeeded.
    func rename(_ from: String, _ to: String) -> Bool
    /// `unlink(path)`, best effort (the caller is already failing).
    func unlink(_ path: String)
    /// Makes the directory entry of `path` durable (fsync of its directory).
    func syncDirectory(of path: String) throws(StoreError)
}

/// The real system calls (the production default of every `FileStore`).
package struct SystemStoreCalls: StoreSystemCalls {
    /// The file operations `createTemporary`, `writeAll` and `syncDirectory` are made of.
    package let files: StoreFiles

    /// The real calls, over `files` (by default the real raw calls too).
    package init(files: StoreFiles = StoreFiles()) {
        self.files = files
    }

    package func createTemporary(beside path: String) throws(StoreError) -> (path: String, fd: Int32) {
        try files.createTemporary(beside: path)
    }

    package func writeAll(_ bytes: [UInt8], to fd: Int32) throws(StoreError) { try files.writeAll(bytes, to: fd) }

    package func fsync(_ fd: Int32) -> Bool {
        #if canImport(Glibc)
        Glibc.fsync(fd) == 0
        #else
        Darwin.fsync(fd) == 0
        #endif
    }

    package func close(_ fd: Int32) -> Bool {
        #if canImport(Glibc)
        Glibc.close(fd) == 0
        #else
        Darwin.close(fd) == 0
        #endif
    }

    package func rename(_ from: String, _ to: String) -> Bool {
        #if canImport(Glibc)
        Glibc.rename(from, to) == 0
        #else
        Darwin.rename(from, to) == 0
        #endif
    }

    package func unlink(_ path: String) {
        #if canImport(Glibc)
        _ = Glibc.unlink(path)
        #else
        _ = Darwin.unlink(path)
        #endif
    }

    package func syncDirectory(of path: String) throws(StoreError) { try files.syncDirectory(of: path) }
}
