import Foundation
import SpecKit

/// The SHA-256 of every design document a suite cites (the `<document>` of each `source: <document> §<section>`), read
/// from one folder, so a report names the exact documents its rows were checked against.
///
/// A cited document missing from the folder is an error, not a warning: a report that says it fingerprints the
/// documents but leaves one out could go stale without anyone noticing.
public enum DocumentFingerprints {
    /// The fingerprints, sorted by name, and the findings (`input.not-found` for a folder that does not exist,
    /// `run.document-missing` for each cited document not in it, located at the first row or spec that cites it, in a
    /// spec of `selected` when one of those cites it: the specs a run was asked for). The documents `products`'
    /// `documented:` values cite count as cited, located at the value's entry when no row cites them. A row of `specs`
    /// (the suite's specs as read) is located at its `source:` line, where the source's own findings are; without
    /// them, at the row.
    ///
    /// The documents are as `documents` reads them: a run passes the same folder to the section coverage, so each
    /// document is read once and its fingerprint is of the bytes its outline and quotes were checked against.
    public static func take(citedBy suite: CompiledSuite, products: [ProductFile] = [], specs: [Spec] = [], in documents: DocumentFolder,
                            selected: Set<String> = []) -> (documents: [DocumentFingerprint], diagnostics: [Diagnostic]) {
        let folder = documents.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            // A file named where the folder should be is not "no such folder" (a trial named the README of it).
            let what = FileManager.default.fileExists(atPath: folder) ? "\(folder) is a file, not a folder of design documents: name the folder that holds it"
                                                                     : "no such folder of design documents: \(folder)"
            return ([], [Diagnostic(.error, id: "input.not-found", what, at: .file(folder))])
        }
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var fingerprints: [DocumentFingerprint] = []
        var diagnostics: [Diagnostic] = []
        // What a document that cannot be read costs.
        let lost = "so no row can be checked against it, and the report cannot say which version of it was read"
        for (name, citation) in citations(in: suite, products: products, specs: specs, selected: selected).sorted(by: { $0.key < $1.key }) {
            guard present.contains(name) else {
                diagnostics.append(Diagnostic(
                    .error, id: "run.document-missing",
                    "the specs cite design document '\(name)', which is not in \(folder), \(lost)",
                    at: citation.location, rows: citation.row.map { [$0] } ?? [],
                    notes: ["documents in \(folder): \(present.isEmpty ? "(none)" : present.joined(separator: ", "))"],
                    hint: Suggest.didYouMean(name, in: present)))
                continue
            }
            func unreadable(_ why: String) {
                diagnostics.append(Diagnostic(.error, id: "run.document-unreadable", "design document '\(name)' in \(folder) \(why)",
                                              at: citation.location, rows: citation.row.map { [$0] } ?? []))
            }
            switch documents.read(name) {
            case .tooLarge(let size): diagnostics.append(DesignDocuments.tooLarge(documents.path(of: name), size: size))
            case .notAFile(let problem): unreadable("is \(problem), \(lost)")
            case .unreadable(let reason): unreadable("cannot be read (\(reason)), \(lost)")
            case .bytes(let data) where data.isEmpty: unreadable("is empty, so it has no sections to cover")
            // A document that is not UTF-8 text has no headings to read: its sections would all look missing.
            case .bytes(let data) where String(validating: data, as: UTF8.self) == nil: unreadable("is not UTF-8 text, so its sections cannot be read")
            case .bytes(let data): fingerprints.append(DocumentFingerprint(name: name, sha256: SHA256.hex(data)))
            }
        }
        return (fingerprints, diagnostics)
    }

    /// Every cited document, with where it is first cited (the selected specs first, then the others; specs by id,
    /// rows in file order): a row at its `source:` line when `specs` say where that is, else at the row.
    static func citations(in suite: CompiledSuite, products: [ProductFile], specs: [Spec],
                          selected: Set<String>) -> [String: (location: SourceLocation, row: String?)] {
        var first: [String: (location: SourceLocation, row: String?)] = [:]
        func cite(_ citations: [Citation], _ location: SourceLocation, _ row: String?) {
            for name in citations.map(\.document) where first[name] == nil { first[name] = (location, row) }
        }
        // Where each row's source is written, by spec id, then row id.
        var sources: [String: [String: SourceLocation]] = [:]
        var specSources: [String: SourceLocation] = [:]
        for spec in specs {
            sources[spec.id] = spec.rowSourceLocations
            specSources[spec.id] = spec.sourceLocation
        }
        for spec in suite.specs.sorted(by: { (selected.contains($0.id) ? 0 : 1, $0.id) < (selected.contains($1.id) ? 0 : 1, $1.id) }) {
            for row in spec.rows {
                let at = sources[spec.id]?[row.id] ?? SourceLocation(file: spec.file, line: row.line, column: row.column)
                cite(Citation.all(in: row.source), at, row.id)
            }
            cite(Citation.all(in: spec.source), specSources[spec.id] ?? .file(spec.file), nil)
        }
        for product in products.sorted(by: { $0.id < $1.id }) {
            for said in product.documented { cite([said.citation], said.location, nil) }
        }
        return first
    }
}
