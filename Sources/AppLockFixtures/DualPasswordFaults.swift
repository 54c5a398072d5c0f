import AppLockCore
import Conformance
import Foundation
import SpecKit

/// What the dual-password fixture does to the device's files beyond `StorageFaults`: an attacker's edits of the slot
/// records (`tamperStore`, and one header field set to a given value: `editSlot`). The events and their inputs are
/// declared in the fixture's binding table.
///
/// The edits go through a plain `FileStore` on the store's path, so the file stays well-formed with a valid unkeyed
/// checksum: what someone who copied the file, edited a record and wrote it back would leave (without the device
/// secret; with it the file reads as corrupt, D-DEVICE-SECRET). Which record holds which role is never looked at.
enum DualPasswordFaults {
    /// Where each header field of a slot record sits (the layout of dual-password-decoy-space.zh.md §5 as the core
    /// persists it: format byte, algorithm byte, then m, t, p as 32-bit big-endian words). `length` is not a field:
    /// the record is cut to, or padded with zero bytes up to, `value` bytes.
    private static let fieldOffsets: [String: (offset: Int, width: Int)] = [
        "formatVersion": (0, 1), "algorithm": (1, 1), "memoryKiB": (2, 4), "iterations": (6, 4), "parallelism": (10, 4),
    ]

    /// What `edit` can write into each header field, from the fields' widths, and the lengths it can cut or pad a
    /// record to, up to the most the store holds in one value: lint checks a step's `value` with them.
    static func valueBounds(input: String, by field: String) -> [FixtureVocabulary.InputBound] {
        [FixtureVocabulary.InputBound(input: input, by: field, ranges: fieldOffsets.mapValues { 0...((1 << (8 * $0.width)) - 1) },
                                      reason: "the width of that field in the slot record"),
         FixtureVocabulary.InputBound(input: input, by: field, ranges: ["length": 0...FileStore.maximumValueLength],
                                      reason: "the most bytes the store holds in one value")]
    }

    /// Sets one header field of the slot record in position `which` (`first` is `slot.0`, `second` `slot.1`, or
    /// `both`) to `value`, as someone editing the file would, and writes the store back with a valid unkeyed
    /// checksum. The value is the spec's, written as is; which record holds which role is never looked at.
    static func edit(
        which: String, field: String, value: Int, store: FileStore, keys: DualPassword.StoreKeys
    ) throws(FixtureError) {
        let indices: [Int]
        switch which {
        case "first": indices = [0]
        case "second": indices = [1]
        case "both": indices = [0, 1]
        default: throw FixtureError("unknown slot position \(which)")
        }
        do {
            var changes: [StoreChange] = []
            for index in indices {
                guard var record = try store.value(forKey: keys.slot(index)), record.count > 14 else {
                    throw FixtureError("the store holds no slot record \(index) to edit")
                }
                if field == "length" {
                    record = Array(record.prefix(value)) + [UInt8](repeating: 0, count: max(0, value - record.count))
                } else if let (offset, width) = fieldOffsets[field] {
                    guard value >> (8 * width) == 0 else { throw FixtureError("\(value) does not fit the \(field) field") }
                    record.replaceSubrange(offset..<offset + width, with: word(UInt64(value), bytes: width))
                } else {
                    throw FixtureError("unknown slot record field \(field)")
                }
                changes.append(StoreChange(key: keys.slot(index), value: record))
            }
            try store.update(changes)
        } catch let error as FixtureError {
            throw error
        } catch {
            throw FixtureError("could not edit the store: \(error)")
        }
    }

    /// Edits the slot records at `path`: `damagedSeal` flips the last sealed byte of both slots, `swappedSlots`
    /// exchanges the two records, `hostileKDF` rewrites slot 0's Argon2id parameters to m = 1 GiB, t = 10, p = 4
    /// (the costs issue 10 measured at 16.8 s and 2.1 GB per submission); `plantedName` adds an entry whose key says
    /// what it is (`real_password_hint`), as another component or an attacker sharing the file could; `eraseSwitchedOn`
    /// writes the erase setting on, as someone who edits the file could, with no password, warning or confirmation, and
    /// `eraseSwitchedOnWithoutKey` does so as someone without the device's key (the file rewritten unkeyed). Two
    /// edits write
    /// the failure record (D-CLOCK's layout: the count in 4 bytes, then the last failure's boot, uptime and wall clock
    /// in 8 each, big-endian): `failureEarlierLayout` one failure in the 12-byte layout of earlier versions (the
    /// count and a wall clock, no elapsed time), `failureAtStartOfTime` three failures, the last in this `boot` at
    /// uptime -2^63 ms, as far back as the field goes.
    static func tamper(_ kind: String, store: FileStore, keys: DualPassword.StoreKeys, boot: UInt64) throws(FixtureError) {
        do {
            switch kind {
            case "plantedName":
                try store.set([0x01], forKey: "real_password_hint")
                return
            case "eraseSwitchedOn":
                try store.set([0x01], forKey: keys.eraseOption)
                return
            case "eraseSwitchedOnWithoutKey":
                // Someone without the device's key rewrites the file: every entry as it was, the erase setting on,
                // under the only checksum they can make, the unkeyed one.
                var entries: [StoreChange] = []
                for key in try store.keys() { entries.append(StoreChange(key: key, value: try store.value(forKey: key))) }
                entries.removeAll { $0.key == keys.eraseOption }
                try FileManager.default.removeItem(atPath: store.path)
                try FileStore(path: store.path).update(entries + [StoreChange(key: keys.eraseOption, value: [0x01])])
                return
            case "failureEarlierLayout":
                try store.set(word(1, bytes: 4) + word(0, bytes: 8), forKey: keys.attempts)
                return
            case "failureAtStartOfTime":
                try store.set(word(3, bytes: 4) + word(boot, bytes: 8) + word(UInt64(bitPattern: .min), bytes: 8) + word(0, bytes: 8),
                              forKey: keys.attempts)
                return
            default: break
            }
            guard var first = try store.value(forKey: keys.slot(0)), var second = try store.value(forKey: keys.slot(1)),
                  first.count > 14, second.count > 14 else { throw FixtureError("the store holds no slot records to tamper with") }
            switch kind {
            case "damagedSeal":
                first[first.count - 1] ^= 0x01
                second[second.count - 1] ^= 0x01
            case "swappedSlots":
                swap(&first, &second)
            case "hostileKDF":
                for (offset, value) in [(2, UInt64(1 << 20)), (6, 10), (10, 4)] {
                    first.replaceSubrange(offset..<offset + 4, with: word(value, bytes: 4))
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

    /// `value` in `bytes` bytes, most significant first.
    private static func word(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(value >> UInt64(8 * (bytes - 1 - $0)) & 0xFF) }
    }
}
