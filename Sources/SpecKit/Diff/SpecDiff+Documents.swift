extension SpecDiff {
    /// How each documented product value stands against its document on each side (`30s, where
    /// face-id-launch-lock.zh.md §2 says 60s ("60 秒"): D-GRACE-30: …`), listed when that standing changed: a value
    /// moved away from its document or back, a decision added or changed, an entry added, removed, its value or its
    /// quote changed. Sorted.
    static func documentChanges(_ old: [ProductFile], _ new: [ProductFile]) -> [String] {
        let before = standings(old), after = standings(new)
        return Set(before.keys).union(after.keys).sorted().compactMap { key in
            guard before[key] != after[key] else { return nil }
            return "\(key): \(before[key] ?? "(not documented)") → \(after[key] ?? "(not documented)")"
        }
    }

    /// Each documented value's standing, keyed by `fixture name`.
    private static func standings(_ products: [ProductFile]) -> [String: String] {
        var result: [String: String] = [:]
        for product in products {
            for (citation, r) in product.documentedRecords {
                var text = r.agrees ? "\(r.documented), as \(citation.text) says (\"\(r.quote)\")"
                    : "\(r.value), where \(citation.text) says \(r.documented) (\"\(r.quote)\")"
                if !r.agrees { text += r.decision.map { ": \($0)" } ?? ", with no decision" }
                result["\(product.fixture) \(r.name)"] = text
            }
        }
        return result
    }
}
