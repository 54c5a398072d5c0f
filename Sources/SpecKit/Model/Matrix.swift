/// A matrix: the product of a few axes, each cell checked against the rule that covers it.
public struct Matrix: Hashable, Sendable {
    /// The fixture function each cell drives (`table:`), such as `decoy.test-matrix`; several specs may drive one.
    public var table: Named
    /// The axes (enumerations or booleans), in the order declared.
    public var axes: [Declaration]
    /// What each cell observes.
    public var observe: [Declaration]
    /// The rules, in file order.
    public var rows: [MatrixRow]
    /// Where `rows:` is written: a cell no rule covers is reported there.
    public var rowsLocation: SourceLocation?
}

/// A rule of a matrix: the cells it covers and what they must show.
public struct MatrixRow: Hashable, Sendable {
    /// The row's id, trace and location.
    public var identity: RowIdentity
    /// Conditions on the axes.
    public var when: [Condition]
    /// Expected observations.
    public var expect: [Binding]
}
