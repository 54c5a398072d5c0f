import Foundation

/// `lockspec diff`'s library entry point: compiles both sides against the same fixture catalog and compares them,
/// structurally (specs and rows) and by behaviour (machines and decision tables by situation and input region,
/// scenarios and matrices by case). Specs are matched by id, so moving or renaming files changes nothing.
public struct SpecDiff: Sendable {
    /// Why a diff could not be made.
    public enum Failure: Error, Sendable {
        /// A side does not compile; its error findings.
        case doesNotCompile(side: String, diagnostics: [Diagnostic])
    }

    /// The fixtures' vocabularies, or nil to compile without them.
    public var catalog: (any FixtureCatalog)?

    /// Creates a diff against a fixture catalog.
    public init(catalog: (any FixtureCatalog)?) { self.catalog = catalog }

    /// Compares two sides. Both must compile without errors (warnings are fine).
    public func compare(_ old: DiffSide, _ new: DiffSide) throws(Failure) -> SpecDiffResult {
        let compiler = SpecCompiler(catalog: catalog)
        let before = compiler.compile(sources: old.sources), after = compiler.compile(sources: new.sources)
        for (side, compilation) in [(old, before), (new, after)] {
            let stopping = Self.stopping(compilation, side)
            if !stopping.isEmpty { throw .doesNotCompile(side: side.label, diagnostics: stopping) }
        }
        let oldSpecs = before.specs.filter { old.compares($0.file) }.firstByKey { ($0.id, $0) }
        let newSpecs = after.specs.filter { new.compares($0.file) }.firstByKey { ($0.id, $0) }
        var result = SpecDiffResult(old: old.label, new: new.label,
                                    specsAdded: newSpecs.keys.filter { oldSpecs[$0] == nil }.sorted(),
                                    specsRemoved: oldSpecs.keys.filter { newSpecs[$0] == nil }.sorted(),
                                    rows: [], behaviour: [], notes: [])
        // One file compared: only its fixture's product values, not those of every fixture beside it.
        let focused = old.focus != nil || new.focus != nil
        let fixtures = Set((Array(oldSpecs.values) + Array(newSpecs.values)).map(\.fixture))
        let oldProducts = before.products.filter { !focused || fixtures.contains($0.fixture) }
        let newProducts = after.products.filter { !focused || fixtures.contains($0.fixture) }
        result.products = Self.productChanges(oldProducts, newProducts, cases: after.suite.cases)
        result.documents = Self.documentChanges(oldProducts, newProducts)
        result.staleWording = staleWording(oldProducts, newProducts, side: new, compiled: after)
        var rows: [String: (old: [DiffRow], new: [DiffRow], oldProduct: [String: Value])] = [:]
        for id in oldSpecs.keys.filter({ newSpecs[$0] != nil }).sorted() {
            let (a, b) = (oldSpecs[id]!, newSpecs[id]!)
            // Each row's text as written on each side tells an edit from a value that moved with a product value.
            let sides = (old: RowDiff.rows(of: a, written: Self.writtenRows(of: a, in: old)), new: RowDiff.rows(of: b, written: Self.writtenRows(of: b, in: new)),
                         oldProduct: a.effectiveProduct.firstByKey { ($0.name, $0.value) })
            rows[id] = sides
            var changes = RowDiff.changes(spec: id, old: sides.old, new: sides.new, oldProduct: sides.oldProduct)
            let (change, note) = behaviour(a, b, oldCases: before.suite.cases.filter { $0.spec == id },
                                           newCases: after.suite.cases.filter { $0.spec == id })
            // A row added or removed in a spec that behaves as before does what happens without it: said so.
            if change == nil, note == nil {
                for i in changes.indices where [.added, .removed].contains(changes[i].kind) { changes[i].changesNothing = true }
            }
            result.rows += changes
            if let change { result.behaviour.append(change) }
            if let note {
                result.notes.append(note)
                result.notCompared.append(id)
            }
        }
        // Both read the removed and added rows: the cases first, then the rows are paired.
        CaseBehaviourDiff.pairMovedCases(&result, old: before, new: after)
        RowDiff.pairMovedRows(&result.rows, rows)
        result.rows.sort()
        result.behaviour.sort()
        result.notes.sort()
        return result
    }

    /// The errors that stop a side from being compared. A whole folder: all. One file: its own; when it gave no spec
    /// and said nothing, the product files' (a broken one leaves its specs out without a word), or else all.
    static func stopping(_ compilation: SpecCompiler.Compilation, _ side: DiffSide) -> [Diagnostic] {
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        guard let focus = side.focus else { return errors }
        let own = errors.filter { focus.contains($0.location.file) }
        guard own.isEmpty, side.holdsFocus, !compilation.specs.contains(where: { focus.contains($0.file) }) else { return own }
        let products = errors.filter { SpecCompiler.isProductFileName($0.location.file) }
        return products.isEmpty ? errors : products
    }

    /// The rows of a spec's file as written on a side, by row id (nil when the side does not hold the file).
    private static func writtenRows(of spec: Spec, in side: DiffSide) -> [String: [String: WrittenPart]]? {
        side.sources.first { $0.path == spec.file }.flatMap { WrittenRows.parts(of: $0.bytes, file: $0.path) }
    }

    /// Each product value that differs between the sides' product files, by fixture, with the new side's cases that
    /// run with its new value (no table says what the core does with it: only a run does), or none.
    static func productChanges(_ old: [ProductFile], _ new: [ProductFile], cases: [TestCase] = []) -> [String] {
        Set(old.map(\.fixture)).union(new.map(\.fixture)).sorted().flatMap { fixture in
            let a = (old.first { $0.fixture == fixture }?.product ?? []).firstByKey { ($0.name, $0.value) }
            let b = (new.first { $0.fixture == fixture }?.product ?? []).firstByKey { ($0.name, $0.value) }
            return Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }.map { name in
                // Two durations in one unit (`60s → 90s`, not `1m → 90s`); a side without the value is `(none)`.
                let (before, after) = switch (a[name], b[name]) {
                case (let x?, let y?): Value.shownAlike(x, y)
                case (let x, let y): (x?.description ?? "(none)", y?.description ?? "(none)")
                }
                let running = b[name].map { value in cases.filter { $0.fixture == fixture && $0.product.contains(NamedValue(name, value)) } } ?? []
                let scope = running.isEmpty ? "" : " (\(counted(running.count, "case")) in \(counted(Set(running.map(\.spec)).count, "spec")) run with it: a run of them shows what the core does with it)"
                return "\(fixture): \(name) \(before) → \(after)\(scope)"
            }
        }
    }

    private func behaviour(_ a: Spec, _ b: Spec, oldCases: [TestCase], newCases: [TestCase]) -> (BehaviourChange?, String?) {
        switch (a.body, b.body) {
        case (.machine(let m), .machine(let n)): return MachineBehaviourDiff.compare(spec: a.id, old: m, new: n)
        case (.decision(let m), .decision(let n)): return DecisionBehaviourDiff.compare(spec: a.id, old: m, new: n)
        case (.scenarios, .scenarios), (.matrix, .matrix):
            return (CaseBehaviourDiff.compare(spec: a.id, kind: a.kind.rawValue, old: oldCases, new: newCases), nil)
        default:
            return (BehaviourChange(spec: a.id, kind: b.kind.rawValue, regions: [BehaviourRegion(
                place: "the whole spec", values: [], exact: true, count: 1, before: "a \(a.kind.rawValue) spec",
                after: "a \(b.kind.rawValue) spec", examples: [])], count: 1), nil)
        }
    }
}
