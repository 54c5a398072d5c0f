/// Where every random byte comes from (salts, nonces, profile keys, slot order). Injected so tests are
/// deterministic (`SeededRandom`) and production uses the system CSPRNG (`SystemRandom`).
public protocol RandomSource: AnyObject, Sendable {
    /// Returns `count` random bytes.
    func bytes(_ count: Int) -> [UInt8]
}
