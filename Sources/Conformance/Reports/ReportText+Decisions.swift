import SpecKit

extension ReportText {
    /// A product value set with a decision, as the register shows it after the decision's words and `sets`:
    /// `launch-lock product value grace = 30s for every launch-lock spec that does not set its own
    /// (specs/launch-lock.product.yaml:11)`, or `product value grace = 1s for launch-lock.grace alone (specs/launch-lock.grace.yaml:9)`.
    static func decidedValue(_ v: DecisionRegister.ValueNote) -> String {
        let whose = v.spec.map { "product value \(v.name) = \(v.value) for \($0) alone" }
            ?? "\(v.fixture) product value \(v.name) = \(v.value) for every \(v.fixture) spec that does not set its own"
        return "\(whose) (\(v.file):\(v.line))"
    }

    /// A decision's rows as the register shows them: first those whose own decision names it (`reads` nil), then, per
    /// product value set with it and in the order first met, the rows that read that value.
    static func relianceGroups(_ rows: [DecisionRegister.Reliance]) -> [(reads: String?, rows: [DecisionRegister.Reliance])] {
        var groups: [(reads: String?, rows: [DecisionRegister.Reliance])] = []
        let own = rows.filter { $0.reads == nil }
        if !own.isEmpty { groups.append((nil, own)) }
        for row in rows {
            guard let name = row.reads else { continue }
            if let i = groups.firstIndex(where: { $0.reads == name }) { groups[i].rows.append(row) } else { groups.append((name, [row])) }
        }
        return groups
    }
}
