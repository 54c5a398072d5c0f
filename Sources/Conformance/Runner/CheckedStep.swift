import SpecKit

/// One step a case takes for its own row, and what the row expects after it: what the row checks, as typed values, so
/// a report can say it without the YAML. A machine row's case has one (the row's transition: the steps that reach its
/// situation are other rows' checks); a scenario's, a decision row's and a matrix cell's case have every step it runs.
public struct CheckedStep: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The step's index in its case (0-based, as `Divergence.step` counts: a machine case's path steps come first).
    public var step: Int
    /// The action, as `Divergence.action` writes it (`active(away=61s)`, `advance 30s`, `kill`).
    public var action: String
    /// What must hold after it, in the order the runner compares it: each observation's expected value, then, when the
    /// row names them, `effects` with the exact effects (`.effects`, a multiset; an empty one means none at all).
    public var expect: [Cell]
    /// For a machine row's transition, the situation it starts from: what the step before it expects (the state and
    /// every variable the path reached); nil for any other step, and for a transition from the machine's start.
    public var before: [Cell]?
    /// For a machine row's transition from the machine's start (no path: the case runs it on a fresh fixture), the
    /// machine's initial state; nil otherwise. Its variables start at the values the spec declares.
    public var start: String?

    /// One expected observation: its name and the value (or effects) the row expects.
    public struct Cell: Codable, Hashable, Sendable {
        /// The observation's name (`state`, a variable, an output, or `effects`).
        public var name: String
        /// What the row expects, as `CellResult.expected` holds it.
        public var expected: CellResult.Content

        /// Creates a cell.
        public init(name: String, expected: CellResult.Content) {
            self.name = name
            self.expected = expected
        }
    }

    /// Creates a checked step.
    public init(step: Int, action: String, expect: [Cell]) {
        self.step = step
        self.action = action
        self.expect = expect
    }

    /// The step `index` of a case, with the cells `Runner.perform` compares after it (the same names and expected
    /// contents, in the same order).
    public init(_ testStep: TestStep, index: Int) {
        var cells = testStep.expect.map { Cell(name: $0.name, expected: .value($0.value)) }
        if let effects = testStep.effects { cells.append(Cell(name: "effects", expected: .effects(effects))) }
        self.init(step: index, action: testStep.action.description, expect: cells)
    }

    /// The step in one line, as the reports show it: `active(away=61s) → state = Locked, failures = 0; effects: lockout`
    /// (the action alone when the step expects nothing).
    public var description: String {
        let step = expectedText.isEmpty ? action : action + " → " + expectedText
        return beforeText.isEmpty ? step : "from \(beforeText): \(step)"
    }

    /// What must hold after the step, in one line: the observations, then the effects (`state = Locked, failures = 0;
    /// effects: lockout`; `effects: (none)` when the row expects none at all; an empty text as `""`); empty when the
    /// step expects nothing.
    public var expectedText: String {
        var values: [String] = [], effects: [String] = []
        for cell in expect {
            switch cell.expected {
            case .effects: effects.append("\(cell.name): \(cell.expected)")
            case .value(.text("")): values.append("\(cell.name) = \"\"")
            default: values.append("\(cell.name) = \(cell.expected)")
            }
        }
        return ((values.isEmpty ? [] : [values.joined(separator: ", ")]) + effects).joined(separator: "; ")
    }

    /// The step a case ends by checking, with its place among `checks` (from 1): the last that expects something (a
    /// scenario's first steps are mostly set-up), or the last step when none does; nil when there are none. The HTML
    /// badge's tooltip and the Markdown summary's failing case both name this one step.
    public static func closing(_ checks: [CheckedStep]) -> (position: Int, step: CheckedStep)? {
        guard let last = checks.lastIndex(where: { !$0.expect.isEmpty }) ?? checks.indices.last else { return nil }
        return (last - checks.startIndex + 1, checks[last])
    }

    /// What a case checks of its own row: its steps from the target on (a machine case's target is its last step, the
    /// row's transition; every other case's target is its first, so all its steps). `machineStart`: the initial state
    /// of the case's machine, when its spec is a machine.
    public static func checks(of testCase: TestCase, machineStart: String? = nil) -> [CheckedStep] {
        let start = min(max(testCase.target, 0), testCase.steps.count)
        var checks = testCase.steps.indices[start...].map { CheckedStep(testCase.steps[$0], index: $0) }
        // A machine case reaches its row's situation by a path: the last path step's expectations are that situation.
        if start > 0, start == testCase.steps.count - 1, !checks.isEmpty {
            checks[0].before = CheckedStep(testCase.steps[start - 1], index: start - 1).expect.filter { $0.name != "effects" }
        } else if let machineStart, testCase.steps.count == 1, !checks.isEmpty {
            // No path: the row's situation is the machine's start.
            checks[0].start = machineStart
        }
        return checks
    }

    /// The situation a machine row's transition starts from, in one line (`state = Open, enabled = true`, or `the
    /// start (state = Idle)` for a transition from the machine's start); empty when the step has none.
    public var beforeText: String {
        if let start { return "the start (state = \(start))" }
        return (before ?? []).map { "\($0.name) = \($0.expected)" }.joined(separator: ", ")
    }
}
