/// `fixture.needs-product`: a decision row (or matrix cell) that the run would evaluate with an input value its fixture
/// can run only under other product values (`FixtureVocabulary.valueNeeds`: MedTime's `method: biometric` needs a
/// sensor, so not `biometricType: none`). Read from the compiled cases, so a row that leaves the input open, and each
/// product variant, is checked as it will run. One finding per row, value and product value, at the row.
func checkValueNeeds(_ cases: [TestCase], specs: [Spec], catalog: any FixtureCatalog) -> [Diagnostic] {
    var out: [Diagnostic] = []
    var reported: Set<[String]> = []
    for testCase in cases {
        guard let needs = catalog.vocabulary(of: testCase.fixture)?.valueNeeds, !needs.isEmpty else { continue }
        for step in testCase.steps {
            let table: String, inputs: [NamedValue]
            switch step.action {
            case .decide(let name, let given), .cell(let name, let given): (table, inputs) = (name, given)
            default: continue
            }
            for need in needs[table] ?? [] where inputs.contains(where: { $0.name == need.input && $0.value == need.value }) {
                guard let set = testCase.product.first(where: { $0.name == need.product }), need.excluded.contains(set.value),
                      reported.insert([testCase.spec, testCase.row, need.input, "\(need.value)", need.product, "\(set.value)"]).inserted
                else { continue }
                let spec = specs.first { $0.id == testCase.spec }
                out.append(needsProduct(need, set.value, table: table, testCase: testCase, step: step, spec: spec))
            }
        }
    }
    return out
}

/// The finding for one row: where the product value comes from (the spec, its product file, a variant) in a note.
private func needsProduct(_ need: ValueNeed, _ value: Value, table: String, testCase: TestCase, step: TestStep, spec: Spec?) -> Diagnostic {
    var notes: [String] = []
    if let variant = spec?.sharedVariants.first(where: { $0.name == need.product }) {
        notes.append("\(need.product) is a variant of the product file (at \(variant.location)): every row runs once per value, \(value) among them")
    } else if let binding = spec?.effectiveProduct.first(where: { $0.name == need.product }) {
        notes.append("\(need.product): \(value) is set at \(binding.location)")
    }
    return Diagnostic(.error, id: "fixture.needs-product",
        "row \(testCase.row) evaluates table '\(table)' with \(need.input): \(need.value) under \(need.product): \(value), which fixture '\(testCase.fixture)' cannot run: \(need.reason)",
        at: SourceLocation(file: testCase.file, line: step.line, column: step.column), rows: [testCase.row], notes: notes,
        hint: "give this row another \(need.input), or give this spec a \(need.product) other than "
            + need.excluded.map { "\($0)" }.joined(separator: " or ") + " (under product:, with a decision)")
}
