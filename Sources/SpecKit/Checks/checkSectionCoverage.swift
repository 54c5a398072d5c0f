/// The findings of a document-by-document coverage: a heading with neither rows nor a recorded reason
/// (`trace.section-not-covered`), a reason for a section rows do cover (`trace.reason-for-covered-section`), a
/// `partly:` for a section no row covers (`trace.partly-without-rows`), and a reason or a row naming a section the
/// document does not have (`trace.unknown-section`). All are warnings. Where the reasons file does not exist yet
/// (`reasonsFileExists` false), an uncovered section's finding is still located at its first line, where it would
/// go, and says to create it.
/// `sourcesAt` says where each row's `source:` is written (by spec id, then row id): a row's finding points there.
public func checkSectionCoverage(_ coverage: SectionCoverage, reasons: SectionReasons, reasonsFileExists: Bool = true,
                                 sourcesAt: [String: [String: SourceLocation]] = [:]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let file = reasons.file.isEmpty ? "specs/\(SectionReasons.fileName)" : reasons.file
    for document in coverage.documents {
        for section in document.sections where section.status == .uncovered && section.line != nil {
            let name = section.id == section.title ? "'\(section.title)'" : "§\(section.id) '\(section.title)'"
            let add = "'\(section.id)': <why no row covers it> under '\(document.name):'"
            let cite = section.id == section.title ? "it" : "§\(section.id)"
            // At the document's reasons, where the line would go; the file's top when it has none yet.
            let place = reasons.entries.first { $0.document == document.name }
            diagnostics.append(Diagnostic(
                .warning, id: "trace.section-not-covered",
                "section \(name) of \(document.name) has no rows and no reason: cite it in a row's source, or say why not in \(file)"
                    + (reasonsFileExists ? "" : " (there is no such file yet)"),
                at: SourceLocation(file: file, line: place?.line ?? 1, column: place?.column ?? 1),
                hint: "cite \(cite) in the source: of the rows that check it; only if no row can, "
                    + (reasonsFileExists ? "add \(add)" : "create \(file) and add \(add)")))
        }
        for entry in reasons.entries where entry.document == document.name {
            let location = SourceLocation(file: file, line: entry.line, column: entry.column)
            guard let section = document.sections.first(where: { OutlineText.names(entry.section, $0) }) else {
                if document.fromHeadings {
                    diagnostics.append(Diagnostic(
                        .warning, id: "trace.unknown-section", "\(document.name) has no section '\(entry.section)'", at: location,
                        hint: Suggest.didYouMean(entry.section, in: Set(document.sections.map(\.id)))))
                }
                continue
            }
            // A reason for a section rows cite but the document has no heading for says why they cite it all the same;
            // without the document's headings, such a reason cannot be told from a stale one, so it is not reported.
            if section.line == nil && !section.rows.isEmpty { continue }
            if section.status == .covered || section.status == .bySubsections {
                diagnostics.append(Diagnostic(
                    .warning, id: "trace.reason-for-covered-section",
                    "section '\(entry.section)' of \(document.name) is covered by rows, so its reason for no coverage is stale: remove it",
                    at: location, rows: section.rows.map(\.row),
                    hint: "if the rows cover only part of it, write what they leave out under 'partly:'"))
            } else if section.status == .reasoned && entry.partly && document.fromHeadings {
                diagnostics.append(Diagnostic(
                    .warning, id: "trace.partly-without-rows",
                    "section '\(entry.section)' of \(document.name) is said to be covered in part, but no row cites it or a section below it",
                    at: location, hint: "give the reason as a plain text if no row is meant to cover it, or cite it in the rows that do"))
            }
        }
    }
    return (diagnostics + unknownCitedSections(coverage, sourcesAt: sourcesAt)).sorted()
}

/// A row citing a section that a document read from its headings does not have (a typo, or a section renumbered
/// since): `trace.unknown-section` at the row's `source:` (`sourcesAt`, else the row), with the sections it could have
/// meant (`SectionHint`). A reason recorded for the section in `sections.yaml` (the document's copy lost the heading)
/// says why the rows cite it all the same.
func unknownCitedSections(_ coverage: SectionCoverage, sourcesAt: [String: [String: SourceLocation]]) -> [Diagnostic] {
    coverage.documents.filter(\.fromHeadings).flatMap { document in
        let headings = document.sections.filter { $0.line != nil }
        let cited = document.sections.filter { $0.line == nil && !$0.id.isEmpty && $0.reason == nil }
        return cited.flatMap { section in
            section.rows.map { row in
                Diagnostic(
                    .warning, id: "trace.unknown-section",
                    "row \(row.row) cites §\(section.id) of \(document.name), which has no such section",
                    at: sourcesAt[row.spec]?[row.row] ?? SourceLocation(file: row.file, line: row.line, column: row.column ?? 1), rows: [row.row],
                    hint: SectionHint.hint(for: section.id, among: headings.map(\.id))
                        ?? "cite a section the document has; if its copy lost the heading, say so under '\(document.name):' in sections.yaml")
            }
        }
    }
}

/// A spec's own `source:` citing a section that a document read from its headings does not have: `trace.unknown-section`
/// at that `source:`, as for a row. A document without an outline here (not read, or not given) is not checked, nor is a
/// section `sections.yaml` gives a reason for (the document's copy lost its heading).
func unknownSpecSections(_ specs: [Spec], outlines: [DocumentOutline], reasons: SectionReasons) -> [Diagnostic] {
    let byName = outlines.firstByKey { ($0.name, $0) }
    return specs.flatMap { spec in
        Citation.all(in: spec.source).compactMap { citation -> Diagnostic? in
            guard !citation.section.isEmpty, let outline = byName[citation.document], !outline.sections.isEmpty,
                  !outline.sections.contains(where: { $0.isNamed(by: citation.section) }),
                  !reasons.entries.contains(where: { $0.document == citation.document && $0.section == citation.section }) else { return nil }
            return Diagnostic(.warning, id: "trace.unknown-section",
                              "spec \(spec.id) cites §\(citation.section) of \(citation.document), which has no such section",
                              at: spec.sourceLocation ?? spec.location,
                              hint: SectionHint.hint(for: citation.section, among: outline.sections.map(\.id)) ?? "cite a section the document has")
        }
    }
}
