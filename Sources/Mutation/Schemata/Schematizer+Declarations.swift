/// The schemata of sites outside function bodies: a stored property's initializer as a ternary over copies of the
/// expression, and an enum's raw values as a computed `rawValue` (a raw value must be a literal, so the enum stops
/// declaring a raw type and conforms to `RawRepresentable` by hand, with the same values when no mutant is active).
extension Schematizer {
    /// `(on(N) ? (expression with mutant N) : … : (expression))`: the original keeps its literal ternaries.
    func writeTernary(of range: Range<Int>, sites: [MutationSite], literals: [Edit], to output: inout Output) {
        output.append("(")
        for site in sites {
            var copy = Output(file: output.file)
            write(range, edits: [mutantEdit(site)], to: &copy)
            output.appendRegion("\(Self.switchName).on(\(site.number)) ? (" + copy.text + ") : ", ids: [site.id])
        }
        output.append("(")
        write(range, edits: literals, to: &output)
        output.append("))")
    }

    /// The raw type becomes `RawRepresentable`, each `= literal` goes, and before the enum's closing brace come
    /// `typealias RawValue`, a `rawValue` that switches over the cases (a ternary for a case with sites) and an
    /// `init?(rawValue:)` that finds the case whose `rawValue` matches.
    func rawValueEdits(_ enumeration: RawValueEnum, sites: [MutationSite]) -> [Edit] {
        let tokens = structure.tokens
        let rawType = tokens[enumeration.rawType]
        var edits = [Edit(start: rawType.start, end: rawType.end) { $0.append("RawRepresentable") }]
        for entry in enumeration.cases {
            edits.append(Edit(start: tokens[entry.name].end, end: tokens[entry.literal].end) { _ in })
        }
        let close = tokens[structure.match[enumeration.open]].start
        edits.append(Edit(start: close, end: close) { output in
            self.writeRawValueMembers(enumeration, sites: sites, to: &output)
        })
        return edits
    }

    private func writeRawValueMembers(_ enumeration: RawValueEnum, sites: [MutationSite], to output: inout Output) {
        let tokens = structure.tokens
        let access = enumeration.access
        let type = tokens[enumeration.rawType].text
        output.append("\n    \(access)typealias RawValue = \(type)\n    \(access)var rawValue: \(type) {\n        switch self {\n")
        for entry in enumeration.cases {
            let literal = tokens[entry.literal]
            let mine = sites.filter { lines.offset(line: $0.line, column: $0.column) == literal.start }
            let value = mine.isEmpty ? literal.text : Self.ternary(original: literal.text, sites: mine)
            output.appendRegion("        case .\(tokens[entry.name].text): return \(value)", ids: mine.map(\.id))
            output.append("\n")
        }
        let all = enumeration.cases.map { "Self.\(tokens[$0.name].text)" }.joined(separator: ", ")
        output.append("        }\n    }\n    \(access)init?(rawValue: \(type)) {\n"
            + "        for candidate in [\(all)] where candidate.rawValue == rawValue {\n"
            + "            self = candidate\n            return\n        }\n        return nil\n    }\n")
    }
}
