import SpecKit
import Conformance

/// A spec file as the page edits it: its name in the folder, its text and the version (SHA-256) it was read at.
public struct FileView: Codable, Sendable, Equatable {
    /// The path relative to the spec folder.
    public var path: String
    /// The text.
    public var text: String
    /// The SHA-256 of the bytes on disk when read: a save must name it.
    public var version: String
}

/// One finding of lint, located in a file of the folder.
public struct FindingView: Codable, Sendable, Equatable {
    /// The path relative to the spec folder.
    public var file: String
    /// 1-based line and column.
    public var line: Int, column: Int
    /// `error`, `warning` or `note`, as lint gives it (a note is neither of the others, and lint's counts leave it out).
    public var severity: String
    /// The finding id (`spec.unknown-event`).
    public var id: String
    /// The sentence; a place in a file of the folder it names is relative to the folder, as `file` is.
    public var message: String
    /// The did-you-mean or fix, if any (a command in it names its files as lint does, so it runs from anywhere).
    public var hint: String?
    /// Further notes; a place in a file of the folder (`launch-lock.triggers.yaml:78:9`) is relative to the folder,
    /// as `file` is.
    public var notes: [String]

    init(_ d: Diagnostic, relativeTo folder: String) {
        file = Workbench.relative(d.location.file, to: folder)
        line = d.location.line
        column = d.location.column
        severity = d.severity.rawValue
        id = d.id
        message = Workbench.relativePaths(in: d.message, to: folder)
        hint = d.hint
        notes = d.notes.map { Workbench.relativePaths(in: $0, to: folder) }
    }
}

/// One cell of a table: the YAML text of a key's value in a row, where it is written, and its path for an edit.
public struct CellView: Codable, Sendable, Equatable {
    /// Where the value is in the file, for an edit.
    public var path: [YAMLPathStep]
    /// The value's source text; of a list or mapping over several lines, its lines from the value's column.
    public var text: String
    /// Where it starts and ends.
    public var start: TextPosition, end: TextPosition
    /// Whether it spans several lines (edited in the file, not in a cell).
    public var multiline: Bool
    /// What a scalar of several lines reads as (a folded `>` or literal `|` block without its marker and indent),
    /// shown in its place; nil for a one-line value or a list or mapping.
    public var reads: String?
}

/// A mapping of the header shown as a two-column table: each name and its value's cell.
public struct ValuesView: Codable, Sendable, Equatable {
    /// The header key (`product`).
    public var key: String
    /// Each name, in file order, and its cell.
    public var names: [String]
    /// The cells, by name.
    public var cells: [String: CellView]
}

/// One row of a table.
public struct RowView: Codable, Sendable, Equatable {
    /// The row's position in its list.
    public var index: Int
    /// Its `id`, if written.
    public var id: String?
    /// Its first and last lines.
    public var start: TextPosition, end: TextPosition
    /// Its cells, by key.
    public var cells: [String: CellView]
    /// A scenario's steps.
    public var steps: TableView?
}

/// A list of rows shown as a table: one column per key the rows use, in the order they first appear.
public struct TableView: Codable, Sendable, Equatable {
    /// The list's path in the file (`["rows"]`, `["scenarios", 2, "steps"]`).
    public var path: [YAMLPathStep]
    /// The columns.
    public var columns: [String]
    /// The rows.
    public var rows: [RowView]
    /// Every key a row of this table may hold, for the page to offer as a new column (empty when the kind of spec is
    /// not known).
    public var keys: [String] = []
}

/// One cell of a machine's state × event grid: the rows that fire from a state on an event, and where they go.
public struct GridCell: Codable, Sendable, Equatable {
    /// The source state, the event.
    public var state: String, event: String
    /// Each firing row and its target state.
    public var rows: [GridEntry]
}

/// One row in a grid cell.
public struct GridEntry: Codable, Sendable, Equatable {
    /// The row id, its target state and its guard's text.
    public var row: String, to: String, guardText: String
}

/// A document section a spec's rows cite.
public struct SectionView: Codable, Sendable, Equatable {
    /// The document, the section's number (or title), its heading.
    public var document: String, id: String, title: String
    /// The rows of this spec that cite it.
    public var rows: [String]
}

/// What a design document says of one product value (a product file's `documented:` entry), held against the value
/// the file sets under `product:`, as the reports' coverage lists it (`ProductFile.documentedRecords`).
public struct DocumentedView: Codable, Sendable, Equatable {
    /// The product value's name (`grace`).
    public var name: String
    /// The value the product file sets, which the fixture's specs run with, as the reports write a value (a duration
    /// in its largest whole unit: `1m` for `60s`, `30s`).
    public var value: String
    /// The value the document gives, as written under `documented:` (`60s`).
    public var documented: String
    /// The section that states it, as `<document> §<section>` (`face-id-launch-lock.zh.md §2`).
    public var source: String
    /// The document's words for it (`后台宽限 | 60 秒`).
    public var quote: String
    /// Whether the product's value is the document's.
    public var agrees: Bool
    /// Why the product's value differs (`D-GRACE-30: …`), when its `product:` entry says.
    public var decision: String?
    /// The reports' sentence for it: `launch-lock product value grace = 30s, where the document says 60s ("…"), and
    /// no decision says why (lint: product.differs-from-document)`, or `…, as the document says ("…")`.
    public var text: String

    init(_ record: DocumentedValueRecord, citation: Citation) {
        name = record.name
        value = record.value.description
        documented = record.documented
        source = citation.text
        quote = record.quote
        agrees = record.agrees
        decision = record.decision
        text = record.reportText
    }
}

