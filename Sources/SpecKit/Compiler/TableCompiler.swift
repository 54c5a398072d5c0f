/// Checks decision tables and matrices (completeness, conflicts, redundancy, shadowing) and turns their rows into
/// test cases: a decision row is checked at the edges of every input combination where it is the row that decides;
/// a matrix rule becomes one test case per cell it covers.
struct TableCompiler {
    /// The most input combinations one decision row is checked at.
    static let maximumPointsPerRow = 32
    /// The most gaps listed per table; the rest are counted.
    static let maximumListedGaps = 20

    let spec: Spec
    private(set) var diagnostics: [Diagnostic] = []
    /// Why each row of the decision table or matrix compiled has no case, by row index (nil where it has one); empty
    /// for scenarios, which all have one.
    private(set) var noCase: [RowRecord.NoCase?] = []

    init(spec: Spec) { self.spec = spec }

    /// Runs the region analysis shared by both kinds; returns, per row, the atoms it decides.
    private mutating func analyse(_ declarations: [Declaration], _ rows: [DecisionRow], hit: HitPolicy, what: String, rowsAt: SourceLocation?)
        -> (analysis: RegionAnalysis, wins: [[[Int]]])? {
        let analysis = RegionAnalysis(declarations: declarations, conditions: rows.map(\.when))
        guard analysis.atomCount != nil else {
            noCase = Array(repeating: .pastLimit, count: rows.count)
            diagnostics.append(Diagnostic(.warning, id: "check.limit",
                "the \(what) splits its inputs into more than \(RegionAnalysis.maximumAtoms) combinations; it was not checked for gaps or conflicts",
                at: spec.location))
            return nil
        }
        var wins = [[[Int]]](repeating: [], count: rows.count)
        var gaps = Gaps()
        var overlaps = RowOverlaps()
        analysis.forEachAtom { atom, matches in
            guard let first = matches.first else { return gaps.add(atom, in: analysis) }
            wins[first].append(atom)
            if hit == .unique { overlaps.add(atom, matches: matches, size: analysis.size(atom)) }
        }
        // Rows reported as the later row of a conflicting or redundant pair (`hit: unique`).
        var overlapped = [Bool](repeating: false, count: rows.count)
        for pair in overlaps.pairs {
            overlapped[pair.later] = true
            diagnostics.append(overlap(pair, rows, overlaps, in: analysis))
        }
        // At `rows:`, where a row would be added (the spec's start when the key is not there to point at).
        if let gap = gaps.finding(what: what, at: rowsAt ?? spec.location) { diagnostics.append(gap) }
        // Under `hit: unique` a row an earlier row covers is already reported, once, as the conflict or redundancy of
        // the pair: a dead-row finding as well would report it twice.
        reportDeadRows(rows.indices.filter { wins[$0].isEmpty && !overlapped[$0] }, of: rows, in: analysis)
        noCase = wins.map { $0.isEmpty ? .neverFires : nil }
        return (analysis, wins)
    }

    /// Two rows that match the same inputs under `hit: unique`: a conflict when their results differ (naming each
    /// result that does), else a redundancy (naming the row that adds nothing, or saying neither does).
    private func overlap(_ pair: RowOverlaps.Pair, _ rows: [DecisionRow], _ overlaps: RowOverlaps, in analysis: RegionAnalysis) -> Diagnostic {
        let (a, b) = (rows[pair.earlier], rows[pair.later])
        let results = (a: a.then.firstByKey { ($0.name, $0.value) }, b: b.then.firstByKey { ($0.name, $0.value) })
        let differing = Set(results.a.keys).union(results.b.keys).sorted().filter { results.a[$0] != results.b[$0] }
        // A text with spaces is quoted, so two of them do not run together (`'PIN incorrecto. 1 intentos restantes' in …`).
        let said = { (value: Value?) in value.map { v in v.description.contains(" ") ? "'\(v)'" : v.description } ?? "not set" }
        let which = differing.map { "\($0) is \(said(results.a[$0])) in \(a.identity.id), \(said(results.b[$0])) in \(b.identity.id)" }
        return RowOverlaps.finding(a.identity, b.identity, match: RowOverlaps.place(pair, in: analysis),
                                   differ: differing.isEmpty ? nil : "give different results: " + which.joined(separator: "; "),
                                   alike: "give the same result", covered: overlaps.covered(pair).map { rows[$0].identity.id })
    }

    /// The groups of inputs no row matches (atoms of the analysis), the first `maximumListedGaps` described, and the
    /// input combinations (one value on each input) they hold.
    private struct Gaps {
        var listed: [String] = []
        var count = 0
        /// Nil once past `Int.max`.
        var combinations: Int? = 0

        mutating func add(_ atom: [Int], in analysis: RegionAnalysis) {
            count += 1
            combinations = RegionAnalysis.sum(combinations, analysis.size(atom))
            if listed.count < TableCompiler.maximumListedGaps { listed.append(analysis.describe(atom)) }
        }

