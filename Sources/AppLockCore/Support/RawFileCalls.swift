#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw system calls below `StoreFiles` (its reads, the advisory lock, the temporary file, its writes, the
/// leftover removal and the directory sync), as a seam inside the package. Each answers what its system call answers
/// and, when it fails, leaves the reason in `errno` as the system call does, so `StoreFiles` decides exactly as over
/// the real calls (an interrupted call is retried, a taken name is tried again). Production uses `SystemFileCalls`; a
/// harness in the same package (AppLockFixtures) substitutes calls that are interrupted or refused once. Not public:
/// an app cannot change how its store reads or writes.
package protocol RawFileCalls: Sendable {
    /// `open(path, flags)` of a file that exists: a descriptor, or -1.
    func open(_ path: String, _ flags: Int32) -> Int32
    /// `open(path, flags, mode)`, creating the file with `mode` when `flags` say so: a descriptor, or -1.
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `read(fd, buffer, count)` into all of `buffer`: the bytes read, 0 at the end of the file, or -1.
    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int
    /// `write(fd, buffer, count)` of all of `buffer`: the bytes written, or -1.
    func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int
    /// `flock(fd, operation)`: 0, or -1.
    func flock(_ fd: Int32, _ operation: Int32) -> Int32
    /// `unlink(path)`: 0, or -1.
    func unlink(_ path: String) -> Int32
    /// `fsync(fd)`: 0, or -1.
    func fsync(_ fd: Int32) -> Int32
    /// `close(fd)`: 0, or -1.
    func close(_ fd: Int32) -> Int32
}

/// The real system calls (the production default under every `FileStore`).
package struct SystemFileCalls: RawFileCalls {
    /// The real calls.
    package init() {}

    /// `open(2)` without a mode.
    package func open(_ path: String, _ flags: Int32) -> Int32 { posixOpen(path, flags) }

    /// `open(2)` with a mode.
    package func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { posixOpen(path, flags, mode) }

    /// `read(2)`.
    package func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { posixRead(fd, buffer) }

    /// `write(2)`.
    package func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int { posixWrite(fd, buffer) }

    /// `flock(2)`.
    package func flock(_ fd: Int32, _ operation: Int32) -> Int32 { posixFlock(fd, operation) }

    /// `unlink(2)`.
    package func unlink(_ path: String) -> Int32 { posixUnlink(path) }

    /// `fsync(2)`.
    package func fsync(_ fd: Int32) -> Int32 { posixFsync(fd) }

    /// `close(2)`.
    package func close(_ fd: Int32) -> Int32 { posixClose(fd) }
}

// The C functions, called at file scope, where the methods of `SystemFileCalls` that share their names do not hide
// them (and `flock` names the C function, not the struct).

/// `open(2)` without a mode.
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

/// `open(2)` with a mode.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

/// `read(2)` into `buffer`.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(fd, buffer.baseAddress, buffer.count)
}

/// `write(2)` of `buffer`.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(fd, buffer.baseAddress, buffer.count)
}

/// `flock(2)`.
private func posixFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }

/// `unlink(2)`.
private func posixUnlink(_ path: String) -> Int32 { unlink(path) }

/// `fsync(2)`.
private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }

/// `close(2)`.
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
