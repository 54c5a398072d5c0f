/// A YAML list of dated, reasoned entries, `- {<id key>: <id>, reason: <text>, expires: YYYY-MM-DD}`, with optional
/// one-value keys: the one reader of the expected-failures file and the accepted-survivors file.
///
/// Every problem is a located diagnostic (`<prefix>.wrong-type`, `.unknown-key`, `.missing-key`, `.bad-date`,
/// `.duplicate`); an entry with a problem is left out, and the others are still read.
public struct DatedList: Sendable {
    /// One entry that read cleanly.
    public struct Entry: Sendable {
        /// The id under the list's id key.
        public var id: String
        /// Why it is listed.
        public var reason: String
        /// The last day (YYYY-MM-DD) it holds.
        public var expires: String
        /// Where the entry starts.
        public var location: SourceLocation
        /// The optional keys the entry gives: the value as text and where it is written.
        public var options: [String: (text: String, location: SourceLocation)]
    }

    /// The key naming an entry (`row`, `mutant`).
    public var idKey: String
    /// The keys an entry may add.
    public var optionalKeys: [String]
    /// The diagnostics' id prefix (`expectations`, `accepted`).
    public var prefix: String

    /// A reader for entries named by `idKey`.
    public init(idKey: String, optionalKeys: [String] = [], prefix: String) {
        self.idKey = idKey
        self.optionalKeys = optionalKeys
        self.prefix = prefix
    }

    /// Reads the list at `root`: its entries in file order, and the problems of the ones left out.
    public func read(_ root: NodeView) -> (entries: [Entry], problems: [Diagnostic]) {
        guard let items = root.sequence else {
            return ([], [problem("wrong-type", "expected a list of entries '- \(idKey): …, reason: …, expires: YYYY-MM-DD', not \(root.kindDescription)", at: root.location)])
        }
        var entries: [Entry] = []
        var problems: [Diagnostic] = []
        var first: [String: SourceLocation] = [:]
        for item in items {
            do throws(DiagnosticError) {
                let read = try entry(item)
                // A second entry for one id would be ignored unseen (the first wins): its reason and date are not.
                if let earlier = first[read.id] {
                    throw DiagnosticError([problem("duplicate", "\(read.id) is listed twice; the first entry is at line \(earlier.line)", at: read.location, id: read.id)])
                }
                first[read.id] = read.location
                entries.append(read)
            } catch {
                problems += error.diagnostics
            }
        }
        return (entries, problems)
    }

    private func entry(_ item: NodeView) throws(DiagnosticError) -> Entry {
        guard let mapping = item.mapping else {
            throw DiagnosticError([problem("wrong-type", "expected an entry with \(idKey), reason and expires, not \(item.kindDescription)", at: item.location)])
        }
        let known = [idKey, "reason", "expires"] + optionalKeys
        var values: [String: (text: String, location: SourceLocation)] = [:]
        for pair in mapping {
            guard let key = pair.key.scalar, known.contains(key) else {
                let shown = pair.key.scalar.map { "'\($0)'" } ?? pair.key.kindDescription
                throw DiagnosticError([problem("unknown-key", "unknown key \(shown) (an entry takes \(known.joined(separator: ", ")))", at: pair.key.location)])
            }
            guard let text = pair.value.scalar else {
                throw DiagnosticError([problem("wrong-type", "'\(key)' must be one value, not \(pair.value.kindDescription)", at: pair.value.location)])
            }
            if !text.isEmpty { values[key] = (text, pair.value.location) }
        }
        guard let id = values[idKey]?.text else { throw DiagnosticError([problem("missing-key", "the entry needs '\(idKey)'", at: item.location)]) }
        guard let reason = values["reason"]?.text else {
            throw DiagnosticError([problem("missing-key", "the entry for \(id) needs 'reason'", at: item.location, id: id)])
        }
        guard let expires = values["expires"], Self.isDate(expires.text) else {
            let given = values["expires"].map { ", not '\($0.text)'" } ?? ""
            throw DiagnosticError([problem("bad-date", "the entry for \(id) needs 'expires: YYYY-MM-DD'\(given)", at: values["expires"]?.location ?? item.location, id: id)])
        }
        return Entry(id: id, reason: reason, expires: expires.text, location: item.location,
                     options: values.filter { optionalKeys.contains($0.key) })
    }

    private func problem(_ kind: String, _ message: String, at location: SourceLocation, id: String? = nil) -> Diagnostic {
        Diagnostic(.error, id: "\(prefix).\(kind)", message, at: location, rows: id.map { [$0] } ?? [])
    }

    /// Whether `text` is a day of the calendar written YYYY-MM-DD, years 0001–9999 (`2099-02-30` is not): the grammar
    /// of a date value in a spec (`LiteralGrammar.date`).
    public static func isDate(_ text: String) -> Bool { LiteralGrammar.date.problem(with: text) == nil }
}
