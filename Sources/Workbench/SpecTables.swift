import SpecKit

/// A spec file's header and rows as the page's tables, read from where each node is written (so a file that does not
/// compile is still shown, with its findings at its cells).
enum SpecTables {
    /// The header's one-line values and the table of rows (or scenarios, each with its steps) of one file's text.
    static func read(_ text: String, file: String) -> (header: [String: CellView], keys: [String], table: TableView?, values: [ValuesView]) {
        guard let root = try? YAMLSpan.read(text, file: file), root.kind == .mapping else { return ([:], [], nil, []) }
        let lines = LineText(text)
        var header: [String: CellView] = [:], keys: [String] = []
        var table: TableView?
        var values: [ValuesView] = []
        for (key, value) in root.entries {
            guard let name = key.scalar else { continue }
            keys.append(name)
            if (name == "rows" || name == "scenarios"), value.kind == .sequence {
                table = Self.table(value, path: [.key(name)], lines: lines)
            } else if value.kind == .mapping, !value.flow {
                var view = ValuesView(key: name, names: [], cells: [:])
                for (k, v) in value.entries {
                    guard let n = k.scalar else { continue }
                    view.names.append(n)
                    view.cells[n] = cell(v, path: [.key(name), .key(n)], lines: lines)
                }
                values.append(view)
            } else {
                header[name] = cell(value, path: [.key(name)], lines: lines)
            }
        }
        return (header, keys, table, values)
    }

    /// A list of mappings as a table: a column per key, in the order keys first appear; a scenario's `steps` become
    /// its own table.
    static func table(_ list: YAMLSpan, path: [YAMLPathStep], lines: LineText) -> TableView {
        var columns: [String] = [], rows: [RowView] = []
        for (index, item) in list.children.enumerated() {
            var cells: [String: CellView] = [:]
            var steps: TableView?
            for (key, value) in item.entries {
                guard let name = key.scalar else { continue }
                if name == "steps", value.kind == .sequence {
                    steps = table(value, path: path + [.index(index), .key("steps")], lines: lines)
                    continue
                }
                if !columns.contains(name) { columns.append(name) }
                cells[name] = cell(value, path: path + [.index(index), .key(name)], lines: lines)
            }
            rows.append(RowView(index: index, id: item["id"]?.scalar, start: item.start, end: item.end, cells: cells, steps: steps))
        }
        return TableView(path: path, columns: columns, rows: rows)
    }

    /// A value's source text and place. A list or mapping over several lines is given from its column, its lines
    /// indented as they are under its first, which is the text the editor takes back for it (`SpecTextEditor.set`).
    static func cell(_ value: YAMLSpan, path: [YAMLPathStep], lines: LineText) -> CellView {
        let end = lines.trimmed(value.end, after: value.start)
        let multiline = end.line > value.start.line
        var text = lines.slice(value.start, end)
        if multiline, value.isCollection {
            let pad = String(repeating: " ", count: value.start.column - 1)
            let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
            if rows.dropFirst().allSatisfy({ $0.isEmpty || $0.hasPrefix(pad) }) {
                text = ([rows[0]] + rows.dropFirst().map { $0.dropFirst(min(pad.count, $0.count)) }).joined(separator: "\n")
            }
        }
        return CellView(path: path, text: text, start: value.start, end: end, multiline: multiline, reads: multiline ? value.scalar : nil)
    }
}

extension TableView {
    /// Sets the keys the page may add as columns: `keys` for the rows, `steps` for a scenario's steps.
    mutating func offerKeys(_ keys: [String], steps: [String]) {
        self.keys = keys.filter { $0 != "steps" }
        for i in rows.indices { rows[i].steps?.keys = steps.filter { $0 != "steps" } }
    }
}
