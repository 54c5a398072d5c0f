import Foundation

/// A folder of design documents whose documents are each read from disk once, on first asking: a run's fingerprints
/// (`DocumentFingerprints.take`) and its section coverage (`DesignDocuments.coverage`) given the same folder see the
/// same bytes of every document, so a document edited between the two cannot pair one version's SHA-256 with
/// another's headings and quotes.
///
/// Not shared between threads: one run or one lint makes one and asks it in turn.
public final class DocumentFolder {
    /// What reading one document gave.
    public enum Read: Equatable, Sendable {
        /// The whole document, at most `DesignDocuments.maximumDocumentSize` bytes.
        case bytes([UInt8])
        /// Its size on disk is past `DesignDocuments.maximumDocumentSize`, so it was not read.
        case tooLarge(size: Int)
        /// It is not a regular file: what it is instead (`notAFile`'s words: "a folder, not a file", …). Not read.
        case notAFile(String)
        /// Reading it failed: the reader's own words ("permission denied", "there is no file at this path", …).
        case unreadable(String)
    }

    /// The folder's path.
    public let path: String
    /// How a file is read, up to a limit: `readFile`, or a test's reader that counts or changes what is read.
    let readBytes: (String, Int) throws(DiagnosticError) -> [UInt8]
    /// Each document read so far, by name.
    private var reads: [String: Read] = [:]

    /// The documents of the folder at `path`, none read yet.
    public convenience init(_ path: String) {
        self.init(path, readBytes: readFile(_:limit:))
    }

    /// The documents of the folder at `path`, read with `readBytes` (a file's path and the size limit): the run's
    /// seam for a test's reader, open to this package's modules only.
    package init(_ path: String, readBytes: @escaping (String, Int) throws(DiagnosticError) -> [UInt8]) {
        self.path = path
        self.readBytes = readBytes
    }

    /// The path of the document `name` in the folder.
    public func path(of name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The document `name`: read from disk the first time it is asked for, and the same read every time after.
    public func read(_ name: String) -> Read {
        if let read = reads[name] { return read }
        let read = readOnce(path(of: name))
        reads[name] = read
        return read
    }

    /// One read of the file at `file`: its size checked first, then its type, then its bytes.
    private func readOnce(_ file: String) -> Read {
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > DesignDocuments.maximumDocumentSize {
            return .tooLarge(size: size)
        }
        if let problem = notAFile(file) { return .notAFile(problem) }
        do {
            return .bytes(try readBytes(file, DesignDocuments.maximumDocumentSize))
        } catch {
            // The reader's own words (permission denied, …), after "could not read the file: ".
            return .unreadable(error.diagnostics.first.map { $0.message.replacingOccurrences(of: "could not read the file: ", with: "") }
                               ?? "cannot be read")
        }
    }
}
