import Dispatch

/// Main and decoy passwords on one lock screen, routed to Real, Decoy or a neutral error
/// (dual-password-decoy-space.zh.md §2-§5, §9).
///
/// Every submission reads both slots, derives both with the full Argon2id cost (optionally on two threads) and
/// tries both seals, with no early return. Only after both are done is the result chosen. A kill is a new machine on
/// the same store: it starts `locked`.
public struct DualPassword: Sendable, CustomStringConvertible {
    /// The settings.
    public let configuration: Configuration
    let store: any KeyValueStore
    private let random: any RandomSource

    /// The §4 state.
    public private(set) var state: DualPasswordState = .locked
    /// Erase on decoy password (persisted; default off).
    public private(set) var eraseEnabled = false
    /// Face ID may open Real (persisted).
    public private(set) var quickUnlockEnabled = false
    /// Consecutive failed submissions (persisted, D-DP-DELAY).
    public internal(set) var failureCount = 0
    /// When the last failed submission happened, on the device's clocks (persisted). nil when none did, or when the
    /// record kept no elapsed time (its delay then runs again in full, D-CLOCK).
    public internal(set) var lastFailureAt: DeviceTime?
    /// The enable-erase flow.
    public private(set) var eraseSetup: EraseSetupStep = .idle
    /// The erase coordinator has run in this machine (this process): a decoy submission with erase on overwrote
    /// the other slot (D-DP-ERASE-FLOW). A relaunch starts a new machine, which has not erased.
    public private(set) var hasErased = false
    /// True when the store cannot be read: nothing unlocks, nothing erases (D-STORE-CORRUPT).
    public private(set) var storeIsCorrupt = false
    private var session: Session?
    /// The lock screen's password field (D-DP-FIELD): emptied whenever an effect asks to clear the input, and
    /// empty in a new machine (a kill loses it).
    public internal(set) var field = PasswordField()
    /// The last `handle` call showed the one neutral error (`showError`): the lock screen's error line after a wrong,
    /// empty, delayed or unreadable submission, or a failed re-verification in settings; false after any other step.
    public private(set) var lastStepShowedError = false

    /// The open profile, if any.
    public var openProfile: ProfileRole? { session?.role }

    /// Whether the open session holds live key material: an unsealed profile key not yet wiped (false after release,
    /// when the session's key was wiped while it stays open, and for Face ID, whose key lives in the platform's
    /// biometric keychain item, outside this model).
    public var holdsProfileKey: Bool { session?.slot.map { !$0.profileKey.isWiped } ?? false }

    /// The open session's profile key, for the app to open the profile's container with (§4: an unlock unseals the
    /// profile's key and initialises its container): the key set-up returned for that profile
    /// (`InstalledProfileKeys`). Nil when `holdsProfileKey` is false. The value shares the core's bytes, so the lock's
    /// release zeroes the app's reference too (§4 row 7, §5).
    public var profileKey: SecretBytes? { session?.slot.flatMap { $0.profileKey.isWiped ? nil : $0.profileKey } }

    private struct Session: Sendable {
        let role: ProfileRole
        let slot: UnsealedSlot?
    }

    /// Builds the lock from the store; always starts `locked`.
    public init(configuration: Configuration = Configuration(), store: any KeyValueStore, random: any RandomSource) {
        self.configuration = configuration
        self.store = store
        self.random = random
        do {
            let keys = configuration.keys
            eraseEnabled = try Self.flag(store.value(forKey: keys.eraseOption))
            quickUnlockEnabled = try Self.flag(store.value(forKey: keys.quickUnlock))
            if let attempts = try store.value(forKey: keys.attempts) {
                let record = try FailureRecord(bytes: attempts)
                failureCount = record.count
                lastFailureAt = record.at
            }
        } catch {
            storeIsCorrupt = true
            eraseEnabled = false
            quickUnlockEnabled = false
        }
    }

    /// The raw persisted record of slot `index` (0 or 1), for audits: identical shape for both.
    public func persistedSlot(_ index: Int) -> [UInt8]? {
        try? store.value(forKey: configuration.keys.slot(index))
    }

    /// Audit helper: whether `password` currently opens a slot whose sealed role is Real (so "Real still exists"
    /// can be checked after decoy entries or an erase). Does the full two-slot work (two calls of the configured
    /// `keyDerivation`); changes no state, ignores the delay. Not for a lock screen.
    public func realSlotOpens(with password: SecretBytes) -> Bool {
        guard !password.isEmpty, let record0 = readSlot(0), let record1 = readSlot(1) else { return false }
        let opened = Self.unsealBoth([record0, record1], password: password, configuration: configuration)
        return opened.contains { $0.role == .real }
    }

