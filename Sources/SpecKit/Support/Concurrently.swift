import Dispatch
import Foundation

/// Runs two independent pieces of work at once, on two threads when the machine has the cores (and `enabled`), and
/// returns both results. Neither may touch what the other writes; the results are the same as running `first` then
/// `second`, which is what happens when `enabled` is false.
func concurrently<A: Sendable, B: Sendable>(enabled: Bool = true, _ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    guard enabled else { return (first(), second()) }
    let a = ResultSlot<A>(), b = ResultSlot<B>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { a.store(first()) } else { b.store(second()) }
    }
    // concurrentPerform returns only after both ran, so both slots are filled; the fall-backs keep that a fact
    // checked here rather than a promise.
    return (a.take() ?? first(), b.take() ?? second())
}

/// One result handed from a worker thread to the caller.
private final class ResultSlot<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: Value?

    func store(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
