/// A YAML list of dated, reasoned entries, `- {<id key>: <id>, reason: <text>, expires: YYYY-MM-DD}`, with optional
/// one-value keys: the one reader of the expected-failures file and the accepted-survivors file.
///
/// Every problem is a located diagnostic (`<prefix>.wrong-type`, `.unknown-key`, `.missing-key`, `.bad-date`); an
/// entry with a problem is left out, and the others are still read.
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
        for item in items {
            do throws(Problem) {
                entries.append(try entry(item))
            } catch {
                problems.append(error.diagnostic)
            }
        }
        return (entries, problems)
    }

    /// Why one entry was left out.
    private struct Problem: Error {
        var diagnostic: Diagnostic
    }

    private func entry(_ item: NodeView) throws(Problem) -> Entry {
        guard let mapping = item.mapping else {
            throw Problem(diagnostic: problem("wrong-type", "expected an entry with \(idKey), reason and expires, not \(item.kindDescription)", at: item.location))
        }
        let known = [idKey, "reason", "expires"] + optionalKeys
        var values: [String: (text: String, location: SourceLocation)] = [:]
        for pair in mapping {
            guard let key = pair.key.scalar, known.contains(key) else {
                let shown = pair.key.scalar.map { "'\($0)'" } ?? pair.key.kindDescription
                throw Problem(diagnostic: problem("unknown-key", "unknown key \(shown) (an entry takes \(known.joined(separator: ", ")))", at: pair.key.location))
            }
            guard let text = pair.value.scalar else {
                throw Problem(diagnostic: problem("wrong-type", "'\(key)' must be one value, not \(pair.value.kindDescription)", at: pair.value.location))
            }
            if !text.isEmpty { values[key] = (text, pair.value.location) }
        }
        guard let id = values[idKey]?.text else { throw Problem(diagnostic: problem("missing-key", "the entry needs '\(idKey)'", at: item.location)) }
        guard let reason = values["reason"]?.text else {
            throw Problem(diagnostic: problem("missing-key", "the entry for \(id) needs 'reason'", at: item.location, id: id))
        }
        guard let expires = values["expires"], Self.isDate(expires.text) else {
            let given = values["expires"].map { ", not '\($0.text)'" } ?? ""
            throw Problem(diagnostic: problem("bad-date", "the entry for \(id) needs 'expires: YYYY-MM-DD'\(given)", at: values["expires"]?.location ?? item.location, id: id))
        }
        return Entry(id: id, reason: reason, expires: expires.text, location: item.location,
                     options: values.filter { optionalKeys.contains($0.key) })
    }

    private func problem(_ kind: String, _ message: String, at location: SourceLocation, id: String? = nil) -> Diagnostic {
        Diagnostic(.error, id: "\(prefix).\(kind)", message, at: location, rows: id.map { [$0] } ?? [])
    }

    /// Whether `text` is a calendar date written YYYY-MM-DD (ASCII digits, month 1–12, day 1–31).
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
    }
}
