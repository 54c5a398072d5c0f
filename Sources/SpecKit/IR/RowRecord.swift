/// A row's identity and traceability.
public struct RowRecord: Codable, Hashable, Sendable {
    /// The row id.
    public var id: String
    /// `<document> §<section>`, if any.
    public var source: String?
    /// The decision taken here, if any.
    public var decision: String?
    /// The 1-based line of the row.
    public var line: Int
    /// The 1-based column of the row.
    public var column: Int
    /// Why the compiler made no test case of the row; nil when it made one (or more).
    public var noCase: NoCase?
    /// A machine row's `unmodelled:`: why the table makes no prediction where it matches (an auditor reads it beside
    /// the row that did not run); nil for every other row.
    public var unmodelled: String?

    /// Why a row has no test case, as the compiler found it.
    public enum NoCase: String, Codable, Hashable, Sendable {
        /// A machine row marked `unmodelled:` that matches some reachable situation: it predicts nothing there.
        case unmodelled
        /// The row can never fire or decide anything: no reachable situation matches it, or earlier rows take every
        /// one it matches (lint's `check.dead-row`, `check.redundant` or `check.unreachable-state` warnings say so).
        case neverFires
        /// The analysis stopped at its limit before it found the row firing (lint's `check.limit` warning).
        case pastLimit
    }

    /// Creates a value from all its fields.
    public init(id: String, source: String?, decision: String?, line: Int, column: Int, noCase: NoCase? = nil, unmodelled: String? = nil) {
        self.id = id
        self.source = source
        self.decision = decision
        self.line = line
        self.column = column
        self.noCase = noCase
        self.unmodelled = unmodelled
    }
}
