/// Product values and references to them: `grace`, `grace + 1ms`, `pinAttempts - 1`, wherever an integer or a
/// duration may be written (a condition's value or bound, an input, an expectation, an `advance:`).
extension ReadContext {
    /// The outcome of reading a text as an expression.
    enum Evaluation: Equatable {
        /// The text names no product parameter: the caller reads it as a plain literal.
        case notAReference
        /// The text names a parameter but cannot be computed; the reason has been reported (or was already).
        case failed
        /// The computed ordinal (milliseconds for a duration).
        case value(Int)
    }

    /// Reads a `product:` (or `given:`) mapping: each value is a scalar or `{value: …, decision: …}`. When the
    /// fixture's parameters are known, each value is typed by its parameter's domain and a value outside it is a
    /// `product.bad-value` at its own line; otherwise a value is typed by its look.
    func productBindings(_ node: NodeView, _ what: String) -> [Binding] {
        guard let entries = mapping(node, what) else { return [] }
        let written = Set(entries.compactMap(\.key.scalar))
        return entries.compactMap { entry -> Binding? in
            guard let name = name(entry.key, "a product value's name") else { return nil }
            // A misspelt parameter (`grase:`) is the fixture check's finding, with its did-you-mean; the parameter it
            // meant is then not reported again where a row names it (it has no value only because of the typo).
            if let declared = product.declared, declared[name] == nil,
               let meant = Suggest.closest(to: name, in: declared.keys), !written.contains(meant) {
                product.broken.insert(meant)
            }
            var valueNode = entry.value
            var decision: String?
            if let inner = entry.value.mapping {
                let byKey = keys(inner, of: entry.value, what: "the product value '\(name)'", required: ["value"], optional: ["decision", "notes"])
                guard let v = byKey["value"] else { product.broken.insert(name); return nil }
                valueNode = v
                decision = byKey["decision"].flatMap { decisionText($0, "the decision of product value '\(name)'") }
            }
            // An unreadable value (empty, a list) is reported here; the name is then not also called missing.
            guard let text = text(valueNode, "the product value '\(name)'") else { product.broken.insert(name); return nil }
            guard let value = typedProductValue(text, of: name, quoted: valueNode.isQuoted, at: valueNode.location, what: "product value '\(name)'") else {
                product.broken.insert(name)
                return nil
            }
            return Binding(name: name, value: value, location: valueNode.location, decision: decision, nameLocation: entry.key.location)
        }
    }

    /// `text` as a value of product parameter `name`: typed by its domain when the fixture's parameters are known (a text
    /// outside it is `product.bad-value` at `location`, its message starting with `what`, and nil), else as written.
    func typedProductValue(_ text: String, of name: String, quoted: Bool, at location: SourceLocation, what: String) -> Value? {
        guard let domain = product.declared?[name] else { return SpecReader.productValue(text, quoted: quoted) }
        switch domain.parse(quoted ? text : text.trimmingSpaces) {
        case .success(let value): return value
        case .failure(let e):
            error("product.bad-value", "\(what): \(e.message)\(e.message.containsText(domain.brief) ? "" : " (its domain is \(domain.brief))")", at: location, hint: e.hint)
            return nil
        }
    }

    /// Computes `term (+|- term)…`, where a term is a literal of the domain's kind (`1ms`, `4`) or a product
    /// parameter's name, with overflow-checked arithmetic. A result outside `range` (when given) is an error.
    func evaluate(_ written: String, as domain: Domain, within range: ClosedRange<Int>?, at location: SourceLocation, rows: [String]) -> Evaluation {
        let text = written.trimmingSpaces
        let terms = Self.terms(of: text)
        let isDuration = domain.isDuration
        // A name makes it an expression, and so do durations joined by + and - (`24h - 1ms`), as the docs promise.
        let literalSum = isDuration && terms.count > 1 && terms.allSatisfy { Value.parseDuration($0.text) != nil }
        let namesAny = terms.contains(where: { Self.isName($0.text) })
        guard literalSum || namesAny else { return .notAReference }
        // A sum of literals alone (`0s - 1ms`) involves no product value: it is the spec's own value out of its domain.
        let outOfDomain = namesAny ? "product.out-of-domain" : "spec.out-of-domain"
        var total = 0
        var parts: [Term] = []
        for term in terms {
            guard let (magnitude, binding) = termValue(term.text, isDuration: isDuration, whole: text, at: location, rows: rows) else { return .failed }
            parts.append(Term(sign: term.sign, magnitude: magnitude, binding: binding))
            let (signed, o1) = magnitude.multipliedReportingOverflow(by: term.sign)
            let (sum, o2) = total.addingReportingOverflow(signed)
            if o1 || o2 {
                error(outOfDomain, "'\(text)' overflows: the result is too large to compute", at: location, rows: rows)
                return .failed
            }
            total = sum
        }
        if let range, !range.contains(total) {
            let shown = isDuration ? Value.formatDuration(total) : String(total)
            // Where each name's value comes from: a product value changed in its file is the likely cause.
            let named = terms.filter { product.values[$0.text] != nil }
            let notes = named.compactMap { term in product.values[term.text].map { "'\(term.text)' is \($0.value), set at \($0.location)" } }
            let domainText = (isDuration ? Domain.duration(range) : Domain.int(range)).description
            // Each name once, in order; values the spec sets itself are changed where they stand, the others come from
            // the product file.
            let names = named.map(\.text).firstOfEach()
            let inherited = names.filter { product.values[$0]?.location.file != location.file }
            error(outOfDomain, "'\(text)' is \(shown), outside \(domainText)",
                  at: location, hint: Self.outOfDomainHint(names: names, inherited: inherited, domain: domainText), rows: rows, notes: notes)
            return .failed
        }
        noteNumbers(parts, total: total, isDuration: isDuration, text: text, within: range, at: location, rows: rows)
        return .value(total)
    }

