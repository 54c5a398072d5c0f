import Foundation

/// How the HTML report lays out its state diagrams: with Graphviz's `dot` program when it is given (the default finds
/// it on `PATH`), else by hand. A diagram `dot` cannot lay out (it is missing, fails, or runs past `timeout`) is laid
/// out by hand, and the page says so.
public struct DiagramLayout: Hashable, Sendable {
    /// The path of the `dot` executable, or nil to lay every diagram out by hand.
    public var dot: String?
    /// The longest one diagram's layout may take, in seconds; past it `dot` is killed and the hand layout used.
    public var timeout: Double
    /// The most states and transitions a machine may have for `dot` to lay it out (bounds time on a huge graph).
    public var maximumElements: Int

    /// Lays out with the `dot` at `dot` (nil: by hand).
    public init(dot: String?, timeout: Double = 10, maximumElements: Int = 2_000) {
        self.dot = dot
        self.timeout = timeout
        self.maximumElements = maximumElements
    }

    /// Graphviz's `dot` found on the process's `PATH` (or in `/usr/bin`), else the hand layout.
    public static var automatic: DiagramLayout {
        DiagramLayout(dot: GraphvizProcess.locate(environment: ProcessInfo.processInfo.environment))
    }

    /// Every diagram laid out by hand.
    public static let hand = DiagramLayout(dot: nil)
}
