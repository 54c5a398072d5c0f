/// What a test step does.
public enum TestAction: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Send an event with inputs.
    case event(String, inputs: [NamedValue])
    /// Let milliseconds of time pass (both device clocks move); a negative amount sets the wall clock back instead, as
    /// `setClock` does.
    case advance(milliseconds: Int)
    /// The user sets the device's wall clock by milliseconds, forward (positive) or back (negative): no time passes.
    case setClock(milliseconds: Int)
    /// Kill the app: only the persisted store survives.
    case kill
    /// Build a fresh core from the persisted store.
    case relaunch
    /// Check only.
    case check
    /// Evaluate the fixture function `table` (a decision table's `table:`) at these inputs.
    case decide(table: String, inputs: [NamedValue])
    /// Run a cell of the fixture function `table` (a matrix's `table:`) at these axis values.
    case cell(table: String, axes: [NamedValue])

    /// Whether the action sets the device clock, back or forward, with no time passing (`setClock`, or an `advance`
    /// by a negative amount).
    public var isClockMove: Bool {
        switch self {
        case .advance(let ms): ms < 0
        case .setClock: true
        default: false
        }
    }

    /// Whether the action evaluates a decision table (a pure function: the fixture stays where it was).
    public var isDecision: Bool { if case .decide = self { true } else { false } }

    /// The action as a reader would write it: `active(away=61s)`, `advance 30s`, `kill`.
    public var description: String {
        // A text that would not read back as one argument (empty, spaced, or holding , ( ) = or ") is quoted:
        // `launch(min="", latest=1.2)`, `launch(min="invalid 1.x")`.
        func shown(_ value: Value) -> String {
            // An enumeration's member is such a text too (a version list's `""`).
            let t: String
            switch value {
            case .text(let text), .symbol(let text): t = text
            default: return value.description
            }
            guard t.isEmpty || t.contains(where: { " ,()=\"".contains($0) }) else { return value.description }
            return "\"" + t.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func args(_ values: [NamedValue]) -> String { values.map { "\($0.name)=\(shown($0.value))" }.joined(separator: ", ") }
        switch self {
        case .event(let name, let inputs): return inputs.isEmpty ? name : "\(name)(\(args(inputs)))"
        case .advance(let ms): return "advance \(Value.formatDuration(ms))"
        case .setClock(let ms): return "setClock \(ms > 0 ? "+" : "")\(Value.formatDuration(ms))"
        case .kill: return "kill"
        case .relaunch: return "relaunch"
        case .check: return "check"
        case .decide(_, let inputs): return "decide(\(args(inputs)))"
        case .cell(_, let axes): return "cell(\(args(axes)))"
        }
    }
}
