/// A version string compared segment by segment as non-negative integers (app-launch-gates.zh.md: 1.0 < 1.0.1 < 1.2).
///
/// D-VER-MISSING: a missing segment counts as 0, so "1.0" == "1.0.0". D-VER-INVALID: an empty or non-numeric segment
/// ("1.x", "1..2", "") makes the whole string invalid (`init` returns nil). Segments of any length are compared
/// exactly (no integer overflow).
public struct AppVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The segments without leading zeros, trailing zero segments dropped ("1.0.0" → ["1"]).
    private let segments: [String]
    /// The text it was parsed from.
    public let text: String

    /// Parses `text`; nil when invalid.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        var normalized: [String] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            let trimmed = part.drop { $0 == "0" }
            normalized.append(trimmed.isEmpty ? "0" : String(trimmed))
        }
        while normalized.last == "0" { normalized.removeLast() }
        segments = normalized
        self.text = text
    }

    /// Equal when every segment is equal, missing ones counting as 0.
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        lhs.segments == rhs.segments
    }

    /// Hashes the normalized segments (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
    }

    /// Segment-wise numeric order.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.segments.count, rhs.segments.count) {
            let a = index < lhs.segments.count ? lhs.segments[index] : "0"
            let b = index < rhs.segments.count ? rhs.segments[index] : "0"
            if a == b { continue }
            return a.count != b.count ? a.count < b.count : a < b
        }
        return false
    }

    /// The original text.
    public var description: String { text }
}
