/// The findings of a document-by-document coverage: a heading with neither rows nor a recorded reason
/// (`trace.section-not-covered`), a reason for a section rows do cover (`trace.reason-for-covered-section`), and a
/// reason naming a section the document does not have (`trace.unknown-section`). All are warnings.
public func checkSectionCoverage(_ coverage: SectionCoverage, reasons: SectionReasons) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let file = reasons.file.isEmpty ? "specs/\(SectionReasons.fileName)" : reasons.file
    for document in coverage.documents {
        for section in document.sections where section.status == .uncovered && section.line != nil {
            let name = section.id == section.title ? "'\(section.title)'" : "§\(section.id) '\(section.title)'"
            diagnostics.append(Diagnostic(
                .warning, id: "trace.section-not-covered",
                "section \(name) of \(document.name) has no rows and no reason: cite it in a row's source, or say why not in \(file)",
                at: SourceLocation(file: file, line: 1, column: 1),
                hint: "add '\(section.id)': <why no row covers it> under '\(document.name):'"))
        }
        for entry in reasons.entries where entry.document == document.name {
            let location = SourceLocation(file: file, line: entry.line, column: entry.column)
            let named = document.sections.first { $0.line == nil ? $0.id == entry.section : OutlineText.names(entry.section, $0) }
            guard let section = named else {
                if document.fromHeadings {
                    diagnostics.append(Diagnostic(
                        .warning, id: "trace.unknown-section", "\(document.name) has no section '\(entry.section)'", at: location,
                        hint: Suggest.closest(to: entry.section, in: Set(document.sections.map(\.id))).map { "did you mean '\($0)'?" }))
                }
                continue
            }
            if section.status == .covered || section.status == .bySubsections {
                diagnostics.append(Diagnostic(
                    .warning, id: "trace.reason-for-covered-section",
                    "section '\(entry.section)' of \(document.name) is covered by rows, so its reason for no coverage is stale: remove it",
                    at: location, rows: section.rows.map(\.row)))
            }
        }
    }
    return diagnostics.sorted()
}
