#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls behind `FileStore`, each checked: reading, exclusive temporary files, the advisory lock, leftover
/// removal and directory sync. Each goes through `raw` (the real calls in production), and each that a signal can
/// interrupt (EINTR) is retried.
package struct StoreFiles: Sendable {
    /// Reads of a store file larger than this are refused as corrupt (the codec bounds every entry far below it).
    static let maximumFileSize = 64 << 20

    /// The raw system calls.
    let raw: any RawFileCalls

    /// The store's file operations over `raw` (by default the real system calls).
    package init(raw: any RawFileCalls = SystemFileCalls()) {
        self.raw = raw
    }

    /// An advisory `flock` on a lock file, held until `release()`.
    struct Lock {
        /// The lock file's descriptor.
        let fd: Int32
        /// The raw calls that opened it, which close it.
        let raw: any RawFileCalls

        /// Opens (creating if needed) the lock file and takes a shared or exclusive lock, waiting for it.
        init(path: String, exclusive: Bool, raw: any RawFileCalls) throws(StoreError) {
            let fd = raw.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw .io("lock") }
            while raw.flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
                if errno == EINTR { continue }
                _ = raw.close(fd)
                throw .io("lock")
            }
            self.fd = fd
            self.raw = raw
        }

        /// Releases the lock (closing the descriptor releases it).
        func release() { _ = raw.close(fd) }
    }

    /// Takes the advisory lock on the lock file at `path`, shared or exclusive, waiting for it.
    func lock(_ path: String, exclusive: Bool) throws(StoreError) -> Lock {
        try Lock(path: path, exclusive: exclusive, raw: raw)
    }

    /// The file's bytes, or nil when it does not exist.
    func read(_ path: String) throws(StoreError) -> [UInt8]? {
        let fd = raw.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io("open")
        }
        defer { _ = raw.close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw.read(fd, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("read")
            }
            if count == 0 { break }
            result += chunk[0..<count]
            if result.count > Self.maximumFileSize { throw .corrupt }
        }
        return result
    }

    /// Creates a new temporary file beside `path` under a random name, exclusively (`O_EXCL | O_NOFOLLOW`).
    func createTemporary(beside path: String) throws(StoreError) -> (path: String, fd: Int32) {
        let random = SystemRandom()
        for _ in 0..<8 {
            let name = path + ".tmp-" + random.bytes(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            let fd = raw.open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (name, fd) }
            if errno != EEXIST && errno != EINTR { throw .io("create") }
        }
        throw .io("create")
    }

    /// Writes every byte, retrying short writes and interruptions.
    func writeAll(_ bytes: [UInt8], to fd: Int32) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                raw.write(fd, UnsafeRawBufferPointer(rebasing: buffer[written...]))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("write")
            }
            written += count
        }
    }

    /// Removes the temporary files that killed writers left beside `path` (the caller holds the exclusive lock, so
    /// no live writer owns one).
    func removeLeftovers(of path: String) throws(StoreError) {
        let leftovers = try Self.leftovers(of: path)
        for full in leftovers where raw.unlink(full) != 0 && errno != ENOENT { throw .io("remove") }
        if !leftovers.isEmpty { try syncDirectory(of: path) }
    }

    /// The paths of the temporary files beside `path` (a killed writer's leftovers, or a live writer's file). Read
    /// only, with no retry and no errno to tell apart, so it calls opendir and readdir directly.
    static func leftovers(of path: String) throws(StoreError) -> [String] {
        let directory = directory(of: path)
        let prefix = basename(of: path) + ".tmp-"
        guard let stream = opendir(directory) else { throw .io("list") }
        defer { closedir(stream) }
        var leftovers: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { leftovers.append(directory == "/" ? "/" + name : directory + "/" + name) }
        }
        return leftovers.sorted()
    }

    /// Makes the directory entry changes durable (the rename, the removals).
    func syncDirectory(of path: String) throws(StoreError) {
        let fd = raw.open(Self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io("open directory") }
        let synced = raw.fsync(fd) == 0
        let closed = raw.close(fd) == 0
        guard synced, closed else { throw .io("fsync directory") }
    }

    /// The directory part of a path ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// The file-name part of a path.
    static func basename(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
