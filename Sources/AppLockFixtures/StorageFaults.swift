import AppLockCore
import Conformance
import Foundation
import SpecKit
import Synchronization

/// Which storage calls fail, shared by every store a fixture builds over one device (both instances of the core, and
/// the core rebuilt after a relaunch).
///
/// Writes are numbered from the step that schedules a fault: `writeFails(nth: 2)` fails the second write the core
/// makes from then on, once; `killDuringWrite(at: rename, nth: 1)` kills the app inside its next write, just before
/// the `rename` system call (FileStore's seam `StoreSystemCalls`), so the files are left exactly as a kill -9 there
/// leaves them: a temporary file (empty, half written, complete), or the renamed file without the directory fsync.
///
/// Raw calls are numbered by kind from the step that schedules a fault: `callInterrupted(at: read, nth: 1)` makes the
/// next read(2) the store makes return EINTR, once, as a signal arriving during it does (FileStore's raw seam
/// `RawFileCalls`); `temporaryNameTaken(nth: 1)` makes the next temporary file's `open(O_EXCL)` answer EEXIST once.
final class StorageFaults: Sendable {
    /// Where a write can be cut: just before each system call of FileStore's atomic write, or in the middle of the
    /// `write` call (`partialWrite`: half the bytes are in the temporary file).
    enum KillPoint: String, CaseIterable, Sendable {
        case create, write, partialWrite, fsync, close, rename, syncDirectory
    }

    /// A system call of FileStore's atomic write that can fail (EIO from a failing flash) while the app lives on.
    enum FailPoint: String, CaseIterable, Sendable {
        case create, write, fsync, close, rename, syncDirectory
    }

    /// A raw system call of FileStore that a signal can interrupt (EINTR), so that it does nothing and the store makes
    /// it again: `read(2)` of the store file, `write(2)` of the temporary file, `flock(2)` of the lock file, and the
    /// temporary file's `open(O_CREAT | O_EXCL)` (`create`).
    enum RawCall: String, CaseIterable, Sendable {
        case read, write, lock, create
    }

    /// A raw call scheduled to answer `error` once, instead of doing its work: the `callsLeft`-th call of its kind
    /// from now.
    private struct RawFault {
        let call: RawCall
        let error: Int32
        var callsLeft: Int
    }

    private struct State {
        var writesFail = false
        var readsFail = false
        /// Writes begun since the device's faults were last cleared (`storageWorks`, or the start).
        var writes = 0
        /// The write (counted as `writes`) a `writeFails` fails.
        var failWrite: Int?
        /// The write a `killDuringWrite` cuts, and where.
        var kill: (nth: Int, at: KillPoint)?
        /// The kill armed for the write in progress.
        var armed: KillPoint?
        /// The write whose system call `callFails` fails, and which call.
        var failCall: (nth: Int, at: FailPoint)?
        /// The failing call armed for the write in progress.
        var armedFailure: FailPoint?
        /// The raw calls scheduled to answer an error once (`callInterrupted`, `temporaryNameTaken`).
        var rawFaults: [RawFault] = []
        /// The app was killed inside a write and has not been relaunched.
        var killed = false
        /// `corruptStore` damaged the store file; nothing on the device repairs it.
        var fileDamaged = false
        /// The device-bound secret the device holds (the shell's Keychain item): nil until `restoreStore` restores
        /// one with an image written under it. Every store built afterwards keys its checksum with it.
        var deviceSecret: DeviceSecret?
        /// The modes of the advisory locks the store took in the step under way, and in the last step.
        var locks: Set<LockMode> = [], stepLocks: Set<LockMode> = []
    }
    private let state = Mutex(State())

    /// The mode of an advisory lock the store takes (`flock(2)` with `LOCK_SH` or `LOCK_EX`).
    enum LockMode: Sendable {
        case shared, exclusive
    }

    /// A step of the fixture begins: the locks it takes are recorded afresh.
    func beginStep() { state.withLock { $0.locks = [] } }

    /// The step ended: its locks are what `locksTaken` reads until the next one.
    func endStep() { state.withLock { $0.stepLocks = $0.locks } }

    /// Called by `FaultyFileCalls` after each `flock(2)` the system granted: the mode the store asked for.
    func recordLock(_ operation: Int32) {
        state.withLock { s in
            if operation & LOCK_EX != 0 { s.locks.insert(.exclusive) } else if operation & LOCK_SH != 0 { s.locks.insert(.shared) }
        }
    }

