import SpecKit

/// The summary a CI job posts on a pull request, with the HTML report's content in the same order: the PASS/FAIL
/// headline, counts and identity; each failing case with its cells labelled expected and actual, what its row checks
/// (its first step) and its rerun command; the expected failures with reason and expiry; a table of specs; the coverage by document and section
/// (each document folded); the decision register; the full identity.
public func renderMarkdown(_ result: RunResult) -> String {
    var page = MarkdownPage(result: result)
    return page.render()
}

/// Builds the Markdown summary part by part.
struct MarkdownPage {
    let result: RunResult
    var out = ""

    func md(_ s: String) -> String { Escape.markdown(s) }
    func code(_ s: String) -> String { Escape.markdownCode(s) }
    /// Text inside the raw HTML of a `<details>` block, where Markdown is not read: escaped for HTML, on one line.
    func inHTML(_ s: String) -> String { Escape.html(VisibleText.escape(s)) }

    mutating func render() -> String {
        let summary = RunSummary(result)
        out += "## LockSpec conformance: \(summary.holds ? "PASS" : "FAIL")\n\n"
        out += summary.line + "\n\n"
        if let gap = ReportText.traceabilityGap(result) { out += "**\(md(gap))**\n\n" }
        if let dead = ReportText.neverFiringRows(result) { out += "**\(md(dead))**\n\n" }
        if let gap = ReportText.documentedValueGap(result) { out += "**\(md(gap))**\n\n" }
        // A decided departure is legitimate: a note, not the gaps' bold.
        if let note = ReportText.documentedValueDeparture(result) { out += md(note) + "\n\n" }
        let id = result.identity
        out += "Build under test \(code(id.build.description)) (recorded at build time, \(md(id.build.recordedAt))); tool \(code(id.tool)); "
        out += "started \(md(id.startedAt)); \(id.specs.count) specs, SHA-256 of their list \(code(String(HTMLPage.specListDigest(id).prefix(16))))"
        if !id.inputs.isEmpty {
            out += "; \(id.inputs.count) other inputs (\(md(HTMLPage.inputKinds(id)))), SHA-256 of their list \(code(String(HTMLPage.inputListDigest(id).prefix(16))))"
        }
        out += id.documents.isEmpty ? "; design documents not fingerprinted (no --documents).\n\n" : "; documents " + id.documents.map { "\(md($0.name)) \(code(String($0.sha256.prefix(12))))" }.joined(separator: ", ") + ".\n\n"
        out += md(ReportText.countsExplained(result)) + "\n"
        failingCases()
        expectedFailures()
        unmodelledRows()
        specTable()
        out += markdownExploration(result)
        documentSections()
        decisions()
        identity()
        return out
    }

    mutating func failingCases() {
        let failing = result.cases.filter(\.failsRun)
        out += "\n### Failing cases\n\n"
        if failing.isEmpty { out += "None.\n" }
        let diverged = ReportText.divergedRowCounts(result)
        if !diverged.isEmpty {
            out += ReportText.divergedRowsIntro + "\n\n"
            out += "| Row | Failing cases | On the way to another row |\n|---|---:|---:|\n"
            for r in diverged { out += "| \(code(r.row)) | \(r.cases) | \(r.onPath) |\n" }
            out += "\n"
        }
        for c in failing {
            out += "- **\(ReportText.word(c.status))** \(code(c.id)) in \(md(c.spec)), row \(code(c.row)), \(md(ReportText.origin(c))), \(code("\(c.file):\(c.line)"))\n"
            if let d = c.divergence {
                out += "  - step \(d.step + 1): \(code(d.action)) at \(code("\(c.file):\(d.line)"))\n"
                if d.onPath { out += "  - while reaching the row, step \(d.step + 1) (row \(code(d.row ?? "?"))) diverged\n" }
                for cell in d.cells where !cell.ok {
                    out += "  - \(md(cell.name)): expected \(code(cell.shown.expected)), actual \(code(cell.shown.actual))\n"
                    if let note = cell.note { out += "  - \(md(note))\n" }
                }
                if let e = d.error { out += "  - fixture error: \(md(e))\n" }
            }
            if let checks = c.checks, let (position, step) = CheckedStep.closing(checks) {
                let place = checks.count > 1 ? " (step \(position) of \(checks.count); the HTML report lists them all)" : ""
                out += "  - the row ends by checking: \(code(step.description))\(place)\n"
            }
            let listed = [c.expectedReason.map { "reason: " + md($0) }, c.expectedExpiry.map { "expires " + md($0) }].compactMap { $0 }.joined(separator: ", ")
            if c.status == .unexpectedPass {
                out += "  - passed, but listed as an expected failure (\(listed)): remove it from the list\n"
            } else if c.status == .expired {
                out += "  - the expected-failure entry (\(listed)) has expired\n"
            }
            out += "  - rerun: \(code(RunResult.rerunCommand(for: c)))\n"
        }
    }

