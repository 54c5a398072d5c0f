import Foundation

/// Reads what the per-section coverage needs from disk: the reasons file beside the specs and, when a folder of
/// design documents is given, the outline of each document the specs or the reasons name.
public enum DesignDocuments {
    /// The coverage of `specs` over the documents of `documents` as it reads them (nil: from the citations alone), with
    /// the reasons found in the spec folders of `specPaths` (default specs/), and every finding: the reasons file's own
    /// errors and the coverage warnings of `checkSectionCoverage`. A document the specs cite but the folder lacks is left
    /// to the run's fingerprints (`run.document-missing`); here it just has no outline. When `specsMissing` (some spec
    /// did not compile, so its rows are not in `specs`), no section is called uncovered, or partly covered by no row:
    /// those errors come first. A run passes the folder its fingerprints read, so the outlines and quote checks are of
    /// the bytes it fingerprinted.
    ///
    /// `products`' `documented:` values are listed under the sections they cite; with the documents at hand, each
    /// quote must still be in its section (`trace.quote-not-found`).
    ///
    /// `written` are the specs as read (a compilation's `specs`): where each `source:` is written, so a finding about a
    /// section a row cites points at its `source:`, and each spec's own `source:` is checked as a row's is.
    public static func coverage(specs: [CompiledSpec], products: [ProductFile] = [], specPaths: [String], documents: DocumentFolder?,
                                specsMissing: Bool, written: [Spec] = []) -> (coverage: SectionCoverage, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // Where the reasons would be written when no folder has them: the first spec folder's sections.yaml (or the
        // one beside the first spec file), named in the warnings.
        var reasons = SectionReasons(file: reasonsFile(for: specPaths.first ?? "specs").file)
        var reasonsUnread = false
        let existing = reasonsFile(specPaths: specPaths)
        if let file = existing {
            do {
                let read = try SectionReasons.read(YAMLLoader().load(contentsOf: file), file: file)
                reasons = read.reasons
                diagnostics += read.diagnostics
            } catch {
                // The file's own error says what is wrong; the sections it may give reasons for are not called uncovered.
                diagnostics += error.diagnostics
                reasons.file = file
                reasonsUnread = true
            }
        }
        var outlines: [DocumentOutline] = []
        if let documents {
            var cited: [String] = specs.flatMap { $0.rows.flatMap { Citation.all(in: $0.source).map(\.document) } }
            cited += products.flatMap { $0.documented.map(\.citation.document) }
            cited += written.flatMap { Citation.all(in: $0.source).map(\.document) }
            for name in Set(cited).union(reasons.entries.map(\.document)).sorted() {
                let read = outline(name, in: documents, products: products)
                outlines += read.outline.map { [$0] } ?? []
                diagnostics += read.diagnostics
            }
        }
        let coverage = SectionCoverage(specs: specs, outlines: outlines, reasons: reasons, products: products)
        // With rows missing (a spec that did not compile) a section may look uncovered, or partly covered by no row.
        // So may a reason for a section only missing rows cite (a section a document's copy has no heading for).
        let missingRows: Set<String> = ["trace.section-not-covered", "trace.partly-without-rows"]
        let sourcesAt = written.firstByKey { ($0.id, $0.rowSourceLocations) }
        diagnostics += unknownSpecSections(written, outlines: outlines, reasons: reasons)
        diagnostics += checkSectionCoverage(coverage, reasons: reasons, reasonsFileExists: existing != nil, sourcesAt: sourcesAt).filter { d in
            !(specsMissing || reasonsUnread) || !(missingRows.contains(d.id) || d.id == "trace.unknown-section" && d.location.file == reasons.file)
        }
        return (coverage, diagnostics.cappedPerFile)
    }

    /// The outline of the document `name` as `documents` read it, with its findings: `input.too-large`,
    /// `trace.no-headings` and the quote checks of `products`' values. No outline for a document that could not be read
    /// (missing, a folder, …): the run's fingerprints say why.
    static func outline(_ name: String, in documents: DocumentFolder, products: [ProductFile]) -> (outline: DocumentOutline?, diagnostics: [Diagnostic]) {
        let data: [UInt8]
        switch documents.read(name) {
        case .bytes(let bytes): data = bytes
        case .tooLarge(let size): return (nil, [tooLarge(documents.path(of: name), size: size)])
        case .notAFile, .unreadable: return (nil, [])
        }
        let text = String(decoding: data, as: UTF8.self)
        let outline = DocumentOutline(name: name, text: text)
        var diagnostics: [Diagnostic] = []
        // No heading read: its sections would go unchecked without a word (an empty file, plain prose).
        if outline.sections.isEmpty && !data.isEmpty {
            diagnostics.append(Diagnostic(.warning, id: "trace.no-headings",
                "design document '\(name)' has no headings lockspec can read (Markdown headings, numbered lines, short title lines), so its sections are not checked",
                at: .file(documents.path(of: name))))
        }
        return (outline, diagnostics + DocumentQuotes.check(products, document: outline, text: text))
    }

    /// The largest design document read (the five are 5 to 23 KB): a larger one is an error, not read, so a document
    /// of millions of headings cannot hold lint or a run for minutes.
    public static let maximumDocumentSize = 4 << 20

    /// `input.too-large` for a design document past `maximumDocumentSize`.
    public static func tooLarge(_ path: String, size: Int) -> Diagnostic {
        Diagnostic(.error, id: "input.too-large",
                   "the design document is \(size) bytes; one is read up to \(maximumDocumentSize) bytes (4 MiB), so this one is not",
                   at: .file(path))
    }

    /// `sections.yaml` in the first spec folder given (or beside the first spec file) that has one.
    public static func reasonsFile(specPaths: [String]) -> String? {
        (specPaths.isEmpty ? ["specs"] : specPaths).lazy.map(reasonsFile(for:))
            .first { $0.pathExists && FileManager.default.fileExists(atPath: $0.file) }?.file
    }

    /// `sections.yaml` in the folder `path` (beside it when it is a file), and whether anything is at `path`.
    private static func reasonsFile(for path: String) -> (file: String, pathExists: Bool) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let folder = exists && !isDirectory.boolValue ? (path as NSString).deletingLastPathComponent : path
        return (((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(SectionReasons.fileName), exists)
    }
}
