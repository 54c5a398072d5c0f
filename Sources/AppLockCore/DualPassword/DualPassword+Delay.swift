/// The failure delay of D-DP-DELAY, measured in elapsed time (D-CLOCK).
///
/// The delay runs for its length on the device's uptime clock from the last failure, so setting the wall clock back
/// or forwards neither brings an ended delay back nor ends a running one early. After a reboot no clock the user
/// cannot set reaches back to the failure: the delay then runs again in full from the first step of the new boot.
extension DualPassword {
    /// The part of the failure delay still to run at `now` (zero when none runs): never more than the delay, never
    /// less than zero.
    public func delayRemaining(at now: DeviceTime) -> TimeSpan {
        let delay = FailureDelay.delay(afterFailures: failureCount, cap: configuration.failureDelayCap)
        guard let last = lastFailureAt, let elapsed = now.elapsed(since: last) else { return delay }
        let (left, overflow) = delay.milliseconds.subtractingReportingOverflow(elapsed.milliseconds)
        return overflow ? delay : min(delay, max(.zero, .milliseconds(left)))
    }

    /// Whether a failure delay is running at `now`: a submission now would be refused without any work (D-DP-DELAY).
    public func isDelaying(at now: DeviceTime) -> Bool {
        delayRemaining(at: now) > .zero
    }

    /// D-CLOCK: a delay whose failure lies in another boot (or in a record that kept no elapsed time) starts again
    /// in full at `now`, persisted best effort, so that it runs its length once in this boot and then ends.
    mutating func restartDelayInNewBoot(at now: DeviceTime) {
        guard lastFailureAt?.boot != now.boot, isDelaying(at: now) else { return }
        let failures = failuresSoFar()
        _ = try? store.set(FailureRecord.encode(count: failures, at: now), forKey: configuration.keys.attempts)
        failureCount = failures
        lastFailureAt = now
    }

    /// Persists `failureCount + 1` and `now` as the last failure before any derivation, then adopts them; false
    /// (nothing changed) when the store refuses.
    mutating func recordFailureAhead(now: DeviceTime) -> Bool {
        let failures = failuresSoFar() + 1
        guard (try? store.set(FailureRecord.encode(count: failures, at: now), forKey: configuration.keys.attempts)) != nil
        else { return false }
        failureCount = failures
        lastFailureAt = now
        return true
    }

    /// D-DP-DELAY: any successful unlock resets the counter. Writes only when something changes, so a decoy entry
    /// with erase off leaves the store byte-identical.
    mutating func resetFailures() -> Bool {
        guard failureCount != 0 || lastFailureAt != nil else { return true }
        guard (try? store.remove(forKey: configuration.keys.attempts)) != nil else { return false }
        failureCount = 0
        lastFailureAt = nil
        return true
    }

    /// The larger of the count in memory and the one in the store, so another instance's failures on the same store
    /// are never written over with a smaller count (D-STORE-TWO-INSTANCES).
    private func failuresSoFar() -> Int {
        let stored = (try? store.value(forKey: configuration.keys.attempts)).flatMap { $0 }
            .flatMap { try? FailureRecord(bytes: $0).count }
        return max(failureCount, stored ?? 0)
    }
}