    /// Applies one event at `now` and returns the effects, in order. Whenever they ask to clear the input, the
    /// password field is emptied (D-DP-CLEAR-INPUT).
    public mutating func handle(_ event: DualPasswordEvent, now: DeviceTime) -> [DualPasswordEffect] {
        restartDelayInNewBoot(at: now)
        let effects = apply(event, now: now)
        if effects.contains(.clearInput) { field.clear() }
        lastStepShowedError = effects.contains { if case .showError = $0 { true } else { false } }
        return effects
    }

    private mutating func apply(_ event: DualPasswordEvent, now: DeviceTime) -> [DualPasswordEffect] {
        switch event {
        case .typeCharacter, .deleteBackward, .clearField, .submitField:
            return editField(event, now: now)

        case .submit(let password):
            guard state == .locked else { return [] }
            return submit(password, now: now)

        case .faceIDResult(let reply):
            guard state == .locked else { return [] }
            // §4: Face ID success opens Real only, never Decoy, never erase. D-DP-FACEID-FAIL: a failure, or a
            // success that may not open Real (quick unlock off, Real erased, unreadable store), changes nothing and
            // returns nothing. A cancel clears the input, as the lock screen's cancel does (§4).
            switch reply {
            case .cancel: return [.clearInput]
            case .failure: return []
            case .success: break
            }
            guard quickUnlockEnabled, !storeIsCorrupt, resetFailures() else { return [] }
            session = Session(role: .real, slot: nil)
            state = .realUnlocked
            return [.clearInput, .openProfile(.real)]

        case .cancel:
            // §4: the lock screen's cancel never erases; the input is cleared. There is no lock screen while unlocked,
            // so there it changes nothing (an unfinished enable-erase dialog has its own cancel, cancelEraseSetup).
            guard state == .locked else { return [] }
            return [.clearInput]

        case .background:
            // §4: background never erases; the input is cleared. §7: the app shows a profile-neutral cover at once,
            // locked or not.
            eraseSetup = .idle
            return state == .locked ? [.clearInput, .showNeutralCover] : [.showNeutralCover]

        case .lock, .timeout:
            guard state != .locked else { return [] }
            release()
            return [.releaseProfile]

        case .beginEnableErase(let password):
            guard state == .realUnlocked, eraseSetup == .idle, !eraseEnabled else { return [] }
            guard verifyMain(password) else { return [.showError(configuration.neutralError)] }
            eraseSetup = .warning
            return [.presentEraseWarning]

        case .acknowledgeEraseWarning:
            guard state == .realUnlocked, eraseSetup == .warning else { return [] }
            eraseSetup = .confirmation
            return [.presentEraseConfirmation]

        case .confirmEnableErase:
            guard state == .realUnlocked, eraseSetup == .confirmation else { return [] }
            eraseSetup = .idle
            // D-DP-SETTING-NOT-SAVED: the flag changes only once the store has it; a failure is shown, never silent.
            guard saveSetting([1], forKey: configuration.keys.eraseOption) else { return [settingNotSaved] }
            eraseEnabled = true
            return []

        case .cancelEraseSetup:
            eraseSetup = .idle
            return []

        case .disableErase(let password):
            guard state == .realUnlocked, eraseEnabled else { return [] }
            guard verifyMain(password) else { return [.showError(configuration.neutralError)] }
            guard saveSetting([0], forKey: configuration.keys.eraseOption) else { return [settingNotSaved] }
            eraseEnabled = false
            return []

        case .setQuickUnlock(let on):
            guard state == .realUnlocked else { return [] }
            guard saveSetting([on ? 1 : 0], forKey: configuration.keys.quickUnlock) else { return [settingNotSaved] }
            quickUnlockEnabled = on
            return []
        }
    }

    // MARK: - Submission

