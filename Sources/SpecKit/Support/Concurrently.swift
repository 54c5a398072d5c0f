import Dispatch
import Foundation

/// Runs two independent pieces of work at once, on two threads when the machine has the cores (and `enabled`), and
/// returns both results. Neither may touch what the other writes; the results are the same as running `first` then
/// `second`, which is what happens when `enabled` is false.
///
/// One level only: called from inside another `concurrently` (or any `concurrentPerform`), libdispatch gives the
/// inner one the outer one's share of the pool, one thread here, so it runs its two pieces one after the other.
/// (Measured: the checks across specs run beside the compile of every spec made each machine's own two threads one,
/// and the compile slower.)
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

    /// The result, moved out: the slot keeps no reference, so an array in it is the caller's alone (and can grow in
    /// place).
    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let value = stored
        stored = nil
        return value
    }
}
