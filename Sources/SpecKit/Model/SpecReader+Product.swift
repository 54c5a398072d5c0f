extension SpecReader {
    /// The keys of a product file: the header of a spec, with `product:` required and no table.
    static let productFileKeys = (required: ["id", "kind", "title", "source", "fixture", "product"], optional: ["notes"])

    /// Reads a product file (`kind: product`). Returns it (nil when its header cannot be read), the parameters whose
    /// value is outside its domain (left out of the file and already reported, so references to them say nothing
    /// more), and every finding. A wrong value does not drop the others: specs still inherit every good value.
    public func readProductFile(_ root: Node, file: String) -> (product: ProductFile?, broken: Set<String>, diagnostics: [Diagnostic]) {
        let c = ReadContext(file: file)
        let product = readProductFile(root, context: c)
        return (product, c.product.broken, c.diagnostics.sorted())
    }

    private func readProductFile(_ root: Node, context c: ReadContext) -> ProductFile? {
        guard let entries = c.mapping(root, "a product file") else { return nil }
        let byKey = c.keys(entries, of: root, what: "a product file", required: Self.productFileKeys.required, optional: Self.productFileKeys.optional)
        var id: String?
        if let node = byKey["id"], let text = c.text(node, "the id") {
            if Self.isSpecID(text) { id = text } else {
                c.error("spec.bad-spec-id", "id '\(text)' should be lowercase words joined by '.' or '-', like launch-lock.product", at: node.location)
            }
        }
        let title = byKey["title"].flatMap { c.text($0, "the title") }
        let source = byKey["source"].flatMap { c.text($0, "the source") }
        var fixture: String?
        if let node = byKey["fixture"], let text = c.text(node, "the fixture") {
            if Self.isSpecID(text) { fixture = text } else {
                c.error("spec.bad-name", "fixture '\(text)' should be lowercase words joined by '-', like launch-lock", at: node.location)
            }
        }
        c.product.declared = fixture.flatMap { productDomains[$0] }
        let values = byKey["product"].map { c.productBindings($0, "product") } ?? []
        guard let id, let title, let source, let fixture else { return nil }
        return ProductFile(id: id, title: title, source: source, fixture: fixture, product: values, file: c.file, location: root.location)
    }
}