    mutating func expectedFailures() {
        let listed = result.cases.filter { $0.expectedReason != nil || $0.expectedExpiry != nil }
        let found = ReportText.listedFindings(result)
        out += "\n### Expected failures\n\n"
        if listed.isEmpty && found.isEmpty { out += "None.\n"; return }
        out += "| Case | Row | Reason | Expires | Result | What diverged |\n|---|---|---|---|---|---|\n"
        for c in listed {
            out += "| \(code(c.id)) | \(code(c.row)) | \(md(c.expectedReason ?? "")) | \(md(c.expectedExpiry ?? "—")) | \(md(HTMLPage.statusText(c.status))) "
            out += "| \(md(ReportText.divergenceInBrief(c) ?? "—")) |\n"
        }
        // The exploration's listed transitions (EX- ids): a row when the table predicts one there.
        for f in found {
            out += "| \(code(f.id)) | \(f.divergence?.row.map(code) ?? "—") | \(md(f.expectedReason ?? "")) | \(md(f.expectedExpiry ?? "—")) "
            out += "| \(md(HTMLPage.statusText(f.status))) | \(md(ReportText.divergenceInBrief(f) ?? "—")) |\n"
        }
    }

    /// The rows marked `unmodelled:`, with why the table makes no prediction where they match.
    mutating func unmodelledRows() {
        let rows = ReportText.unmodelled(result)
        guard !rows.isEmpty else { return }
        out += "\n### Rows that predict nothing (unmodelled)\n\nWhere these rows match, the table makes no prediction, so no case checks them; each says why.\n\n"
        out += "| Spec | Row | Why the table makes no prediction |\n|---|---|---|\n"
        for row in rows { out += "| \(md(row.spec)) | \(code(row.row)) | \(md(row.why)) |\n" }
    }

    mutating func specTable() {
        // Rows are the spec's rows; the other columns count cases (a machine row runs once per tested value, a matrix
        // rule once per cell).
        out += "\n### Results by spec\n\nRows counts every row of the spec, those that did not run here included (unmodelled, never firing, not selected).\n\n"
        out += "| Spec | Rows | Cases | Passed | Failing | Expected failures |\n|---|---:|---:|---:|---:|---:|\n"
        for id in ReportText.specIDs(result) {
            let cases = result.cases.filter { $0.spec == id }
            let s = RunSummary(cases: cases)
            let rows = result.specs.first { $0.id == id }?.rows.count ?? Set(cases.map(\.row)).count
            out += "| \(md(id)) | \(rows) | \(cases.count) | \(s.passed) | \(s.failing) | \(s.expectedFailures) |\n"
        }
    }

