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

    /// True when every byte reads zero: after `wipe()` on this value or any copy of it (they share the bytes), the
    /// bytes are no longer the secret. Read from the bytes themselves, so a wipe that did not zero them shows.
    public var isWiped: Bool { storage.isWiped }

    /// How many of `secrets` still hold a byte that is not zero: an audit an app can run over the buffers it handed
    /// the core (the password field's characters), which the core zeroes when it lets them go.
    public static func unwipedCount(_ secrets: [SecretBytes]) -> Int {
        secrets.filter { !$0.isWiped }.count
    }

    /// Gives temporary read access to the bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// Runs `body` with a pointer to the bytes and their count, without copying them. The pointer is never null
    /// (libsodium's and libargon2's inputs must not be, even when empty). Holds the value's lock while `body` runs, so
    /// a long computation on a value other threads share should read a `duplicate()`.
    func withBytes<R>(_ body: (UnsafePointer<UInt8>, Int) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { raw in try Sodium.withPointer(raw, body) }
    }

    /// A copy held in a buffer of its own (zeroed when its last holder lets it go, like every `SecretBytes`).
    func duplicate() -> SecretBytes {
        SecretBytes(storage.withUnsafeBytes { Array($0) })
    }

    /// A plain copy of the bytes, for values that stop being secret (a verifier written to the store).
    func copyBytes() -> [UInt8] {
        storage.withUnsafeBytes { Array($0) }
    }

    /// A new secret of `count` bytes that `body` writes in place (the pointer is never null); nil when `body` says
    /// it failed, and whatever it wrote is zeroed as the value goes away. No plain copy of the secret is ever made.
    static func written(count: Int, by body: (UnsafeMutablePointer<UInt8>) -> Bool) -> SecretBytes? {
        let secret = zeros(count)
        return secret.storage.write(body) ? secret : nil
    }

    /// A new secret of `count` bytes (zeros until `body` writes them in place; the pointer is never null).
    static func filled(count: Int, by body: (UnsafeMutablePointer<UInt8>) -> Void) -> SecretBytes {
        let secret = zeros(count)
        secret.storage.write(body)
        return secret
    }

    /// `count` zero bytes in a buffer of their own, for a writer to fill in place.
    private static func zeros(_ count: Int) -> SecretBytes {
        SecretBytes([UInt8](repeating: 0, count: count))
    }

    /// The bytes of `parts` one after another, built in place (no plain copy of any part is made).
    static func joined(_ parts: [SecretBytes]) -> SecretBytes {
        let count = parts.reduce(0) { $0 + $1.count }
        return filled(count: count) { out in
            var offset = 0
            for part in parts {
                part.withUnsafeBytes { bytes in
                    for byte in bytes {
                        out[offset] = byte
                        offset += 1
                    }
                }
            }
        }
    }

    /// The heap buffer; zeroed when its last holder lets it go (`deinit`) or on `wipe()`, behind a lock.
    private final class Storage: @unchecked Sendable {
        private var bytes: [UInt8]
        private let lock = NSLockLite()

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var count: Int { lock.withLock { bytes.count } }

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try lock.withLock { try bytes.withUnsafeBytes(body) }
        }

        /// Lets `body` write the bytes in place, and passes its answer on.
        func write<R>(_ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
            lock.withLock {
                bytes.withUnsafeMutableBytes { raw in
                    Sodium.withMutablePointer(raw, body)
                }
            }
        }

        var isWiped: Bool { lock.withLock { bytes.allSatisfy { $0 == 0 } } }

        func wipe() {
            lock.withLock { Sodium.wipe(&bytes) }
        }

        deinit {
            Sodium.wipe(&bytes)
        }
    }
}
