import SpecKit

extension HTMLPage {
    /// The run's per-section coverage, or one built from the specs' citations when the result has none.
    var sectionCoverage: SectionCoverage {
        result.sections ?? SectionCoverage(specs: result.specs, outlines: [], reasons: SectionReasons())
    }

    /// Every section of each design document: the rows citing it and their results, or why no row covers it.
    mutating func documentSections() {
        let coverage = sectionCoverage
        out += "<section id=\"documents\">\n<h2>Coverage by document and section</h2>\n"
        out += "<p class=\"muted\">Each section of each design document, the rows whose <code>source</code> cites it and their results; "
        out += "a section no row covers carries the reason recorded in the spec folder's sections.yaml.</p>\n"
        if coverage.documents.isEmpty { out += "<p>No row cites a document.</p>\n" }
        let ran = RanRows(result)
        for document in coverage.documents { documentTable(document, ran: ran) }
        out += "</section>\n"
    }

    /// One document's sections; `ran`: the rows this run ran, as `[spec, row]`.
    mutating func documentTable(_ document: SectionCoverage.Document, ran: RanRows) {
        out += "<h3 id=\"\(Self.anchor("doc", document.name))\">\(h(document.name))</h3>\n<p class=\"muted\">\(h(ReportText.sectionTotal(document)))"
        out += document.fromHeadings ? ", read from the document's headings" : ", from the specs' citations (run with --documents DIR to list every heading)"
        out += ": \(h(ReportText.sectionCounts(document, ran: ran))).</p>\n"
        out += "<table class=\"sections\">\n<tr><th>Section</th><th>Heading</th><th>Rows and results</th><th>Coverage</th></tr>\n"
        for section in document.sections {
            out += "<tr id=\"\(Self.anchor("sec", document.name, section.id))\"><td class=\"level\(min(section.level, 3))\">"
            out += section.id.isEmpty ? "—" : (ReportText.isSectionNumber(section.id) ? "§" + h(section.id) : "")
            out += "</td><td>\(headingCell(section, read: document.fromHeadings))</td><td>"
            out += section.rows.map { rowBadge($0) }.joined(separator: " ")
            out += "</td>\(coverageCell(section, ran: ran, read: document.fromHeadings))</tr>\n"
        }
        out += "</table>\n"
    }

    /// A section's heading and its line; for a section cited without one, what `ReportText.missingHeading` says (that
    /// the document has no such heading, with the reason recorded for it, or that it was not read) after its title
    /// when it is cited by title. `read`: whether the document's headings were read.
    func headingCell(_ section: SectionCoverage.Section, read: Bool) -> String {
        guard let missing = ReportText.missingHeading(section, read: read) else {
            return h(section.title) + (section.line.map { " <span class=\"muted\">line \($0)</span>" } ?? "")
        }
        return (ReportText.isSectionNumber(section.id) ? "" : h(section.title) + " ") + "<span class=\"muted\">\(h(missing.said))</span>"
            + (missing.reason.map { "<br><span class=\"note\">\(h($0))</span>" } ?? "")
    }

    /// A section's coverage, with the product values it states; `ran`: the rows this run ran, as `[spec, row]`;
    /// `read`: whether the document's headings were read.
    func coverageCell(_ section: SectionCoverage.Section, ran: RanRows, read: Bool) -> String {
        var text: String
        switch section.status {
        case .covered where ReportText.citedWithoutSection(section, read: read):
            text = "<td class=\"fail\">" + h(ReportText.coverage(section, ran: ran, read: read))
        case .covered:
            text = "<td class=\"\(Self.coverageClass(section, ran: ran))\">" + ReportText.covered(section, ran: ran)
        case .bySubsections: text = "<td class=\"pass\">through its subsections"
        case .partly:
            text = "<td class=\"\(section.rows.isEmpty ? "pass" : Self.coverageClass(section, ran: ran))\">" + h(ReportText.coverage(section, ran: ran))
        case .reasoned: text = "<td class=\"na\">not covered: \(h(section.reason ?? ""))"
        case .uncovered: text = "<td class=\"fail\">not covered, and no reason recorded"
        }
        for value in section.values ?? [] {
            text += "<br><span class=\"\(value.agrees ? "note" : value.decision == nil ? "note fail" : "note xfail")\">\(h(ReportText.documentedValue(value)))</span>"
        }
        return text + "</td>"
    }

    /// One badge for a row: its worst result over its cases, linking to its first case in the tables; its tooltip says
    /// what that case ends by checking (`checksTitle`).
    func rowBadge(_ row: SectionCoverage.RowReference) -> String {
        let list = result.cases.filter { $0.spec == row.spec && $0.row == row.row }
        guard let first = list.first else { return "<span class=\"badge na\" title=\"\(h(row.spec)): not run\">\(h(row.row))</span>" }
        let worst = Self.worst(list.map(\.status))
        let title = "\(row.spec): \(counted(list.count, "case")), \(Self.statusText(worst))\(Self.checksTitle(first))"
        return "<a class=\"badge \(Self.statusClass(worst))\" href=\"#\(Self.anchor("case", first.spec, first.id))\" title=\"\(h(title))\">\(h(row.row))</a>"
    }

    /// The class of a covered section's cell: `fail` when a row citing it fails the run, `xfail` when one fails as
    /// expected, `na` when none of them ran here, else `pass`.
    static func coverageClass(_ section: SectionCoverage.Section, ran: RanRows) -> String {
        let failures = ran.failures(section)
        if failures.failing > 0 { return "fail" }
        if failures.expected > 0 { return "xfail" }
        return ReportText.notRun(section, ran: ran) == section.rows.count ? "na" : "pass"
    }

    /// The status that says most about a row: a failure, then an expiry, an unexpected pass, an expected failure.
    static func worst(_ statuses: [CaseStatus]) -> CaseStatus {
        for s in [CaseStatus.failed, .expired, .unexpectedPass, .expectedFailure] where statuses.contains(s) { return s }
        return .passed
    }
}
