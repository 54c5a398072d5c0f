#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Replaces a file's bytes atomically and keeps its permissions: the bytes go to a new file beside it, which gets the
/// old file's mode (and group, where the process may give it) before it is flushed and renamed over the old one. A
/// reader sees the old text or the new, whole; a failure leaves the old file as it was and no temporary file behind.
/// (Foundation's atomic write makes the new file with the default mode, so a 0664 or 0600 file came out 0644.)
public enum FileReplacement {
    /// Why a file could not be written.
    public struct Failure: Error, CustomStringConvertible {
        /// One sentence.
        public var description: String
    }

    /// Writes `bytes` over the file at `path`, or makes it (with the default mode) when there is none. A symbolic
    /// link is written through: the file it leads to is replaced and the link stays a link (replacing the link itself
    /// would leave its file unchanged and the folder holding a copy); a link that leads nowhere is refused. A file
    /// that is read-only (no write permission for anyone, or none for this process) is refused: a rename over it would
    /// change it all the same.
    public static func write(_ bytes: [UInt8], to link: String) throws(Failure) {
        let path = target(of: link)
        var old = stat()
        let exists = stat(path, &old) == 0
        if let refusal = refusal(writing: link) { throw refusal }
        let (descriptor, temporary) = try create(beside: path)
        var failed: Failure?
        if exists {
            _ = fchown(descriptor, uid_t.max, old.st_gid)  // best effort: only a member of the group may give it
            if fchmod(descriptor, old.st_mode & 0o7777) != 0 { failed = failure("could not set its permissions") }
        }
        if failed == nil, !writeAll(bytes, to: descriptor) { failed = failure("could not write it") }
        if failed == nil, fsync(descriptor) != 0 { failed = failure("could not flush it to disk") }
        if close(descriptor) != 0, failed == nil { failed = failure("could not close it") }
        if failed == nil, rename(temporary, path) != 0 { failed = failure("could not put it in place") }
        if let failed {
            unlink(temporary)
            throw failed
        }
    }

    /// Why `write` would refuse the file at `link` before trying, or nil: it is read-only (no write permission for
    /// anyone, or none for this process), or a symbolic link that leads nowhere (a missing file, a loop: renaming over
    /// it would put a file where the link was, and its target would never be made). For a check that predicts a write.
    public static func refusal(writing link: String) -> Failure? {
        var status = stat()
        if lstat(link, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, stat(link, &status) != 0 {
            return Failure(description: "it is a symbolic link that leads nowhere (a missing file, or a loop): point it at a file, or remove it")
        }
        let path = target(of: link)
        if let blocker = fileAbove(path) {
            return Failure(description: "\(blocker) is a file, not a folder, so nothing can be written under it")
        }
        guard stat(path, &status) == 0, status.st_mode & 0o222 == 0 || access(path, W_OK) != 0 else { return nil }
        return Failure(description: "the file is read-only (make it writable to change it)")
    }

    /// The nearest existing folder above a `path` that does not exist, when it is not a folder but a file; nil when
    /// `path` exists or the folders it needs can be made.
    static func fileAbove(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) != 0 else { return nil }
        func parent(_ p: String) -> String {
            guard let slash = p.lastIndex(of: "/") else { return "." }
            return slash == p.startIndex ? "/" : String(p[..<slash])
        }
        var above = parent(path)
        while stat(above, &status) != 0 {
            guard above != "/", above != "." else { return nil }
            above = parent(above)
        }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : above
    }

    /// Writes `bytes` into what is at `path` without replacing it: a device, a pipe or a socket (a pipe no one reads
    /// is an error, not a wait).
    public static func stream(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENXIO ? Failure(description: "could not write \(path): it is a pipe no process reads") : failure("could not open \(path)")
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard writeAll(bytes, to: descriptor) else { throw failure("could not write \(path)") }
    }

    /// The file a symbolic link leads to (resolved all the way), or `path` itself when it is not a link or its file
    /// does not exist.
    public static func target(of path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A new, empty file in the folder of `path` (`.<name>.<random>.tmp`: hidden, and not a `.yaml` file), open for
    /// writing, and its path.
    static func create(beside path: String) throws(Failure) -> (Int32, String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        for _ in 0..<16 {
            let temporary = folder + "." + name + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { break }
        }
        throw failure("could not make a temporary file beside it")
    }

    /// A failure, with the system's reason.
    static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// Writes all of `bytes` to an open file (again after an interruption); false, with `errno` set, when it cannot.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}
