/// The accepted-survivors file applied to a report, and what fails the run. Any survivor not listed fails; in CI mode
/// so does a stale list: a listed mutant that is now detected (only when the listed mutants ran, `--recheck-accepted`,
/// and unless its entry is `racy`: its outcome depends on thread timing), an entry past its date, and (when every site
/// of the plan is in the report) an entry naming no mutant of the plan.
public struct MutationVerdict: Sendable, Hashable {
    /// What fails the run, sorted by mutant id then kind.
    public var findings: [Finding]

    /// One reason the run fails.
    public struct Finding: Sendable, Hashable, Comparable {
        /// The kind of problem.
        public var kind: Kind
        /// The mutant id.
        public var mutant: String
        /// What to do, in a sentence.
        public var message: String

        /// The kinds of problem.
        public enum Kind: String, Sendable, Hashable, Comparable {
            /// A survivor that is not in the accepted-survivors file.
            case survivor
            /// A listed mutant that is now detected (the entry is stale).
            case nowKilled
            /// A listed entry past its date.
            case expired
            /// A listed mutant that the plan does not have.
            case unknown

            /// By raw value.
            public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }

        /// By mutant, then kind.
        public static func < (a: Finding, b: Finding) -> Bool { (a.mutant, a.kind) < (b.mutant, b.kind) }
    }

    /// Marks each listed mutant of `report` with its entry (a listed survivor is then reported `Ignored`).
    public static func apply(_ accepted: AcceptedSurvivors?, to report: inout MutationReport) {
        for i in report.mutants.indices { report.mutants[i].accepted = accepted?.entry(for: report.mutants[i].site.id) }
    }

    /// The verdict over a report to which `apply` gave the list; `today` is YYYY-MM-DD; `ci` adds the stale-list checks.
    public init(_ report: MutationReport, accepted: AcceptedSurvivors?, today: String, ci: Bool) {
        var found: [Finding] = []
        for m in report.mutants where m.reportedStatus == .survived || m.reportedStatus == .noCoverage {
            found.append(Finding(kind: .survivor, mutant: m.site.id, message: "survived: \(Self.describe(m.site)); "
                + "add a row or scenario that sees it, or list it in the accepted-survivors file with a reason"))
        }
        if ci, let accepted {
            let byID = report.mutants.firstByKey { ($0.site.id, $0) }
            let complete = report.mutants.count == report.settings.planSites
            for entry in accepted.entries {
                if let m = byID[entry.mutant], m.status.isDetected, !entry.racy {
                    found.append(Finding(kind: .nowKilled, mutant: entry.mutant, message: "listed (line \(entry.line)) but now "
                        + "detected (\(m.status.rawValue)\(m.killedBy.first.map { " by \($0)" } ?? "")): remove the entry"))
                }
                if byID[entry.mutant] != nil, entry.expires < today {
                    found.append(Finding(kind: .expired, mutant: entry.mutant,
                                         message: "the entry (line \(entry.line)) expired on \(entry.expires): decide again"))
                }
                if byID[entry.mutant] == nil, complete {
                    found.append(Finding(kind: .unknown, mutant: entry.mutant,
                                         message: "listed (line \(entry.line)) but no site of the plan has this id: remove it"))
                }
            }
        }
        findings = found.sorted()
    }

    /// Whether the run fails.
    public var fails: Bool { !findings.isEmpty }

    /// `file:line:col operator 'original' → 'mutated' in declaration`.
    public static func describe(_ site: MutationSite) -> String {
        "\(site.file):\(site.line):\(site.column) \(site.mutationOperator.rawValue) '\(site.original)' → '\(site.mutated)' in \(site.declaration)"
    }
}
