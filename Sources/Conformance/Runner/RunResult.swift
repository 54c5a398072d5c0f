import SpecKit

/// The outcome of one test case.
public enum CaseStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Every step held.
    case passed
    /// A step diverged from the table.
    case failed
    /// Listed in the expected-failures file, and it did fail.
    case expectedFailure
    /// Listed in the expected-failures file, but it passed: the list is stale, and the run fails.
    case unexpectedPass
    /// Listed in the expected-failures file with an expiry date that has passed: the run fails.
    case expired
}

/// One observation compared after a step: expected against actual, as typed values.
public struct CellResult: Codable, Hashable, Sendable {
    /// The observation's name (`state`, a variable, an output, or `effects`).
    public var name: String
    /// What the table says.
    public var expected: Content
    /// What the core showed.
    public var actual: Content
    /// Whether they agree.
    public var ok: Bool
    /// For a check that failed on a value the core ships with (`FixtureVocabulary.shippedValues`): which product
    /// parameter it is the core's own copy of, and where the core sets it. The row may only expect the product's value
    /// (lint's `fixture.shipped-value`), so the change that makes them agree is in the core.
    public var ships: FixtureVocabulary.ShippedValue?

    /// What to change when a value the core ships with fails its check (`ships`): the row may only expect the
    /// product's value (lint's `fixture.shipped-value`), so the core is what differs. Nil for any other cell. Every
    /// report and the workbench's page say it in these words.
    public var shippedNote: String? {
        guard !ok, let s = ships else { return nil }
        return "\(name) is the \(s.parameter) the core ships with, and the row expects the product's \(s.parameter): "
            + "the change is in the core (\(s.changedIn)), not in the row"
    }

    /// For a failing cell of effects, where either side has several, the effects only one side has (`of these
    /// effects, only the spec names analytics(attempt=2); only the core emitted analytics(attempt=3)`): two long lists
    /// side by side do not show it. Nil for any other cell, or when each side's effects match the other's.
    public var effectsNote: String? {
        guard !ok, case .effects(let patterns) = expected, case .emitted(let effects) = actual else { return nil }
        return EffectPattern.onlyOneSide(patterns, effects, patternsSide: "the spec names", effectsSide: "the core emitted")
    }

    /// What every report and the workbench say beside a failing cell: the shipped value's note, or the effects'.
    public var note: String? { shippedNote ?? effectsNote }

    /// What one side of a cell holds. Reports render it with `description`.
    public enum Content: Codable, Hashable, Sendable, CustomStringConvertible {
        /// An observed (or expected) value.
        case value(Value)
        /// The effects a step must emit (a multiset).
        case effects([EffectPattern])
        /// The effects a step emitted.
        case emitted([Effect])
        /// The observation could not be read: the fixture's message.
        case error(String)

        /// The value as a spec writes it; effects sorted and joined by `; ` (`(none)` when there are none); an error
        /// in parentheses, marked as the fixture's (`(fixture error: the store cannot be read)`): not the core's answer.
        public var description: String {
            switch self {
            case .value(let v): v.description
            case .effects(let patterns): Self.list(patterns.map(\.description))
            case .emitted(let effects): Self.list(effects.map(\.description))
            case .error(let message): "(fixture error: \(message))"
            }
        }

        private static func list(_ texts: [String]) -> String { texts.isEmpty ? "(none)" : texts.sorted().joined(separator: "; ") }

        private enum Key: String, CodingKey { case value, effects, emitted, error }

        /// Encodes a one-key object: `{"value":…}`, `{"effects":[…]}`, `{"emitted":[…]}` or `{"error":"…"}`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            switch self {
            case .value(let v): try c.encode(v, forKey: .value)
            case .effects(let patterns): try c.encode(patterns, forKey: .effects)
            case .emitted(let effects): try c.encode(effects, forKey: .emitted)
            case .error(let message): try c.encode(message, forKey: .error)
            }
        }

        /// Decodes what `encode(to:)` writes.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            if let v = try c.decodeIfPresent(Value.self, forKey: .value) { self = .value(v) }
            else if let p = try c.decodeIfPresent([EffectPattern].self, forKey: .effects) { self = .effects(p) }
            else if let e = try c.decodeIfPresent([Effect].self, forKey: .emitted) { self = .emitted(e) }
            else if let m = try c.decodeIfPresent(String.self, forKey: .error) { self = .error(m) }
            else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a cell needs one of value, effects, emitted, error")) }
        }
    }

    /// The two sides as a report shows them together: two values alike (`Value.shownAlike`: durations in one unit,
    /// `expected 30s actual 60s` rather than `30s` and `1m`), anything else as `Content.description` writes it.
    public var shown: (expected: String, actual: String) {
        guard case .value(let e) = expected, case .value(let a) = actual else { return (expected.description, actual.description) }
        return Value.shownAlike(e, a)
    }

    /// Creates a cell result.
    public init(name: String, expected: Content, actual: Content, ok: Bool, ships: FixtureVocabulary.ShippedValue? = nil) {
        self.name = name
        self.expected = expected
        self.actual = actual
        self.ok = ok
        self.ships = ships
    }
}

