import SpecKit

/// Text shared by the reports: the full account of a finding, source splitting, ordering, escaping.
/// Kept in one place so the console, JUnit and Markdown say the same thing in the same words.
enum ReportText {
    /// A word for a status, as reports show it.
    static func word(_ status: CaseStatus) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .expectedFailure: "XFAIL"
        case .unexpectedPass: "UNEXPECTED PASS"
        case .expired: "EXPIRED"
        }
    }

    /// Natural order, so `§2.9` sorts before `§2.10`.
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        func chunks(_ s: String) -> [(isNumber: Bool, text: String)] {
            var out: [(Bool, String)] = []
            for ch in s {
                let digit = ch.isASCII && ch.isNumber
                if let last = out.last, last.0 == digit { out[out.count - 1].1.append(ch) } else { out.append((digit, String(ch))) }
            }
            return out
        }
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p.text != q.text {
            if p.isNumber && q.isNumber {
                let pn = p.text.drop { $0 == "0" }, qn = q.text.drop { $0 == "0" }
                if pn.count != qn.count { return pn.count < qn.count }
                if pn != qn { return pn < qn }
                return p.text < q.text
            }
            return p.text < q.text
        }
        return x.count < y.count
    }

    /// The spec ids of a run: every compiled spec and every spec a case names, sorted.
    static func specIDs(_ result: RunResult) -> [String] {
        Array(Set(result.specs.map(\.id)).union(result.cases.map(\.spec))).sorted()
    }

    /// What a case is traced to: its source, its decision, or neither.
    static func origin(_ c: CaseResult) -> String {
        var parts: [String] = []
        if let s = c.source, !s.isEmpty { parts.append("source: \(s)") }
        if let d = c.decision, !d.isEmpty { parts.append("decision: \(d)") }
        return parts.isEmpty ? "source: (none)" : parts.joined(separator: "; ")
    }

    /// The full account of a case that fails the run (or an expected failure), one line per item, without colour.
    /// `style` lets the console colour parts; others pass the identity. Text from the spec or the core is shown with
    /// its control characters escaped (`VisibleText`), so each item is exactly one line. The rerun command starts with
    /// `program` (`RunResult.rerunCommand(for:program:)`).
    static func account(_ c: CaseResult, style: (Style, String) -> String = { $1 }, program: String = RunResult.defaultProgram) -> [String] {
        let v = VisibleText.escape
        var lines: [String] = []
        lines.append(style(.heading, "\(word(c.status)) \(v(c.spec)) › \(v(c.id))"))
        lines.append("  row:    \(v(c.row))")
        lines.append("  \(v(origin(c)))")
        lines.append("  at:     \(v(c.file)):\(c.line):\(c.column)")
        switch c.status {
        case .unexpectedPass:
            lines.append("  listed as an expected failure\(reasonSuffix(c)) but it passed: remove it from the expected-failures file")
        case .expired:
            lines.append("  the expected-failure entry\(reasonSuffix(c)) has expired: fix the core or renew the entry")
        case .expectedFailure:
            lines.append("  expected failure\(reasonSuffix(c))")
        case .passed, .failed:
            break
        }
        if let d = c.divergence {
            if d.path.isEmpty {
                lines.append("  path:   (none: it diverged at the first step)")
            } else {
                lines.append("  path:   " + numberedPath(d.path, v))
            }
            let rowText = d.row.map { "row \(v($0)), \(v(c.file)):\(d.line):\(d.column)" } ?? "\(v(c.file)):\(d.line):\(d.column)"
            lines.append("  step \(d.step + 1): \(v(d.action)) (\(rowText))")
            if d.onPath {
                lines.append(style(.warn, "  while reaching the row, step \(d.step + 1) (row \(v(d.row ?? "?"))) diverged"))
            }
            if !d.cells.isEmpty {
                lines.append("  cells:")
                let nameWidth = d.cells.map { TerminalColumns.of(v($0.name)) }.max() ?? 0
                let expectedWidth = d.cells.map { TerminalColumns.of(v($0.shown.expected)) }.max() ?? 0
                for cell in d.cells {
                    let mark = cell.ok ? "  " : "✗ "
                    let (expected, actual) = cell.shown
                    let text = "    \(mark)\(pad(v(cell.name), nameWidth))  expected \(pad(v(expected), expectedWidth))  actual \(v(actual))"
                    lines.append(cell.ok ? text : style(.bad, text))
                }
                lines.append(contentsOf: d.cells.compactMap(\.note).map { "  note:   \(v($0))" })
            }
            if let error = d.error {
                lines.append(style(.bad, "  fixture error: \(v(error))"))
            }
        }
        lines.append("  rerun:  \(v(RunResult.rerunCommand(for: c, program: program)))")
        return lines
    }

    private static func reasonSuffix(_ c: CaseResult) -> String {
        let parts = [c.expectedReason.map { "reason: \(VisibleText.escape($0))" }, c.expectedExpiry.map { "expires \(VisibleText.escape($0))" }]
        let text = parts.compactMap { $0 }.joined(separator: "; ")
        return text.isEmpty ? "" : " (\(text))"
    }

    static func pad(_ s: String, _ width: Int) -> String { TerminalColumns.pad(s, width) }

    /// The JUnit testcases of a run: one per row, and one per cell for a matrix (`renderJUnit` groups the same way).
    static func junitTestcases(_ result: RunResult) -> Int {
        let matrices = Set(result.specs.filter { $0.kind == .matrix }.map(\.id))
        return Set(result.cases.map { [$0.spec, matrices.contains($0.spec) ? $0.id : $0.row] }).count
    }

    /// The JUnit testcases of the exploration: one per machine or decision table explored, or one per finding where it
    /// found any.
    static func junitExplorationTestcases(_ result: RunResult) -> Int {
        guard let exploration = result.exploration else { return 0 }
        return exploration.result.machines.reduce(0) { total, machine in
            total + max(exploration.findings.filter { $0.spec == machine.spec }.count, 1)
        }
    }


    /// A row where failing cases first diverged: how many, and how many of them on the way to another row.
    struct DivergedRow: Equatable {
        /// The row whose expectation was not met.
        var row: String
        /// The failing cases that first diverged at it.
        var cases: Int
        /// Those of them whose own row is another (they diverged while reaching it).
        var onPath: Int
    }

    /// Where the failing cases first diverged, by row, most first. A case that diverges while reaching its row fails
    /// for that other row, so a value changed in one place shows as many reds whose cause is a few rows; this names
    /// those rows. Empty when there is nothing to gather (no failing case, or only cases failing at their own rows,
    /// all at one row).
    static func divergedRowCounts(_ result: RunResult) -> [DivergedRow] {
        var counts: [String: DivergedRow] = [:]
        for c in result.cases where c.failsRun {
            guard let d = c.divergence else { continue }
            let row = divergedAt(c)
            counts[row, default: DivergedRow(row: row, cases: 0, onPath: 0)].cases += 1
            if d.onPath { counts[row]?.onPath += 1 }
        }
        guard counts.count > 1 || counts.values.contains(where: { $0.onPath > 0 }) else { return [] }
        return counts.values.sorted { ($1.cases, $0.row) < ($0.cases, $1.row) }
    }

    /// The row a case first diverged at: the row on its path whose step diverged, or its own.
    static func divergedAt(_ c: CaseResult) -> String {
        c.divergence.flatMap { $0.onPath ? $0.row : nil } ?? c.row
    }

    /// What the reports' table of `divergedRowCounts` counts, said above it.
    static let divergedRowsIntro = "By the row where each first diverged (a case that diverged while reaching its own row fails for that other row):"

    /// The console's lines of `divergedRowCounts`: `MT-PIN-FAIL-5-BLOCK: 40 cases (38 on the way to another row)`, the
    /// first `shown` of them (the Markdown and HTML reports list them all).
    static func divergedRows(_ result: RunResult, shown: Int = 40) -> [String] {
        let rows = divergedRowCounts(result)
        guard !rows.isEmpty else { return [] }
        var lines = ["Failing cases by the row where each first diverged (\(counted(rows.count, "row"))):"]
        for r in rows.prefix(shown) {
            lines.append("  \(VisibleText.escape(r.row)): \(counted(r.cases, "case"))" + (r.onPath > 0 ? " (\(r.onPath) on the way to another row)" : ""))
        }
        let more = rows.count - shown
        if more > 0 { lines.append("  and \(counted(more, "more row")): the Markdown and HTML reports (--markdown, --html) list them all") }
        return lines
    }

    /// One sentence saying what rows, cases and JUnit testcases are, with this run's numbers, in every report
    /// (console, JUnit, JSON, Markdown, HTML).
    static func countsExplained(_ result: RunResult) -> String {
        let rows = Set(result.cases.map { [$0.spec, $0.row] }).count
        var text = "This run checked \(counted(rows, "row"))\(rowsNotRun(result)) as \(counted(result.cases.count, "case")): a row is one line of a table, a machine row "
            + "runs as one case per value of the names it tests and a matrix rule as one case per cell, and JUnit lists one testcase "
            + "per row (per cell for a matrix), \(counted(junitTestcases(result), "testcase")) here"
        if result.exploration != nil {
            text += ", plus \(junitExplorationTestcases(result)) for the exploration (one per machine or decision table explored, or one per finding)"
        }
        return text + "."
    }

    /// A line of its own, beside the verdict, when rows of the specs that ran can never fire: no case checks them,
    /// so a run that passes has not checked what they say (a product value moved past the rows that lead to them,
    /// often). `lockspec lint --strict`, as the gate runs it, fails on them; a plain run passes, so it says so here.
    static func neverFiringRows(_ result: RunResult) -> String? {
        let ids = neverFiring(result)
        guard !ids.isEmpty else { return nil }
        return "\(counted(ids.count, "row")) can never fire, so no case checked \(ids.count == 1 ? "it" : "them"): \(listedNames(ids, most: maximumNamedRowsNotRun)) "
            + "(lint warns of each, check.dead-row, with why; lint --strict, as the gate runs it, fails on them)"
    }

    /// The rows of the specs this run ran that the compiler found can never fire (none of them has a case), in order.
    static func neverFiring(_ result: RunResult) -> [String] {
        let specsRan = Set(result.cases.map(\.spec))
        return result.specs.filter { specsRan.contains($0.id) }.flatMap { spec in spec.rows.filter { $0.noCase == .neverFires }.map(\.id) }
    }

    /// The rows of the specs this run ran that are marked `unmodelled:` (they make no case where they match), with
    /// the table's reason, in order: an auditor reads why no case checks them.
    static func unmodelled(_ result: RunResult) -> [(spec: String, row: String, why: String)] {
        let specsRan = Set(result.cases.map(\.spec))
        return result.specs.filter { specsRan.contains($0.id) }.flatMap { spec in
            spec.rows.compactMap { row in row.unmodelled.map { (spec.id, row.id, $0) } }
        }
    }

    /// The most rows that can never fire named in `rowsNotRun` and `neverFiringRows`; the rest are counted.
    static let maximumNamedRowsNotRun = 3

    /// The rows of the specs this run ran that it did not run, so the spec table's row counts add up, grouped by why
    /// (as the compiler recorded it on each row): ` (41 other rows of those specs did not run: 36 can never fire (lint
    /// warns of them): MT-A, MT-B, MT-C and 33 more; 5 marked unmodelled)`; empty when every row ran. A row the compiler
    /// made a case of that did not run was not selected (or, after `--fail-fast` stopped, not reached).
    static func rowsNotRun(_ result: RunResult) -> String {
        let ran = RanRows(result), specsRan = Set(result.cases.map(\.spec))
        let neverFire = neverFiring(result)
        var (pastLimit, unmodelled, notSelected) = (0, 0, 0)
        for spec in result.specs where specsRan.contains(spec.id) {
            for row in spec.rows where !ran.contains([spec.id, row.id]) {
                switch row.noCase {
                case .neverFires: break  // counted in neverFire
                case .pastLimit: pastLimit += 1
                case .unmodelled: unmodelled += 1
                case nil: notSelected += 1
                }
            }
        }
        let total = neverFire.count + pastLimit + unmodelled + notSelected
        guard total > 0 else { return "" }
        let named = listedNames(neverFire, most: maximumNamedRowsNotRun)
        let them = { (n: Int) in n == 1 ? "it" : "them" }
        let groups = [
            neverFire.isEmpty ? nil : "\(neverFire.count) can never fire (lint warns of \(them(neverFire.count))): \(named)",
            pastLimit == 0 ? nil : "\(pastLimit) not checked, past the analysis limit (lint warns of \(them(pastLimit)))",
            unmodelled == 0 ? nil : "\(unmodelled) marked unmodelled",
            notSelected == 0 ? nil : "\(notSelected) not selected by --row or --shard"
                + (result.notReached == nil ? "" : ", or not reached after --fail-fast stopped"),
        ].compactMap { $0 }
        return " (\(counted(total, "other row")) of those specs did not run: \(groups.joined(separator: "; ")))"
    }

    /// What a case's first divergence was, in one line (`step 2 background: state expected away, actual locked`), for
    /// the expected failures' tables: an auditor sees what is being tolerated, not only why. Nil when it did not
    /// diverge (an unexpected pass).
    static func divergenceInBrief(_ c: CaseResult) -> String? {
        guard let d = c.divergence else { return nil }
        return "step \(d.step + 1) \(d.action): " + differences(d)
    }

    /// The observations of a divergence that differ, and its fixture error: `cover expected true, actual false`.
    private static func differences(_ d: Divergence) -> String {
        let cells = d.cells.filter { !$0.ok }.map { "\($0.name) expected \($0.shown.expected), actual \($0.shown.actual)" }
        return (cells + (d.error.map { ["error: \($0)"] } ?? [])).joined(separator: "; ")
    }

    /// An exploration finding's divergence in one line: where, on what, and the observations that differ.
    static func divergenceInBrief(_ f: ExplorationFinding) -> String? {
        guard let d = f.divergence else { return nil }
        return "in \(d.situation) on \(d.event): " + differences(d.divergence)
    }

    /// The exploration's findings listed in the expected-failures file (`EX-` ids), in the order found.
    static func listedFindings(_ result: RunResult) -> [ExplorationFinding] {
        (result.exploration?.findings ?? []).filter { $0.expectedReason != nil || $0.expectedExpiry != nil }
    }

    /// How many of a section's citing rows did not run here (they can never fire, are marked unmodelled, or are
    /// outside a narrowed run).
    static func notRun(_ section: SectionCoverage.Section, ran: RanRows) -> Int {
        section.rows.filter { !ran.contains([$0.spec, $0.row]) }.count
    }

    /// `covered by 7 rows`, then what is to be said of them: ` (1 not run here)` or ` (none ran here)` when some of them
    /// did not run, `2 failing` when some failed the run, `1 failing as expected` for an expected failure (` (1 not run
    /// here, 2 failing)`): the text of a covered section's cell in the HTML and the Markdown.
    static func covered(_ section: SectionCoverage.Section, ran: RanRows) -> String {
        let idle = notRun(section, ran: ran), failures = ran.failures(section)
        let said = [
            idle == 0 ? nil : idle == section.rows.count ? "none ran here" : "\(idle) not run here",
            failures.failing == 0 ? nil : "\(failures.failing) failing",
            failures.expected == 0 ? nil : "\(failures.expected) failing as expected",
        ].compactMap { $0 }
        return "covered by \(counted(section.rows.count, "row"))" + (said.isEmpty ? "" : " (" + said.joined(separator: ", ") + ")")
    }

    /// `, 1 of them by a failing row` for a document whose covered sections include some that a row citing them fails
    /// the run; empty otherwise.
    static func coveredButFailing(_ document: SectionCoverage.Document, ran: RanRows) -> String {
        let failing = document.sections.filter { [.covered, .partly].contains($0.status) && ran.failures($0).failing > 0 }.count
        return failing == 0 ? "" : " (\(failing) of them with a failing row)"
    }

    /// `, 2 of them by no row that ran here` for a document whose covered sections include some that no row of this
    /// run checked; empty otherwise. "Covered" means a row cites the section; this says whether one ran.
    static func coveredButNotRun(_ document: SectionCoverage.Document, ran: RanRows) -> String {
        let idle = document.sections.filter { [.covered, .partly].contains($0.status) && !$0.rows.isEmpty && notRun($0, ran: ran) == $0.rows.count }.count
        return idle == 0 ? "" : " (\(idle) of them by no row that ran here)"
    }

    /// How many sections a document's table lists: `47 sections`, or, read from its headings with sections cited that
    /// have none, `46 headings and 1 section cited without one`.
    static func sectionTotal(_ document: SectionCoverage.Document) -> String {
        let loose = document.sections.filter { $0.line == nil }.count
        guard document.fromHeadings, loose > 0 else { return counted(document.sections.count, "section") }
        return counted(document.sections.count - loose, "heading") + " and \(counted(loose, "section")) cited without one"
    }

    /// A document's sections counted by coverage, for the HTML's and the Markdown's heading of its table:
    /// `12 covered by rows (3 of them only in part), 1 through subsections, 2 with a reason, 0 without`.
    static func sectionCounts(_ document: SectionCoverage.Document, ran: RanRows) -> String {
        func counted(_ status: SectionCoverage.Status, rows: Bool) -> (all: Int, partly: Int) {
            let whole = document.sections.filter { $0.status == status }.count
            let partly = document.sections.filter { $0.status == .partly && $0.rows.isEmpty != rows }.count
            return (whole + partly, partly)
        }
        func inPart(_ n: Int) -> String { n == 0 ? "" : " (\(n) of them only in part)" }
        let covered = counted(.covered, rows: true), subsections = counted(.bySubsections, rows: false)
        let reasoned = document.sections.filter { $0.status == .reasoned }.count
        let uncovered = document.sections.filter { $0.status == .uncovered }.count
        return "\(covered.all) covered by rows\(inPart(covered.partly))\(coveredButNotRun(document, ran: ran))\(coveredButFailing(document, ran: ran)), "
            + "\(subsections.all) through subsections\(inPart(subsections.partly)), \(reasoned) with a reason, \(uncovered) without"
    }

    /// Whether rows cite a section that the document, read from its headings, does not have, with no reason recorded
    /// for it: a typo or a renumbered section (lint's `trace.unknown-section`), which covers nothing.
    static func citedWithoutSection(_ section: SectionCoverage.Section, read: Bool) -> Bool {
        read && section.line == nil && !section.id.isEmpty && section.reason == nil && !section.rows.isEmpty
    }

    /// What a section's rows cover, with the recorded part they leave out: `covered by 3 rows; not covered: …`; for a
    /// section the document does not have (`citedWithoutSection`; `read`: whether its headings were read), that it
    /// covers nothing.
    static func coverage(_ section: SectionCoverage.Section, ran: RanRows, read: Bool = false) -> String {
        switch section.status {
        case .covered where citedWithoutSection(section, read: read):
            "cited by \(counted(section.rows.count, "row")), but the document has no such section: it covers nothing (lint: trace.unknown-section)"
        case .covered: covered(section, ran: ran)
        case .bySubsections: "through its subsections"
        case .partly: (section.rows.isEmpty ? "through its subsections" : covered(section, ran: ran)) + ", in part; not covered: " + (section.reason ?? "")
        case .reasoned: "not covered: " + (section.reason ?? "")
        case .uncovered: "NOT COVERED, no reason recorded"
        }
    }

    /// Whether a section id is a number (`3.3`), shown as `§3.3`, not a title.
    static func isSectionNumber(_ id: String) -> Bool { !id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }

    /// What the coverage tables say in place of a heading for a section cited without one: for a document read from its
    /// headings, `(the document has no such heading)`, with the reason specs/sections.yaml records for the section when
    /// its coverage does not already show it (a section covered in part, or not at all, shows it there); for a document
    /// not read, `(the document was not read)` for a section cited by number (one cited by title shows its title). Nil
    /// for a heading and for a citation of the whole document. `read`: whether the document's headings were read.
    static func missingHeading(_ section: SectionCoverage.Section, read: Bool) -> (said: String, reason: String?)? {
        guard section.line == nil, !section.id.isEmpty else { return nil }
        guard read else { return isSectionNumber(section.id) ? ("(the document was not read)", nil) : nil }
        let shownInCoverage = section.status == .partly || section.status == .reasoned
        return ("(the document has no such heading)", shownInCoverage ? nil : section.reason)
    }

    /// A sentence for beside the verdict when sections of the design documents have no row and no reason recorded
    /// (the run holds on its rows; `lint --strict` fails on these), or nil.
    static func traceabilityGap(_ result: RunResult) -> String? {
        let open = (result.sections?.documents ?? []).flatMap { d in d.sections.filter { $0.status == .uncovered }.map { "\(d.name) \($0.id)" } }
        guard !open.isEmpty else { return nil }
        return "Traceability: \(counted(open.count, "section")) of the design documents \(open.count == 1 ? "is" : "are") covered by no row and \(open.count == 1 ? "has" : "have") no reason recorded "
            + "(\(open.prefix(5).joined(separator: ", "))\(open.count > 5 ? ", …" : "")); the rows' verdict does not include them, and lint --strict fails on them."
    }

    /// Parts of an account a renderer may style.
    enum Style { case heading, bad, good, warn, dim }
}
