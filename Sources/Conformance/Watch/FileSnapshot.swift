import Foundation
import SpecKit

/// What a watch compares of one file between two polls: its size, modification time and inode (an editor that saves
/// by writing a new file and renaming it over the old one changes the inode even when size and time look the same).
public struct FileStamp: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int64
    /// The modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// The inode number.
    public var inode: UInt64

    /// Creates a stamp.
    public init(size: Int64, modified: Int64, inode: UInt64 = 0) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }
}

/// The spec files under some paths, each with its stamp, at one moment. Taking one is cheap (a directory walk and
/// one `stat` per file), so a watch can take one every 100–200 ms.
public struct FileSnapshot: Hashable, Sendable {
    /// Every file found, by path as the paths were given.
    public var files: [String: FileStamp]

    /// Creates a snapshot from stamps (tests give their own).
    public init(files: [String: FileStamp] = [:]) { self.files = files }

    /// The spec files (`.yaml`, `.yml`) under the given paths, as `SpecCompiler.discover` finds them (a path given as a
    /// file is taken even with another extension, with the product files beside it), and the folders' reasons files,
    /// with their stamps. A path that does not exist, or a file that
    /// vanishes while it is read, is simply absent: never an error.
    public static func take(_ paths: [String]) -> FileSnapshot {
        var files: [String: FileStamp] = [:]
        for path in paths {
            let found = (try? SpecCompiler.discover([path])) ?? []
            for file in found {
                if let stamp = stamp(of: file) { files[file] = stamp }
            }
        }
        // A spec given as a file is compiled with the product files beside it, and the reasons file is not a spec but
        // lint reads it: both are watched too.
        for file in SpecCompiler.siblingProductFiles(of: paths) {
            if let stamp = stamp(of: file) { files[file] = stamp }
        }
        for path in paths where !SpecCompiler.isFile(path) {
            let reasons = (path as NSString).appendingPathComponent(SectionReasons.fileName)
            if let stamp = stamp(of: reasons) { files[reasons] = stamp }
        }
        return FileSnapshot(files: files)
    }

    /// The stamp of one file, or nil when it cannot be stat'ed.
    static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return FileStamp(size: Int64(info.st_size), modified: nanoseconds, inode: UInt64(info.st_ino))
    }

    /// The files added, removed or changed since `old`.
    public func changes(since old: FileSnapshot) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in files where old.files[path] != stamp { changed.insert(path) }
        for path in old.files.keys where files[path] == nil { changed.insert(path) }
        return changed
    }
}