/// Where and how a case diverged: enough to act on without rerunning.
public struct Divergence: Codable, Hashable, Sendable {
    /// The index of the step that diverged (0-based).
    public var step: Int
    /// The step's action, as text (`active(away=61s)`).
    public var action: String
    /// The actions before it, which led there.
    public var path: [String]
    /// Whether the diverging step is on the path to the row rather than the row itself.
    public var onPath: Bool
    /// The row whose expectation the step checks (for a path step, another row).
    public var row: String?
    /// The file:line:col of that expectation.
    public var line: Int
    /// The column of that expectation.
    public var column: Int
    /// Every observation compared at that step, cell by cell.
    public var cells: [CellResult]
    /// A fixture error, when the step could not be performed at all.
    public var error: String?

    /// Whether the fixture, not the core, stopped the check: a step it could not take (`error`) or a cell it could not
    /// read. That is the spec's or the fixture's mistake, not a divergence of the core.
    public var isFixtureError: Bool {
        error != nil || cells.contains { if case .error = $0.actual { true } else { false } }
    }

    /// Creates a divergence.
    public init(step: Int, action: String, path: [String], onPath: Bool, row: String?, line: Int, column: Int,
                cells: [CellResult], error: String?) {
        self.step = step
        self.action = action
        self.path = path
        self.onPath = onPath
        self.row = row
        self.line = line
        self.column = column
        self.cells = cells
        self.error = error
    }
}

/// The result of one test case, with the identity of the row it checks.
public struct CaseResult: Codable, Hashable, Sendable {
    /// The test case id (row id, or `row[axis=value]` for a matrix cell).
    public var id: String
    /// The spec id.
    public var spec: String
    /// The row id.
    public var row: String
    /// The row's source (`document §section`), if any.
    public var source: String?
    /// The decision behind the row, if any.
    public var decision: String?
    /// The spec file.
    public var file: String
    /// The row's 1-based line.
    public var line: Int
    /// The row's 1-based column.
    public var column: Int
    /// The outcome.
    public var status: CaseStatus
    /// How many steps ran.
    public var steps: Int
    /// The first divergence, when the case failed (also kept for expected failures).
    public var divergence: Divergence?
    /// The reason from the expected-failures file, if listed.
    public var expectedReason: String?
    /// The rows whose transitions the case exercised (path and target), for coverage.
    public var exercised: [String]
    /// The expiry date (YYYY-MM-DD) of its expected-failures entry, if listed.
    public var expectedExpiry: String?
    /// What the case checks of its own row: each of the row's own steps with its action and expected cells (a machine
    /// case's target step only, not the path that reaches it). Nil in a result written before checks were recorded.
    public var checks: [CheckedStep]?

    /// Creates a case result.
    public init(id: String, spec: String, row: String, source: String?, decision: String?, file: String, line: Int, column: Int,
                status: CaseStatus, steps: Int, divergence: Divergence?, expectedReason: String?, exercised: [String],
                checks: [CheckedStep]? = nil) {
        self.id = id
        self.spec = spec
        self.row = row
        self.source = source
        self.decision = decision
        self.file = file
        self.line = line
        self.column = column
        self.status = status
        self.steps = steps
        self.divergence = divergence
        self.expectedReason = expectedReason
        self.exercised = exercised
        self.checks = checks
    }

    /// Whether this result makes the run fail.
    public var failsRun: Bool { status == .failed || status == .unexpectedPass || status == .expired }
}

/// What a report needs to say which run it describes, so it cannot silently go stale: the build under test, the tool,
/// the time, and the SHA-256 of every spec, of every other file that decides what is checked (the product files, the
/// section reasons, the expected failures) and (when given) of every design document the specs cite.
public struct RunIdentity: Codable, Hashable, Sendable {
    /// The tool's version.
    public var tool: String
    /// The build under test: its commit and dirty flag, recorded when it was built.
    public var build: BuildIdentity
    /// When the run started, ISO 8601 in UTC.
    public var startedAt: String
    /// Each spec file with its SHA-256.
    public var specs: [SpecFingerprint]
    /// Each other file the run read that decides what is checked or how it counts, with its SHA-256, sorted by file:
    /// the product files (their values configure the core and move the rows' edges), `sections.yaml`, the
    /// expected-failures file. Empty in a result written before they were fingerprinted.
    public var inputs: [InputFingerprint]
    /// Each design document the specs cite, with its SHA-256, sorted by name; empty when no documents folder was given.
    public var documents: [DocumentFingerprint]
    /// The shard, as `I/N`, when the run was one shard of several.
    public var shard: String?

    /// Creates an identity.
    public init(tool: String, build: BuildIdentity, startedAt: String, specs: [SpecFingerprint], inputs: [InputFingerprint] = [],
                documents: [DocumentFingerprint] = [], shard: String?) {
        self.tool = tool
        self.build = build
        self.startedAt = startedAt
        self.specs = specs
        self.inputs = inputs
        self.documents = documents
        self.shard = shard
    }

    private enum CodingKeys: String, CodingKey { case tool, build, startedAt, specs, inputs, documents, shard }

