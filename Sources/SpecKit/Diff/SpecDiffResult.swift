/// What changed between two versions of a set of specs: the structure (specs and rows added, removed, renamed,
/// changed) and the behaviour (the concrete situations and input regions whose outcome differs). Built by `SpecDiff`.
public struct SpecDiffResult: Codable, Hashable, Sendable {
    /// The old side's label (a folder or a git revision).
    public var old: String
    /// The new side's label.
    public var new: String
    /// Spec ids only the new side has, sorted.
    public var specsAdded: [String]
    /// Spec ids only the old side has, sorted.
    public var specsRemoved: [String]
    /// Product values changed, added or removed, such as `launch-lock: grace 60s → 30s` (two durations in one unit), sorted.
    public var products: [String] = []
    /// Product values whose standing against their design document changed (`documented:` in a product file), such as
    /// `launch-lock grace: face-id-launch-lock.zh.md §2 says 60s ("…"); 60s, as it says → 30s, with no decision` (the
    /// document's entry once when it is the same on both sides), sorted.
    /// Not a behaviour change by itself: a changed value is one under `products` too.
    public var documents: [String] = []
    /// Words of the new side's rows (ids, titles, decisions, notes) still written against a value the design document
    /// has since changed, as `file:line:col: severity: message` (`SpecDiff.staleWording`), sorted. Not a behaviour
    /// change: what the words say is wrong, not what the rows check.
    public var staleWording: [String] = []
    /// Row-level changes, sorted by spec and row id.
    public var rows: [RowChange]
    /// Behaviour changes, per spec, sorted.
    public var behaviour: [BehaviourChange]
    /// What could not be compared, and why (a machine whose variables changed, say), sorted.
    public var notes: [String]
    /// The ids of the specs that could not be compared (each has a note), sorted: their behaviour may have changed.
    public var notCompared: [String] = []

    /// True when some situation, input region or case has another outcome, a spec was added or removed, or a product
    /// value changed (the core runs with other settings).
    public var behaviourChanged: Bool { !behaviour.isEmpty || !specsAdded.isEmpty || !specsRemoved.isEmpty || !products.isEmpty }

    /// True unless the behaviour is known to be the same: it changed, or a spec could not be compared (`notes`). A
    /// gate (`lockspec diff --exit-code`) asks this: what could not be compared may have changed.
    public var mayHaveChanged: Bool { behaviourChanged || !notCompared.isEmpty }

    /// True when every behaviour change is something new: specs or cases added, and no product value, situation,
    /// input region or old case with another outcome (a review reads that nothing it relied on moved).
    public var onlyAdded: Bool {
        behaviourChanged && specsRemoved.isEmpty && products.isEmpty && notCompared.isEmpty
            && behaviour.allSatisfy { $0.regions.allSatisfy { $0.before == CaseBehaviourDiff.newCase } }
    }

    /// The verdict in words: `behaviour changed` (with `only added: …` when `onlyAdded`), `behaviour not compared for
    /// N specs (see the notes)`, or `no behaviour change` (and `the rows changed, not what they do` when rows changed: their
    /// wording, order or ids, or a row added or removed that does what happens without it).
    public var verdict: String {
        if behaviourChanged { return "behaviour changed" + (onlyAdded ? " (only added: nothing the old side checks behaves differently)" : "") }
        if !notCompared.isEmpty { return "behaviour not compared for \(counted(notCompared.count, "spec")) (see the note\(notCompared.count == 1 ? "" : "s")): it may have changed" }
        return "no behaviour change" + (rows.isEmpty ? "" : " (the rows changed, not what they do)")
    }
}

