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
/// Every failure is a diagnostic at `path:1:1`.
func readFile(_ path: String, limit: Int) throws(DiagnosticError) -> [UInt8] {
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

    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(reason(errno)) }
    defer { close(descriptor) }

    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable(reason(errno)) }
    if status.st_mode & S_IFMT == S_IFDIR { throw unreadable(reason(EISDIR)) }
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
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<count])
        if bytes.count > limit {
            throw DiagnosticError([YAMLLimits.tooLarge(size: nil, limit: limit, file: path)])
        }
    }
}
