/// What the update gate shows.
public enum UpdateRequirement: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Idle: no sheet.
    case none
    /// Soft, dismissable sheet (below LATEST_APP_VERSION, not dismissed for that version).
    case soft
    /// Forced, non-dismissable sheet (below MIN_APP_VERSION).
    case forced

    /// The raw name.
    public var description: String { rawValue }

    /// The pure rule. An invalid running version shows nothing; an invalid or empty MIN / LATEST keeps that check
    /// idle (D-VER-INVALID); forced wins over soft; a soft update dismissed for LATEST X stays hidden while LATEST is
    /// X, compared as versions (D-UPD-DISMISS).
    public static func evaluate(
        running: String, minimum: String?, latest: String?, dismissed: String?
    ) -> UpdateRequirement {
        guard let current = AppVersion(running) else { return .none }
        if let minimum = minimum.flatMap(AppVersion.init), current < minimum { return .forced }
        if let latest = latest.flatMap(AppVersion.init), current < latest {
            if let dismissed = dismissed.flatMap(AppVersion.init), dismissed == latest { return .none }
            return .soft
        }
        return .none
    }
}
