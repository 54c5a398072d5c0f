/// The kinds of fault `lockspec mutate` seeds into a core's sources, one per mutation operator.
///
/// The raw values are stable: they appear in mutant ids, in the accepted-survivors file and in every report.
public enum MutationOperator: String, Codable, Sendable, CaseIterable, Comparable {
    /// A relational operator replaced by another (`>` by `>=`, `==` by `!=`, …).
    case relational
    /// An integer or duration literal moved by one, doubled or halved (constants on `case` and `static let` lines too).
    case boundary
    /// `true` replaced by `false` or the reverse.
    case booleanLiteral
    /// `&&` replaced by `||` or the reverse.
    case logicalConnector
    /// The condition of an `if`, `guard` or `while` negated.
    case negatedCondition
    /// One conjunct (`a && b`, or one clause of a comma-separated condition) dropped from a condition.
    case droppedConjunct
    /// A statement that only calls something (a store write, an emitted effect) removed.
    case removedCall
    /// The two branches of an `if`/`else` or of a ternary swapped.
    case swappedBranches
    /// The value of a `return` replaced by a default value of the function's result type.
    case defaultReturn

    /// Orders operators by their declaration order, so reports list them the same way every time.
    public static func < (lhs: MutationOperator, rhs: MutationOperator) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
