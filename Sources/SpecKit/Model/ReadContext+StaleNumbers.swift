import Foundation

/// Numbers a product value left behind (`product.stale-number`): a row written against the design document's grace of
/// 60s says `59S` in its id and "exactly 60 s" in its decision; once the product file sets the grace to 30s (with its
/// decision), the row checks 29s and 30s, and those words mislead whoever reads the report.
///
/// Only values the product file moved away from its `documented:` value count: a spec's own `product:` and a
/// scenario's `given:` are chosen where the row's words are written, and a value no document states has no number the
/// words could have been written against.
extension ReadContext {
    /// The keys of a row whose words are checked, with how a finding names them.
    static let wordingFields: [(key: String, label: String)] = [
        ("id", "its id says"), ("title", "its title says"), ("decision", "its decision says"), ("notes", "its notes say"),
    ]

    /// Records, for `rows`, the number an expression gives and the product values it names (`parts`, its terms as
    /// `evaluate` computed them to `total`); where the product file moved a value it names away from the document's,
    /// also the number it gave at the document's value.
    func noteNumbers(_ parts: [Term], total: Int, isDuration: Bool, text: String, within range: ClosedRange<Int>?,
                     at location: SourceLocation, rows: [String]) {
        guard !rows.isEmpty else { return }
        let wrap = { (n: Int) -> Value in isDuration ? .duration(milliseconds: n) : .int(n) }
        var read: Set<Value> = [wrap(total)]
        var moved: [FormerNumber.Moved] = []
        var former = total
        for part in parts {
            guard let binding = part.binding else { continue }
            read.insert(binding.value)
            guard binding.location.file != location.file, let documented = product.documented[binding.name],
                  let earlier = Self.number(documented.value, isDuration: isDuration), earlier != part.magnitude else { continue }
            moved.append(FormerNumber.Moved(documented: documented, now: binding))
            let (difference, o1) = earlier.subtractingReportingOverflow(part.magnitude)
            let (change, o2) = difference.multipliedReportingOverflow(by: part.sign)
            let (sum, o3) = former.addingReportingOverflow(change)
            guard !o1, !o2, !o3 else { return }
            former = sum
        }
        var formers: [FormerNumber] = []
        if !moved.isEmpty, former != total {
            formers.append(FormerNumber(value: wrap(former), now: wrap(total), expression: text, moved: moved))
        }
        for m in moved where m.documented.name != text {
            formers.append(FormerNumber(value: m.documented.value, now: m.now.value, expression: m.documented.name, moved: [m]))
        }
        if isDuration, let range, !moved.isEmpty, range.contains(former), former != range.lowerBound, former != range.upperBound,
           total == range.lowerBound || total == range.upperBound {
            movedToEdge(text, total: total, former: former, moved: moved, range: range, at: location, rows: rows)
        }
        for row in rows {
            rowNumbers[row, default: []].formUnion(read)
            for f in formers where formerNumbers[row]?.contains(f) != true { formerNumbers[row, default: []].append(f) }
        }
    }

    /// `product.at-domain-edge`: a duration the document's values put inside its domain, that the product file's moved
    /// values put on its edge (`grace - 30s` is 0s away at a grace of 30s): the row now checks the edge, not the
    /// situation it was written for ("back in less than the grace"), and still passes.
    private func movedToEdge(_ text: String, total: Int, former: Int, moved: [FormerNumber.Moved], range: ClosedRange<Int>,
                             at location: SourceLocation, rows: [String]) {
        let domain = Domain.duration(range).description
        let now = moved.map { "\($0.now.name) of \($0.now.value)" }.joined(separator: " and ")
        let then = moved.map { "\($0.documented.name) of \($0.documented.written)" }.joined(separator: " and ")
        report(Diagnostic(.warning, id: "product.at-domain-edge",
                          "'\(text)' is \(Value.formatDuration(total)), the \(total == range.lowerBound ? "lowest" : "highest") value of \(domain), "
                              + "at the product file's \(now); at the design document's \(then) it was \(Value.formatDuration(former)): "
                              + "the \(rowNoun) now checks the edge of the domain rather than the situation it was written for",
                          at: location, rows: rows,
                          notes: moved.map(\.note),
                          hint: "write an expression that stays inside \(domain) at these values, or give this spec its own "
                              + "\(moved[0].now.name) in its product: block, with its decision"))
    }