    private mutating func submit(_ password: SecretBytes, now: DeviceTime) -> [DualPasswordEffect] {
        let refused: [DualPasswordEffect] = [.clearInput, .showError(configuration.neutralError)]
        // D-DP-EMPTY: refused before any KDF work; not a failure; nothing changes.
        guard !password.isEmpty, !storeIsCorrupt else { return refused }
        // D-DP-DELAY: refused while the delay since the last failure runs; derives nothing, changes nothing.
        if isDelaying(at: now) { return refused }
        // §5: both records must parse with bounded parameters before any work; a bad record refuses the whole
        // submission (fail closed: never unlock, never erase).
        guard let record0 = readSlot(0), let record1 = readSlot(1) else { return refused }
        // D-STORE-WRITE-FAILS: the failure this submission would be is written ahead; if the store refuses it,
        // nothing is derived and the same neutral refusal comes back, right or wrong.
        guard recordFailureAhead(now: now) else { return refused }
        let opened = Self.unsealBoth([record0, record1], password: password, configuration: configuration)
        let real = opened.first { $0.role == .real }
        let decoy = opened.first { $0.role == .decoy }
        // A slot kept by no session (a second opened slot, or one whose reset could not be written) is zeroed when
        // this call lets it go (SecretBytes); only the session's key outlives it.
        if let real {
            guard resetFailures() else { return refused }
            session = Session(role: .real, slot: real)
            state = .realUnlocked
            return [.clearInput, .openProfile(.real)]
        }
        if let decoy {
            guard resetFailures() else { return refused }
            var effects: [DualPasswordEffect] = [.clearInput]
            if let authorization = EraseAuthorization.issue(for: decoy, eraseEnabled: eraseEnabled) {
                // D-DP-ERASE-FLOW: erase through the unforgeable token, Real never opened, then Decoy.
                let coordinator = SecureEraseCoordinator(store: store, random: random, keys: configuration.keys)
                do { try coordinator.erase(authorization) } catch { return refused }
                hasErased = true
                quickUnlockEnabled = false
                effects.append(.erase)
            }
            session = Session(role: .decoy, slot: decoy)
            state = .decoyUnlocked
            return effects + [.openProfile(.decoy)]
        }
        // Both failed: the failure was counted ahead (persisted); stay locked, no profile is touched.
        return refused
    }

    /// The effect of a setting the store refused (D-DP-SETTING-NOT-SAVED).
    private var settingNotSaved: DualPasswordEffect { .showError(configuration.settingNotSavedError) }

    /// Writes one setting flag; false when the store refused it (the caller then changes nothing).
    private func saveSetting(_ value: [UInt8], forKey key: String) -> Bool {
        (try? store.set(value, forKey: key)) != nil
    }

    /// Derives both slots in full through `configuration.keyDerivation` (on two threads when
    /// `parallelDerivation`) and tries both seals; returns the slots that opened.
    static func unsealBoth(_ records: [SlotRecord], password: SecretBytes, configuration: Configuration) -> [UnsealedSlot] {
        let results = ResultBox(count: records.count)
        let secret = configuration.deviceSecret
        let kdf = configuration.keyDerivation
        let work: @Sendable (Int) -> Void = { index in
            guard let key = try? records[index].deriveKey(password: password, index: index, secret: secret, kdf: kdf)
            else { return }
            results.set(index, UnsealedSlot.open(records[index], index: index, key: key))
        }
        if configuration.parallelDerivation {
            DispatchQueue.concurrentPerform(iterations: records.count, execute: work)
        } else {
            for index in records.indices { work(index) }
        }
        return results.values
    }

    private func readSlot(_ index: Int) -> SlotRecord? {
        guard let bytes = try? store.value(forKey: configuration.keys.slot(index)) else { return nil }
        return try? SlotRecord(bytes: bytes)
    }

    /// Whether `password` opens the Real slot (re-verifying the main password inside Real). A session opened by password knows its slot; one opened by Face ID holds
    /// no slot (the key lives in the platform's keychain), so both slots are tried (D-DP-ERASE-SETTINGS: the main
    /// password proves itself however Real was opened).
    private mutating func verifyMain(_ password: SecretBytes) -> Bool {
        guard !password.isEmpty, session?.role == .real else { return false }
        let indices = session?.slot.map { [$0.index] } ?? [0, 1]
        return indices.contains { opensReal(password, index: $0) }
    }

    /// Whether `password` opens slot `index` as Real (one call of the configured `keyDerivation`).
    func opensReal(_ password: SecretBytes, index: Int) -> Bool {
        guard let record = readSlot(index),
              let key = try? record.deriveKey(
                  password: password, index: index, secret: configuration.deviceSecret, kdf: configuration.keyDerivation)
        else { return false }
        return UnsealedSlot.open(record, index: index, key: key)?.role == .real
    }

    /// §4: timeout / manual lock releases the container and zeroes the key.
    private mutating func release() {
        session?.slot?.release()
        session = nil
        eraseSetup = .idle
        state = .locked
    }

    private static func flag(_ bytes: [UInt8]?) throws(StoreError) -> Bool {
        switch bytes {
        case nil, [0]?: return false
        case [1]?: return true
        default: throw .corrupt
        }
    }

    /// The observable state; never a key or which slot is which.
    public var description: String {
        "state=\(state) erase=\(eraseEnabled) failures=\(failureCount) setup=\(eraseSetup)"
    }
}

/// Two result cells written from two threads at distinct indices.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLockLite()
    private var cells: [UnsealedSlot?]

    init(count: Int) {
        cells = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: UnsealedSlot?) {
        lock.withLock { cells[index] = value }
    }

    var values: [UnsealedSlot] {
        lock.withLock { cells.compactMap { $0 } }
    }
}
