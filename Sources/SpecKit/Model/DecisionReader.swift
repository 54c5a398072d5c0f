/// Reads the body of a `kind: decision` spec.
struct DecisionReader {
    let context: ReadContext

    func read(_ byKey: KeyedNodes) -> DecisionTable? {
        let c = context
        let inputs = byKey["inputs"].map { c.declarations($0, "inputs", allowText: false, allowInitial: false) } ?? []
        let outputs = byKey["outputs"].map { c.declarations($0, "outputs", allowText: true, allowInitial: false) } ?? []
        for output in outputs where inputs.contains(where: { $0.name == output.name }) {
            c.error("spec.name-clash", "'\(output.name)' is both an input and an output; rename one of them", at: output.location)
        }
        let hit = byKey["hit"].flatMap { MachineReader.choice($0, HitPolicy.self, "hit", context: c) } ?? .unique
        let rows = c.tableRows(byKey, what: "a decision row", resultKey: "then", conditions: inputs, tested: "an input of the table",
                               results: outputs, resultWhat: "an output")
        // A text output's `${name}` takes an input of the table, as the compiler fills it.
        let known = Set(inputs.map(\.name))
        for row in rows {
            for binding in row.then {
                guard case .text(let text) = binding.value else { continue }
                MachineReader.checkTemplates(in: text, of: "output '\(binding.name)' of row \(row.identity.id)", known: known,
                                             knownAs: "not an input of the table", at: binding.location, rowID: row.identity.id, context: c)
            }
        }
        guard !inputs.isEmpty || byKey["inputs"] != nil, let table = Self.table(byKey, context: c) else { return nil }
        return DecisionTable(table: table, inputs: inputs, outputs: outputs, hit: hit, rows: rows, rowsLocation: byKey.location(ofKey: "rows"))
    }

    /// The `table:` of a decision table or a matrix: the fixture function it drives, named like a spec id
    /// (`capability.check`). The key is required (a missing one is reported with the other missing keys): the table's
    /// own `id` is free, so an audit or regression table can drive the same function under an id of its own.
    static func table(_ byKey: KeyedNodes, context c: ReadContext) -> Named? {
        guard let node = byKey["table"], let text = c.text(node, "the table") else { return nil }
        guard SpecReader.isSpecID(text) else {
            c.error("spec.bad-name", "table '\(text)' should name a fixture function in lowercase words joined by '.' or '-', like capability.check",
                    at: node.location)
            return nil
        }
        return Named(name: text, location: node.location)
    }

    /// A mapping of declared names to values of their domains (`then` of a decision row, `expect` of a matrix row,
    /// `with` of a scenario's event: then `inputs` names the event, and a name not declared is one the scenario sends).
    static func bindings(_ node: NodeView, declared: [Declaration], what: String, rowID: String, inputs event: String? = nil,
                         context c: ReadContext) -> [Binding] {
        let whole = event.map { "the inputs of '\($0)' in scenario \(rowID)" } ?? "the expectations of \(c.rowNoun) \(rowID)"
        guard let entries = c.mapping(node, whole) else { return [] }
        return entries.compactMap { entry -> Binding? in
            guard let name = c.text(entry.key, "a name") else { return nil }
            guard let declaration = declared.first(where: { $0.name == name }) else {
                let says = event == nil ? "\(c.rowNoun) \(rowID) expects" : "scenario \(rowID) sends"
                c.unknown(name, "spec.unknown-name", "\(says) '\(name)', which is not \(what)", at: entry.key.location,
                          among: declared.map(\.name), rows: [rowID], under: event == nil ? nil : "with", beside: ScenarioReader.stepKeys)
                return nil
            }
            // A declaration reported wrong: its values follow from that finding.
            if c.isBroken(name), case .failure = declaration.domain.parse(entry.value.scalar ?? "") {
                c.quietFailures += 1
                return nil
            }
            return c.value(entry.value, declaration.domain, "'\(name)' in \(c.rowNoun) \(rowID)", rows: [rowID], declaration: declaration)
                .map { Binding(name: name, value: $0, location: entry.value.location) }
        }
    }
}
