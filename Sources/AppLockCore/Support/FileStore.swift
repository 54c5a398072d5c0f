#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A store in one file, replaced atomically: write a temporary file in the same directory, fsync it, rename it over
/// the old one, fsync the directory. A kill at any moment leaves either the old or the new contents.
///
/// - Several instances (an app and its extension, two processes) may share one path: every load-modify-write holds an
///   exclusive advisory lock (`flock`) on `<path>.lock`, and reads hold a shared one, so no update is lost.
/// - A kill between creating the temporary file and the rename leaves a complete copy of the store. Such leftovers
///   are removed, under the exclusive lock, the first time an instance touches the store and before every write, so
///   no stale copy (of an erased profile, say) stays openable where the store writes.
/// - Temporary files are created with `O_EXCL | O_NOFOLLOW` under a random name, so a planted file or symlink is
///   never written through.
/// - A missing file is a fresh install. A corrupt or truncated file throws `StoreError.corrupt` from every call and is
///   never overwritten, so the evidence stays and the components fail closed (D-STORE-CORRUPT).
/// - Every system call that could lose the write is checked (`write`, `fsync` of the file and of the directory,
///   `close`, `rename`); a failure throws `StoreError.io`, so callers fail closed. A call a signal interrupts
///   (`read`, `write`, `flock`, the temporary file's `open`: EINTR) is made again, and a temporary name that is
///   already taken (EEXIST) is drawn again, so neither is a failure.
public final class FileStore: KeyValueStore {
    /// The most bytes one value may hold (1 MiB): a longer one is refused on write (`StoreError.invalidEntry`) and
    /// read as corrupt.
    public static let maximumValueLength = StoreCodec.maxValueLength
    /// The file's path.
    public let path: String
    /// Whether this instance has already removed leftovers of killed writers.
    private let state = Mutex(false)
    /// The checksum key derived from the device secret (nil: the unkeyed format 1).
    private let checksumKey: SecretBytes?
    /// The system calls of the atomic write, and below them (`calls.files`) the raw calls of every read, lock and
    /// leftover removal (the real ones, unless a harness in this package substitutes them).
    private let calls: any StoreSystemCalls

    /// Creates a store backed by the file at `path` (its directory must exist). With `deviceSecret`, the checksum is
    /// keyed with a key derived from it (format 2): a file edited or written without it reads as corrupt, and the
    /// same secret is needed to read it; without one, the format is the unkeyed format 1.
    public convenience init(path: String, deviceSecret: DeviceSecret? = nil) {
        self.init(path: path, deviceSecret: deviceSecret, calls: SystemStoreCalls())
    }

    /// A store whose atomic write, reads and lock go through `calls` (for a fault-injecting harness in this package:
    /// a write that fails, or stops where a killed process stops, at a chosen call; a raw call that is interrupted).
    package init(path: String, deviceSecret: DeviceSecret? = nil, calls: any StoreSystemCalls) {
        self.path = path
        checksumKey = deviceSecret?.storeChecksumKey()
        self.calls = calls
    }

    /// The bytes under `key`, or nil.
    public func value(forKey key: String) throws(StoreError) -> [UInt8]? {
        try locked(exclusive: false) { () throws(StoreError) in try load()[key] }
    }

    /// Applies the changes with one atomic file replacement; refuses them (`StoreError.invalidEntry`, nothing written)
    /// when the file would grow past the 64 MiB a read accepts.
    public func update(_ changes: [StoreChange]) throws(StoreError) {
        try locked(exclusive: true) { () throws(StoreError) in
            var entries = try load()
            for change in changes { entries[change.key] = change.value }
            let bytes = try StoreCodec.encode(entries, key: checksumKey)
            // A file the read refuses as corrupt is never written: the update is refused and the store keeps its entries.
            guard bytes.count <= StoreFiles.maximumFileSize else { throw .invalidEntry }
            try write(bytes)
        }
    }

    /// Every key, sorted.
    public func keys() throws(StoreError) -> [String] {
        try locked(exclusive: false) { () throws(StoreError) in try load().keys.sorted() }
    }

    /// Runs `body` holding the in-process mutex and the cross-process advisory lock. The first call of an instance
    /// takes the exclusive lock and removes leftovers of killed writers.
    private func locked<R>(exclusive: Bool, _ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try state.withLock { cleaned throws(StoreError) -> R in
            let lock = try calls.files.lock(path + ".lock", exclusive: exclusive || !cleaned)
            defer { lock.release() }
            if exclusive || !cleaned {
                try calls.files.removeLeftovers(of: path)
                cleaned = true
            }
            return try body()
        }
    }

    private func load() throws(StoreError) -> [String: [UInt8]] {
        guard let raw = try calls.files.read(path) else { return [:] }
        return try StoreCodec.decode(raw, key: checksumKey)
    }

    private func write(_ bytes: [UInt8]) throws(StoreError) {
        let temporary = try calls.createTemporary(beside: path)
        do throws(StoreError) {
            try calls.writeAll(bytes, to: temporary.fd)
            guard calls.fsync(temporary.fd) else { throw StoreError.io("fsync") }
        } catch {
            _ = calls.close(temporary.fd)
            calls.unlink(temporary.path)
            throw error
        }
        guard calls.close(temporary.fd) else {
            calls.unlink(temporary.path)
            throw .io("close")
        }
        guard calls.rename(temporary.path, path) else {
            calls.unlink(temporary.path)
            throw .io("rename")
        }
        try calls.syncDirectory(of: path)
    }
}
