/// A site as the finder first sees it: a character range of one file, before ids and numbers are given.
struct FoundSite: Sendable, Hashable {
    /// How a site can be put into the schemata.
    enum Placement: Sendable, Hashable {
        /// A literal token replaced in place by a ternary over the switch (the token's index).
        case literal(Int)
        /// Inside the function body opening at this token index: the body is copied once per mutant.
        case body(Int)
        /// The raw value of a case of the enum whose body opens at this token index: the enum gets a computed
        /// `rawValue` whose cases are ternaries over the switch.
        case rawValue(Int)
        /// Inside the initializer expression of a stored property or global (its first and last token): the
        /// expression is copied once per mutant into a ternary over the switch.
        case initializer(first: Int, last: Int)
        /// Neither: the site needs a build of its own.
        case fallback
    }

    /// The operator.
    var mutationOperator: MutationOperator
    /// The character offset where the change starts.
    var start: Int
    /// The character offset just past the change.
    var end: Int
    /// The text of the changed range.
    var original: String
    /// The replacement text.
    var mutated: String
    /// The index of a token of the site, whose declaration names the site.
    var anchor: Int
    /// How the site goes into the schemata.
    var placement: Placement
}

extension SourceStructure {
    /// A site replacing the characters `start..<end` by `mutated`, placed by the token `anchor`.
    func site(_ mutationOperator: MutationOperator, start: Int, end: Int, mutated: String, anchor: Int,
              literal: Bool = false) -> FoundSite {
        let placement: FoundSite.Placement
        if literal, !inPattern[anchor] {
            placement = .literal(anchor)
        } else if functionBody[anchor] >= 0 {
            placement = .body(functionBody[anchor])
        } else if literal, let enumeration = rawValueEnum(ofLiteral: anchor) {
            placement = .rawValue(enumeration.open)
        } else if let expression = storedInitializer(holding: start, end, anchor: anchor) {
            placement = .initializer(first: expression.first, last: expression.last)
        } else {
            placement = .fallback
        }
        return FoundSite(mutationOperator: mutationOperator, start: start, end: end,
                         original: text(start, end), mutated: mutated, anchor: anchor, placement: placement)
    }

    /// A site replacing the tokens `first...last` by `mutated`.
    func site(_ mutationOperator: MutationOperator, tokens first: Int, _ last: Int, mutated: String,
              literal: Bool = false) -> FoundSite {
        site(mutationOperator, start: tokens[first].start, end: tokens[last].end, mutated: mutated, anchor: first,
             literal: literal)
    }

    /// The source text of the characters `start..<end`.
    func text(_ start: Int, _ end: Int) -> String { String(source.characters[start..<end]) }

    /// The source text of the tokens `first...last`.
    func text(tokens first: Int, _ last: Int) -> String { text(tokens[first].start, tokens[last].end) }
}
