import Foundation
import SpecKit

/// Reads a run back from `renderJSON`'s output (the `summary`, `countsExplained` and `format` keys are ignored; counts are recomputed).
/// Throws `RunResultDecodingError`, located at the offending value, when the text is not a result or holds a value no
/// run produces, so the reports never meet one.
public func decodeRunResult(_ text: String) throws(RunResultDecodingError) -> RunResult {
    func failure(_ id: String, _ message: String, _ path: [JSONLocator.Step]) -> RunResultDecodingError {
        let place = JSONLocator.locate(path, in: text)
        return RunResultDecodingError(id: id, message: message, path: describe(path), line: place?.line ?? 1, column: place?.column ?? 1)
    }
    // A result says which format it is, one this build reads (2 to the current one); a newer one may mean more than
    // this one reads, so it is refused, not half read.
    struct Format: Decodable { var format: Int }
    let format = (try? JSONDecoder().decode(Format.self, from: Data(text.utf8)))?.format
    if let format, format > RunReportFormat.current {
        throw failure("result.unreadable", "this result is format \(format), written by a newer lockspec; this one reads formats 2 to \(RunReportFormat.current)", [.key("format")])
    }
    let result: RunResult
    do {
        result = try JSONDecoder().decode(RunResult.self, from: Data(text.utf8))
    } catch let error as DecodingError {
        if case .dataCorrupted(let c) = error, c.codingPath.isEmpty, let number = JSONLocator.firstUnreadableNumber(in: text) {
            let field = number.key.map { "'\($0)'" } ?? "this value"
            let range = number.key == "seed" ? "a whole number from 0 to \(UInt64.max)" : "a whole number from \(Int64.min) to \(Int64.max)"
            throw RunResultDecodingError(id: "result.invalid", message: "\(field) is \(number.number), which is not \(range)",
                                         path: "", line: number.line, column: number.column)
        }
        let (context, message): (DecodingError.Context?, String)
        switch error {
        case .typeMismatch(let type, let c): (context, message) = (c, "expected \(kind(type)) here")
        case .valueNotFound(let type, let c): (context, message) = (c, "expected \(kind(type)) here, found null")
        case .keyNotFound(let key, let c): (context, message) = (c, "the key '\(key.stringValue)' is missing")
        case .dataCorrupted(let c): (context, message) = (c, corrupted(c))
        @unknown default: (context, message) = (nil, "not a LockSpec result")
        }
        let path = (context?.codingPath ?? []).map { key in key.intValue.map(JSONLocator.Step.index) ?? .key(key.stringValue) }
        throw failure("result.unreadable", message, path)
    } catch {
        throw failure("result.unreadable", "not a LockSpec result: \(error)", [])
    }
    guard let format, (2...RunReportFormat.current).contains(format) else {
        throw failure("result.unreadable", "not a LockSpec result of a format this lockspec reads: 'format' must be a whole number from 2 to \(RunReportFormat.current)", [.key("format")])
    }
    for (s, spec) in result.specs.enumerated() {
        var seen: Set<String> = []
        for (n, state) in (spec.graph?.states ?? []).enumerated() where !seen.insert(state).inserted {
            throw failure("result.invalid", "the graph of spec '\(spec.id)' lists state '\(state)' twice",
                          [.key("specs"), .index(s), .key("graph"), .key("states"), .index(n)])
        }
    }
    for (n, c) in result.cases.enumerated() {
        if let d = c.divergence, !(0...maximumStep).contains(d.step) {
            throw failure("result.invalid", "case '\(c.id)' diverged at step \(d.step), which is not a step number (0 to \(maximumStep))",
                          [.key("cases"), .index(n), .key("divergence"), .key("step")])
        }
        // A case's step count and place are what a run wrote: no negative count, no line or column before the first.
        for (name, value, least) in [("steps", c.steps, 0), ("line", c.line, 1), ("column", c.column, 1)] where !(least...maximumStep).contains(value) {
            throw failure("result.invalid", "case '\(c.id)' has \(name) \(value), which no run writes (\(least) to \(maximumStep))",
                          [.key("cases"), .index(n), .key(name)])
        }
        for (k, check) in (c.checks ?? []).enumerated() where !(0...maximumStep).contains(check.step) {
            throw failure("result.invalid", "case '\(c.id)' checks step \(check.step), which is not a step number (0 to \(maximumStep))",
                          [.key("cases"), .index(n), .key("checks"), .index(k), .key("step")])
        }
    }
    if let (count, value, path) = explorationCounts(result).first(where: { !(0...maximumCount).contains($0.value) }) {
        throw failure("result.invalid", "the exploration's \(count) is \(value), which is not a count (0 to \(maximumCount))", path)
    }
    return result
}