    /// The locks of the last step as the spec names them: none, shared, exclusive or both.
    var locksTaken: String {
        switch state.withLock({ $0.stepLocks }) {
        case []: "none"
        case [.shared]: "shared"
        case [.exclusive]: "exclusive"
        default: "both"
        }
    }

    /// The device holds `secret` (the shell's Keychain item) from the start: the stores built from now on are keyed with
    /// it, as a shell given a device secret keys its store (D-DEVICE-SECRET).
    func holdDeviceSecret(_ secret: DeviceSecret?) { state.withLock { $0.deviceSecret = secret } }

    /// From now on every write fails (`storageFull`), or works again (`storageWorks`).
    func setWritesFail(_ on: Bool) { state.withLock { $0.writesFail = on } }

    /// From now on every read fails too (`storageUnreadable`), or works again.
    func setReadsFail(_ on: Bool) { state.withLock { $0.readsFail = on } }

    /// The events that break or mend the device's storage, each declared once: its name is the case's.
    enum Event: String, CaseIterable, Sendable {
        case storageFull, storageWorks, storageUnreadable, corruptStore, writeFails, killDuringWrite, callFails, restoreStore
        case callInterrupted, temporaryNameTaken

        /// The inputs the event takes, with the values each can be.
        var inputs: [any FixtureInputKey] {
            switch self {
            case .storageFull, .storageWorks, .storageUnreadable, .corruptStore: []
            case .writeFails, .temporaryNameTaken: [Key.nth]
            case .killDuringWrite: [Key.killAt, Key.nth]
            case .callFails: [Key.failAt, Key.nth]
            case .callInterrupted: [Key.callAt, Key.nth]
            case .restoreStore: [Key.image, Key.deviceSecret]
            }
        }

        /// Why only a scenario can send it, or nil: a machine's rows and its exploration run with the app running.
        var scenarioOnly: String? {
            self == .killDuringWrite
                ? "it ends the app inside a later write, which a scenario follows with a relaunch; a machine's rows and its exploration run with the app running"
                : nil
        }
    }

    /// The inputs of the storage events, each declared once with its domain.
    private enum Key {
        /// Which write from the scheduling step (1 is the next).
        static let nth = FixtureInput.int("nth", 1...10)
        /// Where `killDuringWrite` cuts the write.
        static let killAt = at(KillPoint.self)
        /// Which system call `callFails` fails.
        static let failAt = at(FailPoint.self)
        /// Which raw system call `callInterrupted` interrupts.
        static let callAt = at(RawCall.self)
        /// The store image `restoreStore` puts in place.
        static let image = FixtureInput.names("image", StoreImages.names)
        /// Whether the device keeps the image's secret (`restored`) or has none (`lost`).
        static let deviceSecret = FixtureInput.names("deviceSecret", ["restored": true, "lost": false])

        /// The input naming a point of FileStore's atomic write: one of `point`'s cases.
        private static func at<Point: CaseIterable & RawRepresentable & Sendable>(_ point: Point.Type) -> FixtureInput<Point>
            where Point.RawValue == String {
            FixtureInput.cases("at", of: point)
        }
    }

    /// The binding entries of the storage events (all of them unless given), each served by a killed app too:
    /// `device` gives the fixture's faults and the path of its store file.
    static func bindings<F: BoundFixture>(_ events: [Event] = Event.allCases,
                                          device: @escaping @Sendable (F) -> (faults: StorageFaults, storePath: String)) -> [FixtureBinding<F>] {
        events.map { event in
            .event(event.rawValue, inputs: event.inputs, whileKilled: .served, scenarioOnly: event.scenarioOnly) { fixture, inputs in
                let (faults, storePath) = device(fixture)
                try faults.perform(event, inputs, storePath: storePath)
                return []
            }
        }
    }

    /// A store over the file at `path` whose calls go through these faults: the real `FileStore`, its atomic write
    /// through `KillableCalls`. Building it is a (re)launch: a kill is over.
    func store(path: String) -> any KeyValueStore {
        let secret = state.withLock { s in
            s.killed = false
            s.armed = nil
            return s.deviceSecret
        }
        return FaultyStore(FileStore(path: path, deviceSecret: secret, calls: KillableCalls(faults: self)), faults: self)
    }

    /// The file at `path` as another writer on the device opens it: no faults, and the device-bound secret the device
    /// holds (a restored keyed image's), so the fixture's own edits of the file read and write it as the core would.
    func deviceStore(path: String) -> FileStore {
        FileStore(path: path, deviceSecret: state.withLock { $0.deviceSecret })
    }

