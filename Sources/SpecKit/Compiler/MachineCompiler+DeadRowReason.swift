extension MachineCompiler {
    /// Why a row never fires, when its own conditions tell: none of the states it starts from is reached, or in the
    /// situations of those states a variable it tests never takes a value it accepts (`in PINInput, pinFailures is
    /// only ever 0..3 there; the row needs 5 (pinAttempts - 1)`). That is what a product owner needs after moving a
    /// product value: which count the other rows no longer reach. Nil when each condition alone can be met and only
    /// their combination, or an earlier row, keeps it from firing.
    func deadRowReason(_ r: Int, reachability: MachineModel.Reachability) -> String? {
        let row = machine.rows[r]
        let states = row.from.isEmpty ? Set(machine.states.indices) : Set(row.from.compactMap { name in machine.states.firstIndex { $0.name == name } })
        let place = row.from.isEmpty ? "any state" : row.from.joined(separator: ", ")
        let situations = reachability.configurations.filter { states.contains($0.state) }
        guard !situations.isEmpty else {
            return row.from.count == 1 ? "its state \(place) is never reached" : "none of its states (\(place)) is ever reached"
        }
        for condition in row.when {
            guard let v = machine.variables.firstIndex(where: { $0.name == condition.name }) else { continue }  // an input takes any value
            let domain = machine.variables[v].domain
            let seen = Set(situations.compactMap { $0.values.indices.contains(v) ? domain.ordinal(of: $0.values[v]) : nil })
            guard !seen.contains(where: condition.set.contains) else { continue }
            let needs = domain.describe(condition.set)
            let written = condition.written.map { $0 == needs ? "" : " (\($0))" } ?? ""
            return "in \(place), \(condition.name) is only ever \(domain.describe(ValueSet(seen.map { $0...$0 }))) there; the row needs \(needs)\(written)"
        }
        return nil
    }

    /// What an unreachable state's finding adds: the rows that lead into it, which never fire (each `check.dead-row`
    /// says why), or that no row leads into it at all.
    func rowsInto(_ state: String, dead: Set<Int>) -> String {
        let into = machine.rows.indices.filter { machine.rows[$0].to == state && !(machine.rows[$0].from == [state]) }
        guard !into.isEmpty else { return "no row has 'to: \(state)'" }
        let ids = into.filter(dead.contains).map { machine.rows[$0].identity.id }
        guard !ids.isEmpty else { return "every row into it is taken by an earlier row or marked unmodelled" }
        return "the rows into it never fire (see each one's check.dead-row for why): \(listedNames(ids, most: TableCompiler.maximumListedTakers))"
    }
}
