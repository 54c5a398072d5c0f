/// One key of a row as written (its `when:`, its `notes:`), before anything in it is read or computed.
struct WrittenPart: Equatable {
    /// The value as written: scalars with their quoting, lists and mappings in the order written.
    var text: String
    /// The names its scalars hold (`pinAttempts` in `pinAttempts - 1`), keys left out: what it may read by name.
    var names: Set<String>
}

/// The rows of a spec file as written: for each row (an item of `rows:` or `scenarios:` with an `id`), each of its
/// keys but `id` with its value as the YAML holds it. Two versions of a part whose written values are equal were not
/// edited, whatever they now compile to; where a part is written, its indentation, its comments and its flow or block
/// style are not part of it.
enum WrittenRows {
    /// Each row's written parts by row id, read from a spec file's bytes; nil when they cannot be read as YAML with
    /// a list of rows. A second row of one id is left out (the first is the one compared).
    static func parts(of bytes: [UInt8], file: String) -> [String: [String: WrittenPart]]? {
        guard let root = try? YAMLLoader().load(bytes, file: file), root.mapping != nil,
              let rows = (root["rows"] ?? root["scenarios"])?.sequence else { return nil }
        var result: [String: [String: WrittenPart]] = [:]
        for row in rows {
            guard let entries = row.mapping, let id = row["id"]?.scalar, result[id] == nil else { continue }
            var parts: [String: WrittenPart] = [:]
            for entry in entries {
                guard let key = entry.key.scalar, key != "id" else { continue }
                var names: Set<String> = []
                parts[key] = WrittenPart(text: written(entry.value, names: &names), names: names)
            }
            result[id] = parts
        }
        return result
    }

    /// A value as written, unambiguously (a quoted scalar is not the plain one of the same text), gathering the names
    /// its scalars hold.
    private static func written(_ node: NodeView, names: inout Set<String>) -> String {
        if let items = node.sequence {
            return "[" + items.map { written($0, names: &names) }.joined(separator: ", ") + "]"
        }
        if let entries = node.mapping {
            return "{" + entries.map { entry in
                var keyNames: Set<String> = []
                return written(entry.key, names: &keyNames) + ": " + written(entry.value, names: &names)
            }.joined(separator: ", ") + "}"
        }
        let text = node.scalar ?? ""
        names.formUnion(Self.names(in: text))
        return (node.isQuoted ? "q" : "p") + String(reflecting: text)
    }

    /// The words of a text that may name a product value: the names (`ReadContext.isName`) among its runs of the
    /// characters a name holds.
    static func names(in text: String) -> Set<String> {
        Set(text.unicodeScalars.split { !ReadContext.isNameScalar($0) }.map { String(String.UnicodeScalarView($0)) }.filter(ReadContext.isName))
    }
}
