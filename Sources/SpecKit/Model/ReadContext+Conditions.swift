import Foundation

extension ReadContext {
    /// Reads a `when:` mapping against the names it may test, each with its declaration (a value outside its domain
    /// names where that is declared).
    /// `beside` are the keys of the row, which a name read here is not (a key indented under `when:` by mistake).
    func conditions(_ node: NodeView, names: [String: Declaration], what: @autoclosure () -> String, rowID: String,
                    beside rowKeys: [String]) -> [Condition] {
        guard let entries = mapping(node, "the 'when' of row \(rowID)") else { return [] }
        return entries.compactMap { entry -> Condition? in
            guard let name = text(entry.key, "a name in the 'when' of row \(rowID)") else { return nil }
            guard let declaration = names[name] else {
                // `{phase: active, background}` reads `background` as a name: it is a value of another name tested here.
                let owner = entry.value.scalar.map({ $0.isEmpty || $0 == "null" }) == true
                    ? entries.lazy.compactMap({ e in e.key.scalar.flatMap { names[$0] } }).first(where: { if case .success = $0.domain.parse(name) { true } else { false } }) : nil
                let list = owner.map { o in
                    let written = entries.lazy.first { $0.key.scalar == o.name }?.value.scalar ?? ""
                    return "'\(name)' is a value of '\(o.name)': to test several values, write them as a list, \(o.name): [\(written), \(name)]"
                }
                unknown(name, "spec.unknown-name", "row \(rowID) tests '\(name)', which is not \(what())", at: entry.key.location,
                        among: names.keys, rows: [rowID], under: "when", beside: rowKeys, hint: list)
                return nil
            }
            let domain = declaration.domain
            guard let whole = domain.ordinalRange else {
                error("spec.text-in-condition", "row \(rowID) tests '\(name)', a text: conditions need a finite domain",
                      at: entry.key.location, rows: [rowID])
                return nil
            }
            let reported = failureMark
            guard let set = valueSet(entry.value, declaration, whole: whole, rowID: rowID) else { return nil }
            if set.isEmpty {
                // A malformed comparison or an inverted range has already been reported as such.
                if failureMark > reported { return nil }
                // `> 3h` of a `duration 0s..2h`: its bound is past the domain's, which is declared elsewhere.
                let operand = entry.value.scalar.map { String($0.drop { "<>=! ".contains($0) }) }
                error("spec.empty-condition", "the condition on '\(name)' in row \(rowID) matches no value of \(domain)",
                      at: entry.value.location, hint: operand.flatMap { domain.outOfRangeHint($0, name: name) }, rows: [rowID],
                      notes: [declaration.declaredNote])
                return nil
            }
            return Condition(name: name, set: set, location: entry.value.location, written: entry.value.scalar?.trimmingSpaces)
        }
    }

    private func valueSet(_ node: NodeView, _ declaration: Declaration, whole: ClosedRange<Int>, rowID: String) -> ValueSet? {
        let domain = declaration.domain, name = declaration.name
        if let items = node.sequence {
            // Every member is read, so each one out of the domain is reported, not only the first.
            var set: ValueSet? = ValueSet([])
            for item in items {
                // A member is a value: a list or a mapping in it is one finding, its contents not walked (YAML
                // aliases could make a few hundred bytes stand for millions of nested members).
                guard item.sequence == nil && item.mapping == nil else {
                    error("spec.bad-condition", "a member of the condition on '\(name)' in row \(rowID) is \(item.kindDescription): a list of values holds values only",
                          at: item.location, hint: "write the values in one list, [a, b, c], or {not: [a, b]} for every value but those", rows: [rowID])
                    set = nil
                    continue
                }
                let part = valueSet(item, declaration, whole: whole, rowID: rowID)
                set = part.flatMap { part in set?.union(part) }
            }
            return set
        }
        if let entries = node.mapping {
            guard entries.count == 1, entries[0].key.scalar == "not" else {
                error("spec.bad-condition", "a condition written as a mapping must be {not: value} or {not: [values]}",
                      at: node.location, rows: [rowID])
                return nil
            }
            return valueSet(entries[0].value, declaration, whole: whole, rowID: rowID)?.complement(in: whole)
        }
        // An empty text is a value only of an enumeration that lists it (a version key left empty, `""`).
        guard let raw = text(node, "the condition on '\(name)'", allowEmpty: node.isQuoted && domain.contains(.symbol(""))) else { return nil }
        let text = raw.trimmingSpaces
        if text == "*" || text == "any" { return ValueSet([whole]) }
        if domain.isOrdered, let set = orderedCondition(text, domain: domain, whole: whole, node: node, rowID: rowID) {
            return set
        }
        switch domain.parse(text) {
        case .success(let v):
            guard let o = domain.ordinal(of: v) else { return nil }
            return ValueSet([o...o])
        case .failure(let e):
            if domain.isOrdered {
                switch evaluate(text, as: domain, within: whole, at: node.location, rows: [rowID]) {
                case .value(let o): return ValueSet([o...o])
                case .failed: return ValueSet([])
                case .notAReference: break
                }
            }
            // The declaration was reported wrong: a value it does not hold follows from that finding.
            if isBroken(name) {
                quietFailures += 1
                return nil
            }
            var message = "the condition on '\(name)' in row \(rowID): \(e.message)"
            if domain.isOrdered { message += " (write a value, a range a..b, or a comparison such as > 60s)" }
            error("spec.out-of-domain", message, at: node.location, hint: e.hint ?? domain.wayOut(text, name: name), rows: [rowID],
                  notes: [declaration.declaredNote])
            return nil
        }
    }

