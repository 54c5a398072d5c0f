import Foundation
import SpecKit

/// The names a completion offers in one spec file: what the spec declares (states, events and their inputs,
/// variables, effects, inputs and outputs, their values), what its fixture's product values are, and the
/// fixture's own vocabulary (events, inputs, observations, effects, product values).
public struct CompletionCandidates: Sendable {
    /// One name to offer.
    public struct Item: Hashable, Sendable {
        /// The name.
        public var label: String
        /// What it is, such as `state (medtime.unlock)`.
        public var detail: String
        /// The LSP completion item kind.
        public var kind: Int
        /// Which keys it belongs after (`from`, `on`, …); empty for anywhere.
        public var keys: Set<String>
    }

    /// Every candidate, sorted by label, one per label (the first found: the spec's, then the product's, then the fixture's).
    public var items: [Item]

    static let stateKeys: Set<String> = ["from", "to", "initial", "states", "state"]
    static let eventKeys: Set<String> = ["on", "event", "events"]

    /// The candidates of `spec` (nil: only the fixture's), with the machine it uses and its fixture's vocabulary.
    public init(spec: Spec?, used: Machine?, product: ProductFile?, vocabulary: FixtureVocabulary?) {
        var items: [Item] = []
        let owner = spec?.id ?? "spec"
        func add(_ label: String, _ detail: String, _ kind: Int, _ keys: Set<String> = []) { items.append(Item(label: label, detail: detail, kind: kind, keys: keys)) }
        func declarations(_ list: [Declaration], _ what: String) {
            for d in list {
                add(d.name, "\(what) (\(owner)): \(d.domain)", 6)
                // Its values come first after its own key (`when: {phase: |`).
                switch d.domain {
                case .enumeration(let values): for v in values { add(v, "value of \(d.name)", 12, [d.name]) }
                case .bool: for v in ["true", "false"] { add(v, "value of \(d.name)", 12, [d.name]) }
                default: break
                }
            }
        }
        func machine(_ m: Machine, _ from: String) {
            for s in m.states { add(s.name, "state (\(from))", 20, Self.stateKeys) }
            for e in m.events {
                add(e.name, "event (\(from))", 23, Self.eventKeys)
                declarations(e.inputs, "input of \(e.name)")
            }
            declarations(m.variables, "variable")
            for e in m.effects { add(e.name, "effect (\(from))", 3) }
        }
        switch spec?.body {
        case .machine(let m): machine(m, owner)
        case .decision(let d): declarations(d.inputs, "input"); declarations(d.outputs, "output")
        case .scenarios(let set):
            if let used { machine(used, set.uses ?? owner) }
            for e in set.events { add(e.name, "event (\(owner))", 23, Self.eventKeys); declarations(e.inputs, "input of \(e.name)") }
            declarations(set.observe, "observation")
            for e in set.effects { add(e.name, "effect (\(owner))", 3) }
        case .matrix, nil: break
        }
        for b in (spec?.effectiveProduct ?? product?.product ?? []) { add(b.name, "product value = \(b.value)", 21) }
        if let vocabulary { Self.fixture(vocabulary, name: spec?.fixture ?? product?.fixture ?? "fixture", into: &items) }
        // One item per name: the spec's own declaration before the fixture's word for it, first after every key any
        // of them belongs after (`none` is a value of two variables).
        var unique: [Item] = [], at: [String: Int] = [:]
        for item in items.enumerated().sorted(by: { ($0.element.label, $0.offset) < ($1.element.label, $1.offset) }).map(\.element) {
            guard let i = at[item.label] else { at[item.label] = unique.count; unique.append(item); continue }
            unique[i].keys.formUnion(item.keys)
            // A value of several declarations names them all (`true`: value of available, enabled).
            let of = "value of "
            if unique[i].detail.hasPrefix(of), item.detail.hasPrefix(of), !unique[i].detail.contains(String(item.detail.dropFirst(of.count))) {
                unique[i].detail += ", " + item.detail.dropFirst(of.count)
            }
        }
        self.items = unique
    }

