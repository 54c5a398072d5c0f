/// What the values of a machine diff's situations stand for, and how a region writes them.
///
/// An integer or duration input is tried at the edges of its rows' conditions (`MachineModel`): one value each side
/// of every edge. Cut at both sides' edges, the input's domain falls into classes on each of which both tables
/// answer alike, and a tried value stands for the class that holds it: `away=1m` under `away: "<= grace"` (a grace
/// of 60 s) is every away from 0s to 1m, written `away=0s..1m`. An input that a row's effect on the event fills in
/// (`${away}`) stands for itself: its outcome names the value. So does an input whose domain differs between the
/// sides, and every value of another domain.
struct ValueClasses {
    /// What one shown value stands for: itself, or a class of ordinals of its name's ordered domain.
    enum Standing: Hashable {
        case value(Value)
        case ordinals(ClosedRange<Int>)
    }

    /// An event's input, by name.
    private struct Key: Hashable {
        var event: String
        var input: String
    }

    /// For each event's input, its domain and its classes (sorted, adjacent).
    private var inputs: [Key: (domain: Domain, classes: [ClosedRange<Int>])] = [:]

    /// The classes of the ordered inputs of both sides' events, cut at the edges of both sides' conditions.
    init(_ old: Machine, _ new: Machine) {
        var domains: [Key: Domain] = [:], differing: Set<Key> = []
        for machine in [old, new] {
            for event in machine.events {
                for input in event.inputs where input.domain.isOrdered {
                    let key = Key(event: event.name, input: input.name)
                    if let seen = domains[key], seen != input.domain { differing.insert(key) }
                    domains[key] = input.domain
                }
            }
        }
        // A domain that differs between the sides leaves the input's values standing for themselves.
        for (key, domain) in domains where !differing.contains(key) {
            guard let whole = domain.ordinalRange else { continue }
            let event = key.event, input = key.input
            guard !Self.fillsIn(input, on: event, old) && !Self.fillsIn(input, on: event, new) else { continue }
            let sets = MachineModel.conditionSets(on: input, of: event, in: old) + MachineModel.conditionSets(on: input, of: event, in: new)
            inputs[key] = (domain, RegionAnalysis.atoms(of: whole, cutBy: sets))
        }
    }

    /// True when an effect of a row on the event fills in the input (`${away}`).
    private static func fillsIn(_ input: String, on event: String, _ machine: Machine) -> Bool {
        machine.rows.contains { row in row.on.contains(event) && row.effects.contains { $0.text.contains("${\(input)}") } }
    }

    /// The domain whose classes a name's values stand for on an event, or nil when they stand for themselves.
    func domain(of name: String, on event: String) -> Domain? { inputs[Key(event: event, input: name)]?.domain }

    /// What a name's value stands for on an event: the class that holds it, or itself.
    func standing(_ named: NamedValue, on event: String) -> Standing {
        guard let entry = inputs[Key(event: event, input: named.name)], let ordinal = entry.domain.ordinal(of: named.value),
              let found = entry.classes.first(where: { $0.contains(ordinal) }) else { return .value(named.value) }
        return .ordinals(found)
    }

    /// A name's standings as a region writes them: classes as ranges (`0s..1m`; a class of one value as the value),
    /// ascending, adjacent ones merged into one (`0s..1m` and `60001ms..2h` are `0s..2h`: the region holds every
    /// value between), joined by `|`; values as they are, sorted, joined by `|`.
    static func written(_ standings: [Standing], in domain: Domain?) -> String {
        let values = standings.compactMap { if case .value(let v) = $0 { v } else { nil } }
        let merged = ValueSet(standings.compactMap { if case .ordinals(let r) = $0 { r } else { nil } }).ranges
        let shownRanges = merged.map { r in
            domain.map { d in r.lowerBound == r.upperBound ? "\(d.value(atOrdinal: r.lowerBound))"
                : "\(d.value(atOrdinal: r.lowerBound))..\(d.value(atOrdinal: r.upperBound))" } ?? "\(r)"
        }
        return (shownRanges + Set(values).sorted().map(\.description)).joined(separator: "|")
    }
}
