/// SwiftUI's `ScenePhase`, as an input.
public enum ScenePhase: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// In the foreground and interactive.
    case active
    /// Visible but not interactive (task switcher, incoming call).
    case inactive
    /// Not visible.
    case background

    /// The raw name.
    public var description: String { rawValue }
}
