import SpecKit

extension HTMLPage {
    /// Each decision once: its id, its text, the rows that rely on it and their results.
    mutating func decisionRegister() {
        let register = DecisionRegister(result)
        out += "<section id=\"decisions\">\n<h2>Decision register</h2>\n"
        out += "<p class=\"muted\">Points the documents leave open, and places where a decision narrows or overrides what they say "
        out += "(the decision's text, or the section's recorded note, says so): each decision once, with the rows that rely on it "
        out += "(in italics: rows that mention it beside their own decision; after “reading”, the rows that read a product value set with it) "
        out += "and the sections whose note names it.</p>\n"
        if register.decisions.isEmpty {
            out += "<p>No decisions.</p>\n</section>\n"
            return
        }
        out += "<table class=\"register\">\n<tr><th>Decision</th><th>Text</th><th>Rows and results</th></tr>\n"
        for decision in register.decisions {
            out += "<tr id=\"\(Self.anchor("decision", decision.id))\"><td><code>\(h(decision.id))</code></td><td>"
            let texts = decision.texts.map { h($0) } + (decision.values ?? []).map { "<span class=\"muted\">Sets</span> \(h(ReportText.decidedValue($0)))" }
            out += texts.joined(separator: "<hr>")
            for note in decision.sections {
                out += (texts.isEmpty ? "" : "<hr>") + "<span class=\"muted\">Recorded for \(h(note.document)) §\(h(note.section)):</span> \(h(note.text))"
            }
            if texts.isEmpty && decision.sections.isEmpty { out += "<span class=\"muted\">(only mentioned by other decisions)</span>" }
            out += "</td><td>"
            if decision.rows.isEmpty { out += "<span class=\"muted\">no row relies on it</span>" }
            // The rows whose own decision names it, then those that read a product value set with it, by value.
            out += ReportText.relianceGroups(decision.rows).map { group in
                (group.reads.map { "<span class=\"muted\">reading \(h($0)):</span> " } ?? "") + group.rows.map { reliance in
                    let badge = rowBadge(SectionCoverage.RowReference(spec: reliance.spec, row: reliance.row, file: reliance.file, line: reliance.line))
                    return reliance.primary ? badge : "<em>\(badge)</em>"
                }.joined(separator: " ")
            }.joined(separator: "<br>")
            out += "</td></tr>\n"
        }
        out += "</table>\n</section>\n"
    }
}
