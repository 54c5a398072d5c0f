import Foundation
import AppLockCore

/// MedTime's PIN screen on a real FileStore: wrong PINs (the persisted counter and the block tiers) and, now and
/// then, the right one (which resets both).
struct MedTimeWorkload: Workload {
    static let pin = "1234"
    static let configuration = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: .none, pinLength: .four)

    func store(_ dir: String) -> FileStore { FileStore(path: dir + "/store") }

    func enroll(_ store: FileStore) throws {
        guard try store.value(forKey: "unlock.credential") == nil else { return }
        let credential = try PINCredential.enroll(
            pin: SecretBytes(utf8: Self.pin), length: .four, parameters: .testing, random: SeededRandom(seed: 1))
        try store.set(credential.record, forKey: "unlock.credential")
    }

    /// Types four digits and returns the effects of the last one (the submission).
    func type(_ pin: String, into machine: inout MedTimeUnlock, at now: Instant) -> [MedTimeEffect] {
        var effects: [MedTimeEffect] = []
        for digit in pin.compactMap(\.wholeNumberValue) { effects = machine.handle(.digit(digit), now: DeviceTime(now)) }
        return effects
    }

    func state(_ machine: MedTimeUnlock) -> String {
        "failures=\(machine.pinFailures) blockedUntil=\(machine.pinBlockedUntil?.milliseconds ?? -1)"
    }

    func run(in dir: String, seed: UInt64) throws {
        let store = store(dir)
        try enroll(store)
        var random = SplitMix(seed)
        var now = Instant(milliseconds: 1_000_000)
        say("ready")
        while true {
            var machine = MedTimeUnlock(configuration: Self.configuration, store: store)
            _ = machine.handle(.open(sessionValid: true), now: DeviceTime(now))
            if machine.state == .pinBlocked, let until = machine.pinBlockedUntil {
                now = until + .seconds(1)
                continue
            }
            let correct = random.next() % 6 == 0
            say("begin " + (correct ? "correct" : "wrong"))
            _ = type(correct ? Self.pin : "0000", into: &machine, at: now)
            say("ack " + state(machine))
            now = now + .seconds(1)
        }
    }

    func check(in dir: String, log: String) throws -> [String] {
        let record = WorkerLog(log)
        let machine = MedTimeUnlock(configuration: Self.configuration, store: store(dir))
        var out: [String] = []
        if machine.storeIsCorrupt { out.append("the store does not read back after the kill") }
        let leftovers = storeFiles(in: dir).filter { $0 != "store" }
        if !leftovers.isEmpty { out.append("leftover files after relaunch: \(leftovers)") }
        let acked = record.int("failures") ?? 0, ackedUntil = record.int("blockedUntil") ?? -1
        let failures = Int64(machine.pinFailures), until = machine.pinBlockedUntil?.milliseconds ?? -1
        switch record.inFlight {
        case "wrong":
            if failures != acked && failures != acked + 1 { out.append("failures \(failures) after \(acked) and one wrong PIN") }
            if until < ackedUntil { out.append("the block was shortened from \(ackedUntil) to \(until)") }
        case "correct":
            // D-STORE-WRITE-FAILS: the failure is written ahead of the check, so a kill between that write and the
            // reset leaves the attempt counted (acked + 1, with the block it would start): never fewer.
            let countedAhead = failures == acked + 1
            if failures != acked && failures != 0 && !countedAhead {
                out.append("failures \(failures) after \(acked) and the right PIN")
            }
            if until != ackedUntil && until != -1 && !(countedAhead && until > ackedUntil) {
                out.append("the block moved from \(ackedUntil) to \(until)")
            }
        default:
            if failures != acked { out.append("failures went from \(acked) to \(failures) with nothing in flight") }
            if until != ackedUntil { out.append("the block moved from \(ackedUntil) to \(until) with nothing in flight") }
        }
        return out
    }

    func diskFull(in dir: String) throws -> [String] {
        try enroll(store(dir))
        fillDisk(dir)
        var told = 0, telling = 0, unlocked = 0
        let now = Instant(milliseconds: 1_000_000)
        // Ten launches while every write fails, one wrong PIN each, and after each the right PIN on a fresh launch:
        // every wrong PIN told wrong must count after relaunch, and no effect may tell the right PIN from a wrong
        // one (the same effects, no unlock) while the failure cannot be recorded.
        for _ in 0..<10 {
            var machine = MedTimeUnlock(configuration: Self.configuration, store: store(dir))
            _ = machine.handle(.open(sessionValid: true), now: DeviceTime(now))
            let wrong = type("0000", into: &machine, at: now)
            if wrong.contains(where: { if case .analytics(let e) = $0 { e.name == "pin_failure" } else { false } }) { told += 1 }
            var other = MedTimeUnlock(configuration: Self.configuration, store: store(dir))
            _ = other.handle(.open(sessionValid: true), now: DeviceTime(now))
            let right = type(Self.pin, into: &other, at: now)
            if right != wrong { telling += 1 }
            if other.state == .success { unlocked += 1 }
        }
        try FileManager.default.removeItem(atPath: dir + "/filler")
        let relaunched = MedTimeUnlock(configuration: Self.configuration, store: store(dir))
        say("medtime diskfull: \(told) wrong PINs told wrong while writes failed; \(relaunched.pinFailures) recorded; "
            + "\(telling) right PINs told apart by their effects; \(unlocked) unlocked")
        var out: [String] = []
        if relaunched.pinFailures < told {
            out.append("\(told) wrong PINs were told wrong while the counter could not be written, but only \(relaunched.pinFailures) count after relaunch")
        }
        if telling > 0 { out.append("\(telling) right PINs had other effects than a wrong one while writes failed") }
        if unlocked > 0 { out.append("\(unlocked) right PINs unlocked while the failure could not be recorded") }
        return out
    }
}

/// A tiny deterministic generator for the workloads' choices (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
