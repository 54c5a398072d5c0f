import Foundation
import SpecKit
import Conformance
import LocalHTTP

extension Workbench {
    /// What `POST /api/analyze` takes: the page's unsaved texts by file name, and the file whose diagram to draw.
    struct AnalyzeRequest: Decodable {
        var buffers: [String: String]
        var focus: String?
        /// The name after `#` in the page's address, when it names no file and no spec: the answer says which it
        /// most likely means.
        var asked: String?
    }

    /// The folder compiled as `lockspec lint <folder>` compiles it, with `buffers` laid over the files.
    struct Overlay {
        /// The compilation, its findings those of the whole lint (coverage included).
        var compilation: SpecCompiler.Compilation
        var coverage: SectionCoverage
        var texts: [String: String]
        /// The version (SHA-256) of each file the page can edit, as read from disk for this analysis.
        var versions: [String: String]
    }

    /// Compiles the folder as `lockspec lint` reads it (every spec file in it and below, a file it cannot read a
    /// finding), with the page's texts in place of the files they name (each name checked).
    func compile(_ buffers: [String: String]) throws(ResponseError) -> Overlay {
        // Each file read once: the specs lint reads are the sources, and those the page can edit (directly in the
        // folder, not a link out of it) are its texts too, with the section reasons' file.
        let compiler = SpecCompiler(catalog: registry)
        let (read, unreadable) = compiler.read((try? SpecCompiler.discover([folder])) ?? [])
        var sources: [String: [UInt8]] = read.firstByKey { ($0.path, $0.bytes) }
        var texts: [String: String] = [:], versions: [String: String] = [:]
        for (path, bytes) in read where (try? self.path(of: Self.relative(path, to: folder))) != nil {
            texts[Self.relative(path, to: folder)] = String(decoding: bytes, as: UTF8.self)
            versions[Self.relative(path, to: folder)] = SHA256.hex(bytes)
        }
        if let reasons = try? self.read(SectionReasons.fileName) {
            texts[SectionReasons.fileName] = String(decoding: reasons, as: UTF8.self)
            versions[SectionReasons.fileName] = SHA256.hex(reasons)
        }
        for (name, text) in buffers {
            _ = try path(of: name)
            guard text.utf8.count <= maximumFileSize else {
                throw ResponseError(Self.json(error: "\(name) is over \(maximumFileSize) bytes", status: 413))
            }
            texts[name] = text
            if name != SectionReasons.fileName { sources[folder + "/" + name] = Array(text.utf8) }
        }
        // One read of each document, for the outlines and quotes and for the fingerprints a run would take.
        let documents = self.documents.map { DocumentFolder($0) }
        let lint = compiler.lint(sources: sources.sorted { $0.key < $1.key }.map { (path: $0.key, bytes: $0.value) },
                                 unreadable: unreadable.filter { sources[$0.location.file] == nil }, folder: folder, documents: documents)
        var compilation = lint.compilation
        compilation.diagnostics = (compilation.diagnostics
                                   + ConformanceRun.fingerprintFindings(compilation, documents, besides: compilation.diagnostics)).cappedPerFile
        return Overlay(compilation: compilation, coverage: lint.coverage, texts: texts, versions: versions)
    }