    /// Warns of each of the row's words (`wording`: its id, title, decision, notes) that states a number the row's
    /// expressions gave at the document's values and no longer give; notes one the row still checks another way.
    func checkStaleNumbers(of rowID: String, wording: KeyedNodes) {
        guard let formers = formerNumbers[rowID] else { return }
        let current = rowNumbers[rowID] ?? []
        for (key, label) in Self.wordingFields {
            guard let node = wording[key], let text = node.scalar else { continue }
            var stale: [(written: String, former: FormerNumber)] = []
            var unsure: [(written: String, former: FormerNumber)] = []
            let words = Self.unquoted(key == "decision" ? Self.droppingDecisionID(text) : text, formers: formers)
            for number in WrittenNumbers.all(in: words) {
                guard let former = formers.first(where: { $0.value == number.value }) else { continue }
                if !current.contains(number.value) {
                    if !stale.contains(where: { $0.former == former }) { stale.append((number.written, former)) }
                } else if former.now != number.value, !unsure.contains(where: { $0.former == former }) {
                    unsure.append((number.written, former))
                }
            }
            let place = (rowID: rowID, label: label, at: node.location)
            // A number the row also checks now, another way (`failure 5` where `pinAttempts` was 5 and
            // `pinAttempts - 1` is 5 now), may be either: lint cannot tell it is stale, so it notes it and does not
            // fail the gate for it; the reader can. (At an id, it says nothing: ids are kept for good anyway.)
            if key != "id", !unsure.isEmpty {
                reportNumbers(unsure, .note, place,
                              also: "; the \(rowNoun) checks \(unsure.count == 1 ? "that number" : "those numbers") too, another way, so \(unsure.count == 1 ? "it" : "they") may still be right") { moved in
                    "read it again: if it meant \(moved.map(\.documented.name).joined(separator: " or ")), name the value instead of its number"
                }
            }
            guard !stale.isEmpty else { continue }
            // An id is a name kept for good (reports, expected-failure files and --row name it): lint notes it, and the
            // report's checks show the number the row checks now. The other words are rewritten at no cost.
            reportNumbers(stale, key == "id" ? .note : .warning, place) { moved in
                key == "id"
                    ? "ids are kept for good, so this is a note only: the report shows the number the \(rowNoun) checks; a new \(rowNoun) is best named by how what it checks stands to \(moved.map(\.now.name).joined(separator: ", ")) (over, at or under it) rather than by a number"
                    : "write the number the \(rowNoun) checks now, or name the value (\(moved.map(\.now.name).joined(separator: ", "))) instead of its number"
            }
        }
    }

    /// One `product.stale-number` finding for the numbers `found` in one of a row's words: each said as the number its
    /// expression gave at the document's values, then `also`; a note per moved value, and the hint `hint` makes of them.
    private func reportNumbers(_ found: [(written: String, former: FormerNumber)], _ severity: Diagnostic.Severity,
                               _ place: (rowID: String, label: String, at: SourceLocation), also: String = "",
                               hint: ([FormerNumber.Moved]) -> String) {
        let moved = found.flatMap(\.former.moved).firstOfEach()
        report(Diagnostic(severity, id: "product.stale-number",
                          "\(rowNoun) \(place.rowID): \(place.label) " + found.map { $0.former.saying($0.written) }.joined(separator: "; and ") + also,
                          at: place.at, rows: [place.rowID], notes: moved.map(\.note), hint: hint(moved)))
    }

    /// The words with white space folded and each document quote of a moved value taken out: words that quote the
    /// document (`"后台宽限 | 60 秒"`, as `documented:` does) say what the document says, which stays true.
    static func unquoted(_ text: String, formers: [FormerNumber]) -> String {
        var words = DocumentQuotes.folded(text)
        for quote in Set(formers.flatMap { $0.moved.map { DocumentQuotes.folded($0.documented.quote) } }) where !quote.isEmpty {
            words = words.replacingOccurrences(of: quote, with: " ")
        }
        return words
    }

    /// A decision's words after its id (`D-GRACE-CMP: …`): the id is a name, not a number the row checks.
    static func droppingDecisionID(_ text: String) -> String {
        guard text.hasPrefix("D-"), let colon = text.firstIndex(of: ":") else { return text }
        return String(text[text.index(after: colon)...])
    }

    /// A product value as a number of the kind an expression computes (milliseconds for a duration).
    static func number(_ value: Value, isDuration: Bool) -> Int? {
        switch (value, isDuration) {
        case (.duration(let ms), true): ms
        case (.int(let i), false): i
        default: nil
        }
    }
}

/// A number a row's expression gave at the design document's value of a product value that the product file has
/// since moved: `grace - 1s` gave 59s at the document's 60s and gives 29s at the product's 30s.
struct FormerNumber: Hashable {
    /// A product value the product file sets to other than its document's.
    struct Moved: Hashable {
        /// What the document says of it.
        var documented: DocumentedValue
        /// The product file's value.
        var now: Binding

        /// Where the value is set, and what the document says of it: `grace is 30s at <file:line:col>; the document
        /// says 60s (doc.md §2)`.
        var note: String { "\(now.name) is \(now.value) at \(now.location); the document says \(documented.written) (\(documented.source))" }
    }

    /// The number at the document's values.
    var value: Value
    /// The number at the product's values.
    var now: Value
    /// The expression, or the name alone.
    var expression: String
    /// The moved values it names.
    var moved: [Moved]

    /// How a finding says that `written` is this former number.
    func saying(_ written: String) -> String {
        let at = moved.map { "\($0.documented.name) of \($0.documented.written)" }.joined(separator: " and ")
        if moved.count == 1, moved[0].documented.name == expression {
            return "\(written), the design document's \(at); the product file's \(expression) is \(now)"
        }
        return "\(written), what '\(expression)' gives at the design document's \(at); at the product file's values it gives \(now)"
    }
}
