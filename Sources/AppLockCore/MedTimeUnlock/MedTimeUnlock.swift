/// The MedTime unlock screen (medtime-biometric-unlock.es.md §4.1, §4.3, §5.1, §6, §7.3, §8, §9.2, §11).
///
/// A value type with one pure transition, `handle(_:now:)`; the PIN counter and `pinBlockedUntil` live in the
/// injected store, so a kill and relaunch (a new machine on the same store) keeps them (§6.2). Time is read from the
/// device's two clocks (`DeviceTime`): what the screen measures runs on elapsed time, which setting the wall clock
/// forward or back does not change (D-MT-CLOCK).
public struct MedTimeUnlock: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Biometric failures that fall back to the PIN (§6.1.1): the default of `Configuration.biometricAttempts`.
    public static let biometricAttempts = 3
    /// Delay before the dashboard (§2.5, §5.2).
    public static let dashboardDelay: Int64 = 500

    /// The settings.
    public let configuration: Configuration
    private let store: any KeyValueStore

    /// The resting state.
    public private(set) var state: MedTimeState = .checkingSession
    /// Every state entered during the last event, transient ones included, in order.
    public private(set) var lastPath: [MedTimeState] = []
    /// Consecutive biometric failures in this app open (D-MT-BIO-RESET).
    public private(set) var biometricFailures = 0
    /// The persisted PIN failure counter (D-MT-PIN-RESET).
    public private(set) var pinFailures: Int
    /// The end of the current block (§6.2), if any, on the wall clock as this screen last read it (it moves with the
    /// wall clock when the user sets it, D-MT-CLOCK; the store keeps it with its end on the uptime clock).
    public private(set) var pinBlockedUntil: Instant?
    /// The countdown shown on the blocked screen (MM:SS, D-MT-COUNTDOWN), refreshed on every event.
    public private(set) var countdown: String?
    /// How many digits are entered (the digits themselves are never exposed).
    public private(set) var enteredDigitCount = 0
    /// True when the store could not be read or written: the PIN stays blocked, biometrics are not offered, nothing
    /// unlocks (D-STORE-CORRUPT).
    public private(set) var storeIsCorrupt = false
    /// When `open` arrived (the origin of `time_ms`).
    public private(set) var openedAt: Instant?
    /// When the dashboard is due after an unlock (§2.5, §5.2: 0.5 s later); nil when no unlock is waiting for it.
    public private(set) var dashboardDueAt: Instant?
    /// What the last failed attempt led to (§6.1), until the next unlock; nil before any failure.
    public private(set) var lastFailure: MedTimeFailure?
    /// The digits typed so far, each zeroed when deleted, cleared or submitted.
    private var digits = PasswordField()
    /// The latest reading of the clocks this screen has been given: the wall clock set since then is what it shows
    /// beyond the time elapsed (D-MT-CLOCK).
    private var latestNow: DeviceTime?

    /// Builds the screen from the store (a relaunch is a new machine on the same store). `now`, the launch reading,
    /// measures what is left of a persisted block (D-MT-CLOCK): on the uptime clock when the block was persisted in this
    /// boot, so a wall clock set forward or back while the app was not running changes nothing; otherwise (another
    /// boot, a record without uptime) on the wall clock, cut to the block's full length when it would run past it (to
    /// the longest block beside a count that starts none here: a release with fewer attempts wrote it, or the store was
    /// edited). Without `now` the block is taken as persisted.
    public init(configuration: Configuration, store: any KeyValueStore, now: DeviceTime? = nil) {
        self.configuration = configuration
        self.store = store
        var record: BlockRecord?
        do {
            let failures = try store.value(forKey: configuration.failuresKey)
            pinFailures = try ByteCoding.decodeCount(failures)
            record = try BlockRecord(bytes: store.value(forKey: configuration.blockedUntilKey))
            pinBlockedUntil = record?.until
        } catch {
            pinFailures = 0
            pinBlockedUntil = nil
            storeIsCorrupt = true
        }
        guard let now else { return }
        latestNow = now
        guard let record else { return }
        if let end = record.end(at: now) {
            pinBlockedUntil = end
        } else {
            let tiers = configuration.lockout
            let length = tiers.blockDuration(afterFailure: pinFailures) ?? tiers.longestBlock
            if length < record.until - now.wall { pinBlockedUntil = now.wall + length }
        }
    }

    /// The PIN pad accepts digits.
    public var inputEnabled: Bool { state == .pinInput }

    /// PIN attempts left before the next block: `attempts - failures` (0 once blocking tiers apply).
    public var pinAttemptsRemaining: Int { configuration.lockout.attemptsRemaining(afterFailures: pinFailures) }

    /// Biometric attempts left in this open.
    public var biometricAttemptsRemaining: Int { max(0, configuration.biometricAttempts - biometricFailures) }

    /// Applies one event at `time` (the device's clocks) and returns the effects, in order.
    public mutating func handle(_ event: MedTimeEvent, now time: DeviceTime) -> [MedTimeEffect] {
        lastPath = []
        var effects: [MedTimeEffect] = []
        catchUp(with: time, before: event)
        let now = time.wall
        switch event {
        case .open(let sessionValid):
            guard state == .checkingSession else { break }
            guard sessionValid else {
                enter(.login) // D-MT-SESSION
                effects.append(.navigate(.login, afterMilliseconds: 0))
                break
            }
            openedAt = now
            biometricFailures = 0 // D-MT-BIO-RESET: every open starts at 0.
            effects.append(.analytics(AnalyticsEvent("screen_view", [.init("screen_name", "biometric_unlock")])))
            if configuration.biometricEnabled, configuration.biometry != .none, !storeIsCorrupt {
                effects += startBiometricPrompt(announce: true)
            } else {
                effects += enterPIN(now: now, fromBiometric: false)
            }

        case .biometricResult(let reply):
            guard state == .biometricPrompt else { break }
            effects += handleBiometric(reply, now: now)

        case .usePIN:
            guard state == .biometricPrompt else { break }
            effects.append(.analytics(AnalyticsEvent("biometric_to_pin", [.init("reason", "cancelled")])))
            effects += enterPIN(now: now, fromBiometric: true)

        case .digit(let value):
            // D-MT-TIERS: while blocked (or anywhere but the PIN pad) digits are ignored.
            guard state == .pinInput, (0...9).contains(value) else { break }
            digits.append(SecretBytes([UInt8(0x30 + value)]))
            enteredDigitCount = digits.length
            effects.append(digitAnnouncement(entered: digits.length))
            if digits.length == configuration.pinLength.rawValue { effects += submitPIN(now: now) }

        case .delete:
            guard state == .pinInput else { break }
            digits.deleteBackward()
            enteredDigitCount = digits.length

        case .clearAll:
            guard state == .pinInput else { break }
            clearDigits()

        case .tick:
            break // the block refresh above is all a tick does

        case .tapLogin:
            guard state == .pinBlocked else { break }
            enter(.login) // D-MT-SESSION
            countdown = nil
            effects.append(.output(.relogin))
            effects.append(.navigate(.login, afterMilliseconds: 0))

        case .forgotPIN:
            guard state == .pinInput else { break }
            clearDigits()
            effects.append(.output(.forgotPIN))
            effects.append(.navigate(.recovery, afterMilliseconds: 0))
        }
        if state == .pinBlocked, let until = pinBlockedUntil {
            countdown = PINLockoutPolicy.countdown(until - now)
        }
        return effects
    }

    // MARK: - Biometrics

    /// Shows the biometric prompt. §7.3 'Bio prompt' is announced only when the prompt first appears on open; the
    /// retry after a failure is announced by 'Bio fail' alone (D-MT-EFFECTS).
    private mutating func startBiometricPrompt(announce: Bool) -> [MedTimeEffect] {
        enter(.biometricPrompt)
        // §8.2: biometrics only; the fallback is the app PIN, never the system passcode.
        var effects: [MedTimeEffect] = [.startBiometricPrompt(.deviceOwnerAuthenticationWithBiometrics)]
        if announce { effects.append(.announce("Usa \(configuration.biometry.promptName) para desbloquear MedTime")) }
        effects.append(.analytics(AnalyticsEvent("biometric_attempt", [.init("type", configuration.biometry.rawValue)])))
        return effects
    }

    private mutating func handleBiometric(_ reply: AuthenticationReply, now: Instant) -> [MedTimeEffect] {
        let type = configuration.biometry.rawValue
        switch reply {
        case .success:
            enter(.biometricSuccess)
            return unlock(method: "biometric", now: now, first: AnalyticsEvent("biometric_success", [
                .init("type", type), .init("time_ms", Int(elapsed(now))),
            ]), output: .biometricSuccess)
        case .failure:
            biometricFailures += 1
            enter(.biometricFail)
            var effects: [MedTimeEffect] = [.analytics(AnalyticsEvent("biometric_failure", [
                .init("type", type), .init("attempt_number", biometricFailures),
            ])), .output(.biometricFail(attemptsRemaining: biometricAttemptsRemaining))]
            let action: MedTimeFailure.Action
            if biometricFailures < configuration.biometricAttempts {
                action = .retryBiometric
                effects.append(.announce("No reconocido. \(configuration.biometricAttempts - biometricFailures) intentos restantes"))
                effects += startBiometricPrompt(announce: false) // D-MT-EFFECTS: no second "Bio prompt"
            } else {
                action = .fallbackToPIN
                effects.append(.analytics(AnalyticsEvent("biometric_to_pin", [.init("reason", "failed")])))
                effects += enterPIN(now: now, fromBiometric: true)
            }
            recordFailure(action, remaining: biometricAttemptsRemaining, block: .zero, effects: effects)
            return effects
        case .cancel:
            return [.analytics(AnalyticsEvent("biometric_to_pin", [.init("reason", "cancelled")]))]
                + enterPIN(now: now, fromBiometric: true)
        }
    }

    // MARK: - PIN

    /// §6.2: the block is checked whenever the PIN screen starts. §7.3 announces "Usa tu PIN para desbloquear" only
    /// on the way from biometrics to the PIN ("Bio to PIN"), not when the PIN screen is the first one shown.
    private mutating func enterPIN(now: Instant, fromBiometric: Bool) -> [MedTimeEffect] {
        clearDigits()
        if storeIsCorrupt, pinBlockedUntil.map({ now >= $0 }) ?? true {
            pinBlockedUntil = now + configuration.lockout.longestBlock // D-STORE-CORRUPT: longest tier, not persisted.
        }
        if let until = pinBlockedUntil, now < until {
            enter(.pinBlocked)
            let text = PINLockoutPolicy.countdown(until - now)
            countdown = text
            return [.announce("PIN bloqueado. Espera \(text)")]
        }
        enter(.pinInput)
        return fromBiometric ? [.announce("Usa tu PIN para desbloquear")] : []
    }

    /// What the time alone has done by `now`, before `event` is handled: a clock moved back is absorbed; 0.5 s after an
    /// unlock the screen hands over to the dashboard (§2.5, §5.2: the first event from then on, the screen's tick or
    /// any other, finds the core there); the block ends on a tick or on the next event at or after pinBlockedUntil
    /// (§6.2), and one that is over is forgotten.
    private mutating func catchUp(with time: DeviceTime, before event: MedTimeEvent) {
        absorbClockSet(time)
        let now = time.wall
        if state == .success, let due = dashboardDueAt, now >= due {
            enter(.dashboard)
            dashboardDueAt = nil
        }
        if state == .pinBlocked, event != .tapLogin {
            refreshBlock(now: now)
        }
        forgetEndedBlock(now: now)
    }

    /// D-MT-CLOCK: what the screen measures (a running block, the dashboard's delay, `time_ms`) is elapsed time, which
    /// setting the wall clock neither lengthens nor shortens: every instant kept moves with the clock.
    private mutating func absorbClockSet(_ time: DeviceTime) {
        defer { latestNow = time }
        let set = clockSet(at: time)
        guard set != .zero else { return }
        pinBlockedUntil = pinBlockedUntil.map { $0 + set }
        dashboardDueAt = dashboardDueAt.map { $0 + set }
        openedAt = openedAt.map { $0 + set }
    }

    /// How far the wall clock was set, forward or back, since the latest reading: what it moved beyond the time elapsed
    /// on the uptime clock (`screenInstant`).
    private func clockSet(at time: DeviceTime) -> TimeSpan { time.wall - screenInstant(time) }

    /// The instant on this screen's timeline at `time`: the latest reading's wall clock and the time elapsed since.
    /// Where no elapsed time is known (the uptime could not be read, or went back), a wall clock behind the latest
    /// reading was set back (the screen stays at the latest instant), and one ahead of it is taken as time passed.
    private func screenInstant(_ time: DeviceTime) -> Instant {
        guard let latest = latestNow else { return time.wall }
        if let elapsed = time.elapsed(since: latest) { return latest.wall + elapsed }
        return max(latest.wall, time.wall)
    }

    /// D-MT-CLOCK: a block that is over is forgotten, on the device too, so a clock moved back later (before a
    /// relaunch) does not bring it back. A store that refuses the write keeps the stale instant; the screen forgets it.
    private mutating func forgetEndedBlock(now: Instant) {
        guard !storeIsCorrupt, let until = pinBlockedUntil, now >= until else { return }
        pinBlockedUntil = nil
        try? store.update([StoreChange(key: configuration.blockedUntilKey, value: nil)])
    }

    private mutating func refreshBlock(now: Instant) {
        guard let until = pinBlockedUntil, now >= until else { return }
        if storeIsCorrupt {
            pinBlockedUntil = now + configuration.lockout.longestBlock // never leaves the block (D-STORE-CORRUPT)
            return
        }
        countdown = nil
        clearDigits()
        enter(.pinInput)
    }

    /// D-STORE-WRITE-FAILS: the failure this attempt would be is written *ahead*, before the PIN is derived; if the
    /// store refuses it the PIN is not evaluated at all (no derivation, the same effects for a right and a wrong PIN)
    /// and the screen fails closed (D-STORE-CORRUPT). A right PIN then resets what was written ahead.
    private mutating func submitPIN(now: Instant) -> [MedTimeEffect] {
        enter(.pinValidating)
        var effects: [MedTimeEffect] = [.analytics(AnalyticsEvent("pin_attempt")), .output(.pinComplete)]
        let pin = digits.content()
        clearDigits()
        // D-STORE-TWO-INSTANCES: count from the larger of this screen's count and the store's, so another screen on
        // the same store (an app and its extension) never has a failure written over with a smaller count.
        let failure = max(pinFailures, storedFailures() ?? 0) + 1
        let block = configuration.lockout.blockDuration(afterFailure: failure)
        let until = block.map { now + $0 }
        let record = block.map { BlockRecord.encode(from: latestNow ?? DeviceTime(now), length: $0) }
        guard !storeIsCorrupt, recordAhead(failure: failure, block: record) else {
            storeIsCorrupt = true // the attempt was not evaluated: refuse until a relaunch finds the store working
            return effects + enterPIN(now: now, fromBiometric: false)
        }
        // D-STORE-READ-FAILS: a credential that cannot be read is not a wrong PIN. The attempt stays counted (it was
        // written ahead), the PIN is not evaluated, and the screen fails closed as over a corrupt store.
        guard let matches = verify(pin) else {
            pinFailures = failure
            storeIsCorrupt = true
            return effects + enterPIN(now: now, fromBiometric: false)
        }
        if matches {
            effects += unlock(method: "pin", now: now, first: AnalyticsEvent("pin_success", [
                .init("time_ms", Int(elapsed(now))), .init("attempts_used", failure),
            ]), output: .pinSuccess)
            // D-STORE-WRITE-FAILS: a reset that could not be written leaves the attempt counted on the device; the
            // screen shows that count, not the one before the attempt.
            if storeIsCorrupt { pinFailures = failure }
            return effects
        }
        enter(.pinError)
        pinFailures = failure
        if let until { pinBlockedUntil = until }
        effects.append(.analytics(AnalyticsEvent("pin_failure", [.init("attempt_number", failure)])))
        effects.append(.output(.pinFail(attemptsRemaining: configuration.lockout.attemptsRemaining(afterFailures: failure))))
        guard let block else {
            effects.append(.announce(
                "PIN incorrecto. \(configuration.lockout.attemptsRemaining(afterFailures: failure)) intentos restantes"))
            enter(.pinInput)
            recordFailure(.showRemaining, remaining: pinAttemptsRemaining, block: .zero, effects: effects)
            return effects
        }
        effects.append(.analytics(AnalyticsEvent("pin_blocked", [
            .init("duration_seconds", Int(block.milliseconds / 1000)),
        ])))
        effects += enterPIN(now: now, fromBiometric: false)
        recordFailure(state == .pinBlocked ? .block : .showRemaining, remaining: pinAttemptsRemaining,
                      block: pinBlockedUntil.map { max(.zero, $0 - now) } ?? .zero, effects: effects)
        return effects
    }

    /// The failure count the store holds now; nil when it cannot be read or decoded (the screen's own count is used).
    private func storedFailures() -> Int? {
        guard let bytes = try? store.value(forKey: configuration.failuresKey) else { return nil }
        return try? ByteCoding.decodeCount(bytes)
    }

    /// Persists `failure` (and the block it starts) before the PIN is evaluated; false when the store refuses.
    private func recordAhead(failure: Int, block: [UInt8]?) -> Bool {
        var changes = [StoreChange(key: configuration.failuresKey, value: ByteCoding.encodeCount(failure))]
        if let block {
            changes.append(StoreChange(key: configuration.blockedUntilKey, value: block))
        }
        return (try? store.update(changes)) != nil
    }

    /// The §7.3 announcement a digit makes when it is the `entered`-th of the PIN: `Digito n de N`.
    public func digitAnnouncement(entered: Int) -> MedTimeEffect {
        .announce("Digito \(entered) de \(configuration.pinLength.rawValue)")
    }

    /// Records what a failure led to; its announcement is the first one the failure made (§7.3; a re-prompt after
    /// it makes none of its own, D-MT-EFFECTS).
    private mutating func recordFailure(_ action: MedTimeFailure.Action, remaining: Int, block: TimeSpan, effects: [MedTimeEffect]) {
        var announcement = ""
        for case .announce(let text) in effects {
            announcement = text
            break
        }
        lastFailure = MedTimeFailure(action: action, attemptsRemaining: remaining, block: block, announcement: announcement)
    }

    /// Whether a PIN block is running at `time` (§6.2): `pinBlockedUntil` is later than now, measured on this
    /// screen's timeline (a wall clock set since the screen last looked changes nothing, D-MT-CLOCK), whatever
    /// screen is shown (a relaunched screen has not looked yet; it does when the PIN screen starts).
    public func isBlocked(at time: DeviceTime) -> Bool {
        guard let until = pinBlockedUntil else { return false }
        return screenInstant(time) < until
    }

    /// How long the PIN stays blocked from `time` (§6.2), measured as `isBlocked(at:)` does: zero when it is not
    /// blocked or the block is over.
    public func blockRemaining(at time: DeviceTime) -> TimeSpan {
        let now = screenInstant(time)
        guard let until = pinBlockedUntil, now < until else { return .zero }
        return until - now
    }

    /// Whether `pin` matches the enrolled credential; nil when the credential cannot be read or decoded, so the PIN
    /// cannot be evaluated (D-STORE-READ-FAILS). No credential at all matches nothing.
    private func verify(_ pin: SecretBytes) -> Bool? {
        let record: [UInt8]?
        do {
            record = try store.value(forKey: configuration.credentialKey)
        } catch {
            return nil
        }
        guard let record else { return false }
        guard let credential = try? PINCredential(record: record) else { return nil }
        return credential.verify(pin, secret: configuration.deviceSecret)
    }

    // MARK: - Shared

    /// Success: both counters reset (D-MT-PIN-RESET), then the dashboard after 0.5 s.
    private mutating func unlock(
        method: String, now: Instant, first: AnalyticsEvent, output: MedTimeOutput
    ) -> [MedTimeEffect] {
        do {
            try store.update([
                StoreChange(key: configuration.failuresKey, value: nil),
                StoreChange(key: configuration.blockedUntilKey, value: nil),
            ])
        } catch {
            // D-STORE-CORRUPT: a store that cannot record the reset never unlocks.
            storeIsCorrupt = true
            return enterPIN(now: now, fromBiometric: false)
        }
        pinFailures = 0
        pinBlockedUntil = nil
        biometricFailures = 0
        countdown = nil
        lastFailure = nil
        enter(.success)
        dashboardDueAt = now + .milliseconds(Self.dashboardDelay)
        return [
            .analytics(first),
            .analytics(AnalyticsEvent("unlock_success", [.init("method", method)])),
            .output(output),
            .announce("Desbloqueado"),
            .navigate(.dashboard, afterMilliseconds: Self.dashboardDelay),
        ]
    }

    private mutating func enter(_ next: MedTimeState) {
        state = next
        lastPath.append(next)
    }

    private mutating func clearDigits() {
        digits.clear()
        enteredDigitCount = 0
    }

    private func elapsed(_ now: Instant) -> Int64 {
        max(0, (now - (openedAt ?? now)).milliseconds)
    }

    /// The observable state; never the entered digits.
    public var description: String {
        "state=\(state) bioFailures=\(biometricFailures) pinFailures=\(pinFailures) "
            + "blockedUntil=\(pinBlockedUntil.map(String.init(describing:)) ?? "none") digits=\(enteredDigitCount)"
    }

    /// Same as `description`.
    public var debugDescription: String { "MedTimeUnlock(\(description))" }
}
