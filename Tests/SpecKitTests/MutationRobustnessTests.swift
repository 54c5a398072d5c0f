import Foundation
import Testing
@testable import SpecKit

/// Bad input is never a crash: every spec of the project, damaged in seeded random ways (bytes flipped, lines
/// dropped, duplicated or indented, text cut off), must come back as findings or a clean compile, never a trap.
@Suite("Damaged specs")
struct MutationRobustnessTests {
    static let specsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs")

    /// SplitMix64: a small seeded generator, so every run damages the files the same way.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
        }
    }

    static func damage(_ bytes: [UInt8], _ random: inout Seeded) -> [UInt8] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        guard !lines.isEmpty else { return bytes }
        let i = random.next(lines.count)
        switch random.next(7) {
        case 0: lines.remove(at: i)
        case 1: lines.insert(lines[i], at: i)
        case 2: lines[i] = [UInt8](repeating: UInt8(ascii: " "), count: random.next(5)) + lines[i]
        case 3: if !lines[i].isEmpty { lines[i][random.next(lines[i].count)] = UInt8(random.next(256)) }
        case 4: lines = Array(lines.prefix(i))
        case 5: lines[i] = Array(lines[i].prefix(random.next(lines[i].count + 1)))
        default: lines.swapAt(i, random.next(lines.count))
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The spec that `original` names in `uses:`, if any.
    static func used(by original: (path: String, bytes: [UInt8]), in all: [(path: String, bytes: [UInt8])]) -> [(path: String, bytes: [UInt8])] {
        let text = String(decoding: original.bytes, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("uses: ") }) else { return [] }
        let id = line.dropFirst("uses: ".count).trimmingCharacters(in: .whitespaces)
        return all.filter { String(decoding: $0.bytes, as: UTF8.self).contains("\nid: \(id)\n") || String(decoding: $0.bytes, as: UTF8.self).hasPrefix("id: \(id)\n") }
    }

    @Test("forty damaged copies of every spec compile to findings or to a clean result, never a crash")
    func damagedSpecsNeverCrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.specsFolder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 5)
        let originals = try names.map { (path: "specs/\($0)", bytes: Array(try Data(contentsOf: Self.specsFolder.appendingPathComponent($0)))) }
        var random = Seeded(state: 0x10C5)
        var withFindings = 0, total = 0
        for original in originals {
            for _ in 0..<40 {
                var bytes = original.bytes
                for _ in 0..<(1 + random.next(3)) { bytes = Self.damage(bytes, &random) }
                // The machine a scenario set uses stays whole, so the damaged set can still be read against it.
                let compilation = SpecCompiler().compile(sources: Self.used(by: original, in: originals) + [(original.path, bytes)])
                total += 1
                if compilation.diagnostics.contains(where: { $0.location.file == original.path }) { withFindings += 1 }
                for d in compilation.diagnostics { #expect(d.location.line >= 1 && d.location.column >= 1) }
            }
        }
        // Most damage must be noticed; a few mutations (a duplicated blank line, a swapped pair of rows) are harmless.
        #expect(withFindings * 2 > total, "\(withFindings) of \(total) damaged files gave findings")
    }

    /// Values that once trapped the reader or the compiler, or that a printed finding must not show raw, by the kind
    /// of place they go: comparisons and ranges that match nothing or reach Int's ends, changes larger than any domain,
    /// domains inverted or too large to compute with, numbers beyond Int, and control characters (newline, ESC, NEL,
    /// DEL, a bidi override) for any value.
    static let extremeValues: [(kind: String, values: [String])] = [
        ("comparison", [#""> 2h""#, #""< 0s""#, #""> 10""#, #""< -1""#, #""> 9223372036854775807""#, #""< -9223372036854775808""#,
                        #""9223372036854775807..-9223372036854775808""#, #""9223372036854775806..""#, #""..-9223372036854775808""#, #""5..1""#]),
        ("change", [#""+9223372036854775807""#, #""-9223372036854775807""#, #""-9223372036854775808""#, #""+99999999999999999999""#,
                    #""-1000000000000001""#, #""+1000000000000000""#, #""+2""#]),
        ("domain", ["int 0..99999999999999999999", "int -9223372036854775808..9223372036854775807", "int 5..1", "int 0..1000000000000001",
                    "duration 0s..999999999999d", "duration 2h..0s", "duration 0s..1000000000001s"]),
        ("number", ["99999999999999999999", "-9223372036854775808", "9223372036854775807", "999999999999d", "-999999999999d", "3"]),
        ("any", [#""Op\nen""#, #""Lo\e[31mck""#, #""x\N\x7f\u202Ey""#, #""\r::error file=x::forged""#, #"[a, "b\nc"]"#]),
    ]

    /// The kind of place a value is: where numbers matter (few in a file, and where the traps were) or anywhere.
    static func kind(of text: Substring) -> String {
        if ["\"+", "\"-"].contains(where: { text.hasPrefix($0) }) { return "change" }
        if ["\">", "\"<"].contains(where: { text.hasPrefix($0) }) || text.contains("..") && text.hasPrefix("\"") { return "comparison" }
        if text.hasPrefix("int ") || text.hasPrefix("duration ") { return "domain" }
        if text.first?.isNumber == true { return "number" }
        return "any"
    }

    /// Replaces values in the file (a value is the text after a `: ` up to the next `,`, `}` or the end of the line):
    /// a kind of place is chosen among those the file has, then each place of that kind is replaced with an even
    /// chance (at least one), each by a value of its own. Keeping some places whole matters: a change of
    /// `+9223372036854775807` only overflowed once other rows had counted the variable up.
    static func extremeValue(_ bytes: [UInt8], _ random: inout Seeded) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Places as UTF-8 offsets. A flow mapping or list (`when: {a: 1}`) is not a place itself: the values inside are.
        var spans: [String: [(line: Int, range: Range<Int>)]] = [:]
        for (i, line) in lines.enumerated() where !line.hasPrefix("#") {
            var end = line.startIndex
            for start in line.indices where start >= end && line[start...].hasPrefix(": ") {
                let from = line.index(start, offsetBy: 2)
                if from < line.endIndex && (line[from] == "{" || line[from] == "[") { continue }
                end = line[from...].firstIndex { $0 == "," || $0 == "}" } ?? line.endIndex
                let offsets = line.utf8.distance(from: line.startIndex, to: from)..<line.utf8.distance(from: line.startIndex, to: end)
                spans[kind(of: line[from..<end]), default: []].append((i, offsets))
            }
        }
        // Comparisons and changes, where the traps were, are chosen twice as often.
        let present = extremeValues.filter { spans[$0.kind] != nil }
        let kinds = present + present.filter { $0.kind == "change" || $0.kind == "comparison" }
        guard !kinds.isEmpty else { return bytes }
        let chosen = kinds[random.next(kinds.count)]
        let pool = spans[chosen.kind] ?? []
        let values = chosen.values
        let forced = random.next(pool.count)
        // From the last place back, so the ranges of earlier places on the same line stay valid.
        for (n, span) in pool.enumerated().reversed() where n == forced || random.next(2) == 0 {
            var utf8 = Array(lines[span.line].utf8)
            utf8.replaceSubrange(span.range, with: Array(values[random.next(values.count)].utf8))
            lines[span.line] = String(decoding: utf8, as: UTF8.self)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test("ten copies of every spec with an extreme value compile to located findings, printed without a raw control character")
    func extremeValuesNeverCrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.specsFolder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let originals = try names.map { (path: "specs/\($0)", bytes: Array(try Data(contentsOf: Self.specsFolder.appendingPathComponent($0)))) }
        var random = Seeded(state: 0x8_0B05)
        var withFindings = 0, total = 0
        for original in originals {
            for _ in 0..<10 {
                var bytes = original.bytes
                for _ in 0..<(1 + random.next(2)) { bytes = Self.extremeValue(bytes, &random) }
                let compilation = SpecCompiler().compile(sources: Self.used(by: original, in: originals) + [(original.path, bytes)])
                total += 1
                if compilation.diagnostics.contains(where: { $0.location.file == original.path }) { withFindings += 1 }
                for d in compilation.diagnostics { #expect(d.location.line >= 1 && d.location.column >= 1) }
                for format in [DiagnosticFormatter.Format.text, .github] {
                    let text = DiagnosticFormatter.render(compilation.diagnostics, format: format)
                    #expect(!text.unicodeScalars.contains { VisibleText.isEscaped($0) && $0 != "\n" }, "\(text)")
                }
                for spec in compilation.suite.specs where spec.graph != nil { _ = emitDiagram(spec, format: .mermaid, command: "lockspec graph") }
            }
        }
        #expect(withFindings * 2 > total, "\(withFindings) of \(total) files with an extreme value gave findings")
    }
}
