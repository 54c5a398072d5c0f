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
    /// `variables:`, the values of each variable and event input after its key) that are not offered yet: a spec
    /// that does not read as a spec (a row half typed, a typo) still offers the names written in it, those declared a
    /// moment ago too. A name offered already (the fixture's word for an event) comes first after the keys it is
    /// written for as well.
    public mutating func addWritten(_ bytes: [UInt8], file: String) {
        let written = (try? YAMLLoader().load(bytes, file: file)).map(Self.declared) ?? Self.declared(lines: String(decoding: bytes, as: UTF8.self))
        var found = written.states.map { Item(label: $0, detail: "state (as written)", kind: 20, keys: Self.stateKeys) }
            + written.events.map { Item(label: $0, detail: "event (as written)", kind: 23, keys: Self.eventKeys) }
            + written.variables.map { Item(label: $0, detail: "variable (as written)", kind: 6, keys: []) }
        for (name, values) in written.values.sorted(by: { $0.key < $1.key }) {
            found += values.map { Item(label: $0, detail: "value of \(name) (as written)", kind: 12, keys: [name]) }
        }
        var at = items.enumerated().firstByKey { ($1.label, $0) }
        for item in found {
            if let i = at[item.label] { items[i].keys.formUnion(item.keys); continue }
            at[item.label] = items.count
            items.append(item)
        }
        items.sort { $0.label < $1.label }
    }

    /// The names a spec's text declares, as far as they can be read: its states, its events, its variables, and the
    /// values written for each variable and event input (`[none, unlock]`, `bool`), by name.
    struct Written {
        var states: [String] = [], events: [String] = [], variables: [String] = []
        var values: [String: [String]] = [:]
    }

    /// The names a spec's YAML declares: `states:`, the keys of `events:` and `variables:`, and the values of the
    /// variables and the events' inputs, written short (`outcome: [success, failure]`) or as `{type: …}`.
    static func declared(_ root: NodeView) -> Written {
        let none = root.noEntries
        var written = Written(states: root["states"]?.sequence.map { $0.compactMap(\.scalar) } ?? [],
                              events: (root["events"]?.mapping ?? none).compactMap(\.key.scalar),
                              variables: (root["variables"]?.mapping ?? none).compactMap(\.key.scalar))
        let inputs = (root["events"]?.mapping ?? none).flatMap { Array($0.value.mapping ?? none) }
        for entry in Array(root["variables"]?.mapping ?? none) + inputs {
            guard let name = entry.key.scalar else { continue }
            let type = entry.value["type"] ?? entry.value
            let values = type.scalarIs("bool") ? ["true", "false"] : type.sequence?.compactMap(\.scalar) ?? []
            if !values.isEmpty { written.values[name] = values }
        }
        return written
    }

    /// The same names read line by line, for a text that is not YAML yet (a `{` or a quote not closed elsewhere):
    /// `states: [A, B]` on one line, the keys indented once under `events:` and `variables:`, each event's inputs
    /// indented twice, and the values on a declaration's line (`prompt: {type: [none, unlock]`, `available: bool`) or
    /// on a `type:` line below it.
    static func declared(lines text: String) -> Written {
        var written = Written(), section = "", last = "", depth = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let indent = line.prefix { $0 == " " }.count
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[line.index(line.startIndex, offsetBy: indent)..<colon])
            let value = line[line.index(after: colon)...]
            if indent == 0 {
                section = key
                last = ""
                if section == "states", let states = list(value) { written.states = states }
                continue
            }
            guard section == "events" || section == "variables", !key.isEmpty,
                  key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { continue }
            if indent == 2 {
                if section == "events" { written.events.append(key); last = ""; continue }
                written.variables.append(key)
            } else if section == "events", indent == 4 {
                // An input of the event above.
            } else {
                // A `type:` line below the declaration it belongs to.
                guard key == "type", !last.isEmpty, indent > depth else { continue }
                if let values = values(value) { written.values[last] = values }
                continue
            }
            (last, depth) = (key, indent)
            if let values = values(value) { written.values[key] = values }
        }
        return written
    }

    /// The values a declaration's text gives (`[a, b]`, `bool`, `{type: [a, b], initial: a}`), if it gives any.
    static func values(_ text: Substring) -> [String]? {
        var value = text.drop { $0 == " " }
        if value.hasPrefix("{"), let type = value.range(of: "type:") { value = value[type.upperBound...].drop { $0 == " " } }
        if value.prefix(while: { !",} #".contains($0) }) == "bool" { return ["true", "false"] }
        return list(value)
    }

    /// The items of a flow list written on one line (`[A, B]`, quotes taken off), or nil when it is none.
    static func list(_ text: Substring) -> [String]? {
        let value = text.drop { $0 == " " }
        guard value.hasPrefix("["), let close = value.firstIndex(of: "]") else { return nil }
        let items = value[value.index(after: value.startIndex)..<close].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        return items.filter { !$0.isEmpty }
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
