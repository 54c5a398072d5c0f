/// What the reader found when it checked a row's state names: the index in `Machine.states` of its one `from` state
/// and of its `to`, so that the model and the checks need not hash the names again (a table of 100,000 states has a
/// hash table too large for the cache, and each look-up then misses it).
///
/// A cache, never part of the row's value: two rows that differ only here are equal and hash alike. A hint is only
/// ever used through `StateResolver`, which checks that it still names that state, so a row or a state list changed
/// after reading falls back to a look-up by name.
struct StateHints: Hashable, Sendable {
    /// The index of the row's `from` state when it names exactly one, or -1.
    var from: Int32 = -1
    /// The index of the row's `to` state, or -1.
    var to: Int32 = -1

    static func == (_: StateHints, _: StateHints) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// The reader's index of a machine's state names (each name to its first position in `states`), kept with the states
/// it indexes so that it is used only while the machine's states are still those (`StateResolver`).
///
/// A cache, never part of the machine's value: it takes no part in equality or hashing.
struct StateNameIndex: Hashable, Sendable {
    /// The states the index was built from.
    var states: [Named] = []
    /// Each state's name to its index in `states`.
    var index: [String: Int] = [:]

    static func == (_: StateNameIndex, _: StateNameIndex) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Finds a state's index by name, through the reader's hints where they can be trusted: only while the machine's
/// states are still the ones the reader indexed (which hold no name twice), and only where the hinted position holds
/// that very name. Anything else is looked up in `index`, so the answer is always the one `index` gives.
struct StateResolver: Sendable {
    /// Each state's name to its index in `states` (the first, should a name repeat).
    let index: [String: Int]
    private let states: [Named]
    private let trustsHints: Bool

    init(_ machine: Machine) {
        states = machine.states
        if !machine.states.isEmpty && machine.nameIndex.states == machine.states {
            // Shares the reader's array: an O(1) comparison, no copy.
            (index, trustsHints) = (machine.nameIndex.index, true)
        } else {
            var index: [String: Int] = [:]
            index.reserveCapacity(states.count)
            for s in states.indices where index[states[s].name] == nil { index[states[s].name] = s }
            (self.index, trustsHints) = (index, false)
        }
    }

    /// The index of state `name`; `hint` is the reader's guess (`StateHints`), -1 for none.
    func callAsFunction(_ name: String, hint: Int32) -> Int? {
        let i = Int(hint)
        if trustsHints && i >= 0 && i < states.count && states[i].name == name { return i }
        return index[name]
    }
}
