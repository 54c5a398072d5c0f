extension SpecReader {
    /// The keys of a product file: the header of a spec, with `product:` required and no table.
    static let productFileKeys = (required: ["id", "kind", "title", "source", "fixture", "product"], optional: ["notes", "variants", "documented", "language"])

    /// Reads a product file (`kind: product`). Returns it (nil when its header cannot be read), the parameters whose
    /// value is outside its domain (left out of the file and already reported, so references to them say nothing
    /// more), and every finding. A wrong value does not drop the others: specs still inherit every good value.
    public func readProductFile(_ root: NodeView, file: String) -> (product: ProductFile?, broken: Set<String>, diagnostics: [Diagnostic]) {
        let c = ReadContext(file: file)
        let product = readProductFile(root, context: c)
        return (product, c.product.broken, c.diagnostics.sorted())
    }

    private func readProductFile(_ root: NodeView, context c: ReadContext) -> ProductFile? {
        guard let entries = c.mapping(root, "a product file") else { return nil }
        guard c.languageIsCurrent(root["language"]) else { return nil }
        let byKey = c.keys(entries, of: root, what: "a product file", required: Self.productFileKeys.required, optional: Self.productFileKeys.optional)
        let (id, title, source, fixture) = Self.header(byKey, idName: "id", example: "launch-lock.product", context: c)
        c.product.declared = fixture.flatMap(productDomains)
        let values = byKey["product"].map { c.productBindings($0, "product") } ?? []
        let variants = byKey["variants"].map { node in
            Self.cappedVariants(readVariants(node, fixed: values, context: c),
                                at: byKey.location(ofKey: "variants") ?? node.location, context: c)
        } ?? []
        let documented = byKey["documented"].map { readDocumented($0, values: values, variants: variants, context: c) } ?? []
        Self.checkAgainstDocuments(values, documented, context: c)
        guard let id, let title, let source, let fixture else { return nil }
        return ProductFile(id: id, title: title, source: source, fixture: fixture, product: values, variants: variants,
                           documented: documented, file: c.file, location: root.location)
    }

    /// The header a spec and a product file share: the id and the fixture, each checked for shape (`idName` and
    /// `example` word the id's finding), the title and the source. A part missing or malformed is nil, already reported.
    static func header(_ byKey: KeyedNodes, idName: String, example: String, context c: ReadContext)
        -> (id: String?, title: String?, source: String?, fixture: String?) {
        var id: String?
        if let node = byKey["id"], let text = c.text(node, "the \(idName)") {
            if !isSpecID(text) {
                c.error("spec.bad-spec-id", "\(idName) '\(ReadContext.shortened(text))' should be lowercase words joined by '.' or '-', like \(example)", at: node.location)
            } else if let tooLong = ReadContext.lengthProblem(of: text, named: idName) {
                c.error("spec.bad-spec-id", tooLong, at: node.location)
            } else {
                id = text
            }
        }
        let title = byKey["title"].flatMap { c.text($0, "the title") }
        let source = byKey["source"].flatMap { c.citation($0, "the source") }
        var fixture: String?
        if let node = byKey["fixture"], let text = c.text(node, "the fixture") {
            if isSpecID(text) { fixture = text } else {
                c.error("spec.bad-name", "fixture '\(text)' should be lowercase words joined by '-', like launch-lock", at: node.location)
            }
        }
        return (id, title, source, fixture)
    }

    /// The most combinations of variant values a product file may give: every case of its fixture is compiled once
    /// per combination (the specs' product files give at most 2).
    public static let maximumVariantCombinations = 100

    /// The variants, or none when their combinations (the product of their value counts, counted without building
    /// one) exceed `maximumVariantCombinations`: then a `product.too-many-variants` at `variants:`, and their
    /// parameters are marked broken, so a spec that needs one is not told again.
    static func cappedVariants(_ variants: [ProductFile.Variant], at location: SourceLocation, context c: ReadContext) -> [ProductFile.Variant] {
        let combinations = RegionAnalysis.product(variants.lazy.map(\.values.count))
        guard (combinations ?? .max) > maximumVariantCombinations else { return variants }
        let counts = variants.map { "\($0.name) \($0.values.count)" }.joined(separator: " × ")
        let total = combinations.map { "\($0)" } ?? "more than \(Int.max)"
        c.error("product.too-many-variants",
                "variants: gives \(total) combinations (\(counts)); every case of the fixture runs once per combination, and a product file gives at most \(maximumVariantCombinations), so its variants are not used",
                at: location, hint: "list fewer values, or set a parameter under product: with one value")
        for variant in variants { c.product.broken.insert(variant.name) }
        return []
    }

    /// `variants: {derivation: [parallel, sequential]}`: each parameter with at least two distinct values, typed by
    /// its domain when the fixture's parameters are known, and not also given one value under `product:`.
    private func readVariants(_ node: NodeView, fixed: [Binding], context c: ReadContext) -> [ProductFile.Variant] {
        guard let entries = c.mapping(node, "variants") else { return [] }
        return entries.compactMap { entry -> ProductFile.Variant? in
            guard let name = c.name(entry.key, "a variant's parameter"), let items = c.list(entry.value, "the values of variant '\(name)'") else { return nil }
            if let fixedValue = fixed.first(where: { $0.name == name }) {
                c.error("product.bad-variant", "'\(name)' is set under product: and listed under variants: give it one or the other",
                        at: entry.key.location, notes: ["product: sets it at \(fixedValue.location)"])
                return nil
            }
            var values: [Binding] = []
            var failed = false
            for item in items {
                guard let text = c.text(item, "a value of variant '\(name)'") else { continue }
                guard let value = c.typedProductValue(text, of: name, quoted: item.isQuoted, at: item.location, what: "variant '\(name)'") else {
                    failed = true
                    continue
                }
                if values.contains(where: { $0.value == value }) {
                    c.error("product.bad-variant", "variant '\(name)' lists \(value) twice", at: item.location)
                    continue
                }
                values.append(Binding(name: name, value: value, location: item.location))
            }
            guard values.count >= 2 else {
                if failed { return nil } // the value's own finding is the root cause
                c.error("product.bad-variant", "variant '\(name)' needs at least two values: with one, write it under product:", at: entry.value.location)
                return nil
            }
            return ProductFile.Variant(name: name, values: values, location: entry.key.location)
        }
    }
}
