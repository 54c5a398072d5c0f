internal import CSodium

/// Key material or a password held in memory: zeroed when the last copy goes away or on `wipe()`, and never shown
/// by `description` or `debugDescription`.
public struct SecretBytes: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    private let storage: Storage

    /// Wraps `bytes`: their buffer moves into the value (the caller should drop its array, not wipe it: an array
    /// shares its buffer with this value, so wiping it afterwards zeroes only a copy-on-write copy).
    public init(_ bytes: [UInt8]) {
        storage = Storage(bytes)
    }

    /// Wraps the UTF-8 bytes of `text`.
    public init(utf8 text: String) {
        storage = Storage(Array(text.utf8))
    }

    /// The number of bytes held (a length is not a secret here: the UI shows masked dots anyway).
    public var count: Int { storage.count }

    /// True when no bytes are held.
    public var isEmpty: Bool { storage.count == 0 }

    /// Always `"<redacted>"`.
    public var description: String { "<redacted>" }

    /// Always `"SecretBytes(<redacted>)"`.
    public var debugDescription: String { "SecretBytes(<redacted>)" }

    /// Compares in constant time for equal lengths.
    public static func == (lhs: SecretBytes, rhs: SecretBytes) -> Bool {
        lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in ConstantTime.equals(a, b) } }
    }

    /// Zeroes the bytes now (every copy of this value shares them).
    public func wipe() {
        storage.wipe()
    }

    /// True once `wipe()` was called on this value or a copy of it: the bytes are zeros, no longer the secret.
    public var isWiped: Bool { storage.isWiped }

    /// Gives temporary read access to the bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// A copy of the bytes, for internal plumbing only (callers wipe it when done).
    func copyBytes() -> [UInt8] {
        storage.withUnsafeBytes { Array($0) }
    }

    /// The heap buffer; zeroed in `deinit`. Mutated only by `wipe()`, behind a lock.
    private final class Storage: @unchecked Sendable {
        private var bytes: [UInt8]
        private var wiped = false
        private let lock = NSLockLite()

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var count: Int { lock.withLock { bytes.count } }

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try lock.withLock { try bytes.withUnsafeBytes(body) }
        }

        var isWiped: Bool { lock.withLock { wiped } }

        func wipe() {
            lock.withLock {
                Sodium.wipe(&bytes)
                wiped = true
            }
        }

        deinit {
            Sodium.wipe(&bytes)
        }
    }
}
