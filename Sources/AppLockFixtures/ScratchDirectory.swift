import Foundation

/// Where the fixtures put their temporary stores. Each fixture still uses AppLockCore's real `FileStore`, fsyncs and
/// all; only the folder changes: `/dev/shm` (a tmpfs, where an fsync costs nothing) when it is a writable folder,
/// else the system's temporary directory. With `LOCKSPEC_DURABLE_STORES=1` in the environment the stores go to the
/// temporary directory even where `/dev/shm` exists: the slow path, for a run that wants every fsync to reach a disk.
///
/// No row in specs/ tests durability across a power loss (a kill keeps the page cache, on either folder), so the gate,
/// the tour and the tests use the fast path by default.
public enum ScratchDirectory {
    /// The folder for temporary stores, ending in `/`.
    public static let path: String = choose(environment: ProcessInfo.processInfo.environment)

    /// Whether `path` is the in-memory tmpfs rather than the temporary directory.
    public static var inMemory: Bool { path == "/dev/shm/" }

    /// The folder for the given environment: the temporary directory when `LOCKSPEC_DURABLE_STORES` is `1` or
    /// `/dev/shm` is missing or not writable, else `/dev/shm/`.
    static func choose(environment: [String: String]) -> String {
        let fallback = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        if environment["LOCKSPEC_DURABLE_STORES"] == "1" { return fallback }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: "/dev/shm") else { return fallback }
        return "/dev/shm/"
    }
}
