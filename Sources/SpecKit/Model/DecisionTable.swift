/// A decision table: a pure function from inputs to outputs, as rows.
public struct DecisionTable: Hashable, Sendable {
    /// The fixture function the table drives (`table:`), such as `capability.check`; several specs may drive one.
    public var table: Named
    /// The input columns.
    public var inputs: [Declaration]
    /// The output columns.
    public var outputs: [Declaration]
    /// How overlapping rows are treated.
    public var hit: HitPolicy
    /// The rules, in file order.
    public var rows: [DecisionRow]
    /// Where `rows:` is written: a gap in the table is reported there.
    public var rowsLocation: SourceLocation?
}

/// One rule of a decision table.
public struct DecisionRow: Hashable, Sendable {
    /// The row's id, trace and location.
    public var identity: RowIdentity
    /// Conditions on the inputs.
    public var when: [Condition]
    /// Expected outputs; a text output may hold `${input}` templates.
    public var then: [Binding]
}