    /// Decodes an identity; one written before `inputs` existed has none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(tool: try c.decode(String.self, forKey: .tool), build: try c.decode(BuildIdentity.self, forKey: .build),
                  startedAt: try c.decode(String.self, forKey: .startedAt), specs: try c.decode([SpecFingerprint].self, forKey: .specs),
                  inputs: try c.decodeIfPresent([InputFingerprint].self, forKey: .inputs) ?? [],
                  documents: try c.decode([DocumentFingerprint].self, forKey: .documents), shard: try c.decodeIfPresent(String.self, forKey: .shard))
    }
}

/// A file other than a spec that the run read (a product file, the section reasons, the expected failures): what it
/// is to the run, and the SHA-256 of its bytes.
public struct InputFingerprint: Codable, Hashable, Sendable {
    /// The file's path, as the run read it.
    public var file: String
    /// What it is to the run: `product values of launch-lock`, `section reasons`, `expected failures`.
    public var role: String
    /// SHA-256, lowercase hex.
    public var sha256: String

    /// Creates a fingerprint.
    public init(file: String, role: String, sha256: String) {
        self.file = file
        self.role = role
        self.sha256 = sha256
    }
}

/// A design document the specs cite, and the SHA-256 of its bytes.
public struct DocumentFingerprint: Codable, Hashable, Sendable {
    /// The document's name, as the specs cite it (`face-id-launch-lock.zh.md`).
    public var name: String
    /// SHA-256, lowercase hex.
    public var sha256: String

    /// Creates a fingerprint.
    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }
}

/// A spec file and the SHA-256 of its bytes.
public struct SpecFingerprint: Codable, Hashable, Sendable {
    /// The spec id.
    public var id: String
    /// The file.
    public var file: String
    /// SHA-256, lowercase hex.
    public var sha256: String

    /// Creates a fingerprint.
    public init(id: String, file: String, sha256: String) {
        self.id = id
        self.file = file
        self.sha256 = sha256
    }
}

/// A whole run: its identity, the specs (for traceability and diagrams), and every case's result.
public struct RunResult: Codable, Hashable, Sendable {
    /// Which run this is.
    public var identity: RunIdentity
    /// The compiled specs (rows, sources, decisions, graphs).
    public var specs: [CompiledSpec]
    /// Every case's result, in suite order.
    public var cases: [CaseResult]
    /// The exploration, when the run explored the machines (`lockspec run` does unless `--no-explore`).
    public var exploration: RunExploration?
    /// Every section of the design documents with the rows that cover it, or the reason none does (nil in results
    /// written before this existed).
    public var sections: SectionCoverage?
    /// The selected cases the run did not reach because `--fail-fast` stopped it at the first that failed; nil when
    /// it ran them all.
    public var notReached: Int?
    /// The product values set with a decision, each with the rows that read it (the decision register lists those rows
    /// as relying on the decision); nil when no value is set with one (and in results written before this existed).
    public var productDecisions: [ProductDecision]?

    /// Creates a run result.
    public init(identity: RunIdentity, specs: [CompiledSpec], cases: [CaseResult], exploration: RunExploration? = nil,
                sections: SectionCoverage? = nil, notReached: Int? = nil, productDecisions: [ProductDecision]? = nil) {
        self.identity = identity
        self.specs = specs
        self.cases = cases
        self.exploration = exploration
        self.sections = sections
        self.notReached = notReached
        self.productDecisions = productDecisions
    }

    /// Whether the run fails: a divergence (of a row or of the exploration), an unexpected pass or an expired
    /// expectation.
    public var failed: Bool { cases.contains { $0.failsRun } || exploration?.failed == true }

    /// The program a rerun command starts unless told otherwise: `lockspec`, as found on the PATH. The reports written
    /// to files (and the annotations read on a pull request) use it, so two runs invoked differently write the same.
    public static let defaultProgram = "lockspec"

    /// The one-line command that reruns a case's row: `program run` over the folder that holds its spec (`specs` for
    /// `specs/x.yaml`, `.` for a file named alone), so the command works wherever the specs live. `program` is how the
    /// person reading it invoked lockspec (`.build/release/lockspec`, given by the command line), so a line pasted from
    /// the same folder runs; quoted where the shell needs it.
    public static func rerunCommand(for result: CaseResult, program: String = defaultProgram) -> String {
        "\(shellWord(program)) run \(rerunFolder(of: result.file)) --row \(result.row)"
    }

    /// The folder that holds a spec file, as a shell word: `specs` for `specs/x.yaml`, `.` for a file named alone,
    /// quoted where the shell needs it.
    public static func rerunFolder(of file: String) -> String {
        var folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if folder.isEmpty { folder = file.hasPrefix("/") ? "/" : "." }
        return shellWord(folder)
    }

    /// A word as the shell reads it back: as it is when it holds only letters, digits and `/._-` (and is not empty),
    /// else in single quotes, each `'` in it written `'\''`.
    public static func shellWord(_ word: String) -> String {
        guard word.isEmpty || !word.allSatisfy({ $0.isLetter || $0.isNumber || "/._-".contains($0) }) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
