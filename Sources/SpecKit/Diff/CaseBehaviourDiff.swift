/// The behaviour part of a diff for scenarios and matrices: the compiled cases of the spec, matched by id, whose
/// steps or expectations differ (where they are written is left out).
enum CaseBehaviourDiff {
    /// The cases of one spec whose content changed, as regions named by the case id.
    static func compare(spec: String, kind: String, old: [TestCase], new: [TestCase]) -> BehaviourChange? {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var regions: [BehaviourRegion] = []
        for id in Set(before.keys).union(after.keys).sorted() {
            let a = before[id].map(content), b = after[id].map(content)
            guard a != b else { continue }
            let (x, y) = differingSteps(a ?? [], b ?? [])
            regions.append(BehaviourRegion(place: "case \(id)", values: [], exact: true, count: 1,
                                           before: a == nil ? "no such case" : x, after: b == nil ? "no such case" : y,
                                           examples: []))
        }
        guard !regions.isEmpty else { return nil }
        return BehaviourChange(spec: spec, kind: kind, regions: regions, count: regions.count)
    }

    /// The steps without their lines and columns (the product values show in `SpecDiffResult.products`): each action,
    /// then what it checks, the effects only when the step names them (`kill`, `appear → state=Locked`,
    /// `fail → effects: none`).
    private static func content(_ c: TestCase) -> [String] {
        c.steps.map { step in
            var checks = step.expect.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            if let effects = step.effects {
                checks += (checks.isEmpty ? "" : "; ") + "effects: " + (effects.isEmpty ? "none" : effects.map(\.description).joined(separator: ", "))
            }
            return checks.isEmpty ? "\(step.action)" : "\(step.action) → \(checks)"
        }
    }

    /// Only the steps that differ, each as `step N: …`, on each side.
    private static func differingSteps(_ a: [String], _ b: [String]) -> (String, String) {
        let indices = (0..<max(a.count, b.count)).filter { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }
        let side: ([String]) -> String = { lines in
            indices.map { $0 < lines.count ? "step \($0 + 1): \(lines[$0])" : "step \($0 + 1): (none)" }.joined(separator: " | ")
        }
        return (side(a), side(b))
    }
}
