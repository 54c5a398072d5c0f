import Foundation
import Testing
@testable import AppLockCore

/// What someone who forced the decoy password can learn from the store after the designed erase (issue 10, cases 1
/// and 2): nothing under the store's directory opens Real, and names, sizes and plaintext fields match a store whose
/// decoy was never used.
@Suite("Erase leaves no trace")
struct EraseForensicsTests {
    static let main = "correct horse battery"
    static let decoy = "tulip garden 42"

    /// Installs on a file store, turns erase on, and returns the machine. Each store gets the same seed, so both
    /// slot orders and salts are the same before any erase.
    static func prepared(in dir: String) throws -> DualPassword {
        let store = FileStore(path: dir + "/store")
        let random = SeededRandom(seed: 5)
        try DualPassword.install(
            main: SecretBytes(utf8: main), decoy: SecretBytes(utf8: decoy), store: store, random: random,
            parameters: .testing, configuration: .init(appVersion: 3))
        var machine = DualPassword(configuration: .init(appVersion: 3), store: store, random: random)
        _ = machine.handle(.submit(SecretBytes(utf8: main)), now: at(1))
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: main)), now: at(1))
        _ = machine.handle(.acknowledgeEraseWarning, now: at(2))
        _ = machine.handle(.confirmEnableErase, now: at(3))
        _ = machine.handle(.lock, now: at(3))
        #expect(machine.eraseEnabled)
        return machine
    }

    /// Every file in `dir`, by name, with its size.
    static func listing(_ dir: String) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int
        }
        return out
    }

    @Test("after an erase no file under the store's directory opens Real, even one a killed write left behind")
    func nothingOpensReal() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var machine = try Self.prepared(in: dir)
        // A write killed before its rename leaves a complete copy of the store, Real included.
        try FileManager.default.copyItem(atPath: dir + "/store", toPath: dir + "/store.tmp-killed")
        #expect(machine.handle(.submit(SecretBytes(utf8: Self.decoy)), now: at(4)).contains(.erase))
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            let copy = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: copy) }
            try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: copy + "/store")
            let probe = DualPassword(store: FileStore(path: copy + "/store"), random: SeededRandom(seed: 1))
            #expect(!probe.realSlotOpens(with: SecretBytes(utf8: Self.main)), "\(name) still opens Real")
        }
    }

    @Test("an erased store has the names, sizes and plaintext fields of one whose decoy was never used")
    func indistinguishable() throws {
        let erasedDir = makeTemporaryDirectory(), usedDir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: erasedDir); try? FileManager.default.removeItem(atPath: usedDir) }
        var erased = try Self.prepared(in: erasedDir)
        #expect(erased.handle(.submit(SecretBytes(utf8: Self.decoy)), now: at(4)).contains(.erase))
        var used = try Self.prepared(in: usedDir)
        #expect(used.handle(.submit(SecretBytes(utf8: Self.main)), now: at(4)).contains(.openProfile(.real)))
        #expect(try Self.listing(erasedDir) == Self.listing(usedDir))
        let a = FileStore(path: erasedDir + "/store"), b = FileStore(path: usedDir + "/store")
        #expect(try a.keys() == b.keys())
        for key in try a.keys() {
            let left = try a.value(forKey: key) ?? [], right = try b.value(forKey: key) ?? []
            #expect(left.count == right.count, "\(key) differs in length")
            if let l = try? SlotRecord(bytes: left), let r = try? SlotRecord(bytes: right) {
                #expect(l.parameters == r.parameters && l.createdVersion == r.createdVersion, "\(key) header differs")
            } else {
                #expect(left == right, "\(key) differs")
            }
        }
    }
}
