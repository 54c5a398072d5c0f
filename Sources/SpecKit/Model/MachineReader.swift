/// Reads the body of a `kind: machine` spec.
struct MachineReader {
    let context: ReadContext

    func read(_ byKey: KeyedNodes) -> Machine? {
        let c = context
        let states = byKey["states"].map { c.distinctNames($0, "states", each: "a state") { "state '\($0)' is listed twice" } } ?? []
        // Each name to its index: hashed, not a scan of `states`.
        let stateIndex = states.enumerated().firstByKey { ($1.name, $0) }
        let stateNames = states.map(\.name)
        var initial: String?
        if let node = byKey["initial"], let name = c.text(node, "the initial state") {
            if stateNames.contains(name) {
                initial = name
            } else if !stateNames.isEmpty {
                c.unknown(name, "spec.unknown-state", "the initial state '\(name)' is not one of the states", at: node.location, among: stateNames,
                          hint: c.fixtureKnows(name, as: .state))
            }
        }
        let variables = byKey["variables"].map { c.declarations($0, "variables", allowText: false, allowInitial: true, allowPersist: true) } ?? []
        let events = byKey["events"].map { Self.events($0, context: c) } ?? []
        let effects = byKey["effects"].map { Self.effectNames($0, context: c) } ?? []
        let otherwise = byKey["otherwise"].flatMap { Self.choice($0, Otherwise.self, "otherwise", context: c) } ?? .ignore
        let hit = byKey["hit"].flatMap { Self.choice($0, HitPolicy.self, "hit", context: c) } ?? .unique

        // Names must not collide between variables and inputs: a condition could not tell them apart.
        for event in events {
            for input in event.inputs where variables.contains(where: { $0.name == input.name }) {
                c.error("spec.name-clash", "input '\(input.name)' of event '\(event.name)' has the name of a variable; rename one of them",
                        at: input.location)
            }
        }
        let inputNames = events.flatMap { $0.inputs.map(\.name) }.firstOfEach()
        var rows: [MachineRow] = []
        if let node = byKey["rows"], let items = c.list(node, "rows") {
            let scope = RowScope(states: stateNames, stateIndex: stateIndex, variables: variables,
                                 names: Self.testableNames(variables: variables, events: events), events: events,
                                 effects: effects.map(\.name))
            rows = items.compactMap { readRow($0, scope) }
        }
        guard let initial, let initialIndex = stateIndex[initial], !states.isEmpty else { return nil }
        return Machine(states: states, initial: initial, initialIndex: initialIndex, variables: variables, events: events,
                       effects: effects, inputNames: inputNames, otherwise: otherwise, hit: hit, rows: rows)
    }

    static func events(_ node: NodeView, context c: ReadContext) -> [EventDeclaration] {
        var result: [EventDeclaration] = []
        func add(_ name: String, _ inputs: [Declaration], _ location: SourceLocation) {
            if name == Machine.relaunchEvent {
                c.error("spec.reserved-name",
                        "'\(name)' is built in (a kill followed by a relaunch); rows may name it in 'on' without declaring it",
                        at: location, hint: "remove it from 'events', or give your event another name")
            } else if result.contains(where: { $0.name == name }) {
                c.error("spec.duplicate-name", "event '\(name)' is declared twice", at: location)
            } else {
                result.append(EventDeclaration(name: name, inputs: inputs, location: location))
                checkInputs(name, inputs)
            }
        }
        // An input the fixture cannot translate, found here so the rows that use its values follow from it.
        func checkInputs(_ event: String, _ inputs: [Declaration]) {
            guard let (fixture, events) = c.fixture else { return }
            for input in inputs {
                guard let d = domainMismatch("input '\(input.name)' of event '\(event)'", input, events[event]?[input.name], fixture: fixture) else { continue }
                c.report(d)
                c.markBroken(input.name)
            }
        }
        if let items = node.sequence {
            for item in items { if let name = c.name(item, "an event") { add(name, [], item.location) } }
            return result
        }
        guard let entries = c.mapping(node, "events") else { return [] }
        for entry in entries {
            guard let name = c.name(entry.key, "an event") else { continue }
            let inputs = c.declarations(entry.value, "the inputs of event '\(name)'", allowText: false, allowInitial: false)
            add(name, inputs, entry.key.location)
        }
        return result
    }

    /// The note listing the declared events, for a finding about an unknown one.
    static func declaredEvents(_ names: [String]) -> String {
        names.isEmpty ? "no events are declared" : "the declared events are " + names.joined(separator: ", ")
    }

