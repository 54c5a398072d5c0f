import AppLockCore
import Conformance
import Foundation
import SpecKit

/// What the dual-password fixture does to the device's files beyond `StorageFaults`: an attacker's edits of the slot
/// records (`tamperStore`), and the second instance on one store (`useInstance`).
///
/// The edits go through a plain `FileStore` on the store's path, so the file stays well-formed with a valid unkeyed
/// checksum: what someone who copied the file, edited a record and wrote it back would leave (without the device
/// secret; with it the file reads as corrupt, D-DEVICE-SECRET). Which record holds which role is never looked at.
enum DualPasswordFaults {
    /// The vocabulary these add to the fixture.
    static let events: [String: [String: FixtureType]] = [
        "tamperStore": ["record": .names("damagedSeal", "swappedSlots", "hostileKDF")],
        "useInstance": ["which": .names("app", "extension")],
    ]

    /// Edits the slot records at `path`: `damagedSeal` flips the last sealed byte of both slots, `swappedSlots`
    /// exchanges the two records, `hostileKDF` rewrites slot 0's Argon2id parameters to m = 1 GiB, t = 10, p = 4
    /// (the costs issue 10 measured at 16.8 s and 2.1 GB per submission).
    static func tamper(_ kind: String, path: String, keys: DualPassword.StoreKeys) throws(FixtureError) {
        let store = FileStore(path: path)
        do {
            guard var first = try store.value(forKey: keys.slot(0)), var second = try store.value(forKey: keys.slot(1)),
                  first.count > 14, second.count > 14 else { throw FixtureError("the store holds no slot records to tamper with") }
            switch kind {
            case "damagedSeal":
                first[first.count - 1] ^= 0x01
                second[second.count - 1] ^= 0x01
            case "swappedSlots":
                swap(&first, &second)
            case "hostileKDF":
                for (offset, word) in [(2, UInt32(1 << 20)), (6, UInt32(10)), (10, UInt32(4))] {
                    first.replaceSubrange(offset..<offset + 4, with: (0..<4).map { UInt8(word >> (24 - 8 * $0) & 0xFF) })
                }
            default: throw FixtureError("unknown record tampering \(kind)")
            }
            try store.update([StoreChange(key: keys.slot(0), value: first), StoreChange(key: keys.slot(1), value: second)])
        } catch let error as FixtureError {
            throw error
        } catch {
            throw FixtureError("could not tamper with the store: \(error)")
        }
    }
}
