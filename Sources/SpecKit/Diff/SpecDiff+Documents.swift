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
            for said in product.documented {
                guard let value = product.product.first(where: { $0.name == said.name }) else { continue }
                let agrees = value.value == said.value
                var text = agrees ? "\(said.written), as \(said.source) says (\"\(said.quote)\")"
                    : "\(value.value), where \(said.source) says \(said.written) (\"\(said.quote)\")"
                if !agrees { text += value.decision.map { ": \($0)" } ?? ", with no decision" }
                result["\(product.fixture) \(said.name)"] = text
            }
        }
        return result
    }
}