    static func effectNames(_ node: NodeView, context c: ReadContext) -> [Named] {
        c.distinctNames(node, "effects", each: "an effect") { "effect '\($0)' is declared twice" }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ node: NodeView, _: T.Type, _ what: String, context c: ReadContext) -> T?
    where T.RawValue == String {
        guard let text = c.text(node, what) else { return nil }
        if let value = T(rawValue: text) { return value }
        let options = T.allCases.map(\.rawValue)
        c.error("spec.bad-choice", "'\(what)' must be \(options.joined(separator: " or ")), not '\(text)'", at: node.location,
                hint: Suggest.didYouMean(text, in: options))
        return nil
    }

    /// The calls of a text that holds several, with commas between them outside parentheses and quotes
    /// (`output(a), announce(b)`), each of which parses; nil otherwise.
    static func severalCalls(_ text: String) -> [String]? {
        var parts: [String] = [], current = "", depth = 0, quoted = false
        for c in text {
            if c == "\"" { quoted.toggle() }
            if !quoted { depth += c == "(" ? 1 : c == ")" ? -1 : 0 }
            if c == ",", depth == 0, !quoted { parts.append(current.trimmingSpaces); current = "" } else { current.append(c) }
        }
        parts.append(current.trimmingSpaces)
        return parts.count > 1 && parts.allSatisfy({ (try? EffectSyntax.parse($0)) != nil }) ? parts : nil
    }