    /// True from the end of the step in which a write was cut by a kill until the relaunch: the fixture then drops the
    /// core (its effects are lost with the process).
    func takeKill() -> Bool { isDead }

    /// The error of a step sent to an app that is not running. When a `killDuringWrite` ended it, it says so: which
    /// step makes the write it cuts is the core's to decide, so a scenario's author may not expect the kill where it
    /// came, and lint cannot tell them. `endedByWrite`: the instance in front was so ended, though another instance
    /// launched since (which lets the device's calls through again).
    func killedApp(endedByWrite: Bool = false) -> FixtureError {
        isDead || endedByWrite ? FixtureError("the app is killed: a write before this step was cut by the killDuringWrite, which ends the app; write relaunch before this step")
            : FixtureError("the app is killed")
    }

    /// Performs one of the storage events with the inputs the step gives.
    func perform(_ event: Event, _ inputs: FixtureInputs, storePath: String) throws(FixtureError) {
        switch event {
        case .storageFull: setWritesFail(true)
        case .storageWorks:
            state.withLock { $0 = State(writes: 0, killed: $0.killed, fileDamaged: $0.fileDamaged, deviceSecret: $0.deviceSecret) }
        case .storageUnreadable: setReadsFail(true)
        // Each fault counts the writes from its own step: the writes counter runs on, and the fault is due at the
        // write `nth` past it (a counter set back to 0 by one fault moved another one, already pending, further out).
        case .writeFails:
            let nth = try Self.nth(inputs)
            state.withLock { $0.failWrite = $0.writes + nth }
        case .killDuringWrite:
            let nth = try Self.nth(inputs)
            let point = try inputs[Key.killAt]
            state.withLock { $0.kill = ($0.writes + nth, point) }
        case .corruptStore:
            // Damages the persisted file (not the store's encoding): what a truncated or garbled file looks like.
            guard FileManager.default.createFile(atPath: storePath, contents: Data([0xFF, 0x00, 0x13, 0x37])) else {
                throw FixtureError("could not damage the store file")
            }
            state.withLock { $0.fileDamaged = true }
        case .restoreStore:
            try restore(image: inputs[Key.image], secretRestored: inputs[Key.deviceSecret], storePath: storePath)
        case .callFails:
            let nth = try Self.nth(inputs)
            let point = try inputs[Key.failAt]
            state.withLock { $0.failCall = ($0.writes + nth, point) }
        case .callInterrupted:
            let nth = try Self.nth(inputs)
            let call = try inputs[Key.callAt]
            state.withLock { $0.rawFaults.append(RawFault(call: call, error: EINTR, callsLeft: nth)) }
        case .temporaryNameTaken:
            let nth = try Self.nth(inputs)
            state.withLock { $0.rawFaults.append(RawFault(call: .create, error: EEXIST, callsLeft: nth)) }
        }
    }

    /// Puts a store image in place of the store file, as restoring a device backup (or an app update over a store an
    /// earlier release wrote) leaves it, and gives the device the image's secret (`restored`) or none (`lost`: the
    /// backup went to another device, and the secret is a this-device-only Keychain item). The running core finds out
    /// at its next read; the stores built from now on (a relaunch) use the device's secret.
    private func restore(image name: String, secretRestored: Bool, storePath: String) throws(FixtureError) {
        guard let image = StoreImages.image(name) else {
            throw FixtureError("restoreStore needs image: one of \(StoreImages.names.joined(separator: ", "))")
        }
        guard FileManager.default.createFile(atPath: storePath, contents: Data(image.bytes)) else {
            throw FixtureError("could not restore the store image \(name)")
        }
        let deviceSecret = secretRestored ? image.deviceSecret : nil
        state.withLock { $0.deviceSecret = deviceSecret; $0.fileDamaged = false }
    }

    /// Which write from now a fault is for (1 is the next).
    private static func nth(_ inputs: FixtureInputs) throws(FixtureError) -> Int {
        let n = try inputs[Key.nth]
        guard n >= 1 else { throw FixtureError("the fault needs nth: which write from now (1 is the next)") }
        return n
    }

    /// Called as a write begins: fails it when the device refuses it, and arms a scheduled kill for it.
    func checkWrite() throws(StoreError) {
        try state.withLock { s throws(StoreError) in
            if s.killed { throw .io("killed") }
            s.writes += 1
            if s.writesFail { throw .io("write") }
            if s.failWrite == s.writes {
                s.failWrite = nil
                throw .io("write")
            }
            if let kill = s.kill, kill.nth == s.writes {
                s.kill = nil
                s.armed = kill.at
            }
            s.armedFailure = nil
            if let failure = s.failCall, failure.nth == s.writes {
                s.failCall = nil
                s.armedFailure = failure.at
            }
        }
    }

