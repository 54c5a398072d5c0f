/// The compiled tables: every spec's summary and every concrete test case, ready for a runner.
/// This is the IR that the emitters write as JSON and Swift, and that `lockspec run` executes.
public struct CompiledSuite: Codable, Hashable, Sendable {
    /// The format version of this IR, the one this version of SpecKit writes; bumped when its shape changes (2: effects
    /// are typed `EffectPattern`s).
    public var format = 2
    /// The specs, sorted by id.
    public var specs: [CompiledSpec]
    /// The test cases, in spec order, then row order.
    public var cases: [TestCase]

    /// Creates a suite.
    public init(specs: [CompiledSpec], cases: [TestCase]) {
        self.specs = specs
        self.cases = cases
    }

    /// The spec with an id.
    public func spec(_ id: String) -> CompiledSpec? { specs.first { $0.id == id } }
}

/// A name and a value.
public struct NamedValue: Codable, Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: Value

    /// Creates a named value.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// A spec as the runner and the reports need it: identity, traceability, and (for machines) its graph.
public struct CompiledSpec: Codable, Hashable, Sendable {
    /// The spec id.
    public var id: String
    /// The kind of table.
    public var kind: Spec.Kind
    /// The title.
    public var title: String
    /// The document and section.
    public var source: String
    /// The fixture that runs it.
    public var fixture: String
    /// The spec file's path.
    public var file: String
    /// SHA-256 of the spec file's bytes, lowercase hex.
    public var sha256: String
    /// Product configuration values.
    public var product: [NamedValue]
    /// Every row, in file order.
    public var rows: [RowRecord]
    /// The state graph, for machines.
    public var graph: MachineGraph?

    /// Creates a value from all its fields.
    public init(id: String, kind: Spec.Kind, title: String, source: String, fixture: String, file: String, sha256: String, product: [NamedValue], rows: [RowRecord], graph: MachineGraph?) {
        self.id = id
        self.kind = kind
        self.title = title
        self.source = source
        self.fixture = fixture
        self.file = file
        self.sha256 = sha256
        self.product = product
        self.rows = rows
        self.graph = graph
    }
}

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
    public init(id: String, source: String?, decision: String?, line: Int, column: Int, noCase: NoCase? = nil) {
        self.id = id
        self.source = source
        self.decision = decision
        self.line = line
        self.column = column
        self.noCase = noCase
    }
}

/// A machine's states and transitions, for diagrams and coverage.
public struct MachineGraph: Codable, Hashable, Sendable {
    /// The states, in declaration order.
    public var states: [String]
    /// The initial state.
    public var initial: String
    /// One edge per (row, source state, event).
    public var edges: [Edge]

    /// Edges with the same source, target and event, drawn as one arrow labelled with all their rows.
    public struct Transition: Hashable, Sendable {
        /// The source state.
        public var from: String
        /// The target state.
        public var to: String
        /// The event.
        public var event: String
        /// The rows behind the arrow, in file order.
        public var rows: [String]
    }

    /// The edges merged by source, target and event, in the order they first appear.
    public var transitions: [Transition] {
        var result: [Transition] = []
        var index: [[String]: Int] = [:]
        for edge in edges {
            let key = [edge.from, edge.to, edge.event]
            if let i = index[key] {
                result[i].rows.append(edge.row)
            } else {
                index[key] = result.count
                result.append(Transition(from: edge.from, to: edge.to, event: edge.event, rows: [edge.row]))
            }
        }
        return result
    }

    /// A transition drawn in a diagram.
    public struct Edge: Codable, Hashable, Sendable {
        /// The row it comes from.
        public var row: String
        /// The source state.
        public var from: String
        /// The target state.
        public var to: String
        /// The event.
        public var event: String
        /// The guard, as text (empty when none).
        public var guardText: String

        /// Creates an edge from all its fields.
        public init(row: String, from: String, to: String, event: String, guardText: String) {
            self.row = row
            self.from = from
            self.to = to
            self.event = event
            self.guardText = guardText
        }
    }

    /// Creates a graph from all its fields.
    public init(states: [String], initial: String, edges: [Edge]) {
        self.states = states
        self.initial = initial
        self.edges = edges
    }
}

/// One concrete test: the steps that run a row (or a scenario, or a matrix cell) from a fresh core.
public struct TestCase: Codable, Hashable, Sendable {
    /// The test's id: the row id, or `<row id>[axis=value,…]` for a matrix cell.
    public var id: String
    /// The spec id.
    public var spec: String
    /// The row it checks.
    public var row: String
    /// The fixture that runs it.
    public var fixture: String
    /// Product values for the fixture (the spec's, then the scenario's `given`).
    public var product: [NamedValue]
    /// The steps. For a machine row, the steps before `target` are the path that reaches the row.
    public var steps: [TestStep]
    /// The index of the step that exercises the row itself.
    public var target: Int
    /// The row's file.
    public var file: String
    /// The row's 1-based line.
    public var line: Int
    /// The row's 1-based column.
    public var column: Int

    /// Creates a value from all its fields.
    public init(id: String, spec: String, row: String, fixture: String, product: [NamedValue], steps: [TestStep], target: Int, file: String, line: Int, column: Int) {
        self.id = id
        self.spec = spec
        self.row = row
        self.fixture = fixture
        self.product = product
        self.steps = steps
        self.target = target
        self.file = file
        self.line = line
        self.column = column
    }
}

/// One step of a test: an action, then what must hold.
public struct TestStep: Codable, Hashable, Sendable {
    /// What the step does.
    public var action: TestAction
    /// Observations that must hold after it (for machine steps: the state and every variable).
    public var expect: [NamedValue]
    /// The exact effects of the step (a multiset of typed patterns), or nil when not checked.
    public var effects: [EffectPattern]?
    /// The row whose expectation this step checks, if it is a machine transition.
    public var row: String?
    /// Where the step (or its row) is written.
    public var line: Int
    /// Where the step (or its row) is written.
    public var column: Int

    /// Creates a value from all its fields.
    public init(action: TestAction, expect: [NamedValue], effects: [EffectPattern]?, row: String?, line: Int, column: Int) {
        self.action = action
        self.expect = expect
        self.effects = effects
        self.row = row
        self.line = line
        self.column = column
    }
}

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
    public var isDecision: Bool {
        if case .decide = self { return true }
        return false
    }

    /// The action as a reader would write it: `active(away=61s)`, `advance 30s`, `kill`.
    public var description: String {
        func args(_ values: [NamedValue]) -> String { values.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") }
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