    /// Effects named by a row: `name` or `name(arguments)` (see `EffectSyntax`), each declared.
    static func effectCalls(_ node: NodeView, declared: [String], rowID: String, context c: ReadContext) -> [EffectCall] {
        guard let items = c.list(node, "the effects of \(c.rowNoun) \(rowID)", single: true) else { return [] }
        return items.compactMap { item -> EffectCall? in
            guard let text = c.text(item, "an effect of \(c.rowNoun) \(rowID)") else { return nil }
            let parsed: (name: String, arguments: [EffectSyntax.Argument])
            do throws(EffectSyntax.SyntaxError) {
                parsed = try EffectSyntax.parse(text)
            } catch {
                c.error("spec.bad-effect", "effect '\(text)' of \(c.rowNoun) \(rowID) does not parse: \(error.message) (at character \(error.offset + 1))",
                        at: item.location, hint: Self.severalCalls(text).map { calls in
                            // In a YAML list, a call whose arguments hold a ',' is quoted, or YAML splits it there.
                            "to name several effects, write them as a list: [\(calls.map { $0.contains(",") && !$0.contains("\"") ? "\"\($0)\"" : $0 }.joined(separator: ", "))]"
                        }
                            ?? "write name or name(argument, label=argument); quote an argument holding ',' or ')'",
                        rows: [rowID])
                return nil
            }
            guard declared.contains(parsed.name) else {
                c.unknown(parsed.name, "spec.unknown-effect", "\(c.rowNoun) \(rowID) names effect '\(parsed.name)', which is not declared in 'effects'",
                          at: item.location, among: declared, rows: [rowID],
                          notes: [declared.isEmpty ? "no effects are declared: list them under 'effects'"
                                  : "the declared effects are " + declared.joined(separator: ", ")])
                return nil
            }
            return EffectCall(name: parsed.name, arguments: parsed.arguments, text: text.trimmingSpaces, location: item.location)
        }
    }

    /// `+1`, `-2`, `+30s`: a change of an ordered variable, in ordinal units; nil for anything else.
    /// An amount written right but too large to compute with (`+99999999999999999999`) is `Int.max`, which the
    /// caller reports as larger than the domain.
    static func change(_ text: String, domain: Domain) -> Int? {
        guard domain.isOrdered, let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let rest = String(text.dropFirst())
        let magnitude: Int? = if domain.isDuration {
            Value.parseDuration(rest) ?? (Value.isDurationText(rest) ? Int.max : nil)
        } else {
            rest.allSatisfy(\.isASCIIDigit) && !rest.isEmpty ? Int(rest) ?? Int.max : nil
        }
        return magnitude.map { sign == "-" ? -$0 : $0 }
    }

    /// Reports a change larger than the whole domain (the row could never fire without leaving it); true if it fits.
    static func changeFits(_ amount: Int, _ text: String, of variable: Declaration, rowID: String, at location: SourceLocation,
                           context c: ReadContext) -> Bool {
        guard let whole = variable.domain.bounds,
              amount.magnitude > UInt(whole.upperBound - whole.lowerBound) else { return true }
        c.error("spec.change-too-large",
                "row \(rowID) changes '\(variable.name)' by \(text.trimmingSpaces), more than the whole of \(variable.domain) spans, so the row could never fire without leaving it",
                at: location, hint: "write a change that fits the domain, such as +1 or -1", rows: [rowID])
        return false
    }

    /// A row `on: relaunch` sees the relaunched core: a variable that does not persist is always back at its initial
    /// value there, so testing it says something the row cannot mean (`spec.relaunch-volatile`).
    static func checkRelaunchConditions(_ when: [Condition], variables: [Declaration], rowID: String, context c: ReadContext) {
        for condition in when {
            guard let variable = variables.first(where: { $0.name == condition.name }), !variable.persists else { continue }
            c.error("spec.relaunch-volatile",
                    "row \(rowID) tests '\(variable.name)' on relaunch, but '\(variable.name)' does not persist: a relaunched app always finds it at its initial value, \(variable.initial)",
                    at: condition.location, hint: "add 'persist: true' to the declaration of '\(variable.name)' if the app keeps it, or drop the condition",
                    rows: [rowID])
        }
    }

    /// What a row on one event may test, by the event's position in `events` (the built-in relaunch last, with the
    /// variables alone): the variables' declarations by name (the first of each name), then that event's inputs. Built
    /// once per machine rather than once per row.
    static func testableNames(variables: [Declaration], events: [EventDeclaration]) -> [[String: Declaration]] {
        let variableDeclarations = variables.firstByKey { ($0.name, $0) }
        return events.map { event in
            var names = variableDeclarations
            for input in event.inputs { names[input.name] = input }
            return names
        } + [variableDeclarations]
    }

    /// The keys a machine row takes.
    static let rowKeys = (required: ["id", "on"],
                          optional: ["source", "decision", "from", "when", "then", "effects", "to", "unmodelled", "notes"])
    /// Every key a row takes, for the findings that name them.
    static let allRowKeys = rowKeys.required + rowKeys.optional

    /// `names` is `testableNames(variables:events:)`; `effects` the declared effects' names.
    /// What every row of a machine is read against: its states, variables, the names each event's rows may test,
    /// its events and its effects.
    struct RowScope: Sendable {
        var states: [String]
        /// Each state's name to its index in `states`.
        var stateIndex: [String: Int]
        var variables: [Declaration]
        var names: [[String: Declaration]]
        var events: [EventDeclaration]
        var effects: [String]
    }

    private func readRow(_ node: NodeView, _ scope: RowScope) -> MachineRow? {
        let c = context
        guard let entries = c.mapping(node, "a row") else { return nil }
        let byKey = c.keys(entries, of: node, what: "a machine row", required: Self.rowKeys.required, optional: Self.rowKeys.optional)
        guard let id = c.rowID(byKey, at: node.location) else { return nil }
        let trace = c.trace(byKey, at: node.location, rowID: id)
        var ok = true
        let from = byKey["from"].map { readFrom($0, scope, rowID: id, ok: &ok) } ?? []
        let (on, testable) = readOn(byKey["on"], scope, rowID: id, ok: &ok)
        // After an unknown event, the inputs a condition may test are unknown too: say nothing more about them.
        let when = !ok ? [] : byKey["when"].map {
            c.conditions($0, names: testable, what: "a variable or an input of \(on.count == 1 ? "event '\(on[0])'" : "every event of the row")", rowID: id,
                         beside: Self.allRowKeys)
        } ?? []
        if on.contains(Machine.relaunchEvent) { Self.checkRelaunchConditions(when, variables: scope.variables, rowID: id, context: c) }
        let then = byKey["then"].map { readThen($0, scope, rowID: id, ok: &ok) } ?? []
        let effectCalls = byKey["effects"].map {
            Self.effectCalls($0, declared: scope.effects, rowID: id, context: c)
        } ?? []
        if ok { Self.checkTemplates(effectCalls, on: on, scope: scope, rowID: id, context: c) }
        var to: String?
        if let toNode = byKey["to"] {
            let target = readTo(toNode, scope, rowID: id, ok: &ok)
            if target.drop { return nil }
            to = target.state
        }
        guard ok, !on.isEmpty else { return nil }
        var unmodelled: String?
        if let node = byKey["unmodelled"] {
            guard let why = c.text(node, "the 'unmodelled' of row \(id)") else { return nil }
            for key in ["then", "effects", "to"] where byKey[key] != nil {
                c.error("spec.unmodelled-outcome", "row \(id) is unmodelled, so it predicts nothing: drop its '\(key)'",
                        at: byKey[key]?.location ?? node.location, rows: [id])
                return nil
            }
            unmodelled = why
        }
        // Built once, complete: a row set after building would be copied and the first one destroyed.
        return MachineRow(identity: c.rowIdentity(id, trace: trace, wording: byKey, at: node.location), from: from, on: on, when: when,
                          then: then, effects: effectCalls, to: to, toLocation: byKey["to"]?.location ?? node.location,
                          unmodelled: unmodelled)
    }

    /// A row's `from`: its states (none for `*` or `any`, every state); an unknown state is reported and clears `ok`.
    private func readFrom(_ fromNode: NodeView, _ scope: RowScope, rowID id: String, ok: inout Bool) -> [String] {
        let c = context
        var from: [String] = []
        guard let items = c.list(fromNode, "the 'from' of row \(id)", single: true) else { return [] }
        for item in items {
            guard let name = c.text(item, "a state in 'from'") else { ok = false; continue }
            if name == "*" || name == "any" { return [] }
            if scope.stateIndex[name] != nil {
                from.append(name)
            } else {
                ok = false
                c.unknown(name, "spec.unknown-state", "row \(id) starts from '\(name)', which is not a state", at: item.location,
                          among: scope.states, rows: [id],
                          hint: Domain.listHint(name, of: "states", among: { scope.stateIndex[$0] != nil }) ?? c.fixtureKnows(name, as: .state))
            }
        }
        return from
    }

    /// A row's `on`: its events and the names its conditions may test (the variables, and the inputs that every one of
    /// its events carries with the same domain); an unknown event is reported and clears `ok`.
    private func readOn(_ onNode: NodeView?, _ scope: RowScope, rowID id: String, ok: inout Bool)
        -> (on: [String], testable: [String: Declaration]) {
        let c = context
        var on: [String] = []
        var testable = scope.names[scope.events.count]
        guard let onNode, let items = c.list(onNode, "the 'on' of row \(id)", single: true) else { return (on, testable) }
        // The inputs every event so far carries, with the same domain (a row on several events may test only those).
        var common: [Declaration]?
        var last = scope.events.count
        for item in items {
            guard let name = c.text(item, "an event in 'on'") else { ok = false; continue }
            let e = scope.events.firstIndex { $0.name == name } ?? (name == Machine.relaunchEvent ? scope.events.count : nil)
            guard let e else {
                ok = false
                c.unknown(name, "spec.unknown-event", "row \(id) happens on '\(name)', which is not a declared event", at: item.location,
                          among: scope.events.map(\.name), rows: [id], notes: [Self.declaredEvents(scope.events.map(\.name))],
                          hint: Domain.listHint(name, of: "events", among: { n in scope.events.contains { $0.name == n } })
                              ?? c.fixtureKnows(name, as: .event))
                continue
            }
            on.append(name)
            let inputs = e < scope.events.count ? scope.events[e].inputs : []
            common = common.map { $0.filter { input in inputs.contains { $0.name == input.name && $0.domain == input.domain } } } ?? inputs
            last = e
        }
        if on.count == 1 {
            testable = scope.names[last]
        } else {
            for input in common ?? [] { testable[input.name] = input }
        }
        return (on, testable)
    }

    /// A row's `then`: a value or a change for each variable it sets; a mistake is reported and clears `ok`.
    private func readThen(_ thenNode: NodeView, _ scope: RowScope, rowID id: String, ok: inout Bool) -> [Assignment] {
        let c = context
        guard let entries = c.mapping(thenNode, "the 'then' of row \(id)") else { return [] }
        var then: [Assignment] = []
        for entry in entries {
            guard let name = c.text(entry.key, "a variable in 'then'") else { continue }
            guard let v = scope.variables.firstIndex(where: { $0.name == name }) else {
                ok = false
                c.unknown(name, "spec.unknown-variable", "row \(id) sets '\(name)', which is not a variable", at: entry.key.location,
                          among: scope.variables.map(\.name), rows: [id], under: "then", beside: Self.allRowKeys)
                continue
            }
            // The variable read in place, and its value's text made once, for a change only where the domain is ordered.
            let domain = scope.variables[v].domain
            if domain.isOrdered, let text = entry.value.scalar, let amount = Self.change(text, domain: domain) {
                guard Self.changeFits(amount, text, of: scope.variables[v], rowID: id, at: entry.value.location, context: c) else {
                    ok = false
                    continue
                }
                then.append(Assignment(name: name, change: .add(amount), location: entry.value.location))
            } else if let value = c.value(entry.value, domain, "the new value of '\(name)' in row \(id)", rows: [id],
                                          declaration: scope.variables[v]) {
                then.append(Assignment(name: name, change: .set(value), location: entry.value.location))
            } else {
                ok = false
            }
        }
        return then
    }

    /// A row's `to`: the state it goes to (nil when it is not one), and whether the row is dropped without a word (a
    /// state whose declaration was already reported as wrong). An unknown state is reported and clears `ok`.
    private func readTo(_ toNode: NodeView, _ scope: RowScope, rowID id: String, ok: inout Bool) -> (state: String?, drop: Bool) {
        let c = context
        guard let name = c.text(toNode, "the 'to' of row \(id)") else { return (nil, false) }
        if scope.stateIndex[name] != nil { return (name, false) }
        ok = false
        if c.isBroken(name) { return (nil, true) }
        c.unknown(name, "spec.unknown-state", "row \(id) goes to '\(name)', which is not a state", at: toNode.location, among: scope.states, rows: [id],
                  hint: c.fixtureKnows(name, as: .state))
        return (nil, false)
    }
}
