import Dispatch

extension Array where Element: Sendable {
    /// `map(transform)`, with the elements spread over the machine's cores: each result lands at its element's index,
    /// so the output is the same, in the same order, as a plain `map`. For independent work of some size per element
    /// (loading a file, touring a machine); `transform` must not depend on the order the elements are taken in.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deinitialize().deallocate() }
        // Each iteration writes its own slot only, and `concurrentPerform` returns after the last one.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: count) { index in slots[index] = transform(self[index]) }
        return results.map { $0! }
    }
}
