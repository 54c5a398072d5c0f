/// The boundary and boolean-literal operators: integer literals ±1 (and ×2, ÷2 for constants), `true` ↔ `false`.
enum LiteralOperators {
    /// The sites of both operators in `structure`.
    static func sites(in structure: SourceStructure) -> [FoundSite] {
        var sites: [FoundSite] = []
        for (index, token) in structure.tokens.enumerated() where !structure.frozen[index] {
            if token.kind == .integer, let value = decimalValue(index, in: structure) {
                for mutated in boundaryValues(value, constant: isConstant(index, in: structure)) {
                    sites.append(structure.site(.boundary, tokens: index, index, mutated: String(mutated),
                                                literal: true))
                }
            } else if token.isWord("true") || token.isWord("false") {
                sites.append(structure.site(.booleanLiteral, tokens: index, index,
                                            mutated: token.text == "true" ? "false" : "true", literal: true))
            }
        }
        return sites
    }

    /// The value of a decimal integer literal that is not a tuple index (`pair.0`), or nil.
    private static func decimalValue(_ index: Int, in structure: SourceStructure) -> Int? {
        let token = structure.tokens[index]
        if index > 0, structure.tokens[index - 1].isSymbol("."), !token.spaceBefore { return nil }
        let digits = token.text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// +1, -1 (not below 0), and for constants ×2 and ÷2; without repeats and without the value itself.
    static func boundaryValues(_ value: Int, constant: Bool) -> [Int] {
        var values: [Int] = []
        let plus = value.addingReportingOverflow(1)
        if !plus.overflow { values.append(plus.partialValue) }
        if value > 0 { values.append(value - 1) }
        if constant {
            let doubled = value.multipliedReportingOverflow(by: 2)
            if !doubled.overflow { values.append(doubled.partialValue) }
            values.append(value / 2)
        }
        var seen: Set<Int> = [value]
        return values.filter { seen.insert($0).inserted }
    }

    /// Whether a literal is a constant: outside any function body (`static let`, stored defaults, enum cases), or on a
    /// `case` line.
    private static func isConstant(_ index: Int, in structure: SourceStructure) -> Bool {
        if structure.functionBody[index] < 0 { return true }
        var first = index
        while first > 0, !structure.tokens[first].newlineBefore { first -= 1 }
        let words = BraceClassifier.strippingModifiers(Array(structure.tokens[first...index]))
        return words.first?.isWord("case") ?? false
    }
}
