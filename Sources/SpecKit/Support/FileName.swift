import Synchronization

/// A file path stored once per process and named by a small number: every `SourceLocation` of a file holds the
/// same 4-byte id instead of its own copy of the path, so a location is 16 bytes, copies without reference
/// counting, and compares for equality without reading the text.
///
/// The table only grows (a process names few distinct files: its spec folder, the documents it cites); ids are
/// stable for the life of the process and never written anywhere.
public struct FileName: Hashable, Sendable, CustomStringConvertible {
    /// The id in the process-wide table.
    let id: UInt32

    private struct Table {
        var paths: [String] = [""]
        var ids: [String: UInt32] = ["": 0]
    }

    private static let table = Mutex(Table())

    /// The empty path (id 0), without a look-up.
    public static let empty = FileName(id: 0)

    private init(id: UInt32) { self.id = id }

    /// The interned name of `path`: the same id every time the same text is given.
    public init(_ path: String) {
        if path.isEmpty {
            self = .empty
            return
        }
        id = Self.table.withLock { table in
            if let id = table.ids[path] { return id }
            let id = UInt32(truncatingIfNeeded: table.paths.count)
            table.paths.append(path)
            table.ids[path] = id
            return id
        }
    }

    /// The path's text.
    public var path: String {
        if id == 0 { return "" }
        return Self.table.withLock { $0.paths[Int(id)] }
    }

    /// The path's text.
    public var description: String { path }
}