    func analyzeRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: AnalyzeRequest.self).get()
            var answer = try analysis(asked.buffers, focus: asked.focus)
            answer.meant = asked.asked.flatMap { Self.meant($0, among: answer.specs) }
            return Self.json(answer)
        }
    }

    /// The file a name that is no file and no spec id most likely means (`launch-lock.trigers`: a spec id or a file
    /// name one typo away), or nil.
    static func meant(_ name: String, among specs: [SpecView]) -> String? {
        let byName = specs.flatMap { [($0.file, $0.file), ($0.id, $0.file)] }.filter { !$0.0.isEmpty }.firstByKey { ($0.0, $0.1) }
        guard byName[name] == nil else { return nil }
        return Suggest.closest(to: name, in: byName.keys.sorted()).flatMap { byName[$0] }
    }

    /// Every file's tables with the findings of the whole folder.
    func analysis(_ buffers: [String: String], focus: String?) throws(ResponseError) -> AnalysisView {
        let started = DispatchTime.now()
        let overlay = try compile(buffers)
        let specs = overlay.texts.keys.sorted().filter { $0 != SectionReasons.fileName }.map { name in
            view(of: name, overlay: overlay, detail: name == focus)
        }
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return AnalysisView(specs: specs, findings: overlay.compilation.diagnostics.map { FindingView($0, relativeTo: folder) },
                            specCount: overlay.compilation.specs.count,
                            rowCount: overlay.compilation.specs.reduce(0) { $0 + $1.rows.count },
                            unreadableFiles: overlay.compilation.unreadableFiles.map { Workbench.relative($0, to: folder) },
                            leftOutBecauseOfOthers: overlay.compilation.unreadableBecauseOfOthers.map { Workbench.relative($0, to: folder) },
                            milliseconds: elapsed, versions: overlay.versions)
    }

    /// One file as the page shows it: for the file in view (`detail`), its tables, grid, diagram, sections and
    /// completions; for the others, what the list of specs needs. A file that does not compile is placed by its own
    /// header (its id, fixture and source as written), so it keeps its place in the list while it has errors.
    func view(of name: String, overlay: Overlay, detail: Bool) -> SpecView {
        let path = folder + "/" + name
        let spec = overlay.compilation.specs.first { $0.file == path }
        let product = overlay.compilation.products.first { $0.file == path }
        let read = detail || (spec == nil && product == nil) ? SpecTables.read(overlay.texts[name] ?? "", file: path) : nil
        let header = read?.header ?? [:]
        let source = spec?.source ?? (product == nil ? header["source"]?.text : nil)
        var view = SpecView(file: name, id: spec?.id ?? product?.id ?? header["id"]?.text ?? "",
                            kind: spec?.kind.rawValue ?? (product == nil ? header["kind"]?.text ?? "" : "product"),
                            title: spec?.title ?? product?.title ?? header["title"]?.text ?? "",
                            fixture: spec?.fixture ?? product?.fixture ?? header["fixture"]?.text ?? "",
                            document: Trace(source: source, decision: nil).document ?? "", header: [:], headerKeys: [], values: [],
                            table: nil, hit: nil, states: [], events: [], grid: [], diagram: nil, sections: [], completions: [:], vocabulary: "")
        guard detail, let read else { return view }
        (view.header, view.headerKeys, view.table, view.values) = (read.header, read.keys, read.table, read.values)
        if let kind = Spec.Kind(rawValue: view.kind) { view.table?.offerKeys(kind.rowKeys, steps: Spec.Kind.stepKeys) }
        view.documented = product?.documentedRecords.map { DocumentedView($0.record, citation: $0.citation) } ?? []
        view.vocabulary = view.fixture.isEmpty ? "" : registry.describeVocabularies(only: [view.fixture])
        let compiled = overlay.compilation.suite.specs.first { $0.file == path }
        guard let spec else { return view }
        if case .machine(let machine) = spec.body {
            view.hit = machine.hit.rawValue
            view.states = machine.states.map(\.name)
            view.events = machine.events.map(\.name)
            if let graph = compiled?.graph {
                view.grid = Self.grid(graph, states: view.states, events: view.events)
                view.diagram = renderStateDiagram(graph, id: spec.id)
            }
        }
        if case .decision(let table) = spec.body { view.hit = table.hit.rawValue }
        view.sections = overlay.coverage.documents.flatMap { document in
            document.sections.compactMap { section -> SectionView? in
                let rows = section.rows.filter { $0.spec == spec.id }.map(\.row)
                return rows.isEmpty ? nil : SectionView(document: document.name, id: section.id, title: section.title, rows: rows)
            }
        }
        view.completions = completions(spec)
        return view
    }

    /// A machine's rows by source state and event.
    static func grid(_ graph: MachineGraph, states: [String], events: [String]) -> [GridCell] {
        var cells: [GridCell] = []
        for state in states {
            for event in events {
                let rows = graph.edges.filter { $0.from == state && $0.event == event }
                    .map { GridEntry(row: $0.row, to: $0.to, guardText: $0.guardText) }
                if !rows.isEmpty { cells.append(GridCell(state: state, event: event, rows: rows)) }
            }
        }
        return cells
    }

    /// What a cell of each column completes from: the spec's own names and its fixture's vocabulary.
    func completions(_ spec: Spec) -> [String: [String]] {
        let vocabulary = registry.vocabulary(of: spec.fixture)
        var states: [String] = [], events: [String] = [], effects: [String] = []
        switch spec.body {
        case .machine(let m):
            states = m.states.map(\.name)
            events = m.events.map(\.name)
            effects = m.effects.map(\.name)
        case .scenarios(let s):
            events = s.events.map(\.name)
            effects = s.effects.map(\.name)
        default: break
        }
        let fixtureEvents = vocabulary.map { Array($0.events.keys) } ?? []
        let allEvents = Array(Set(events + fixtureEvents)).sorted()
        return [
            "from": states, "to": states, "on": allEvents, "event": allEvents,
            "effects": Array(Set(effects + (vocabulary.map { Array($0.effects) } ?? []))).sorted(),
            "expect": (vocabulary.map { Array($0.observations.keys) } ?? []).sorted(),
            "fixture": registry.fixtureNames,
        ]
    }
}
