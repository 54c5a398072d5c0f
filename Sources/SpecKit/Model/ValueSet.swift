/// A set of values of one domain, kept as sorted, disjoint ranges of ordinals.
///
/// Every finite domain maps onto whole numbers (false/true → 0/1, an enumeration's members → their index,
/// integers and durations → themselves), so gaps and overlaps are found the same way for all of them.
public struct ValueSet: Hashable, Sendable {
    /// Sorted, disjoint, non-adjacent inclusive ranges.
    public private(set) var ranges: [ClosedRange<Int>]

    /// Creates a set from ranges, normalising them.
    public init(_ ranges: [ClosedRange<Int>]) {
        // One range or none (most conditions) is normal already: kept as given, not copied.
        guard ranges.count > 1 else {
            self.ranges = ranges
            return
        }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for r in sorted {
            if let last = merged.last, last.upperBound == Int.max || r.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        self.ranges = merged
    }

    /// Whether the set holds no value.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether an ordinal is in the set.
    public func contains(_ ordinal: Int) -> Bool { ranges.contains { $0.contains(ordinal) } }

    /// The union of two sets.
    public func union(_ other: ValueSet) -> ValueSet { ValueSet(ranges + other.ranges) }

    /// The values of `whole` that are not in this set.
    public func complement(in whole: ClosedRange<Int>) -> ValueSet {
        var result: [ClosedRange<Int>] = []
        var next = whole.lowerBound
        for r in ranges {
            if r.lowerBound > next { result.append(next...Swift.min(r.lowerBound - 1, whole.upperBound)) }
            if r.upperBound >= whole.upperBound { return ValueSet(result) }
            next = Swift.max(next, r.upperBound + 1)
        }
        if next <= whole.upperBound { result.append(next...whole.upperBound) }
        return ValueSet(result)
    }

    /// The intersection with a range.
    public func clamped(to whole: ClosedRange<Int>) -> ValueSet {
        ValueSet(ranges.compactMap { r in
            let lo = Swift.max(r.lowerBound, whole.lowerBound), hi = Swift.min(r.upperBound, whole.upperBound)
            return lo <= hi ? lo...hi : nil
        })
    }
}

extension Domain {
    /// The ordinals of the whole domain, or nil for text.
    public var ordinalRange: ClosedRange<Int>? {
        switch self {
        case .bool: 0...1
        case .enumeration(let names): names.isEmpty ? nil : 0...(names.count - 1)
        case .int(let r), .duration(let r): r
        case .text: nil
        }
    }

    /// The ordinal of a value of this domain.
    public func ordinal(of value: Value) -> Int? {
        switch (self, value) {
        case (.bool, .bool(let b)): b ? 1 : 0
        case (.enumeration(let names), .symbol(let s)): names.firstIndex(of: s)
        case (.int, .int(let i)): i
        case (.duration, .duration(let ms)): ms
        default: nil
        }
    }

    /// The value at an ordinal of this domain.
    public func value(atOrdinal ordinal: Int) -> Value {
        switch self {
        case .bool: .bool(ordinal != 0)
        case .enumeration(let names): .symbol(names.indices.contains(ordinal) ? names[ordinal] : "")
        case .int: .int(ordinal)
        case .duration: .duration(milliseconds: ordinal)
        case .text: .text("")
        }
    }

    /// Describes a set of this domain's values for a message: `true`, `[failure, cancel]`, `61s..2h`.
    public func describe(_ set: ValueSet) -> String {
        guard let whole = ordinalRange else { return "any" }
        if set.ranges.count == 1 && set.ranges[0] == whole { return "any" }
        // One value (the usual condition): its text, without a list of parts.
        if set.ranges.count == 1 && set.ranges[0].lowerBound == set.ranges[0].upperBound {
            return value(atOrdinal: set.ranges[0].lowerBound).description
        }
        let parts = set.ranges.flatMap { r in
            guard isOrdered else { return r.map { "\(value(atOrdinal: $0))" } }
            return [r.lowerBound == r.upperBound ? "\(value(atOrdinal: r.lowerBound))"
                    : "\(value(atOrdinal: r.lowerBound))..\(value(atOrdinal: r.upperBound))"]
        }
        return parts.count == 1 ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
    }
}
