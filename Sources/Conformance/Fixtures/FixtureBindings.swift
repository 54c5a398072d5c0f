import SpecKit

/// A fixture's binding table: every name the fixture knows, each declared once with its domain and its closure.
///
/// The vocabulary lint reads (`vocabulary`) and the fixture's dispatch (`send`, `observe`, `decide`, `cell`,
/// `configure`, `effects`) are both derived from it, so they cannot disagree: a name lint accepts is one the fixture
/// dispatches, and a name it does not declare is a thrown `FixtureError`, never a trap. Inputs are typed keys
/// (`FixtureInput`, here `away = FixtureInput.duration("away", 0...86_400_000)`) that both declare an input and read it.
///
/// ```swift
/// static let bindings: FixtureBindings<MyFixture> = FixtureBindings(relaunches: true, [
///     .event("appear") { f, _ in try f.handle(.appear) },
///     .event("active", inputs: [away]) { f, inputs in f.clock.advance(by: .milliseconds(Int64(try inputs[away]))) … },
///     .observation("state", .names("Open", "Locked")) { f in .symbol(try f.core().isLocked ? "Locked" : "Open") },
///     .effect("startAuthentication") { fixture, effect in … },
///     .product("grace", .duration(0...3_600_000)) { settings, item in … },
/// ])
/// ```
public struct FixtureBindings<F: BoundFixture>: Sendable {
    /// The entries, in the order declared.
    public let entries: [FixtureBinding<F>]
    /// The vocabulary derived from the entries, for lint and the compiler.
    public let vocabulary: FixtureVocabulary

    private let events: [String: (inputs: [any FixtureInputKey], run: FixtureBinding<F>.Run)]
    private let observations: [String: FixtureBinding<F>.Read]
    private let products: [String: FixtureBinding<F>.Product]
    private let decisions: [String: (inputs: [any FixtureInputKey], run: FixtureBinding<F>.Run)]
    private let matrices: [String: (axes: [any FixtureInputKey], run: FixtureBinding<F>.Run)]
    private let served: Set<String>
    /// The effect and unmodelled-effect entries, in the order declared: what each core effect is matched against.
    private let effectEntries: [FixtureBinding<F>]

    /// Creates a table over the entries of `groups` (the fixture's own, and shared ones such as a device's faults).
    /// `relaunches`: the fixture can kill its core and relaunch it from what it persisted; `setsClock`: it can
    /// set the device clock back and forward (no time passing); `retiredProducts`: product values it no longer takes, each with why;
    /// `instanceSwitch`: the event that chooses the instance a kill and a relaunch act on (see `FixtureVocabulary`).
    public init(relaunches: Bool = false, setsClock: Bool = false, retiredProducts: [String: String] = [:],
                instanceSwitch: FixtureVocabulary.InstanceSwitch? = nil, _ groups: [FixtureBinding<F>]...) {
        let entries = Self.flatten(groups.flatMap { $0 })
        self.entries = entries
        var events: [String: (inputs: [any FixtureInputKey], run: FixtureBinding<F>.Run)] = [:]
        var observations: [String: FixtureBinding<F>.Read] = [:], products: [String: FixtureBinding<F>.Product] = [:]
        var decisions: [String: (inputs: [any FixtureInputKey], run: FixtureBinding<F>.Run)] = [:]
        var matrices: [String: (axes: [any FixtureInputKey], run: FixtureBinding<F>.Run)] = [:]
        var served: Set<String> = [], only: Set<String> = []
        func mark(_ name: String, _ killed: FixtureBinding<F>.WhileKilled) {
            if killed != .no { served.insert(name) }
            if killed == .only { only.insert(name) }
        }
        // The first entry of a name wins; `duplicateNames` reports the others.
        for entry in entries.reversed() {
            switch entry.kind {
            case .event(let inputs, _, let killed, _, let run):
                events[entry.name] = (inputs, run)
                mark(entry.name, killed)
            case .observation(_, _, let killed, _, _, let read):
                observations[entry.name] = read
                mark(entry.name, killed)
            case .product(let product): products[entry.name] = product
            case .decision(let inputs, _, let run): decisions[entry.name] = (inputs, run)
            case .matrix(let axes, _, let run): matrices[entry.name] = (axes, run)
            case .effect, .unmodelledEffect: break
            }
        }
        (self.events, self.observations, self.products, self.decisions, self.matrices, self.served) =
            (events, observations, products, decisions, matrices, served)
        effectEntries = entries.filter {
            switch $0.kind {
            case .effect, .unmodelledEffect: true
            default: false
            }
        }
        var vocabulary = Self.vocabulary(of: entries, relaunches: relaunches, setsClock: setsClock,
                                         served: served, only: only)
        for entry in groups.flatMap({ $0 }) {
            if let outputs = entry.tableOutputNames { vocabulary.outputsOfTables[entry.name, default: []].formUnion(outputs) }
        }
        vocabulary.retiredProducts = retiredProducts
        vocabulary.instanceSwitch = instanceSwitch
        self.vocabulary = vocabulary
    }