        /// The `check.gap` error, or nil when no input is left without a row: it counts groups (a range of 16
        /// values is one) and says how many combinations they hold, or counts combinations when each group is one.
        func finding(what: String, at location: SourceLocation) -> Diagnostic? {
            guard count > 0 else { return nil }
            var notes = listed.map { "no row for \($0)" }
            if count > listed.count { notes.append("… and \(count - listed.count) more") }
            let has = count == 1 ? "has" : "have"
            // Groups of one combination each are counted as combinations.
            let message = combinations == count ? "the \(what) is not complete: \(counted(count, "combination")) \(has) no row"
                : "the \(what) is not complete: \(counted(count, "group")) of inputs ("
                    + (combinations.map { "\($0) combinations" } ?? "more combinations than can be counted") + ") \(has) no row"
            return Diagnostic(.error, id: "check.gap", message, at: location, notes: notes)
        }
    }

    /// A `check.dead-row` warning for each of `dead`, its note naming the earlier rows that take its combinations.
    private mutating func reportDeadRows(_ dead: [Int], of rows: [DecisionRow], in analysis: RegionAnalysis) {
        let takers = Self.takers(of: dead, in: analysis)
        for r in dead {
            let row = rows[r].identity, names = takers[r, default: []].map { rows[$0].identity.id }
            let listed = listedNames(names, most: Self.maximumListedTakers)
            diagnostics.append(Diagnostic(.warning, id: "check.dead-row",
                "row \(row.id) never decides anything: earlier rows match every combination it matches", at: row.location,
                rows: [row.id], notes: names.isEmpty ? [] : ["earlier rows: \(listed)"]))
        }
    }

    /// The most rows a `check.dead-row` note names; the rest are counted.
    static let maximumListedTakers = 5

    /// For each dead row, the rows that decide the combinations it matches (each combination's first matching row),
    /// in file order. A second walk over the combinations, made only when some row is dead.
    private static func takers(of dead: [Int], in analysis: RegionAnalysis) -> [Int: [Int]] {
        guard !dead.isEmpty else { return [:] }
        let isDead = Set(dead)
        var found: [Int: Set<Int>] = [:]
        analysis.forEachAtom { _, matches in
            guard let first = matches.first else { return }
            for other in matches.dropFirst() where isDead.contains(other) { found[other, default: []].insert(first) }
        }
        return found.mapValues { $0.sorted() }
    }

    mutating func compileDecision(_ table: DecisionTable) -> [TestCase] {
        guard let (analysis, wins) = analyse(table.inputs, table.rows, hit: table.hit, what: "decision table", rowsAt: table.rowsLocation) else { return [] }
        return table.rows.enumerated().compactMap { r, row in
            let points = Self.points(for: wins[r], in: analysis)
            guard !points.isEmpty else { return nil }
            let steps = points.map { ordinals in
                Self.decisionStep(table: table, row: row, inputs: zip(analysis.dimensions, ordinals).map { NamedValue($0.name, $0.domain.value(atOrdinal: $1)) })
            }
            return TestCase(id: row.identity.id, spec: spec.id, row: row.identity.id, fixture: spec.fixture,
                            product: spec.effectiveProduct.namedValues, steps: steps, target: 0,
                            file: spec.file, line: row.identity.location.line, column: row.identity.location.column)
        }
    }

    /// The step that checks a decision row at one combination of inputs: the row's outputs, `${input}` templates filled.
    static func decisionStep(table: DecisionTable, row: DecisionRow, inputs: [NamedValue]) -> TestStep {
        let expect = row.then.map { binding -> NamedValue in
            guard case .text(let t) = binding.value else { return NamedValue(binding.name, binding.value) }
            return NamedValue(binding.name, .text(fillingTemplates(t) { name in inputs.last { $0.name == name }?.value }))
        }
        return TestStep(action: .decide(table: table.table.name, inputs: inputs), expect: expect, effects: nil, row: row.identity.id,
                        line: row.identity.location.line, column: row.identity.location.column)
    }

    /// The input points a row is checked at: for each atom it decides, the low and high edge of every dimension
    /// (all-low, all-high, then each dimension flipped), spread over the atoms and capped.
    static func points(for atoms: [[Int]], in analysis: RegionAnalysis) -> [[Int]] {
        var result: [[Int]] = []
        var seen: Set<[Int]> = []
        let stride = max(1, atoms.count / maximumPointsPerRow)
        for (i, atom) in atoms.enumerated() where i % stride == 0 {
            let ranges = atom.enumerated().map { analysis.atoms[$0][$1] }
            var corners = [ranges.map(\.lowerBound), ranges.map(\.upperBound)]
            for d in ranges.indices where ranges[d].lowerBound != ranges[d].upperBound && corners.count < 4 {
                var c = ranges.map(\.lowerBound)
                c[d] = ranges[d].upperBound
                corners.append(c)
            }
            for corner in corners where seen.insert(corner).inserted {
                result.append(corner)
                if result.count >= maximumPointsPerRow { return result }
            }
        }
        return result
    }

