import Foundation
import Testing
@testable import SpecKit

/// docs/specs.md is written by hand but cannot disagree with specs/: its table of files states each spec's kind and
/// row count, every row id it names exists, and its decision register lists every decision id a row relies on.
@Suite("docs/specs.md agrees with specs/")
struct SpecsDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func load() throws -> (doc: String, suite: CompiledSuite) {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/specs.md"), encoding: .utf8)
        let suite = try SpecCompiler().compile(paths: [root.appendingPathComponent("specs").path]).suite
        return (doc, suite)
    }

    @Test("the table of files: every spec once, with its kind and number of rows, and the total")
    func filesTable() throws {
        let (doc, suite) = try Self.load()
        var listed: [String: (kind: String, rows: Int)] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `specs/") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let rows = Int(cells[2]) else { continue }
            listed[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (cells[1], rows)
        }
        for spec in suite.specs {
            let name = "specs/" + (spec.file as NSString).lastPathComponent
            let entry = listed.removeValue(forKey: name)
            #expect(entry?.kind == spec.kind.rawValue, "\(name): docs/specs.md says \(entry?.kind ?? "nothing"), the spec is a \(spec.kind.rawValue)")
            #expect(entry?.rows == spec.rows.count, "\(name): docs/specs.md says \(entry?.rows ?? 0) rows, the spec has \(spec.rows.count)")
        }
        #expect(listed.isEmpty, "docs/specs.md lists files that are not specs: \(listed.keys.sorted())")
        let total = suite.specs.reduce(0) { $0 + $1.rows.count }
        // Tested apart from the document, so a failure shows what to write, not the whole of docs/specs.md.
        let specsTotal = doc.contains("| **\(suite.specs.count) specs** and "), rowsTotal = doc.contains("| **\(total)** |")
        #expect(specsTotal, "docs/specs.md's totals row (under the table of files) must say '**\(suite.specs.count) specs**'")
        #expect(rowsTotal, "docs/specs.md's totals row (under the table of files) must say '**\(total)**' rows")
    }

    @Test("every row id docs/specs.md names is a row of the specs (a trailing * names a family)")
    func rowIDsExist() throws {
        let (doc, suite) = try Self.load()
        let ids = Set(suite.specs.flatMap { $0.rows.map(\.id) })
        var unknown: Set<String> = []
        for token in Self.tokens(in: doc) where !token.family {
            if !ids.contains(token.text) { unknown.insert(token.text) }
        }
        for token in Self.tokens(in: doc) where token.family {
            if !ids.contains(where: { $0.hasPrefix(token.text) }) { unknown.insert(token.text + "*") }
        }
        #expect(unknown.isEmpty, "docs/specs.md names rows that do not exist: \(unknown.sorted())")
    }

    @Test("every decision a row relies on is in the decision register (which also lists decisions of the core, with no row)")
    func decisionIDs() throws {
        let (doc, suite) = try Self.load()
        var used: Set<String> = []
        for spec in suite.specs { for row in spec.rows { if let d = row.decision, let id = Self.leadingDecision(d) { used.insert(id) } } }
        var registered: Set<String> = []
        for line in doc.split(separator: "\n") where line.hasPrefix("| D-") {
            registered.insert(String(line.dropFirst(2).prefix { $0 != " " && $0 != "|" }))
        }
        #expect(used.subtracting(registered).isEmpty, "decisions used by rows but missing from docs/specs.md: \(used.subtracting(registered).sorted())")
    }

    /// The report's decision register is built from the rows' `decision:` texts, so a decision that docs/specs.md says
    /// rows rely on, and that none of them names, is missing from every report an auditor reads.
    @Test("every decision docs/specs.md traces to rows is named by at least one of them (so the report's register lists it)")
    func decisionsReachTheReport() throws {
        let (doc, suite) = try Self.load()
        let rows = Dictionary(suite.specs.flatMap { $0.rows.map { ($0.id, $0.decision ?? "") } }, uniquingKeysWith: { a, _ in a })
        var unnamed: [String] = []
        for line in doc.split(separator: "\n") where line.hasPrefix("| D-") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            // A withdrawn decision is kept in the register for its history; no row may rely on it.
            guard cells.count >= 4, !line.contains("**Withdrawn") else { continue }
            let id = String(cells[1].prefix { $0 != " " })
            let named = Self.tokens(in: cells[cells.count - 2]).flatMap { token in
                token.family ? rows.keys.filter { $0.hasPrefix(token.text) } : rows.keys.filter { $0 == token.text }
            }
            if !named.isEmpty, !named.contains(where: { DecisionRegisterIDs.contains(id, in: rows[$0] ?? "") }) {
                unnamed.append("\(id) (rows: \(named.sorted().prefix(3).joined(separator: ", ")))")
            }
        }
        #expect(unnamed.isEmpty, "decisions docs/specs.md traces to rows that none of those rows names: \(unnamed)")
        #expect(DecisionRegisterIDs.contains("D-A", in: "x (D-A)") && !DecisionRegisterIDs.contains("D-A", in: "D-AB: y"))
    }

    /// The report counts a row under the sections its `source` cites, and an auditor reads docs/specs.md's tables as
    /// "this rule of §S is checked by these rows". A row listed under §S that does not cite §S leaves the two telling
    /// different stories: the report's §S would not list it (found by a product owner's trial, where the rows listed
    /// under launch lock §2 cited §4, and the report's §2 listed other rows).
    @Test("every row docs/specs.md traces to a section cites that section (or one inside it; one of them for a line naming several), so the report counts it there")
    func tracedRowsCiteTheirSections() throws {
        let (doc, suite) = try Self.load()
        var cited: [String: [Citation]] = [:]
        for spec in suite.specs { for row in spec.rows { cited[row.id] = Citation.all(in: row.source) } }
        var document: String?
        var uncited: [String] = []
        for line in doc.split(separator: "\n") {
            if line.hasPrefix("## ") {
                let name = line.dropFirst(3).prefix { $0 != " " }
                document = name.hasSuffix(".md") ? String(name) : nil
                continue
            }
            guard let document, line.hasPrefix("| §") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { continue }
            let sections = Self.sections(in: cells[1])
            // A family (`MT-ST-*`) names rows by their prefix; a member that cites no section at all (a row traced by a
            // decision alone) is not claimed for the line, as a row named on its own is.
            let named = Self.tokens(in: cells[cells.count - 2]).flatMap { token in
                token.family ? cited.keys.filter { $0.hasPrefix(token.text) && !(cited[$0] ?? []).isEmpty } : [token.text]
            }
            // A line naming several sections states a rule they give together: a row cites at least one of them. A
            // row citing all of them would count in each section's coverage for a part it may not test (a trial found
            // storage rows of '§6.2, §6.1.2' counted under the PIN rules of §6.1.2 without entering a PIN).
            for row in Set(named).sorted() {
                let own = (cited[row] ?? []).filter { $0.document == document }.map(\.section)
                if !sections.contains(where: { section in own.contains { $0 == section || $0.hasPrefix(section + ".") } }) {
                    let listed = sections.map { "§" + $0 }.joined(separator: ", ")
                    uncited.append("\(row) under \(document) \(listed) cites \(own.isEmpty ? "no section of it" : own.map { "§" + $0 }.joined(separator: ", "))")
                }
            }
        }
        #expect(uncited.isEmpty, "rows docs/specs.md lists under a section they do not cite (\(uncited.count)):\n\(uncited.joined(separator: "\n"))")
        #expect(Self.sections(in: "§3, §9 ②") == ["3", "9"] && Self.sections(in: "§7.3 Bio to PIN") == ["7.3"])
        #expect(Self.sections(in: "§4 row 6, §2, §4") == ["4", "2"] && Self.sections(in: "§门控栈, §定制这叠门控") == ["门控栈", "定制这叠门控"])
    }

    /// The sections a traceability line's first cell names: each `§` and what follows it up to a space or a comma
    /// (`§3, §9 ②` names 3 and 9; `§7.3 Bio to PIN` names 7.3), each once.
    static func sections(in cell: String) -> [String] {
        var found: [String] = []
        for part in cell.split(separator: "§", omittingEmptySubsequences: false).dropFirst() {
            let section = String(part.prefix { $0 != " " && $0 != "," })
            if !section.isEmpty, !found.contains(section) { found.append(section) }
        }
        return found
    }

    /// Whether a decision text names `id` as a whole id (`D-A` is not in `D-AB`).
    enum DecisionRegisterIDs {
        static func contains(_ id: String, in text: String) -> Bool {
            var rest = Substring(text)
            while let range = rest.range(of: id) {
                let after = rest[range.upperBound...].first
                if !(after.map { $0.isUppercase || $0.isNumber || $0 == "-" } ?? false) { return true }
                rest = rest[range.upperBound...]
            }
            return false
        }
    }

    static func leadingDecision(_ text: String) -> String? {
        guard text.hasPrefix("D-"), let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[..<colon])
    }

    /// Row ids in a text: a document prefix (`LL-`, `BC-`, `MT-`, `DP-`, `LG-`) and capitals, digits and dashes; a
    /// family when followed by `-*` or `*`.
    static func tokens(in text: String) -> [(text: String, family: Bool)] {
        let chars = Array(text)
        var found: [(String, Bool)] = []
        var i = 0
        while i + 3 < chars.count {
            let prefix = String(chars[i..<i + 3])
            let boundary = i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "-")
            guard boundary, ["LL-", "BC-", "MT-", "DP-", "LG-"].contains(prefix) else { i += 1; continue }
            var j = i + 3
            while j < chars.count, chars[j].isASCII, chars[j].isUppercase || chars[j].isNumber || chars[j] == "-" { j += 1 }
            var token = String(chars[i..<j])
            let family = j < chars.count && chars[j] == "*"
            while token.hasSuffix("-") { token.removeLast() }
            if token.count > 3 { found.append((token, family)) }
            i = j
        }
        return found
    }
}
