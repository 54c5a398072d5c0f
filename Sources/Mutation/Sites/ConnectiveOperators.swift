/// The relational and logical-connector operators: `> >= < <= == !=` and `&&` `||`, binary (spaced) uses only.
enum ConnectiveOperators {
    /// Each relational operator to the ones that make sense: its boundary neighbour and its negation.
    static let relational: [String: [String]] = [
        "<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="], ">=": [">", "<"], "==": ["!="], "!=": ["=="],
    ]

    /// The sites of both operators in `structure`.
    static func sites(in structure: SourceStructure) -> [FoundSite] {
        var sites: [FoundSite] = []
        for (index, token) in structure.tokens.enumerated()
        where token.kind == .op && token.isSpacedOut && !structure.frozen[index] {
            if index > 0, structure.tokens[index - 1].isWord("func") { continue }
            if let replacements = relational[token.text] {
                for mutated in replacements {
                    sites.append(structure.site(.relational, tokens: index, index, mutated: mutated))
                }
            } else if token.text == "&&" || token.text == "||" {
                sites.append(structure.site(.logicalConnector, tokens: index, index,
                                            mutated: token.text == "&&" ? "||" : "&&"))
            }
        }
        return sites
    }
}