    mutating func compileMatrix(_ matrix: DecisionTable) -> [TestCase] {
        guard let (analysis, wins) = analyse(matrix.inputs, matrix.rows, hit: matrix.hit, what: "matrix", rowsAt: matrix.rowsLocation) else { return [] }
        var cases: [TestCase] = []
        for (r, row) in matrix.rows.enumerated() {
            // Every cell of every atom the rule decides: matrices are small and every cell is run.
            for atom in wins[r] {
                var cells: [[Int]] = [[]]
                for (d, a) in atom.enumerated() {
                    cells = cells.flatMap { prefix in analysis.atoms[d][a].map { prefix + [$0] } }
                }
                for cell in cells {
                    let axes = zip(analysis.dimensions, cell).map { NamedValue($0.name, $0.domain.value(atOrdinal: $1)) }
                    let id = "\(row.identity.id)[\(axes.map { "\($0.name)=\($0.value)" }.joined(separator: ","))]"
                    let step = TestStep(action: .cell(table: matrix.table.name, axes: axes), expect: row.then.namedValues, effects: nil,
                                        row: row.identity.id, line: row.identity.location.line, column: row.identity.location.column)
                    cases.append(TestCase(id: id, spec: spec.id, row: row.identity.id, fixture: spec.fixture,
                                          product: spec.effectiveProduct.namedValues, steps: [step], target: 0,
                                          file: spec.file, line: row.identity.location.line, column: row.identity.location.column))
                }
            }
        }
        return cases.sorted { ($0.line, $0.id) < ($1.line, $1.id) }
    }

    mutating func compileScenarios(_ set: ScenarioSet) -> [TestCase] {
        set.scenarios.map { scenario in
            var steps: [TestStep] = []
            unroll(scenario.steps, into: &steps)
            let product = Binding.overlay(spec.effectiveProduct, with: scenario.given).namedValues
            return TestCase(id: scenario.identity.id, spec: spec.id, row: scenario.identity.id, fixture: spec.fixture, product: product,
                            steps: steps, target: 0, file: spec.file, line: scenario.identity.location.line,
                            column: scenario.identity.location.column)
        }
    }

    /// Unrolls repeats: `expect-each` is checked after every repetition (a block's after every pass), `expect` /
    /// `expect-last` after the last one only (then with the last repetition's effects, when named).
    private func unroll(_ steps: [ScenarioStep], into result: inout [TestStep]) {
        for step in steps {
            if case .block(let inner) = step.action {
                unrollBlock(step, inner, into: &result)
                continue
            }
            for repetition in 0..<step.count {
                let last = repetition == step.count - 1
                let expect = step.expectEach.namedValues + (last ? step.expect.namedValues : [])
                let action: TestAction
                switch step.action {
                case .event(let name, let inputs): action = .event(name, inputs: inputs.namedValues)
                case .advance(let ms): action = .advance(milliseconds: ms)
                case .setClock(let ms): action = .setClock(milliseconds: ms)
                case .kill: action = .kill
                case .relaunch: action = .relaunch
                case .check, .block: action = .check
                }
                let effects = last && step.expectEffects != nil ? step.expectEffects : step.expectEachEffects
                // A step's `${name}` templates take the step's event inputs.
                let inputs: [NamedValue] = if case .event(_, let inputs) = action { inputs } else { [] }
                result.append(TestStep(action: action, expect: expect,
                                       effects: effects?.map { $0.resolved { name in inputs.first { $0.name == name }?.value } }, row: nil,
                                       line: step.location.line, column: step.location.column))
            }
        }
    }

    /// A repeated block: its steps, unrolled once and written out at each repetition, each followed by a check of
    /// the block's `expect-each` (and, after the last, its `expect`) when it has one. A repetition that would add no
    /// step is not walked at all, so blocks of empty blocks take no time whatever their repeats.
    private func unrollBlock(_ step: ScenarioStep, _ inner: [ScenarioStep], into result: inout [TestStep]) {
        var once: [TestStep] = []
        unroll(inner, into: &once)
        let at = (line: step.location.line, column: step.location.column)
        func check(_ expect: [NamedValue]) {
            guard !expect.isEmpty else { return }
            result.append(TestStep(action: .check, expect: expect, effects: nil, row: nil, line: at.line, column: at.column))
        }
        guard !once.isEmpty || !step.expectEach.isEmpty else { return check(step.expect.namedValues) }
        for repetition in 1...step.count {
            result += once
            check(step.expectEach.namedValues + (repetition == step.count ? step.expect.namedValues : []))
        }
    }
}