    /// Adds the names a text declares as far as it reads as YAML (its `states:`, the keys of `events:` and
    /// `variables:`) that are not offered yet: a spec that does not read as a spec (a row half typed, a typo) still
    /// offers the names written in it, those declared a moment ago too.
    public mutating func addWritten(_ bytes: [UInt8], file: String) {
        let written = (try? YAMLLoader().load(bytes, file: file)).map(Self.declared) ?? Self.declared(lines: String(decoding: bytes, as: UTF8.self))
        let found = written.states.map { Item(label: $0, detail: "state (as written)", kind: 20, keys: Self.stateKeys) }
            + written.events.map { Item(label: $0, detail: "event (as written)", kind: 23, keys: Self.eventKeys) }
            + written.variables.map { Item(label: $0, detail: "variable (as written)", kind: 6, keys: []) }
        let known = Set(items.map(\.label))
        let added = found.filter { !known.contains($0.label) }
        guard !added.isEmpty else { return }
        items = (items + added).sorted { $0.label < $1.label }
    }

    /// The names a spec's YAML declares: `states:`, the keys of `events:` and `variables:`.
    static func declared(_ root: NodeView) -> (states: [String], events: [String], variables: [String]) {
        (root["states"]?.sequence.map { $0.compactMap(\.scalar) } ?? [],
         (root["events"]?.mapping ?? root.noEntries).compactMap(\.key.scalar),
         (root["variables"]?.mapping ?? root.noEntries).compactMap(\.key.scalar))
    }

    /// The same names read line by line, for a text that is not YAML yet (a `{` or a quote not closed elsewhere):
    /// `states: [A, B]` on one line, and the keys indented once under `events:` and `variables:`.
    static func declared(lines text: String) -> (states: [String], events: [String], variables: [String]) {
        var states: [String] = [], events: [String] = [], variables: [String] = [], section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            if indent == 0, let colon = line.firstIndex(of: ":") {
                section = String(line[..<colon])
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if section == "states", value.hasPrefix("["), let close = value.firstIndex(of: "]") {
                    states = value[value.index(after: value.startIndex)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
                continue
            }
            guard indent == 2, section == "events" || section == "variables", let colon = line.firstIndex(of: ":") else { continue }
            let name = line[line.index(line.startIndex, offsetBy: 2)..<colon]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { continue }
            if section == "events" { events.append(String(name)) } else { variables.append(String(name)) }
        }
        return (states, events, variables)
    }

    static func fixture(_ v: FixtureVocabulary, name: String, into items: inout [Item]) {
        for (event, inputs) in v.events {
            // Where a spec declares its events; after `on:` only the events it declares come first.
            items.append(Item(label: event, detail: "fixture \(name) event", kind: 23, keys: ["events"]))
            for (input, type) in inputs { items.append(Item(label: input, detail: "fixture \(name) input of \(event): \(type)", kind: 5, keys: [])) }
        }
        for (observation, type) in v.observations { items.append(Item(label: observation, detail: "fixture \(name) observation: \(type)", kind: 10, keys: [])) }
        for effect in v.effects { items.append(Item(label: effect, detail: "fixture \(name) effect", kind: 3, keys: [])) }
        for (value, domain) in v.product { items.append(Item(label: value, detail: "fixture \(name) product value: \(domain)", kind: 21, keys: [])) }
    }

    /// The items that start with `prefix` (ignoring case), those that belong after `key` first.
    public func matching(prefix: String, key: String?) -> [Item] {
        let p = prefix.lowercased()
        let found = items.filter { p.isEmpty || $0.label.lowercased().hasPrefix(p) }
        guard let key else { return found }
        return found.filter { $0.keys.contains(key) } + found.filter { !$0.keys.contains(key) }
    }
}
