extension SpecReader {
    /// The keys of one `documented:` entry.
    static let documentedKeys = (required: ["value", "source", "quote"], optional: ["notes"])

    /// `documented: {grace: {value: 60s, source: face-id-launch-lock.zh.md §2, quote: "60 秒"}}`: what the design
    /// documents say of the values set under `product:` (`values`). Each name must be one of them, its value is typed
    /// by the parameter's domain, and its source names a section.
    func readDocumented(_ node: NodeView, values: [Binding], variants: [ProductFile.Variant], context c: ReadContext) -> [DocumentedValue] {
        guard let entries = c.mapping(node, "documented") else { return [] }
        return entries.compactMap { entry -> DocumentedValue? in
            guard let name = c.name(entry.key, "a documented value's name") else { return nil }
            // A value already reported as wrong under product: is not called missing here.
            if c.product.broken.contains(name) { return nil }
            guard values.contains(where: { $0.name == name }) else {
                if let variant = variants.first(where: { $0.name == name }) {
                    variantDocumented(entry, variant, context: c)
                } else if c.product.declared?[name] != nil {
                    // A parameter of the fixture left out of product: (the core's default runs, or product.missing says
                    // the fixture needs it): nothing here to hold against the document.
                    c.warning("product.documented-unset", "'\(name)' is documented but not set under product:, so no spec runs with the document's \(entry.value["value"]?.scalar?.trimmingSpaces ?? "value") (where a spec needs it, the findings at that spec say so)",
                              at: entry.key.location, hint: "set \(name) under product:, or remove its documented: entry")
                } else {
                    c.unknown(name, "product.unknown-documented", "'\(name)' is not set under product:, so there is no value to hold against its document",
                              at: entry.key.location, among: values.map(\.name))
                }
                return nil
            }
            guard let inner = c.mapping(entry.value, "what the document says of '\(name)'") else { return nil }
            if let decision = inner.first(where: { $0.key.scalar == "decision" }) {
                // Said of the document, a decision would explain nothing: it belongs with the product's value.
                c.error("product.bad-documented", "a decision goes with the product's value, not with what the document says",
                        at: decision.key.location, hint: "move it under product: as \(name): {value: …, decision: \"D-…: why the product differs\"}")
                return nil
            }
            let byKey = c.keys(inner, of: entry.value, what: "what the document says of '\(name)'",
                               required: Self.documentedKeys.required, optional: Self.documentedKeys.optional)
            guard let valueNode = byKey["value"], let sourceNode = byKey["source"], let quoteNode = byKey["quote"],
                  let value = documentedValue(valueNode, name: name, context: c), let written = valueNode.scalar,
                  let source = c.citation(sourceNode, "the source of documented value '\(name)'"),
                  let quote = c.text(quoteNode, "the quote of documented value '\(name)'") else { return nil }
            let citations = Citation.all(in: source)
            guard citations.count == 1, let citation = citations.first, !citation.section.isEmpty, !citation.document.isEmpty else {
                c.error("product.bad-documented", "the source of documented value '\(name)' must name one section: '<document> §<section>'",
                        at: sourceNode.location, hint: "write the section that states the value, such as face-id-launch-lock.zh.md §2")
                return nil
            }
            if Self.quote(quote, states: value) == false {
                c.warning("product.quote-without-value",
                          "the quote of documented value '\(name)' does not state \(written.trimmingSpaces): \(Self.missing(value))",
                          at: quoteNode.location, hint: "quote the words of \(source) that give the value, or correct the value")
            }
            return DocumentedValue(name: name, value: value, written: written.trimmingSpaces, citation: citation, quote: quote,
                                   location: entry.key.location, quoteLocation: quoteNode.location)
        }
    }

    /// A documented value of a parameter listed under `variants:`: the specs run with each value, so the document's
    /// is checked when it is one of them; a warning when none is.
    private func variantDocumented(_ entry: NodeView.Entry, _ variant: ProductFile.Variant, context c: ReadContext) {
        guard let node = entry.value["value"], let value = documentedValue(node, name: variant.name, context: c),
              !variant.values.contains(where: { $0.value == value }) else { return }
        c.warning("product.documented-unset",
                  "'\(variant.name)' is documented as \(value), but its variants (\(listedNames(variant.values.map(\.value.description), most: 5))) do not include it, so no spec runs with the document's value",
                  at: entry.key.location, hint: "add \(value) to its variants, or remove its documented: entry")
    }

    /// Whether `quote` states `value`: a number (an int, or a duration in ms, s, min, h or d) among the quote's numbers,
    /// a text within it; nil for a flag or a name, which a document states in its own words (`关`, `仅锁开启时`).
    static func quote(_ quote: String, states value: Value) -> Bool? {
        switch value {
        case .int(let n): return numbers(in: quote).contains(Double(n))
        case .duration(let ms):
            let units: [Double] = [1, 1000, 60_000, 3_600_000, 86_400_000]
            return !Set(units.map { Double(ms) / $0 }).isDisjoint(with: numbers(in: quote))
        case .text(let text): return quote.contains(text)
        case .bool, .symbol: return nil
        }
    }

    /// What a quote that does not state `value` lacks, for the warning.
    private static func missing(_ value: Value) -> String {
        switch value {
        case .duration: "it holds no number that is this duration in ms, s, min, h or d"
        case .int(let n): "it holds no \(n)"
        default: "it does not contain it"
        }
    }

    /// The numbers written in a text (`1`, `60`, `0.5`): runs of digits with at most one `.` between digits.
    static func numbers(in text: String) -> Set<Double> {
        var found: Set<Double> = []
        var current = ""
        for character in text + " " {
            if character.isASCII && character.isNumber || (character == "." && !current.isEmpty && !current.contains(".")) {
                current.append(character)
            } else {
                if current.hasSuffix(".") { current.removeLast() }
                if let number = Double(current) { found.insert(number) }
                current = ""
            }
        }
        return found
    }

    /// A documented value, typed by the parameter's domain when the fixture's parameters are known.
    private func documentedValue(_ node: NodeView, name: String, context c: ReadContext) -> Value? {
        guard let text = c.text(node, "the documented value of '\(name)'") else { return nil }
        return c.typedProductValue(text, of: name, quoted: node.isQuoted, at: node.location, what: "documented value of '\(name)'")
    }

    /// Each value of `product:` held against what its document says: one that differs is a warning unless it says why
    /// (`{value: 30s, decision: "D-…"}`), and a decision on a value that agrees with its document explains nothing.
    static func checkAgainstDocuments(_ values: [Binding], _ documented: [DocumentedValue], context c: ReadContext) {
        for said in documented {
            guard let value = values.first(where: { $0.name == said.name }) else { continue }
            let document = "\(said.source) says \(said.written) (\"\(said.quote)\"), written at \(said.location)"
            if value.value != said.value && value.decision == nil {
                c.warning("product.differs-from-document", "product value '\(said.name)' is \(value.value), but \(document)",
                          at: value.location,
                          hint: "if the product chose otherwise, say why: \(said.name): {value: \(value.value), decision: \"D-…: why the product differs from \(said.source)\"}; if the document changed, change documented: too")
            } else if value.value == said.value, value.decision != nil {
                c.warning("product.decision-without-difference", "product value '\(said.name)' is \(value.value), as \(said.source) says (\(said.written)), so its decision explains no difference",
                          at: value.location, hint: "remove the decision, or write {value: …} only where the value differs from the document")
            }
        }
    }
}