    func checkRead() throws(StoreError) {
        try state.withLock { s throws(StoreError) in
            if s.killed { throw .io("killed") }
            if s.readsFail { throw .io("read") }
        }
    }

    /// The device's condition as a machine spec names it (medtime.storage), each declared once: its name is the
    /// case's. These are what the spec's fault events set up, read back from the injector: the device, not the core.
    enum Condition: String, CaseIterable, Sendable {
        /// `fail` while every write fails, `failsNext`, `failsSecond` … `failsTenth` while a `writeFails` is pending
        /// for that write from now (`pendingWriteNames`), else `work`.
        case writes
        /// `fail` or `work`.
        case reads
        /// `corrupt` once `corruptStore` damaged it, else `intact`.
        case file

        /// The values the condition takes.
        var type: FixtureType {
            switch self {
            case .writes: .domain(.enumeration(["work"] + Self.pendingWriteNames + ["fail"]))
            case .reads: .names("work", "fail")
            case .file: .names("intact", "corrupt")
            }
        }

        /// The name of a write fault pending `k` writes from now, at index `k - 1`: one for every `nth` a
        /// `writeFails` takes, so every pending fault has a name (a test holds the two together).
        static let pendingWriteNames = ["failsNext", "failsSecond", "failsThird", "failsFourth", "failsFifth", "failsSixth",
                                        "failsSeventh", "failsEighth", "failsNinth", "failsTenth"]
    }

    /// The device's condition, or nil when it has no name (a write fault further ahead than `nth` can schedule one).
    func condition(_ condition: Condition) -> String? {
        state.withLock { s in
            switch condition {
            case .writes:
                if s.writesFail { return "fail" }
                guard let nth = s.failWrite else { return "work" }
                let names = Condition.pendingWriteNames
                return names.indices.contains(nth - s.writes - 1) ? names[nth - s.writes - 1] : nil
            case .reads: return s.readsFail ? "fail" : "work"
            case .file: return s.fileDamaged ? "corrupt" : "intact"
            }
        }
    }

    /// The binding entries of the conditions, each served by a killed app too; `faults` gives the fixture's faults.
    static func conditionBindings<F: BoundFixture>(faults: @escaping @Sendable (F) -> StorageFaults) -> [FixtureBinding<F>] {
        Condition.allCases.map { condition in
            .observation(condition.rawValue, condition.type, whileKilled: .served) { fixture in
                guard let value = faults(fixture).condition(condition) else { throw FixtureError("the device's \(condition) has no name here") }
                return .symbol(value)
            }
        } + [
            // The advisory locks the store took in the last step, as the system saw them (D-STORE-LOCK).
            .observation("locksTaken", .names("none", "shared", "exclusive", "both"), whileKilled: .served) { fixture in
                .symbol(faults(fixture).locksTaken)
            },
        ]
    }

    /// Whether the app was killed inside a write (no call of its may reach the files any more).
    var isDead: Bool { state.withLock { $0.killed } }

    /// Called by `KillableCalls` before each system call of a write: true when that call must fail (the armed
    /// `callFails`, once); the process lives on.
    func fails(at point: FailPoint) -> Bool {
        state.withLock { s in
            guard s.armedFailure == point else { return false }
            s.armedFailure = nil
            return true
        }
    }

    /// Called by `FaultyFileCalls` before each raw call of a kind a fault can name: the error the call must answer
    /// instead of doing its work (a scheduled fault whose turn it is, once), or nil for the real call.
    func rawError(at call: RawCall) -> Int32? {
        state.withLock { s in
            var answer: Int32?
            for index in s.rawFaults.indices where s.rawFaults[index].call == call {
                s.rawFaults[index].callsLeft -= 1
                if s.rawFaults[index].callsLeft == 0, answer == nil { answer = s.rawFaults[index].error }
            }
            s.rawFaults.removeAll { $0.callsLeft <= 0 }
            return answer
        }
    }

    /// Called by `KillableCalls` before each system call of a write: true when the process is dead (the call must
    /// not happen). The armed kill fires here, at its point.
    func dies(before point: KillPoint) -> Bool {
        state.withLock { s in
            if s.killed { return true }
            guard s.armed == point else { return false }
            s.armed = nil
            s.killed = true
            return true
        }
    }
}