    mutating func documentSections() {
        let coverage = result.sections ?? SectionCoverage(specs: result.specs, outlines: [], reasons: SectionReasons())
        out += "\n### Coverage by document and section\n\n"
        if coverage.documents.isEmpty { out += "No row cites a document.\n"; return }
        let ran = RanRows(result)
        for document in coverage.documents {
            out += "<details><summary>\(inHTML(document.name)): \(inHTML(ReportText.sectionTotal(document))), \(inHTML(ReportText.sectionCounts(document, ran: ran)))"
            out += (document.fromHeadings ? "" : " (from the specs' citations: the document was not read; run with --documents DIR)") + "</summary>\n\n"
            out += "| Section | Heading | Rows | Coverage |\n|---|---|---|---|\n"
            for section in document.sections {
                let rows = section.rows.map { row in
                    let statuses = result.cases.filter { $0.spec == row.spec && $0.row == row.row }.map(\.status)
                    return code(row.row) + (statuses.isEmpty ? " (not run)" : statuses.allSatisfy { $0 == .passed } ? "" : " (\(HTMLPage.statusText(HTMLPage.worst(statuses))))")
                }.joined(separator: ", ")
                out += "| \(md(section.id.isEmpty ? "(whole document)" : section.id)) | \(md(Self.headingText(section, read: document.fromHeadings))) "
                out += "| \(rows) | \(md(Self.coverageText(section, ran: ran, read: document.fromHeadings))) |\n"
            }
            out += "\n</details>\n\n"
        }
    }

    /// A section's heading, or for one cited without a heading what `ReportText.missingHeading` says, with the reason
    /// recorded for it (as `HTMLPage.headingCell`); `read`: whether the document's headings were read.
    static func headingText(_ section: SectionCoverage.Section, read: Bool) -> String {
        guard let missing = ReportText.missingHeading(section, read: read) else { return section.title }
        return (ReportText.isSectionNumber(section.id) ? "" : section.title + " ") + missing.said + (missing.reason.map { ": " + $0 } ?? "")
    }

    /// A section's coverage, with the product values it states (see `HTMLPage.coverageCell`).
    static func coverageText(_ section: SectionCoverage.Section, ran: RanRows, read: Bool) -> String {
        ([ReportText.coverage(section, ran: ran, read: read)] + (section.values ?? []).map(ReportText.documentedValue)).joined(separator: "; ")
    }

    mutating func decisions() {
        let register = DecisionRegister(result)
        out += "\n### Decision register\n\n"
        if register.decisions.isEmpty { out += "No decisions.\n"; return }
        out += "Points the documents leave open, and places where a decision narrows or overrides what they say (its text, or the section's note, says so). "
        out += "Rows: those whose decision is this one; after \"also\", rows that mention it beside their own decision; after \"reading\", "
        out += "the rows that read a product value set with it.\n\n"
        out += "| Decision | Text | Rows |\n|---|---|---|\n"
        for d in register.decisions {
            // The rows whose own decision names it, then those that read a product value set with it, by value.
            let rows = ReportText.relianceGroups(d.rows).map { group in
                (group.reads.map { "reading \(md($0)): " } ?? "") + group.rows.map { r in
                    let mark = r.results.contains { $0 != .passed } ? " (\(HTMLPage.statusText(HTMLPage.worst(r.results))))" : r.results.isEmpty ? " (not run)" : ""
                    return (r.primary ? "" : "also ") + code(r.row) + mark
                }.joined(separator: ", ")
            }.joined(separator: "; ")
            let texts = d.texts + (d.values ?? []).map { "sets " + ReportText.decidedValue($0) }
                + d.sections.map { "recorded for \($0.document) §\($0.section): \($0.text)" }
            out += "| \(code(d.id)) | \(md(texts.joined(separator: " / "))) | \(rows.isEmpty ? "no row relies on it" : rows) |\n"
        }
    }

    mutating func identity() {
        out += "\n### Run\n\n"
        out += "- build under test: \(code(result.identity.build.description)) (recorded at build time, \(md(result.identity.build.recordedAt)))\n"
        out += "- tool: \(code(result.identity.tool))\n- started: \(md(result.identity.startedAt))\n"
        if let shard = result.identity.shard { out += "- shard: \(md(shard))\n" }
        for print in result.identity.specs.sorted(by: { $0.id < $1.id }) {
            out += "- \(md(print.id)): \(code(print.file)) sha256 \(code(String(print.sha256.prefix(12))))\n"
        }
        for print in result.identity.inputs {
            out += "- \(md(print.role)): \(code(print.file)) sha256 \(code(String(print.sha256.prefix(12))))\n"
        }
        for print in result.identity.documents {
            out += "- document \(code(print.name)) sha256 \(code(String(print.sha256.prefix(12))))\n"
        }
        for line in ProductValuesRun(result.specs).lines {
            out += "- product values of \(md(line.fixture)): \(md(line.text))\n"
        }
    }
}

