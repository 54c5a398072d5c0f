import SpecKit

/// The expected-failures file: rows (or exploration transitions, by their `EX-` id) known to diverge, each with a
/// reason and an expiry date.
/// A listed row that passes, or an entry past its date, fails the run (as test262's expectations do).
///
/// ```yaml
/// - row: MT-PIN-TIER-8
///   reason: "core still blocks 30 min on the 8th failure; fix tracked in #12"
///   expires: 2026-12-31
/// ```
public struct ExpectedFailures: Sendable {
    /// One entry.
    public struct Entry: Hashable, Sendable {
        /// A row id or a case id.
        public var row: String
        /// Why it is expected to fail.
        public var reason: String
        /// The last day (YYYY-MM-DD) the expectation holds.
        public var expires: String
        /// Where it is written.
        public var location: SourceLocation
    }

    /// The entries, in file order.
    public var entries: [Entry]

    /// Creates a list.
    public init(entries: [Entry]) { self.entries = entries }

    /// Reads the file; every malformed entry is a located error.
    public static func load(_ path: String) throws(DiagnosticError) -> ExpectedFailures {
        let (entries, problems) = DatedList(idKey: "row", prefix: "expectations")
            .read(try YAMLLoader().load(contentsOf: path))
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return ExpectedFailures(entries: entries.map { Entry(row: $0.id, reason: $0.reason, expires: $0.expires, location: $0.location) })
    }

    /// The entry that covers a case (by case id first, then row id).
    public func entry(for testCase: TestCase) -> Entry? {
        entries.first { $0.row == testCase.id } ?? entries.first { $0.row == testCase.row }
    }

    /// Entries naming no row or case of the suite, nor (for an `EX-` id) any of the `transitions` the exploration
    /// predicts: each is an error, so a typo cannot hide a failure.
    public func unknownEntries(in suite: CompiledSuite, transitions: Set<String> = []) -> [Diagnostic] {
        let ids = Set(suite.cases.map(\.id) + suite.cases.map(\.row))
        // A did-you-mean compares the name with every known one: for the first 50 unknown entries only, so a file of
        // many thousands answers in bounded time (each is still reported). An `EX-` id is compared only with the
        // transitions that share all of it but its last part (`EX-<spec>-<situation>-<event>` before its hash): there
        // are tens of thousands, and a comparison with each took seconds per entry; past 300 of them, none is offered.
        return entries.filter { !ids.contains($0.row) && !transitions.contains($0.row) }.enumerated().map { n, entry in
            let exploration = entry.row.hasPrefix("EX-")
            let stem = entry.row.utf8.lastIndex(of: UInt8(ascii: "-")).map { entry.row.utf8[..<$0] } ?? entry.row.utf8[...]
            let known = n >= 50 ? [] : exploration ? transitions.filter { $0.utf8.starts(with: stem) } : ids
            // More than a few hundred transitions sharing the stem is no near id (and each costs a comparison). A row
            // or case id is compared with every one of the suite's, as `--row` does: a suite has thousands, not tens
            // of thousands, and a misspelt row id is the typo this file meets most.
            let guess = exploration && known.count > 300 ? nil : Suggest.didYouMean(entry.row, in: known)
            let hint = guess ?? (exploration ? "a changed table changes its transitions' ids: 'lockspec explore' lists the current ones" : nil)
            return Diagnostic(.error, id: "expectations.unknown-row",
                              "the expected-failures file names \(entry.row), which is no \(exploration ? "transition the exploration predicts" : "row of the specs")",
                              at: entry.location, rows: [entry.row], hint: hint)
        }
    }
}