    /// `> x`, `>= x`, `< x`, `<= x`, `a..b`, `a..`, `..b`; nil when the text is none of these.
    /// A comparison that no value of the domain meets gives the empty set (reported by the caller); no range is
    /// built before its bounds are known to be in order, and a bound far outside the domain is first brought just
    /// outside it, so nothing here can trap or overflow.
    private func orderedCondition(_ text: String, domain: Domain, whole: ClosedRange<Int>, node: NodeView, rowID: String) -> ValueSet? {
        let reported = failureMark
        func bound(_ s: String) -> Int? {
            if case .success(let v) = domain.parse(s.trimmingSpaces) { return domain.ordinal(of: v) }
            // A bound may name product parameters ("> grace", "..pinAttempts - 1"); it must then lie in the domain.
            switch evaluate(s, as: domain, within: whole, at: node.location, rows: [rowID]) {
            case .value(let o): return o
            case .failed: return nil
            case .notAReference: break
            }
            // Bounds may lie outside the domain ("< 100" on int 0..20): read them as plain numbers.
            if case .duration = domain { return Value.parseDuration(s.trimmingSpaces) }
            return Int(s.trimmingSpaces)
        }
        func clamp(_ b: Int) -> Int { Swift.min(Swift.max(b, whole.lowerBound - 1), whole.upperBound + 1) }
        // `bad`: the bound that could not be read, whose own hint (`90 sec`: `write 90s`) is the condition's.
        func fail(_ bad: String) -> ValueSet? {
            if failureMark > reported { return ValueSet([]) }  // a reference in a bound has said what is wrong
            // The whole condition rewritten (`"> 90s"`, quoted as YAML needs a '>' to be), else the bound's own hint.
            let spelt = Self.spelledOut(bad, in: text, isDuration: domain.isDuration)
            let hint: String? = if let spelt { (spelt.unit ? "add a unit: " : "write ") + "\"\(spelt.text)\"" }
                else if case .failure(let e) = domain.parse(bad.trimmingSpaces) { e.hint } else { nil }
            error("spec.bad-condition", "'\(text)' is not a comparison or range of \(domain)", at: node.location, hint: hint, rows: [rowID])
            return ValueSet([])
        }
        func set(_ lo: Int, _ hi: Int) -> ValueSet { lo <= hi ? ValueSet([lo...hi]).clamped(to: whole) : ValueSet([]) }
        for op in [">=", "<=", ">", "<"] where text.hasPrefix(op) {
            guard let b = bound(String(text.dropFirst(op.count))).map(clamp) else { return fail(String(text.dropFirst(op.count))) }
            switch op {
            case ">=": return set(b, whole.upperBound)
            case "<=": return set(whole.lowerBound, b)
            case ">": return set(b + 1, whole.upperBound)
            default: return set(whole.lowerBound, b - 1)
            }
        }
        guard let dots = text.rangeOfText("..") else { return nil }
        let left = String(text[..<dots.lowerBound]), right = String(text[dots.upperBound...])
        let lo = left.trimmingSpaces.isEmpty ? whole.lowerBound : bound(left)
        let hi = right.trimmingSpaces.isEmpty ? whole.upperBound : bound(right)
        guard let lo, let hi else { return fail(lo == nil ? left : right) }
        guard lo <= hi else {
            error("spec.bad-condition", "the range '\(text)' is empty: its lower bound is above its upper bound", at: node.location, rows: [rowID])
            return ValueSet([])
        }
        return set(clamp(lo), clamp(hi))
    }
}
