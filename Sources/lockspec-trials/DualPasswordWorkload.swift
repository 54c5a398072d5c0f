import Foundation
import AppLockCore

/// The dual-password lock screen on a real FileStore: wrong passwords (the persisted counter), the main password,
/// and the decoy with erase on (the designed erase of Real).
struct DualPasswordWorkload: Workload {
    static let main = "correct horse battery"
    static let decoy = "tulip garden 42"
    static let configuration = DualPassword.Configuration(parallelDerivation: false)

    func store(_ dir: String) -> FileStore { FileStore(path: dir + "/store") }

    func install(_ store: FileStore, seed: UInt64) throws {
        guard try store.value(forKey: "slot.0") == nil else { return }
        try DualPassword.install(
            main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: store,
            random: SeededRandom(seed: seed), parameters: .testing, configuration: Self.configuration)
    }

    func run(in dir: String, seed: UInt64) throws {
        let store = store(dir)
        try install(store, seed: seed)
        var machine = DualPassword(configuration: Self.configuration, store: store, random: SeededRandom(seed: seed &+ 1))
        var random = SplitMix(seed)
        // Far enough apart that the failure delay (capped at 300 s) never refuses a submission.
        var now = DeviceTime(Instant(milliseconds: 1_000_000))
        func step() { now = now + .seconds(400) }
        say("begin enable")
        _ = machine.handle(.submit(SecretBytes(utf8: Self.main)), now: now)
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: now)
        _ = machine.handle(.acknowledgeEraseWarning, now: now)
        _ = machine.handle(.confirmEnableErase, now: now)
        _ = machine.handle(.lock, now: now)
        say("ack failures=\(machine.failureCount) erased=0 erase=\(machine.eraseEnabled ? 1 : 0)")
        var erased = 0
        while true {
            step()
            let roll = random.next() % 10
            let (name, password) = roll < 7 ? ("wrong", "not the password") : roll < 9 ? ("main", Self.main) : ("decoy", Self.decoy)
            say("begin \(name)")
            let effects = machine.handle(.submit(SecretBytes(utf8: password)), now: now)
            if effects.contains(.erase) { erased = 1 }
            say("ack failures=\(machine.failureCount) erased=\(erased)")
            _ = machine.handle(.lock, now: now)
        }
    }

    func check(in dir: String, log: String) throws -> [String] {
        let record = WorkerLog(log)
        let machine = DualPassword(configuration: Self.configuration, store: store(dir), random: SeededRandom(seed: 9))
        var out: [String] = []
        if machine.storeIsCorrupt { out.append("the store does not read back after the kill") }
        let leftovers = storeFiles(in: dir).filter { $0 != "store" }
        if !leftovers.isEmpty { out.append("leftover files after relaunch: \(leftovers)") }
        let main = SecretBytes(utf8: Self.main)
        let erasedAcked = record.everAcked("erased", "1")
        if !erasedAcked, record.inFlight != "decoy", record.acked["failures"] != nil, !machine.realSlotOpens(with: main) {
            out.append("Real no longer opens, though no erase was acknowledged or in flight")
        }
        if erasedAcked {
            for name in storeFiles(in: dir) where opensReal(dir + "/" + name) {
                out.append("\(name) still opens Real after an acknowledged erase")
            }
        }
        let acked = record.int("failures") ?? 0, failures = Int64(machine.failureCount)
        switch record.inFlight {
        case "wrong": if failures != acked && failures != acked + 1 { out.append("failures \(failures) after \(acked) and one wrong password") }
        // D-STORE-WRITE-FAILS: the failure is written ahead of the derivations, so a kill before the reset leaves
        // the submission counted (acked + 1): never fewer.
        case "main", "decoy":
            if failures != acked && failures != acked + 1 && failures != 0 {
                out.append("failures \(failures) after \(acked) and a right password")
            }
        case "enable": break
        default: if failures != acked { out.append("failures went from \(acked) to \(failures) with nothing in flight") }
        }
        return out
    }

    /// Whether a copy of the file at `path`, read as a store, opens Real with the main password.
    func opensReal(_ path: String) -> Bool {
        let copy = NSTemporaryDirectory() + "/lockspec-trial-probe-\(getpid())"
        try? FileManager.default.removeItem(atPath: copy)
        try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        guard (try? FileManager.default.copyItem(atPath: path, toPath: copy + "/store")) != nil else { return false }
        let probe = DualPassword(store: FileStore(path: copy + "/store"), random: SeededRandom(seed: 3))
        return probe.realSlotOpens(with: SecretBytes(utf8: Self.main))
    }

    func diskFull(in dir: String) throws -> [String] {
        try install(store(dir), seed: 4)
        fillDisk(dir)
        var evaluated = 0, telling = 0, opened = 0
        let now = DeviceTime(Instant(milliseconds: 1_000_000))
        // Ten launches while every write fails, one wrong password each, all at the same moment, and after each the
        // main and the decoy password on fresh launches: every evaluated wrong password must count after relaunch,
        // and no effect may tell a right password from a wrong one while the failure cannot be recorded.
        for _ in 0..<10 {
            let kdf = CountingKeyDerivation()
            var configuration = Self.configuration
            configuration.keyDerivation = kdf
            var machine = DualPassword(configuration: configuration, store: store(dir), random: SeededRandom(seed: 5))
            let wrong = machine.handle(.submit(SecretBytes(utf8: "not the password")), now: now)
            if kdf.count > 0 { evaluated += 1 }
            for password in [Self.main, Self.decoy] {
                var other = DualPassword(configuration: Self.configuration, store: store(dir), random: SeededRandom(seed: 7))
                let right = other.handle(.submit(SecretBytes(utf8: password)), now: now)
                if right != wrong { telling += 1 }
                if other.openProfile != nil { opened += 1 }
            }
        }
        try FileManager.default.removeItem(atPath: dir + "/filler")
        let relaunched = DualPassword(configuration: Self.configuration, store: store(dir), random: SeededRandom(seed: 6))
        say("dual diskfull: \(evaluated) wrong passwords evaluated while writes failed; \(relaunched.failureCount) recorded; "
            + "\(telling) right passwords told apart by their effects; \(opened) opened a profile")
        var out: [String] = []
        if relaunched.failureCount < evaluated {
            out.append("\(evaluated) wrong passwords were evaluated while the counter could not be written, but only \(relaunched.failureCount) count after relaunch")
        }
        if telling > 0 { out.append("\(telling) right passwords had other effects than a wrong one while writes failed") }
        if opened > 0 { out.append("\(opened) right passwords opened a profile while the failure could not be recorded") }
        return out
    }
}
