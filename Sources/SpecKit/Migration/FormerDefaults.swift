/// Language 3's rule for the product values a fixture used to default: language 1 and 2 ran a launch-gates spec that
/// set no `appVersion` or `legalVersion` with `"1.1"` and `"2026-04-30"` (the launch-gates fixture before 912fd6f);
/// language 3 needs both written. Where the folder has the fixture's product file, the values are written there once,
/// for every spec that sets none; where it has none, each spec that relies on them lists the place, with the value it
/// ran with.
enum FormerDefaults {
    /// The values language 1 and 2 ran with when a spec set none, by fixture and parameter.
    static let values: [String: [(name: String, value: String)]] = [
        "launch-gates": [("appVersion", "1.1"), ("legalVersion", "2026-04-30")],
    ]

    /// The former defaults that some spec of `roots` relies on (it sets none, and the fixture's product file among
    /// `roots` sets none either), by fixture.
    static func reliedOn(_ roots: [NodeView], products: MigrationProducts) -> [String: [(name: String, value: String)]] {
        var relied: [String: [(name: String, value: String)]] = [:]
        for (fixture, defaults) in values {
            let specs = roots.filter { $0["fixture"]?.scalar == fixture && $0["kind"]?.scalar != "product" }
            relied[fixture] = defaults.filter { item in
                products.values[fixture]?[item.name] == nil && specs.contains { $0["product"]?[item.name] == nil }
            }
        }
        return relied.filter { !$0.value.isEmpty }
    }

    /// In the fixture's product file: each relied-on value added as the last entry of `product:`, at its entries'
    /// indentation, and listed; listed only where `product:` is not a block mapping with entries.
    static func addToProductFile(_ m: inout FileMigration) {
        guard let fixture = m.root["fixture"]?.scalar, let relied = m.products.reliedOn[fixture] else { return }
        let block = m.root.mapping?.first { $0.key.scalarIs("product") }
        let entries = block?.value.mapping.map { Array($0) } ?? []
        // A block mapping, not `product: {…}`: its entries can take one more line.
        let inBlock = block.map { m.edits.rest(at: $0.value.location).first != "{" } ?? false
        for item in relied {
            let line = "\(item.name): \(QuotedText.quote(item.value, QuotedText.yaml))"
            let why = "language 1 and 2 ran each '\(fixture)' spec that set no \(item.name) with \(QuotedText.quote(item.value, QuotedText.yaml))"
            guard inBlock, let last = entries.last, let first = entries.first else {
                let at = block?.key.location ?? m.root["fixture"]?.location ?? m.root.location
                m.choice("\(why); language 3 needs it written", at: at, hint: "add \(line) under product:", written: false)
                continue
            }
            let edit = m.edits.insertLine(String(repeating: " ", count: first.key.location.column - 1) + line, before: last.value.location.line + 1)
            m.addedChoice("\(why); it is now written here, for every '\(fixture)' spec that sets none", edit: edit,
                          column: first.key.location.column, hint: "if the specs are about another \(item.name), write that instead")
        }
    }

    /// In a spec when the folder has no product file for its fixture: each relied-on value it sets none of, listed at
    /// `fixture:` with the value it ran with.
    static func listInSpec(_ m: inout FileMigration) {
        guard let fixture = m.root["fixture"], let name = fixture.scalar, let relied = m.products.reliedOn[name] else { return }
        if let file = m.products.files[name] { return listConflicts(relied, file: file, fixture: name, &m) }
        for item in relied where m.root["product"]?[item.name] == nil {
            let value = QuotedText.quote(item.value, QuotedText.yaml)
            m.choice("language 1 and 2 ran this spec with \(item.name): \(value), as it set none; language 3 needs it written",
                     at: fixture.location,
                     hint: "add \(item.name): \(value) under product: in a product file for '\(name)' (every spec of it then has it), or in this spec",
                     written: false)
        }
    }

    /// Where the values are written into the product file, a spec that sets one of them to another value now
    /// differs from the product file: listed by the run that writes them, as language 3 asks why (`product.conflict`).
    private static func listConflicts(_ relied: [(name: String, value: String)], file: String, fixture: String, _ m: inout FileMigration) {
        for item in relied {
            guard let entry = m.root["product"]?.mapping?.first(where: { $0.key.scalarIs(item.name) }), let own = entry.value.scalar,
                  !m.sameProductValue(own, item.value, item.name, fixture) else { continue }
            let value = QuotedText.quote(item.value, QuotedText.yaml)
            // The spec's value as it reads once migrated (`v1_2` is "1.2"): the hint must not keep a name language 3 refuses.
            let written = m.writtenProductValue(own, item.name, fixture)
            m.choice("this spec sets \(item.name): \(written), and \(file) now says \(value) for every '\(fixture)' spec (what those that set none ran with)",
                     at: entry.key.location,
                     hint: "keep it for this spec only with \(item.name): {value: \(written), decision: \"D-…: why\"}, or remove the line",
                     written: false)
        }
    }
}
