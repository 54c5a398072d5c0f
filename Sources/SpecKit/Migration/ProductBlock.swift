/// The `product:` block of a spec or a product file: a value the fixture's product file already gives every spec is
/// removed from a spec (language 2's rule), and a value the fixture no longer takes from either (it configured
/// nothing, so the run is the same without it); a spec's value that differs from the product file is listed, as only
/// a person can say why. A line goes only when it is the value's own and holds no comment, and the `product:` line
/// only when nothing is left under it and no comment stands in the block; otherwise the place is listed.
enum ProductBlock {
    /// A value to remove: its text as the note shows it, why it goes, and where (its line is the one removed).
    private struct Removal {
        var value: String
        var why: String
        var at: SourceLocation
    }

    static func migrate(_ m: inout FileMigration) {
        guard let fixture = m.root["fixture"]?.scalar, let key = m.root.mapping?.first(where: { $0.key.scalarIs("product") }),
              let entries = key.value.mapping.map(Array.init), !entries.isEmpty else { return }
        let isProductFile = m.root["kind"]?.scalar == "product"
        let shared = isProductFile ? [:] : m.products.values[fixture] ?? [:]
        let retired = m.catalog?.vocabulary(of: fixture)?.retiredProducts ?? [:]
        let file = m.products.files[fixture] ?? "the product file"
        // A comment on the block's lines goes nowhere good when a line goes: the product: line's, a full-line one
        // inside the block (it would stand under the next key), a value's own.
        let block = key.key.location.line...trailingComments(after: entries.map(\.value.location.line).max() ?? key.key.location.line,
                                                              indent: key.key.location.column, m)
        let commented = Set(block.filter { holdsComment(m.edits.line($0) ?? "") })
        var removals: [Removal] = []
        for entry in entries {
            guard let name = entry.key.scalar, let text = entry.value.scalar else { continue }
            let at = entry.key.location
            let why: String
            if let reason = retired[name] {
                why = "which fixture '\(fixture)' no longer takes: \(reason)"
            } else if let fileText = shared[name] {
                guard m.sameProductValue(text, fileText, name, fixture) else {
                    // Each value as it reads once migrated: the hint must not keep a name language 3 refuses.
                    let (own, shared) = (m.writtenProductValue(text, name, fixture), m.writtenProductValue(fileText, name, fixture))
                    m.choice("this spec sets \(name): \(own), but \(file) sets \(shared) for every '\(fixture)' spec", at: at,
                             hint: "keep it for this spec only with \(name): {value: \(own), decision: \"D-…: why\"}, or remove the line", written: false)
                    continue
                }
                why = "which \(file) gives every '\(fixture)' spec"
            } else {
                continue
            }
            let ownLine = at.line != key.key.location.line && entry.value.location.line == at.line
                && m.edits.line(at.line)?.drop(while: { $0 == " " }).hasPrefix("\(name):") == true
            guard ownLine, !commented.contains(at.line) else {
                m.choice("this \(isProductFile ? "file" : "spec") sets \(name): \(text), \(why)", at: at,
                         hint: ownLine ? "remove it, and keep what its comment says elsewhere (migrate does not remove a commented line)" : "remove it",
                         written: false)
                continue
            }
            removals.append(Removal(value: "\(name): \(text)", why: why, at: at))
        }
        remove(removals, all: removals.count == entries.count, commented: !commented.isEmpty, key: key.key.location,
               keepKey: isProductFile, &m)
    }

    /// The last line of the block: `last`, or past it the comment lines indented under `product:` (with blank lines
    /// among them) that follow it, which belong to the block.
    private static func trailingComments(after last: Int, indent: Int, _ m: FileMigration) -> Int {
        var end = last, line = last + 1
        while let text = m.edits.line(line) {
            let body = text.drop { $0 == " " || $0 == "\t" }
            if body.isEmpty { line += 1; continue }
            guard body.hasPrefix("#"), text.count - body.count >= indent else { break }
            end = line
            line += 1
        }
        return end
    }

    /// Removes the lines; every value goes only with the `product:` line (a `product:` left empty would read as no
    /// mapping), and only when no comment stands in the block, else each is listed.
    /// A product file keeps its `product:` line, as `product: {}` (it must have one).
    private static func remove(_ removals: [Removal], all: Bool, commented: Bool, key: SourceLocation, keepKey: Bool, _ m: inout FileMigration) {
        if all, commented {
            for r in removals {
                m.choice("this file sets \(r.value), \(r.why)", at: r.at,
                         hint: "remove the product: block, and keep what its comments say elsewhere (migrate does not remove commented lines)",
                         written: false)
            }
            return
        }
        for r in removals {
            m.edits.removeLine(r.at.line)
            m.rewrote("removed \(r.value), \(r.why)", at: r.at)
        }
        guard all else { return }
        if keepKey, m.edits.replace("product:", at: key.line, column: key.column, with: "product: {}") {
            m.rewrote("product: {} (a product file has one, and nothing else was left in it)", at: key)
        } else if !keepKey {
            m.edits.removeLine(key.line)
            m.rewrote("removed product:, which held nothing else", at: key)
        }
    }

    /// Whether a line holds a comment: a `#` at its start or after a space, outside quotes.
    private static func holdsComment(_ line: String) -> Bool {
        var quote: Character?
        var previous: Character = " "
        for c in line {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                return true
            }
            previous = c
        }
        return false
    }
}