    /// The entries with their nested ones after them; an output that several tables list with one type appears once
    /// (the first). An output of the same name with another type is kept, so `duplicateNames` reports it: a table
    /// would otherwise read its output through another table's entry.
    private static func flatten(_ entries: [FixtureBinding<F>]) -> [FixtureBinding<F>] {
        var outputs: [String: FixtureType] = [:]
        return entries.flatMap(\.flattened).filter { entry in
            guard case .observation(let type, tableOutput: true, _, _, _, _) = entry.kind else { return true }
            if let first = outputs[entry.name] { return first != type }
            outputs[entry.name] = type
            return true
        }
    }

    /// The vocabulary of `entries`: each kind of entry fills its part; a killed app serves the names marked so (nil
    /// when none is: a kill then leaves nothing unserved).
    private static func vocabulary(of entries: [FixtureBinding<F>], relaunches: Bool, setsClock: Bool,
                                   served: Set<String>, only: Set<String>) -> FixtureVocabulary {
        var v = FixtureVocabulary(supportsRelaunch: relaunches, servedWhileKilled: served.isEmpty ? nil : served,
                                  onlyWhileKilled: only, setsClock: setsClock)
        for entry in entries.reversed() {
            let name = entry.name
            switch entry.kind {
            case .event(let inputs, let bounds, _, let scenarioOnly, _):
                v.events[name] = types(of: inputs)
                v.inputBounds[name] = bounds.isEmpty ? nil : bounds
                v.scenarioOnlyEvents[name] = scenarioOnly
                let optional = Set(inputs.filter(\.isOptional).map(\.name))
                v.optionalInputs[name] = optional.isEmpty ? nil : optional
            case .observation(let type, let tableOutput, _, let ships, let unreadableAfter, _):
                v.observations[name] = type
                v.shippedValues[name] = ships
                v.unreadableAfter[name] = unreadableAfter.isEmpty ? nil : unreadableAfter
                if tableOutput { v.tableOutputs.insert(name) }
            case .effect(let signature, _):
                v.effects.insert(name)
                v.effectSignatures[name] = signature
            case .unmodelledEffect: break
            case .product(let p):
                v.product[name] = p.domain
                v.productChoices[name] = p.choices
                v.productLiterals[name] = p.literal
                v.productNeeds[name] = p.need
                v.productNotes[name] = p.note
            case .decision(let inputs, let needs, _):
                v.decisions[name] = types(of: inputs)
                v.valueNeeds[name] = needs.isEmpty ? nil : needs
            case .matrix(let axes, let needs, _):
                v.matrices[name] = types(of: axes)
                v.valueNeeds[name] = needs.isEmpty ? nil : needs
            }
        }
        return v
    }

    /// Each input's type by its name (the first key of a name wins; `duplicateNames` reports the others).
    private static func types(of keys: [any FixtureInputKey]) -> [String: FixtureType] {
        keys.firstByKey { ($0.name, $0.type) }
    }
}

extension FixtureBindings {
    /// Sends the event `name` to the fixture with the step's inputs and returns the effects; an event the table does
    /// not declare is an error.
    public func send(_ name: String, _ inputs: [NamedValue], to fixture: F) throws(FixtureError) -> [Effect] {
        guard let event = events[name] else { throw FixtureError("no event \(name)") }
        let given = FixtureInputs(inputs, to: "event \(name)", declaring: event.inputs)
        if let undeclared = given.undeclared { throw undeclared }
        return try Self.typed { () throws in try event.run(fixture, given) }
    }

    /// Reads the observation `name` from the fixture; an observation the table does not declare is an error.
    public func observe(_ name: String, on fixture: F) throws(FixtureError) -> Value {
        guard let read = observations[name] else { throw FixtureError("no observation \(name)") }
        return try Self.typed { () throws in try read(fixture) }
    }

    /// Reads the observation `name` from a fixture whose app may be killed (`killed`): when the read fails and a killed
    /// app does not serve the name, the error says the app is killed.
    public func observe(_ name: String, on fixture: F, killed: Bool) throws(FixtureError) -> Value {
        do {
            return try observe(name, on: fixture)
        } catch {
            if killed, !isServedWhileKilled(name) { throw FixtureError("the app is killed: no \(name)") }
            throw error
        }
    }

    /// Evaluates the decision table `table` with a row's inputs; a table the fixture does not declare is an error.
    public func decide(_ table: String, _ inputs: [NamedValue], on fixture: F) throws(FixtureError) -> [Effect] {
        guard let decision = decisions[table] else { throw FixtureError("no decision table \(table)") }
        let given = FixtureInputs(inputs, to: "decision table \(table)", declaring: decision.inputs)
        if let undeclared = given.undeclared { throw undeclared }
        return try Self.typed { () throws in try decision.run(fixture, given) }
    }