/// One row's structural change.
public struct RowChange: Codable, Hashable, Sendable, Comparable {
    /// What happened to the row.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Only the new side has it.
        case added
        /// Only the old side has it.
        case removed
        /// The same content under another id (`oldID` gives the old one).
        case renamed
        /// The same id with other content (`cells` names what differs).
        case changed
        /// The same id and content at another position among the spec's rows, or the same id in another spec
        /// (`movedFrom`), its content kept or changed (`cells` and the parts after it say what changed).
        case moved
    }

    /// The spec's id.
    public var spec: String
    /// The row's id (the new one for a rename).
    public var id: String
    /// What happened.
    public var kind: Kind
    /// The old id of a renamed row.
    public var oldID: String?
    /// The spec a row moved from into this one, under its id.
    public var movedFrom: String? = nil
    /// The keys of a changed (or moved) row whose written text differs, such as `when`, `then`, `effects`, `to`, `source`,
    /// `decision`, `notes`, `steps`: what was edited (indentation, comments and flow or block style aside). Empty when
    /// its text is the same.
    public var cells: [String]
    /// A traced key's text on each side (nil where the row has none).
    public struct TextChange: Codable, Hashable, Sendable {
        /// `source` or `decision`.
        public var key: String
        /// The old side's text, and the new side's.
        public var old: String?, new: String?
    }

    /// For a row added or removed: its spec behaves as before (the row does what happens without it, such as a row
    /// that stays where `otherwise: ignore` stays, or one another row covers).
    public var changesNothing = false
    /// The row's `source` and `decision` whose text changed, each with both texts: where the row comes from and why.
    public var traces: [TextChange] = []
    /// The parts of a changed row whose value differs and that name a product value the row reads whose value
    /// changed (`advance: grace + 1ms` with another grace), such as `steps`; a part whose text was edited too is
    /// also in `cells`.
    public var followsProduct: [String] = []
    /// The parts of a changed row whose value differs although their text is the same and they name no changed
    /// product value: something outside the row that they use changed (a domain, a declaration, the machine a
    /// scenario uses).
    public var followsElsewhere: [String] = []

    /// By spec, then row id, then kind.
    public static func < (a: RowChange, b: RowChange) -> Bool {
        (a.spec, a.id, a.kind.rawValue) < (b.spec, b.id, b.kind.rawValue)
    }
}

/// A spec's behaviour change: regions of situations (or cases) whose outcome is not the same on both sides.
public struct BehaviourChange: Codable, Hashable, Sendable, Comparable {
    /// The spec's id.
    public var spec: String
    /// `machine`, `decision`, `scenarios` or `matrix`.
    public var kind: String
    /// The changed regions, sorted.
    public var regions: [BehaviourRegion]
    /// How many concrete situations, input atoms or cases changed in all.
    public var count: Int

    /// By spec id.
    public static func < (a: BehaviourChange, b: BehaviourChange) -> Bool { a.spec < b.spec }
}

/// A compact region of changed situations sharing the old and the new outcome's rows: where (state, event and the
/// values of each name) and what happens on each side.
public struct BehaviourRegion: Codable, Hashable, Sendable, Comparable {
    /// Where: `state on event` for a machine, the input region for a decision table, the case id for a scenario.
    public var place: String
    /// Each name's values in the region, in the order of the situation's names (`failures=0|1|2`,
    /// `outcome=cancel|failure`): for a machine's integer or duration input, the classes of values its tried values
    /// stand for (`away=0s..1m`, `away=0s..30s|60001ms..2h`; a class of one value as the value); for a decision
    /// table, its input atom (`away=61s..2h`).
    public var values: [String]
    /// True when the region is every combination of `values` (otherwise some combinations of them; see `examples`).
    public var exact: Bool
    /// How many concrete situations (or atoms, or cases) the region holds.
    public var count: Int
    /// The old outcome. For a machine, with the whole frame it leaves: the state and every variable with its values
    /// after the step across the region (`row R → Open; enabled=true, cover=false, coldLocked=false|true; effects:
    /// none`), each cell the two sides leave differently marked `*…*` on both (`*cover=false*` beside `*cover=true*`).
    public var before: String
    /// The new outcome, written as `before` is.
    public var after: String
    /// Up to three concrete situations of the region.
    public var examples: [String]

    /// By place, then the outcomes (read without their `*` marks), then the values.
    public static func < (a: BehaviourRegion, b: BehaviourRegion) -> Bool {
        let unmarked = { (text: String) in text.replacingOccurrences(of: "*", with: "") }
        return (a.place, unmarked(a.before), unmarked(a.after), a.values.joined(separator: ","), a.before, a.after)
            < (b.place, unmarked(b.before), unmarked(b.after), b.values.joined(separator: ","), b.before, b.after)
    }
}
