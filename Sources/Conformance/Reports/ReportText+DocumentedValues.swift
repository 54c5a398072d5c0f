import SpecKit

extension ReportText {
    /// A product value a section states, as the coverage lists it: `grace = 60s, as the document says ("60 秒")`, or
    /// where it differs, the decision that says why, or that none does.
    static func documentedValue(_ v: DocumentedValueRecord) -> String {
        // Agreeing, the value is shown as the product file writes what the document says (`60s`, not `1m`).
        if v.agrees { return "\(v.fixture) product value \(v.name) = \(v.documented), as the document says (\"\(v.quote)\")" }
        let said = "\(v.fixture) product value \(v.name) = \(v.value)"
        let differs = "\(said), where the document says \(v.documented) (\"\(v.quote)\")"
        guard let decision = v.decision else { return differs + ", and no decision says why (lint: product.differs-from-document)" }
        return "\(differs): \(decision)"
    }

    /// A sentence for beside the verdict when a product value differs from what its document says and no decision says
    /// why (every row then checks the product's value, not the document's; `lint --strict` fails on it), or nil.
    static func documentedValueGap(_ result: RunResult) -> String? {
        let open = differing(result, decided: false).map { "\($0.fixture) \($0.name) = \($0.value) (the document says \($0.documented))" }
        guard !open.isEmpty else { return nil }
        return "Product values: \(counted(open.count, "value")) \(open.count == 1 ? "differs" : "differ") from the design documents with no decision recorded, so the rows check the product's value, not the document's: "
            + open.joined(separator: "; ")
    }

    /// A sentence for beside the verdict when a product value departs from what its document says by a recorded
    /// decision (legitimate, but an auditor reading the verdict should know): `Product values: 1 value departs from the
    /// design documents by a recorded decision: launch-lock grace = 30s (the document says 60s; D-GRACE-30)`, the
    /// decision named by its id, or by its words when it has none; nil when no value does.
    static func documentedValueDeparture(_ result: RunResult) -> String? {
        let decided = differing(result, decided: true).map { v in
            let decision = v.decision.map { DecisionRegister.split($0).id ?? $0 } ?? ""
            return "\(v.fixture) \(v.name) = \(v.value) (the document says \(v.documented); \(decision))"
        }
        guard !decided.isEmpty else { return nil }
        return "Product values: \(counted(decided.count, "value")) \(decided.count == 1 ? "departs" : "depart") from the design documents by a recorded decision: "
            + decided.joined(separator: "; ")
    }

    /// The documented values that differ from the product's, with a decision recorded or without, each value once
    /// (a value several sections state is listed under each), in the documents' order; only those of the fixtures
    /// whose specs ran (a run of one spec says nothing of another fixture's values).
    private static func differing(_ result: RunResult, decided: Bool) -> [DocumentedValueRecord] {
        var seen: Set<String> = []
        let ran = Set(result.cases.map(\.spec))
        let fixtures = Set(result.specs.filter { ran.contains($0.id) }.map(\.fixture))
        return (result.sections?.documents ?? []).flatMap { d in
            d.sections.flatMap { ($0.values ?? []).filter { !$0.agrees && ($0.decision != nil) == decided && fixtures.contains($0.fixture) } }
        }.filter { seen.insert("\($0.fixture) \($0.name) = \($0.value) \($0.documented) \($0.decision ?? "")").inserted }
    }
}

extension DocumentedValueRecord {
    /// The value as the reports list it under the section that states it (`ReportText.documentedValue`):
    /// `launch-lock product value grace = 60s, as the document says ("后台宽限 | 60 秒")`, or where the product's value
    /// differs, what the document says and the decision that says why, or that none does (lint's
    /// `product.differs-from-document`). The workbench's product page shows the same words.
    public var reportText: String { ReportText.documentedValue(self) }
}
