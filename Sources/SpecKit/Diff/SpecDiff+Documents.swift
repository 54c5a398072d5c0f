extension SpecDiff {
    /// How each documented product value stands against its document on each side, listed when that standing changed:
    /// a value moved away from its document or back, a decision added or changed, an entry added, removed, its value
    /// or its quote changed. A document entry the same on both sides is written once, before the two standings
    /// (`launch-lock grace: face-id-launch-lock.zh.md §2 says 60s ("后台宽限 | 60 秒"); 60s, as it says → 30s, with no
    /// decision`); one that changed, on each side (`60s, as doc.md §2 says ("60 s") → 60s, as doc.md §2 says ("after
    /// 60 s")`). Sorted.
    static func documentChanges(_ old: [ProductFile], _ new: [ProductFile]) -> [String] {
        let before = standings(old), after = standings(new)
        return Set(before.keys).union(after.keys).sorted().compactMap { key in
            let (a, b) = (before[key], after[key])
            guard a != b else { return nil }
            if let a, let b, a.entry == b.entry { return "\(key): \(a.entry); \(a.standing) → \(b.standing)" }
            return "\(key): \(a?.whole ?? "(not documented)") → \(b?.whole ?? "(not documented)")"
        }
    }

    /// The words of the new side's rows still written against a value its document has since changed (the document's
    /// `firstBlock` moved from 1m to 2m, a decision still says "blocks 60 s"): the new side read again with the old
    /// side's documented values where they differ (`SpecCompiler.formerDocuments`), the `product.stale-number` and
    /// `product.at-domain-edge` findings it gives that the new side alone does not, as `file:line:col: severity:
    /// message`. Lint cannot see them: once the product file documents the new value, nothing says what the old one was.
    /// Sorted.
    func staleWording(_ old: [ProductFile], _ new: [ProductFile], side: DiffSide, compiled: SpecCompiler.Compilation) -> [String] {
        var former: [String: [String: DocumentedValue]] = [:]
        for product in new {
            let was = (old.first { $0.fixture == product.fixture }?.documented ?? []).firstByKey { ($0.name, $0) }
            for value in product.documented {
                if let earlier = was[value.name], earlier.value != value.value { former[product.fixture, default: [:]][value.name] = earlier }
            }
        }
        guard !former.isEmpty else { return [] }
        var compiler = SpecCompiler(catalog: catalog)
        compiler.formerDocuments = former
        let ids: Set<String> = ["product.stale-number", "product.at-domain-edge"]
        let shown = { (d: Diagnostic) in "\(d.location): \(d.severity): \(d.message)" }
        let already = Set(compiled.diagnostics.filter { ids.contains($0.id) }.map(shown))
        return compiler.compile(sources: side.sources).diagnostics
            .filter { ids.contains($0.id) && side.compares($0.location.file) }.map(shown)
            .filter { !already.contains($0) }.sorted()
    }

    /// A documented value on one side: what its document says, and how the product value stands against it.
    private struct Standing: Equatable {
        /// The document's entry: `doc.md §2 says 60s ("60 秒")`.
        var entry: String
        /// The value against it: `60s, as it says`, `30s: D-GRACE-30: …`, `30s, with no decision`.
        var standing: String
        /// Both, for a side written alone: `60s, as doc.md §2 says ("60 秒")`, `30s, where doc.md §2 says 60s ("60 秒"), with no decision`.
        var whole: String
    }

    /// Each documented value's standing, keyed by `fixture name`.
    private static func standings(_ products: [ProductFile]) -> [String: Standing] {
        var result: [String: Standing] = [:]
        for product in products {
            for (citation, r) in product.documentedRecords {
                let decided = r.decision.map { ": \($0)" } ?? ", with no decision", quote = "(\"\(r.quote)\")"
                let entry = "\(citation.text) says \(r.documented) \(quote)"
                result["\(product.fixture) \(r.name)"] = r.agrees
                    ? Standing(entry: entry, standing: "\(r.documented), as it says", whole: "\(r.documented), as \(citation.text) says \(quote)")
                    : Standing(entry: entry, standing: "\(r.value)\(decided)", whole: "\(r.value), where \(entry)\(decided)")
            }
        }
        return result
    }
}