/// The exploration in the pull-request summary: a table of machines (transitions checked, failing, expected) and each
/// finding in brief (id, situation, event, the differing cells as `expected → actual`, the rerun command); nothing
/// when the run did not explore.
private func markdownExploration(_ result: RunResult) -> String {
    guard let exploration = result.exploration else { return "" }
    var out = "\n### Exploration\n\n| Machine or decision table | Situations | Transitions checked | Failing | Expected failures |\n|---|---:|---:|---:|---:|\n"
    for m in exploration.result.machines {
        let findings = exploration.findings.filter { $0.spec == m.spec }
        out += "| \(Escape.markdown(m.spec)) | \(m.table == nil ? String(m.situations) : "table") | \(m.checked)/\(m.transitions) | \(findings.filter(\.failsRun).count)"
        out += " | \(findings.filter { $0.status == .expectedFailure }.count) |\n"
    }
    // A tour that stopped early covered less than the machine can do, whatever its counts say.
    let limited = exploration.result.machines.filter { $0.limit != nil }
    if !limited.isEmpty {
        out += "\n" + limited.map { "- **\(Escape.markdown($0.spec)): the tour stopped early.** \(Escape.markdown($0.limit ?? "")) (`explore.limit`)\n" }.joined()
    }
    out += markdownWalks(exploration.result.walks)
    let failing = exploration.findings.filter(\.failsRun)
    if !failing.isEmpty { out += "\n" }
    for f in failing {
        out += "- **\(ReportText.word(f.status))** \(Escape.markdownCode(f.id)) in \(Escape.markdown(f.spec))"
        if let d = f.divergence {
            out += ", \(Escape.markdownCode("\(d.file):\(d.line)"))\n"
            out += "  - situation: \(Escape.markdown(d.situation)); event: \(Escape.markdownCode(d.event))"
            out += "; expected: \(d.row.map { "row " + Escape.markdownCode($0) } ?? "nothing happens (otherwise: ignore)")\n"
            if d.longerHistory { out += "  - diverges only after a longer history (\(d.divergence.path.count) steps); on its shortest path it holds\n" }
            for cell in d.divergence.cells where !cell.ok {
                out += "  - \(Escape.markdown(cell.name)): \(Escape.markdownCode(cell.shown.expected)) → \(Escape.markdownCode(cell.shown.actual))\n"
            }
            if let e = d.divergence.error { out += "  - fixture error: \(Escape.markdown(e))\n" }
        } else {
            out += "\n  - \(Escape.markdown(ExplorationText.message(f)))\n"
        }
        out += "  - rerun: \(Escape.markdownCode(f.rerunCommand))\n"
    }
    return out
}

/// The random walks, one row per machine (walks, steps per walk, seed, steps checked, failing walks, fingerprint), so
/// the exploration's count adds up: the tours' transitions plus these steps.
private func markdownWalks(_ walks: [MachineWalkResult]) -> String {
    guard !walks.isEmpty else { return "" }
    var out = "\nRandom walks (seeded: the same seed walks the same steps, and gives the same fingerprint; the steps checked include the scenarios' openings a walk starts from):\n\n"
    out += "| Machine | Walks × steps | Seed | Steps checked | Failing walks | Fingerprint |\n|---|---:|---:|---:|---:|---|\n"
    for w in walks {
        out += "| \(Escape.markdown(w.spec)) | \(w.walks) × \(w.length) | \(w.seed) | \(w.steps) | \(w.failingWalks) | \(Escape.markdownCode(w.fingerprint)) |\n"
    }
    return out
}