/// One spec file as the page shows it.
public struct SpecView: Codable, Sendable, Equatable {
    /// The file, relative to the folder.
    public var file: String
    /// The spec's id, kind, title and fixture, as written (empty when missing).
    public var id: String, kind: String, title: String, fixture: String
    /// The document its `source:` names.
    public var document: String
    /// The header's one-line values (id, kind, title, source, …), as cells.
    public var header: [String: CellView]
    /// The header's keys in file order.
    public var headerKeys: [String]
    /// The header's mappings of one-line values (a product file's `product:`, a spec's own), as name → cell.
    public var values: [ValuesView]
    /// The rows (machine, decision, matrix) or scenarios, as a table.
    public var table: TableView?
    /// A decision table's or machine's hit policy, when it compiled.
    public var hit: String?
    /// A machine's states and events, and its grid.
    public var states: [String], events: [String], grid: [GridCell]
    /// A machine's state diagram (SVG), when it compiled.
    public var diagram: String?
    /// The sections its rows cite.
    public var sections: [SectionView]
    /// Names the cells complete from: states, events, effects and the fixture's event inputs and observations.
    public var completions: [String: [String]]
    /// The fixture's vocabulary as `lockspec lint --fixtures <fixture>` prints it (empty for an unknown fixture).
    public var vocabulary: String
    /// A product file's documented values (`documented:`), each held against its value under `product:`, in file
    /// order: only for the file in view, and only when it compiled.
    public var documented: [DocumentedView] = []
}

/// What lint says of the folder with the page's unsaved texts laid over the files.
public struct AnalysisView: Codable, Sendable, Equatable {
    /// Every spec file, in file order.
    public var specs: [SpecView]
    /// Every finding, sorted.
    public var findings: [FindingView]
    /// Specs and rows read.
    public var specCount: Int, rowCount: Int
    /// The files that gave no spec (their YAML or what they say could not be read), relative to the folder: the page
    /// names them beside the counts, which leave them out.
    public var unreadableFiles: [String] = []
    /// Those of `unreadableFiles` with no error of their own: left out because a file they use has errors (lint's
    /// counts line says so of the same files).
    public var leftOutBecauseOfOthers: [String] = []
    /// How long the analysis took, in milliseconds.
    public var milliseconds: Int
    /// When the request asked of a name that is no file and no spec id: the file it most likely means.
    public var meant: String? = nil
    /// The version (SHA-256) on disk of each file the page can edit, as this analysis read them: the page reads again
    /// a file that changed on disk since it read it (another page's save, an editor, git).
    public var versions: [String: String]
}

/// Where a case or a tour step diverged from its row, as text the page shows: the step, the path that led there, and
/// each observation expected against actual.
public struct DivergenceView: Codable, Sendable, Equatable {
    /// The diverging step (`active(away=61s)`), its 0-based index, and the steps before it.
    public var action: String, step: Int, path: [String]
    /// The row whose expectation diverged, and whether it is a row on the path rather than the case's own.
    public var row: String?, onPath: Bool
    /// Each observation compared: name, expected, actual, agreed.
    public var cells: [CellCompare]
    /// A fixture error, when the step could not be performed.
    public var error: String?

    init(_ d: Divergence) {
        action = d.action
        step = d.step
        path = d.path
        row = d.row
        onPath = d.onPath
        cells = d.cells.map { CellCompare(name: $0.name, expected: $0.shown.expected, actual: $0.shown.actual, ok: $0.ok, note: $0.note) }
        error = d.error
    }
}

/// One observation compared.
public struct CellCompare: Codable, Sendable, Equatable {
    /// The observation, what the table says and what the core showed.
    public var name: String, expected: String, actual: String
    /// Whether they agree.
    public var ok: Bool
    /// What the reports say beside the cell: what to change (a value the core ships with: the change is in the core), or
    /// the effects only one side has.
    public var note: String?
}

/// One case's result.
public struct CaseView: Codable, Sendable, Equatable {
    /// The case, its row and spec.
    public var id: String, row: String, spec: String
    /// `passed`, `failed`, …, and whether it fails the run.
    public var status: String, fails: Bool
    /// Where it diverged.
    public var divergence: DivergenceView?
    /// The command that reruns it.
    public var rerun: String
}

/// One divergence the tour of an edited machine found.
public struct TourFindingView: Codable, Sendable, Equatable {
    /// The finding's id, its spec and the row that predicted the transition.
    public var id: String, spec: String, row: String?
    /// The situation (`Locked with failures=3`) and the event.
    public var situation: String, event: String
    /// Expected against actual, and the shortest path there.
    public var divergence: DivergenceView
}

/// What a run of the affected specs found.
public struct RunView: Codable, Sendable {
    /// The specs run, and those not run for a lint error.
    public var ran: [String], notRun: [String]
    /// Every case's result.
    public var cases: [CaseView]
    /// Transitions the tours checked, and what they found.
    public var toured: Int, tour: [TourFindingView]
    /// Transitions the tours did not reach, as the way to them diverged first (a tour does not go on past a
    /// divergence).
    public var unreached: Int = 0
    /// Each machine's diagram marked with this run (SVG), by spec id.
    public var diagrams: [String: String]
    /// How long the run took, in milliseconds.
    public var milliseconds: Int
}

/// The behaviour diff of the working copy against git HEAD.
public struct ReviewView: Codable, Sendable {
    /// What is compared (`HEAD:specs` against the working copy).
    public var label: String
    /// `lockspec diff`'s text.
    public var text: String
    /// Whether behaviour changed.
    public var behaviourChanged: Bool
    /// Each file whose text differs, with the rows whose lines changed (`x.yaml: 1 line changed, in row R`).
    public var textChanges: [String]
}