/// FileStore's system calls as a killed process makes them: the real calls until the armed kill point, then none
/// (a dead process unlinks nothing, renames nothing; its descriptors are closed by the kernel, which changes no
/// file). A call armed to fail (`callFails`) reports the failure its system call would (EIO) without doing its work,
/// except `close`, which releases the descriptor as close(2) does even when it reports an error; the directory fsync
/// (`syncDirectory`) fails inside the real directory sync, in `FaultyFileCalls`. The raw calls below go through
/// `FaultyFileCalls`.
struct KillableCalls: StoreSystemCalls {
    let faults: StorageFaults
    private let system: SystemStoreCalls

    /// The calls under `faults`.
    init(faults: StorageFaults) {
        self.faults = faults
        system = SystemStoreCalls(files: StoreFiles(raw: FaultyFileCalls(faults: faults)))
    }

    var files: StoreFiles { system.files }

    func createTemporary(beside path: String) throws(StoreError) -> (path: String, fd: Int32) {
        if faults.dies(before: .create) { throw .io("killed") }
        if faults.fails(at: .create) { throw .io("create") }
        return try system.createTemporary(beside: path)
    }

    func writeAll(_ bytes: [UInt8], to fd: Int32) throws(StoreError) {
        if faults.dies(before: .write) { throw .io("killed") }
        if faults.fails(at: .write) { throw .io("write") }
        if faults.dies(before: .partialWrite) {
            try system.writeAll(Array(bytes.prefix(bytes.count / 2)), to: fd)
            throw .io("killed")
        }
        try system.writeAll(bytes, to: fd)
    }

    func fsync(_ fd: Int32) -> Bool {
        if faults.dies(before: .fsync) || faults.fails(at: .fsync) { return false }
        return system.fsync(fd)
    }

    func close(_ fd: Int32) -> Bool {
        if faults.dies(before: .close) || faults.fails(at: .close) {
            _ = system.close(fd) // the kernel closes a dead process's descriptors; close(2) frees one that fails
            return false
        }
        return system.close(fd)
    }

    func rename(_ from: String, _ to: String) -> Bool {
        if faults.dies(before: .rename) || faults.fails(at: .rename) { return false }
        return system.rename(from, to)
    }

    func unlink(_ path: String) {
        if !faults.isDead { system.unlink(path) }
    }

    func syncDirectory(of path: String) throws(StoreError) {
        if faults.dies(before: .syncDirectory) { throw .io("killed") }
        try system.syncDirectory(of: path)
    }
}

/// FileStore's raw file calls as the device makes them: the real calls, except the one a scheduled fault names, which
/// answers -1 with its errno once and does nothing, as the system call does: a read, write, lock or create that a
/// signal interrupts (EINTR, `callInterrupted`), a temporary file whose random name is taken (EEXIST,
/// `temporaryNameTaken`), and the directory fsync of a write armed by `callFails(at: syncDirectory)` (EIO; the
/// directory is still opened and closed).
struct FaultyFileCalls: RawFileCalls {
    let faults: StorageFaults
    private let system = SystemFileCalls()

    func open(_ path: String, _ flags: Int32) -> Int32 { system.open(path, flags) }

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        // Only the temporary file is opened with O_EXCL (the lock file is opened with O_CREAT alone).
        if flags & O_EXCL != 0, let error = faults.rawError(at: .create) { return Self.failing(error) }
        return system.open(path, flags, mode)
    }

    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        if let error = faults.rawError(at: .read) { return Int(Self.failing(error)) }
        return system.read(fd, buffer)
    }

    func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        if let error = faults.rawError(at: .write) { return Int(Self.failing(error)) }
        return system.write(fd, buffer)
    }

    func flock(_ fd: Int32, _ operation: Int32) -> Int32 {
        if let error = faults.rawError(at: .lock) { return Self.failing(error) }
        let result = system.flock(fd, operation)
        if result == 0 { faults.recordLock(operation) }
        return result
    }

    func unlink(_ path: String) -> Int32 { system.unlink(path) }

    /// Only the directory sync fsyncs through the raw calls (the temporary file's fsync is `KillableCalls.fsync`).
    func fsync(_ fd: Int32) -> Int32 {
        if faults.fails(at: .syncDirectory) { return Self.failing(EIO) }
        return system.fsync(fd)
    }

    func close(_ fd: Int32) -> Int32 { system.close(fd) }

    /// A system call's failure: -1, with `error` in errno.
    private static func failing(_ error: Int32) -> Int32 {
        errno = error
        return -1
    }
}