    /// Runs one cell of the matrix `table`; a matrix the fixture does not declare is an error.
    public func cell(_ table: String, _ axes: [NamedValue], on fixture: F) throws(FixtureError) -> [Effect] {
        guard let matrix = matrices[table] else { throw FixtureError("no matrix \(table)") }
        let given = FixtureInputs(axes, to: "matrix \(table)", declaring: matrix.axes)
        if let undeclared = given.undeclared { throw undeclared }
        return try Self.typed { () throws in try matrix.run(fixture, given) }
    }

    /// Applies the product values to `settings` in order; a parameter the table does not declare is an error.
    public func configure(_ settings: inout F.Settings, with product: [NamedValue]) throws(FixtureError) {
        for item in product {
            guard let parameter = products[item.name] else { throw FixtureError.unknownProduct(item) }
            settings = try Self.typed { () throws in
                var configured = settings
                try parameter.configure(&configured, item)
                return configured
            }
        }
    }

    /// The effect values of the effects the fixture's core emitted, each named by the first effect entry that translates it; an effect
    /// an unmodelled entry matches is dropped, and one no entry names is an error (never dropped silently).
    public func effects(_ core: [F.CoreEffect], of fixture: F) throws(FixtureError) -> [Effect] {
        var result: [Effect] = []
        for effect in core {
            switch try Self.typed({ () throws in try translate(effect, of: fixture) }) {
            case .some(.some(let value)): result.append(value)
            case .some(.none): continue
            case .none: throw FixtureError("the core emitted \(effect), which no effect binding names")
            }
        }
        return result
    }

    /// Whether a killed app serves the event or observation `name` (`WhileKilled.served` or `.only`).
    public func isServedWhileKilled(_ name: String) -> Bool { served.contains(name) }

    /// The tables' `needs:` entries that do not fit the table, sorted: a need of an input the table does not take, of a
    /// value outside the input's type, of a product parameter the fixture does not declare, or excluding a value
    /// outside its domain. Empty for a well-formed table (lint would otherwise check rows against a need that can
    /// never hold).
    public var brokenNeeds: [String] {
        var out: [String] = []
        for (table, needs) in vocabulary.valueNeeds {
            let inputs = vocabulary.decisions[table] ?? vocabulary.matrices[table] ?? [:]
            for need in needs {
                let what = "table \(table) need \(need.input): \(need.value)"
                if let type = inputs[need.input] {
                    if type.problem(with: need.value) != nil { out.append("\(what): not a value of \(need.input)") }
                } else {
                    out.append("\(what): no input \(need.input)")
                }
                guard let domain = vocabulary.product[need.product] else { out.append("\(what): no product \(need.product)"); continue }
                for value in need.excluded where !domain.contains(value) { out.append("\(what): \(value) is not a value of \(need.product)") }
            }
        }
        return out.sorted()
    }

    /// The names declared more than once in one namespace (events, observations, effects, product, tables; the
    /// inputs of one entry, as `event add input by`), sorted: empty for a well-formed table.
    public var duplicateNames: [String] {
        var seen: Set<String> = [], duplicates: Set<String> = []
        func note(_ name: String) { if !seen.insert(name).inserted { duplicates.insert(name) } }
        for entry in entries {
            let space: String, inputs: [any FixtureInputKey]
            switch entry.kind {
            case .event(let keys, _, _, _, _): (space, inputs) = ("event", keys)
            case .observation: (space, inputs) = ("observation", [])
            case .effect: (space, inputs) = ("effect", [])
            case .unmodelledEffect: continue
            case .product: (space, inputs) = ("product", [])
            case .decision(let keys, _, _), .matrix(let keys, _, _): (space, inputs) = ("table", keys)
            }
            note(space + " " + entry.name)
            var names: Set<String> = []
            for key in inputs where !names.insert(key.name).inserted { duplicates.insert(space + " " + entry.name + " input " + key.name) }
        }
        return duplicates.sorted()
    }

    /// The effect value of one core effect (`.some(nil)` when it is unmodelled), or nil when no entry names it.
    private func translate(_ effect: F.CoreEffect, of fixture: F) throws -> Effect?? {
        for entry in effectEntries {
            switch entry.kind {
            case .effect(let signature, let translate):
                guard let arguments = try translate(fixture, effect) else { continue }
                let reported = Effect(entry.name, arguments)
                if let p = signature.problem(with: arguments.map { ($0.label, $0.value) }) {
                    throw FixtureError("the fixture reported \(reported), which does not fit the arguments it declares for '\(entry.name)': "
                                       + "\(p.message) (declared: \(signature.written(entry.name)))")
                }
                return .some(reported)
            case .unmodelledEffect(let matches): if try matches(fixture, effect) != nil { return .some(nil) }
            default: continue
            }
        }
        return nil
    }

    /// What `body` returns, its error a `FixtureError`: one it threw as it is, any other wrapped in one.
    private static func typed<T>(_ body: () throws -> T) throws(FixtureError) -> T {
        do {
            return try body()
        } catch let error as FixtureError {
            throw error
        } catch {
            throw FixtureError("\(error)")
        }
    }
}
