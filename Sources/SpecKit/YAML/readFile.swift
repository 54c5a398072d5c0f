#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reads a whole file, refusing it before reading when its size is over `limit`, and never reading more than
/// `limit + 1` bytes even when the size it reports is wrong (a pipe, a file that grows).
///
/// The file is opened without waiting: a named pipe that nothing writes to (a `fifo.yaml` in a spec folder) would
/// otherwise block the open for ever. It is then read as any pipe is: to its end, when its writer closes it.
///
/// Every failure is a diagnostic at `path:1:1`.
public func readFile(_ path: String, limit: Int) throws(DiagnosticError) -> [UInt8] {
    func unreadable(_ reason: String) -> DiagnosticError {
        DiagnosticError([Diagnostic(.error, id: "yaml.unreadable", "could not read the file: \(reason)", at: .file(path))])
    }
    func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "there is no file at this path"
        case EACCES: "permission denied"
        case EISDIR: "it is a folder, not a file"
        case ENOTDIR: "a part of the path is not a folder"
        default: String(cString: strerror(code))
        }
    }

    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw unreadable(reason(errno)) }
    defer { close(descriptor) }
    // Reads wait again for a writer that is there (process substitution, a pipe being filled).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)

    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable(reason(errno)) }
    if status.st_mode & S_IFMT == S_IFDIR { throw unreadable(reason(EISDIR)) }
    let isPipe = status.st_mode & S_IFMT == S_IFIFO
    let reportedSize = Int(status.st_size)
    if reportedSize > limit {
        throw DiagnosticError([YAMLLimits.tooLarge(size: reportedSize, limit: limit, file: path)])
    }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(reportedSize + 1)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw unreadable(reason(errno))
        }
        if count == 0 {
            // A pipe with no writer reads as at its end at once: say so rather than call the spec empty.
            if isPipe && bytes.isEmpty { throw unreadable("it is a pipe, and nothing was written to it") }
            return bytes
        }
        bytes.append(contentsOf: chunk[0..<count])
        if bytes.count > limit {
            throw DiagnosticError([YAMLLimits.tooLarge(size: nil, limit: limit, file: path)])
        }
    }
}
