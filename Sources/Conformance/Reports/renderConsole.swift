import SpecKit

/// The run as a terminal shows it: one line per spec, then the findings in full (row, source, location, the path
/// that led there, the diverging step, expected against actual cell by cell, the rerun command), three of each group
/// that diverged the same way at one row (`CaseGroups`, `ExplorationText.groups`) and the rest named, then the
/// sentence saying what rows, cases and JUnit testcases are, and the summary line `N passed, N failing…` last. ANSI
/// colours only when `color` is true. The rerun commands start with `program`: how the person at the terminal invoked
/// lockspec (`.build/release/lockspec`; `lockspec` when it is on the PATH), so a line pasted there runs.
public func renderConsole(_ result: RunResult, color: Bool, program: String = RunResult.defaultProgram) -> String {
    func paint(_ style: ReportText.Style, _ text: String) -> String {
        guard color else { return text }
        let code: String
        switch style {
        case .heading: code = "1;31"
        case .bad: code = "31"
        case .good: code = "32"
        case .warn: code = "33"
        case .dim: code = "2"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
    var lines = specLines(result, paint)
    // A tour that stopped early covered less than the machine can do, whatever its counts say.
    for tour in result.exploration?.result.machines ?? [] {
        if let limit = tour.limit { lines.append(paint(.warn, "warning: \(VisibleText.escape(tour.spec)): \(limit) [explore.limit]")) }
    }
    // The random walks (seeded: the same seed walks the same steps, as the fingerprint shows).
    if let walks = result.exploration?.result.walks, !walks.isEmpty {
        lines.append("")
        lines.append(contentsOf: walks.map { VisibleText.escape(walkLine($0)) })
        lines.append(walksTotal(walks))
    }
    // Cases that diverge the same way at one row are shown three at a time, the rest named.
    for group in CaseGroups.groups(result.cases.filter(\.failsRun)) {
        for c in group.prefix(CaseGroups.shownPerGroup) {
            lines.append("")
            lines.append(contentsOf: ReportText.account(c, style: paint, program: program))
        }
        if let more = CaseGroups.sameWay(group, program: program) { lines.append(paint(.dim, more)) }
    }
    // Transitions that diverge the same way are shown three at a time, the rest counted with what they share.
    for group in ExplorationText.groups((result.exploration?.findings ?? []).filter(\.failsRun)) {
        for f in group.prefix(ExplorationText.shownPerGroup) {
            lines.append("")
            lines.append(contentsOf: ExplorationText.account(f, style: paint, program: program))
        }
        if let more = ExplorationText.sameWay(group) { lines.append(paint(.dim, more)) }
    }
    let expected = result.cases.filter { $0.status == .expectedFailure }
    if !expected.isEmpty {
        lines.append("")
        for c in expected {
            let text = "XFAIL \(c.spec) › \(c.id)" + (c.expectedReason.map { ": \($0)" } ?? "") + (c.expectedExpiry.map { " (expires \($0))" } ?? "")
            lines.append(paint(.dim, VisibleText.escape(text)))
        }
    }
    for f in result.exploration?.findings ?? [] where f.status == .expectedFailure {
        lines.append(paint(.dim, VisibleText.escape("XFAIL \(f.spec) › \(f.id) (exploration)" + (f.expectedReason.map { ": \($0)" } ?? ""))))
    }
    lines.append(contentsOf: closingLines(result, paint))
    return lines.joined(separator: "\n") + "\n"
}

/// One line per spec that ran: its cases passed of all, failing and expected failures, and its exploration.
private func specLines(_ result: RunResult, _ paint: (ReportText.Style, String) -> String) -> [String] {
    var lines: [String] = []
    // Only the specs that ran: a run narrowed with --row or --spec lists just those.
    let ran = Set(result.cases.map(\.spec))
    let ids = ReportText.specIDs(result).filter { ran.contains($0) }
    let width = ids.map { VisibleText.escape($0).count }.max() ?? 0
    for id in ids {
        let cases = result.cases.filter { $0.spec == id }
        let s = RunSummary(cases: cases)
        var line = "\(ReportText.pad(VisibleText.escape(id), width))  \(s.passed)/\(s.total) passed"
        let failing = s.failed + s.unexpectedPasses + s.expired
        if failing > 0 { line += ", " + paint(.bad, "\(failing) failing") }
        if s.expectedFailures > 0 { line += ", \(s.expectedFailures) expected" }
        if let tour = result.exploration?.result.machines.first(where: { $0.spec == id }) {
            line += "; explored \(tour.checked)/\(tour.transitions) transitions"
            // The others were not reached: the tour does not go on past a transition that diverged.
            if !tour.unchecked.isEmpty { line += " (\(tour.unchecked.count) not reached: the way to them diverged first)" }
            let failing = result.exploration?.findings.filter { $0.spec == id && $0.failsRun }.count ?? 0
            if failing > 0 { line += ", " + paint(.bad, "\(failing) failing") }
        }
        lines.append(line)
    }
    return lines
}

/// The rows where failing cases first diverged, the sentence on counts, the warnings beside the verdict, and the
/// summary line last.
private func closingLines(_ result: RunResult, _ paint: (ReportText.Style, String) -> String) -> [String] {
    var lines: [String] = []
    let diverged = ReportText.divergedRows(result)
    if !diverged.isEmpty {
        lines.append("")
        lines.append(contentsOf: diverged)
    }
    let products = ProductValuesRun.failing(result)
    if !products.isEmpty {
        lines.append("")
        lines.append(contentsOf: products)
    }
    lines.append("")
    lines.append(paint(.dim, VisibleText.escape(ReportText.countsExplained(result))))
    if let gap = ReportText.traceabilityGap(result) { lines.append(paint(.warn, VisibleText.escape(gap))) }
    if let dead = ReportText.neverFiringRows(result) { lines.append(paint(.warn, "warning: " + VisibleText.escape(dead))) }
    if let gap = ReportText.documentedValueGap(result) { lines.append(paint(.warn, VisibleText.escape(gap))) }
    if let note = ReportText.documentedValueDeparture(result) { lines.append(paint(.warn, VisibleText.escape(note))) }
    let summary = RunSummary(result)
    lines.append(paint(summary.holds ? .good : .bad, summary.line))
    return lines
}
