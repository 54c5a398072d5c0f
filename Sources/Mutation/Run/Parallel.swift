import Foundation

/// Runs `body` over `items` on `jobs` threads, each taking the next item as it finishes one; results keep the items'
/// order. `progress` is called after each item with (done, total).
enum Parallel {
    static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, progress: (@Sendable (Int, Int) -> Void)?,
                                            _ body: @escaping @Sendable (T) -> R) -> [R] {
        let state = State<R>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, items.count)) {
            group.enter()
            let thread = Thread {
                while let index = state.take() {
                    let result = body(items[index])
                    let done = state.put(result, at: index)
                    progress?(done, items.count)
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return state.results()
    }

    private final class State<R: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var done = 0
        private var slots: [R?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func put(_ result: R, at index: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = result
            done += 1
            return done
        }

        func results() -> [R] {
            lock.lock()
            defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
