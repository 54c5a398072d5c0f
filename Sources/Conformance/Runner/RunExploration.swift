import SpecKit

/// The exploration part of a run: what the tour (and any other kind of exploration) found, and each divergence or
/// listed `EX-` id with its status under the expected-failures file, so the reports treat it as they treat a row.
public struct RunExploration: Codable, Hashable, Sendable {
    /// Every machine's exploration and coverage.
    public var result: ExplorationResult
    /// Every divergence, and every listed `EX-` id that no longer diverges, sorted by spec then id.
    public var findings: [ExplorationFinding]
    /// The most transitions a machine's tour fired, when the run was given another than the default
    /// (`--max-transitions`); nil for the default. Shards of one run must agree on it.
    public var maximumTransitions: Int?

    /// Creates a value; the findings are sorted.
    public init(result: ExplorationResult, findings: [ExplorationFinding], maximumTransitions: Int? = nil) {
        self.result = result
        self.findings = findings.sorted { ($0.spec, $0.id) < ($1.spec, $1.id) }
        self.maximumTransitions = maximumTransitions
    }

    /// Whether a finding fails the run: a divergence not listed, a listed id that passed, an expired entry.
    public var failed: Bool { findings.contains { $0.failsRun } }

    /// Applies an expected-failures list to an exploration (`today` as YYYY-MM-DD decides expiry). `transitions` maps
    /// every transition id the explored models predict to its spec. A listed `EX-` id of an explored machine that was
    /// checked and held is an unexpected pass; one that was not checked (its machine not explored, or its situation
    /// unreachable over transitions that held) says nothing. `files` maps a spec id to its file, for the rerun command
    /// of such a pass.
    public init(_ result: ExplorationResult, expectations: ExpectedFailures?, today: String, transitions: [String: String],
                files: [String: String] = [:]) {
        var findings: [ExplorationFinding] = []
        var diverged: Set<String> = []
        for d in result.divergences {
            diverged.insert(d.id)
            let (status, entry) = Self.status(ofDivergence: d.id, expectations: expectations, today: today)
            findings.append(ExplorationFinding(id: d.id, spec: d.spec, status: status, divergence: d, expectedReason: entry?.reason,
                                               expectedExpiry: entry?.expires))
        }
        for entry in expectations?.entries ?? [] where !diverged.contains(entry.row) {
            guard let spec = transitions[entry.row], let machine = result.machines.first(where: { $0.spec == spec }),
                  !machine.unchecked.contains(entry.row) else { continue }
            findings.append(ExplorationFinding(id: entry.row, spec: spec, status: entry.expires < today ? .expired : .unexpectedPass,
                                               divergence: nil, expectedReason: entry.reason, expectedExpiry: entry.expires, file: files[spec]))
        }
        self.init(result: result, findings: findings)
    }

    /// The status of a divergence with transition id `id`, and its entry in the expected-failures list when listed:
    /// failed when not listed, expired when its entry has expired by `today`, else an expected failure.
    static func status(ofDivergence id: String, expectations: ExpectedFailures?, today: String)
        -> (status: CaseStatus, entry: ExpectedFailures.Entry?) {
        let entry = expectations?.entries.first { $0.row == id }
        return (entry.map { $0.expires < today ? .expired : .expectedFailure } ?? .failed, entry)
    }
}

/// One exploration divergence, or one listed `EX-` id that no longer diverges, with its status.
public struct ExplorationFinding: Codable, Hashable, Sendable {
    /// The stable id, `EX-<spec>-<state>-<event>-<hash>`.
    public var id: String
    /// The machine spec.
    public var spec: String
    /// `failed`, `expectedFailure`, `unexpectedPass` or `expired`.
    public var status: CaseStatus
    /// The divergence; nil for an unexpected pass.
    public var divergence: ExplorationDivergence?
    /// The reason from the expected-failures file, if listed.
    public var expectedReason: String?
    /// The last day its entry in the expected-failures file holds (YYYY-MM-DD), if listed.
    public var expectedExpiry: String?
    /// The machine spec's file, when known (a divergence's own, or the explored spec's for a listed id that passed).
    public var file: String?

    /// Creates a value from all its fields.
    public init(id: String, spec: String, status: CaseStatus, divergence: ExplorationDivergence?, expectedReason: String?,
                expectedExpiry: String? = nil, file: String? = nil) {
        self.id = id
        self.spec = spec
        self.status = status
        self.divergence = divergence
        self.expectedReason = expectedReason
        self.expectedExpiry = expectedExpiry
        self.file = file ?? divergence?.file
    }

    /// Whether this finding makes the run fail.
    public var failsRun: Bool { status == .failed || status == .unexpectedPass || status == .expired }

    /// The command that reruns its machine's exploration, over the folder that holds its spec when that is known.
    public var rerunCommand: String { rerunCommand(program: RunResult.defaultProgram) }

    /// `rerunCommand`, started by `program` as the reader invoked lockspec (`RunResult.rerunCommand(for:program:)`).
    public func rerunCommand(program: String) -> String {
        guard let file else { return "\(RunResult.shellWord(program)) explore --spec \(spec)" }
        return "\(RunResult.shellWord(program)) explore \(RunResult.rerunFolder(of: file)) --spec \(spec)"
    }
}
