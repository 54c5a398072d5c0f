import Testing
@testable import AppLockCore

/// Argon2id through the kept memory regions gives exactly libargon2's own answer (computed with
/// `argon2id_hash_raw`, which allocates with malloc), at the testing and at the production parameters, and the pool
/// keeps at most one region per slot.
@Suite("Argon2id working memory")
struct Argon2MemoryTests {
    static let salt = [UInt8](repeating: 2, count: 16)

    static func hex(_ secret: SecretBytes) -> String {
        secret.copyBytes().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("known answers: the same output as libargon2 with its own allocation")
    func knownAnswers() throws {
        let testing = try Argon2id.derive(password: SecretBytes(utf8: "password"), salt: Self.salt, parameters: .testing)
        #expect(Self.hex(testing) == "74918277366de18108628ffd064a70ba7976d61e72c89c22a835fc81897567e0")
        // Twice at the production parameters: the second run takes a region the first one gave back (wiped).
        for _ in 0..<2 {
            let production = try Argon2id.derive(
                password: SecretBytes(utf8: "password"), salt: Self.salt, parameters: .productionDefault)
            #expect(Self.hex(production) == "dd09d1eddbefe7fdf328b74bb94abf75bd72b1d0e16b3ef8cf7ebbceb4509776")
        }
    }

    @Test("at most two regions stay mapped between derivations")
    func bounded() throws {
        for _ in 0..<3 {
            _ = try Argon2id.derive(password: SecretBytes(utf8: "x"), salt: Self.salt, parameters: .testing)
        }
        #expect(Argon2Memory.keptCount <= Argon2Memory.keptRegions)
        #expect(Argon2Memory.keptCount >= 1)
    }
}
