#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A store in one file, replaced atomically: write a temporary file in the same directory, fsync it, rename it over
/// the old one, fsync the directory. A kill at any moment leaves either the old or the new contents.
///
/// A missing file is a fresh install. A corrupt or truncated file throws `StoreError.corrupt` from every call and is
/// never overwritten, so the evidence stays and the components fail closed (D-STORE-CORRUPT).
public final class FileStore: KeyValueStore {
    /// The file's path.
    public let path: String
    private let lock = Mutex(0)

    /// Creates a store backed by the file at `path` (its directory must exist).
    public init(path: String) {
        self.path = path
    }

    /// The bytes under `key`, or nil.
    public func value(forKey key: String) throws(StoreError) -> [UInt8]? {
        try lock.withLock { _ throws(StoreError) in try load()[key] }
    }

    /// Applies the changes with one atomic file replacement.
    public func update(_ changes: [StoreChange]) throws(StoreError) {
        try lock.withLock { counter throws(StoreError) in
            var entries = try load()
            for change in changes { entries[change.key] = change.value }
            counter += 1
            try write(StoreCodec.encode(entries), attempt: counter)
        }
    }

    /// Every key, sorted.
    public func keys() throws(StoreError) -> [String] {
        try lock.withLock { _ throws(StoreError) in try load().keys.sorted() }
    }

    /// The file's bytes after validation (empty-store encoding when the file is missing).
    public func persistedBytes() throws(StoreError) -> [UInt8] {
        try lock.withLock { _ throws(StoreError) in
            guard let raw = try readFile() else { return StoreCodec.encode([:]) }
            _ = try StoreCodec.decode(raw)
            return raw
        }
    }

    private func load() throws(StoreError) -> [String: [UInt8]] {
        guard let raw = try readFile() else { return [:] }
        return try StoreCodec.decode(raw)
    }

    private func readFile() throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io("open")
        }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("read")
            }
            if count == 0 { break }
            result += chunk[0..<count]
            if result.count > 64 << 20 { throw .corrupt }
        }
        return result
    }

    private func write(_ bytes: [UInt8], attempt: Int) throws(StoreError) {
        let temporary = "\(path).tmp-\(getpid())-\(attempt)"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io("create") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                close(fd)
                unlink(temporary)
                throw .io("write")
            }
            written += count
        }
        guard fsync(fd) == 0 else {
            close(fd)
            unlink(temporary)
            throw .io("fsync")
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .io("rename")
        }
        let directory = Self.directory(of: path)
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }
}