    /// The two ways out of an expression that product values moved outside its domain (`grace - 30s` at a grace of
    /// 20s): an expression that stays inside, or other values: of the spec's own for those of `names` it `inherited`
    /// from the product file (with the decision such a value needs), or changed where the spec sets them. Nil when no
    /// product value takes part: a sum of literals is simply rewritten. Each name is given once.
    static func outOfDomainHint(names: [String], inherited: [String], domain: String) -> String? {
        guard !names.isEmpty else { return nil }
        let inside = "write an expression that stays within \(domain) at these values"
        guard let first = inherited.first else { return inside + ", or change the value\(names.count == 1 ? "" : "s") this spec sets" }
        let own = inherited.count == 1 ? "a \(first) of its own" : "its own " + inherited.joined(separator: ", ")
        return inside + ", or give this spec \(own) in its product: block (\(first): {value: …, decision: \"D-…: why this spec differs\"})"
    }

    /// One term of a computed expression: its sign, its magnitude (milliseconds for a duration) and, for a name, the
    /// product value it named.
    struct Term {
        var sign: Int
        var magnitude: Int
        var binding: Binding?
    }

    /// How to write a term that is neither a literal nor a name: a duration in words (`grace + 2 min`) as the whole
    /// expression with it spelt (`write grace + 2m`), a number without its unit with one, else the form of a term.
    static func termHint(_ term: String, in whole: String, isDuration: Bool) -> String {
        spelledOut(term, in: whole, isDuration: isDuration).map { $0.unit ? "add a unit: \($0.text)" : "write \($0.text)" }
            ?? "write names and literals joined by + and -, such as grace + 1ms"
    }

    /// `whole` with `term`, a duration in words or a number without its unit (`90 sec`, `2`), written in the spec
    /// language (`90s`, `2s`; `unit` for the second), or nil for another term. The whole text when the term is written
    /// once in it (`grace + 2m`, `> 90s`), else the term alone.
    static func spelledOut(_ term: String, in whole: String, isDuration: Bool) -> (text: String, unit: Bool)? {
        let term = term.trimmingSpaces
        let rewritten = { (new: String) in whole.components(separatedBy: term).count == 2 ? whole.replacingOccurrences(of: term, with: new) : new }
        if isDuration, let spelt = WrittenNumbers.duration(term) { return (rewritten(spelt.description), false) }
        if isDuration, Int(term) != nil { return (rewritten(term + "s"), true) }
        return nil
    }

    /// One term's value: a literal, or the value of the product parameter it names (with that value).
    private func termValue(_ term: String, isDuration: Bool, whole: String, at location: SourceLocation, rows: [String]) -> (Int, Binding?)? {
        if let literal = isDuration ? Value.parseDuration(term) : Int(term) { return (literal, nil) }
        guard Self.isName(term) else {
            error("product.bad-expression",
                  "'\(term)' in '\(whole)' is neither \(isDuration ? "a duration with a unit" : "a whole number") nor a product parameter",
                  at: location, hint: Self.termHint(term, in: whole, isDuration: isDuration), rows: rows)
            return nil
        }
        // A value of the spec's own is used even when the product file's was wrong or the file could not be used.
        guard let binding = product.values[term] else {
            if product.broken.contains(term) {
                quietFailures += 1  // reported at the product file
                return nil
            }
            if let variant = product.variants[term] {
                let values = variant.values.map(\.value.description)
                error("product.unknown-parameter",
                      (whole == term ? "'\(term)' is" : "'\(whole)' names '\(term)',") + " a variant of \(variant.file) (\(listedNames(values, most: 5))): each case runs once per value of a variant, so a row cannot name one",
                      at: location, hint: "give this spec its own \(term) in its product: block (\(term): \(values[0])): its cases then run with that value alone, or set \(term) under product: in \(variant.file) instead of under variants:",
                      rows: rows)
                return nil
            }
            let declared = product.declared?[term] != nil
            error("product.unknown-parameter",
                  declared ? "'\(whole)' names product parameter '\(term)', which has no value here: set it in the fixture's product file or the spec's product"
                           : (whole == term ? "'\(term)' is not a product parameter of this spec"
                                            : "'\(whole)' names '\(term)', which is not a product parameter of this spec"),
                  at: location, hint: declared ? nil : Suggest.didYouMean(term, in: product.knownNames), rows: rows)
            return nil
        }
        for row in rows where productReads[row]?.contains(where: { $0.name == binding.name }) != true { productReads[row, default: []].append(binding) }
        guard let magnitude = Self.number(binding.value, isDuration: isDuration) else {
            error("product.type-mismatch",
                  "'\(whole)' uses product parameter '\(term)' = \(binding.value), which is not \(isDuration ? "a duration" : "a whole number") as needed here",
                  at: location, rows: rows, notes: ["'\(term)' is set at \(binding.location)"])
            return nil
        }
        return (magnitude, binding)
    }

    /// Splits `a + b - c` (and a leading `-`) into signed terms.
    static func terms(of text: String) -> [(sign: Int, text: String)] {
        var terms: [(sign: Int, text: String)] = []
        var current = ""
        var sign = 1
        var chars = Substring(text.trimmingSpaces)
        if chars.first == "-" { sign = -1; chars = chars.dropFirst() } else if chars.first == "+" { chars = chars.dropFirst() }
        for c in chars {
            if c == "+" || c == "-" {
                terms.append((sign, current.trimmingSpaces))
                current = ""
                sign = c == "+" ? 1 : -1
            } else {
                current.append(c)
            }
        }
        terms.append((sign, current.trimmingSpaces))
        return terms
    }
}
