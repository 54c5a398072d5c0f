/// How one version string stands against another (app-launch-gates.zh.md §更新门控: segment-wise numeric order).
public enum VersionOrder: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The first version is lower.
    case less
    /// The two are equal (a missing segment counts as 0, D-VER-MISSING).
    case equal
    /// The first version is higher.
    case greater
    /// At least one of the two is invalid (an empty or non-numeric segment, D-VER-INVALID): they cannot be ordered.
    case invalid

    /// The raw name.
    public var description: String { rawValue }
}

extension AppVersion {
    /// Orders `version` against `other` as the update gate does: `.invalid` when either does not parse.
    public static func order(_ version: String, _ other: String) -> VersionOrder {
        guard let a = AppVersion(version), let b = AppVersion(other) else { return .invalid }
        if a < b { return .less }
        return a == b ? .equal : .greater
    }
}