/// The largest count of an exploration a result may hold: far above any run's (tens of thousands), and low enough that
/// the counts of every machine of a result the size `merge` reads add up without overflowing.
private let maximumCount = 100_000_000_000

/// Every count of a result's exploration, with its name and where it is, in the order written: the summaries add
/// them up, so a hostile one must be refused, not trap.
private func explorationCounts(_ result: RunResult) -> [(name: String, value: Int, path: [JSONLocator.Step])] {
    guard let exploration = result.exploration?.result else { return [] }
    let root: [JSONLocator.Step] = [.key("exploration"), .key("result")]
    var counts: [(String, Int, [JSONLocator.Step])] = []
    func add(_ list: String, _ i: Int, _ fields: [(String, Int?)]) {
        for case let (name, value?) in fields {
            counts.append((name, value, root + [.key(list), .index(i)] + name.split(separator: ".").map { .key(String($0)) }))
        }
    }
    for (i, m) in exploration.machines.enumerated() {
        add("machines", i, [("reachable", m.reachable), ("situations", m.situations), ("transitions", m.transitions),
                            ("checked", m.checked), ("clockMoves", m.clockMoves), ("stoppedAfter", m.stoppedAfter)])
        add("machines", i, [("reach.situations", m.reach.situations), ("reach.pairs", m.reach.pairs)])
    }
    for (i, w) in exploration.walks.enumerated() {
        add("walks", i, [("walks", w.walks), ("length", w.length), ("steps", w.steps), ("failingWalks", w.failingWalks), ("clockMoves", w.clockMoves)])
    }
    for (i, c) in exploration.coverage.enumerated() {
        add("coverage", i, [("situations", c.situations), ("pairs", c.pairs), ("byRows.situations", c.byRows.situations),
                            ("byRows.pairs", c.byRows.pairs), ("byExploration.situations", c.byExploration.situations),
                            ("byExploration.pairs", c.byExploration.pairs)])
    }
    return counts
}

/// The largest step index a result may hold (reports add one to show it).
private let maximumStep = 1_000_000_000

/// A JSON kind in words, for a type the decoder expected.
private func kind(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Dictionary") { return "an object" }
    if name.hasPrefix("Array") { return "a list" }
    switch name {
    case "String": return "a text"
    case "Int", "Double": return "a number"
    case "Bool": return "true or false"
    default: return "a value of another kind"
    }
}

/// `specs[0].graph.states[2]`.
private func describe(_ path: [JSONLocator.Step]) -> String {
    var text = ""
    for step in path {
        switch step {
        case .key(let k): text += text.isEmpty ? k : "." + k
        case .index(let i): text += "[\(i)]"
        }
    }
    return text
}

/// What a corrupted value says, in the reader's words: a value a field does not take (`"status": "exploded"`), or JSON
/// that does not parse. Foundation's own sentences name Swift types (`Cannot initialize CaseStatus from …`) and are left
/// out.
private func corrupted(_ context: DecodingError.Context) -> String {
    let text = context.debugDescription
    if let range = text.range(of: "from invalid "), let value = text.range(of: " value ", range: range.upperBound..<text.endIndex) {
        return "'\(VisibleText.escape(String(text[value.upperBound...])))' is not a value this field takes"
    }
    return context.codingPath.isEmpty ? "not readable JSON: the file is not valid JSON (cut short, or not JSON at all)" : "not a value this field takes"
}
