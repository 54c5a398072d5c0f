import Foundation

/// A diff as text for a terminal, or as Markdown for a pull-request comment. Both list the same things in the same
/// order: specs added and removed, row changes, then each spec's behaviour regions with the old and new outcomes.
public enum SpecDiffRenderer {
    /// Plain text.
    public static func text(_ d: SpecDiffResult) -> String {
        var out = "diff \(d.old) → \(d.new)\n"
        for id in d.specsAdded { out += "  spec added: \(id)\n" }
        for id in d.specsRemoved { out += "  spec removed: \(id)\n" }
        for p in d.products { out += "  product value: \(p)\n" }
        for p in d.documents { out += "  against its document: \(p)\n" }
        for w in d.staleWording { out += "  written against the document's old value: \(w)\n" }
        for r in d.rows { out += "  row \(describe(r))\n" }
        for b in d.behaviour {
            out += "\(b.spec) (\(b.kind)): \(counted(b))\n"
            for r in b.regions {
                out += "  \(r.place)" + (r.values.isEmpty || b.kind == "decision" ? "" : " with \(r.exact ? "" : "some of ")\(r.values.joined(separator: ", "))") + (r.count > 1 ? " (\(r.count))" : "") + "\n"
                out += "    old: \(r.before)\n    new: \(r.after)\n"
            }
        }
        for n in d.notes { out += "note: \(n)\n" }
        out += d.verdict + "\n"
        return out
    }

    /// Stable JSON (sorted keys, pretty-printed, ending in a newline).
    public static func json(_ d: SpecDiffResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(d), as: UTF8.self) + "\n"
    }

    /// Markdown, for a pull-request comment.
    public static func markdown(_ d: SpecDiffResult) -> String {
        var out = "## Behaviour diff: `\(d.old)` → `\(d.new)`\n\n"
        out += "**\(d.verdict.prefix(1).uppercased() + d.verdict.dropFirst()).**\n\n"
        if !d.specsAdded.isEmpty || !d.specsRemoved.isEmpty {
            out += d.specsAdded.map { "- spec added: `\($0)`\n" }.joined() + d.specsRemoved.map { "- spec removed: `\($0)`\n" }.joined() + "\n"
        }
        // A titled list, or nothing when it has no item.
        let list = { (title: String, items: [String]) in
            items.isEmpty ? "" : "### \(title)\n\n" + items.map { "- \($0)\n" }.joined() + "\n"
        }
        out += list("Product values", d.products.map(cell)) + list("Product values against their documents", d.documents.map(cell))
        out += list("Words still written against the document's old values", d.staleWording.map(cell))
        out += list("Rows", d.rows.map(describe))
        for b in d.behaviour {
            out += "### `\(b.spec)` (\(b.kind)): \(b.count) changed\n\n| where | values | old | new |\n|---|---|---|---|\n"
            for r in b.regions {
                let values = b.kind == "decision" ? "" : (r.exact ? "" : "some of ") + r.values.joined(separator: ", ")
                out += "| \(cell(r.place)) | \(cell(values)) | \(cell(r.before)) | \(cell(r.after)) |\n"
            }
            out += "\n"
        }
        out += d.notes.map { "> note: \($0)\n" }.joined()
        return out
    }

    private static func describe(_ r: RowChange) -> String {
        let what = switch r.kind {
        case .added, .removed: r.kind.rawValue + (r.changesNothing ? " (nothing behaves differently \(r.kind == .added ? "with" : "without") it)" : "")
        case .moved where r.cells.isEmpty && r.followsProduct.isEmpty && r.followsElsewhere.isEmpty:
            r.movedFrom.map { "moved from \($0), unchanged" } ?? "moved"
        case .moved: "moved from \(r.movedFrom ?? "?"), " + changed(r)
        case .renamed: "renamed from \(r.oldID ?? "?")"
        case .changed: changed(r)
        }
        return "\(r.spec) \(r.id): \(what)"
    }

    /// What changed in a row kept under its id: the keys edited, and the parts that follow a product value or an edit
    /// elsewhere.
    private static func changed(_ r: RowChange) -> String {
        [r.cells.isEmpty ? "its text is the same" : "changed its \(quoted(r.cells))",
         r.traces.isEmpty ? nil : r.traces.map { "'\($0.key)' was \($0.old.map { "'\(VisibleText.escape($0))'" } ?? "none"), is \($0.new.map { "'\(VisibleText.escape($0))'" } ?? "none")" }.joined(separator: "; "),
         r.followsProduct.isEmpty ? nil : agreeing(r.followsProduct, "reads a changed product value", "read changed product values"),
         r.followsElsewhere.isEmpty ? nil : agreeing(r.followsElsewhere, "follows an edit outside the row", "follow an edit outside the row")]
            .compactMap { $0 }.joined(separator: "; ")
    }

    /// `1 situation behaves differently`, `3 situations behave differently`: the noun and the verb agree with the count.
    private static func counted(_ b: BehaviourChange) -> String {
        let noun = b.kind == "machine" ? "situation" : b.kind == "decision" ? "input region" : "case"
        return b.count == 1 ? "1 \(noun) behaves differently" : "\(b.count) \(noun)s behave differently"
    }

    private static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

    /// The parts, then what they do with the verb agreeing (`'when' follows an edit outside the row`: parts whose text
    /// is the same that moved with what they use).
    private static func agreeing(_ parts: [String], _ one: String, _ many: String) -> String {
        quoted(parts) + " " + (parts.count == 1 ? one : many)
    }

    private static func cell(_ text: String) -> String {
        VisibleText.escape(text).replacingOccurrences(of: "|", with: "\\|")
    }
}
