/// A decision table (a pure function from inputs to outputs, as rows) or a matrix (its inputs are the axes whose
/// product expands into cells, its outputs what each cell observes, each rule checked at every cell it covers).
public struct DecisionTable: Hashable, Sendable {
    /// The fixture function the table drives (`table:`), such as `capability.check`; several specs may drive one.
    public var table: Named
    /// The input columns (a matrix's axes).
    public var inputs: [Declaration]
    /// The output columns (what a matrix observes).
    public var outputs: [Declaration]
    /// How overlapping rows are treated (`unique` for a matrix).
    public var hit: HitPolicy
    /// The rules, in file order.
    public var rows: [DecisionRow]
    /// Where `rows:` is written: a gap in the table (a cell no rule covers) is reported there.
    public var rowsLocation: SourceLocation?
}

/// One rule of a decision table or a matrix.
public struct DecisionRow: Hashable, Sendable {
    /// The row's id, trace and location.
    public var identity: RowIdentity
    /// Conditions on the inputs.
    public var when: [Condition]
    /// Expected outputs (a matrix's `expect`); a decision's text output may hold `${input}` templates.
    public var then: [Binding]
}
