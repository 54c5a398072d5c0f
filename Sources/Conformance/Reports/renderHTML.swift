import SpecKit

/// The run as one self-contained HTML page (inline CSS and SVG, no scripts, nothing fetched), organised for an
/// auditor: at the top the verdict, the run's identity, the counts and a table of contents; then every failing case
/// with its diff and rerun command; the expected failures with their reasons and expiry dates; every section of each
/// design document with the rows covering it and their results, or the reason none does; the decision register; then
/// per spec the FitNesse-style tables (each case with what its row checks: its own steps and expected cells), the
/// state diagrams with their coverage, and the full identity.
/// Every piece of text is escaped; the output is deterministic. A print stylesheet gives a clean paged document.
/// `diagrams` says how the state diagrams are laid out: by Graphviz's `dot` where it is installed (the default), by
/// hand where it is not, and the page says which.
public func renderHTML(_ result: RunResult, diagrams: DiagramLayout = .automatic) -> String {
    var page = HTMLPage(result, diagrams: diagrams)
    return page.render()
}

/// Builds the page section by section; each section is an extension in its own file (`HTMLPage+<Section>.swift`).
struct HTMLPage {
    let result: RunResult
    let summary: RunSummary
    let specIDs: [String]
    let diagrams: DiagramLayout
    var out = ""

    init(_ result: RunResult, diagrams: DiagramLayout) {
        self.result = result
        self.diagrams = diagrams
        summary = RunSummary(result)
        specIDs = ReportText.specIDs(result)
    }

    /// The page, in reading order. A new section is one call here and one file.
    mutating func render() -> String {
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>LockSpec conformance: \(summary.holds ? "PASS" : "FAIL")</title>\n<style>\n\(HTMLStyle.css)</style>\n</head>\n<body>\n"
        top()
        failures()
        expectedFailures()
        unmodelledRows()
        documentSections()
        decisionRegister()
        summaryTable()
        specTables()
        machines()
        out += renderCoverageHTML(result)
        identity()
        out += "</body>\n</html>\n"
        return out
    }

    /// The sections of the table of contents: anchor, title, and a count when it has one.
    var contents: [(anchor: String, title: String, count: Int?)] {
        typealias Entry = (anchor: String, title: String, count: Int?)
        var entries: [Entry] = [
            ("failures", "Failing cases", failing.count),
            ("expected", "Expected failures", result.cases.filter { $0.expectedReason != nil }.count + ReportText.listedFindings(result).count),
        ]
        let unmodelled = ReportText.unmodelled(result).count
        if unmodelled > 0 { entries.append(("unmodelled", "Rows that predict nothing (unmodelled)", unmodelled)) }
        entries += [
            ("documents", "Coverage by document and section", nil),
            ("decisions", "Decision register", DecisionRegister(result).decisions.count),
            ("summary", "Results by spec", specIDs.count),
            ("tables", "Tables", nil),
            ("machines", "State machines and coverage", result.specs.filter { $0.graph != nil }.count),
        ]
        if let exploration = result.exploration {
            // The count is what was explored (machines and decision tables), as the other entries count what they hold.
            entries.append(("exploration", "Exploration and coverage", exploration.result.machines.count))
        }
        entries.append(("identity", "Run identity", nil))
        return entries
    }

    /// The cases that fail the run.
    var failing: [CaseResult] { result.cases.filter(\.failsRun) }

    func h(_ s: String) -> String { Escape.html(s) }
    func spec(_ id: String) -> CompiledSpec? { result.specs.first { $0.id == id } }
    func cases(of id: String) -> [CaseResult] { result.cases.filter { $0.spec == id } }

    /// An anchor made of ASCII letters, digits, `-` and `.`; anything else is written as `_<hex>`, so every id is
    /// valid and the same text always gives the same anchor.
    static func anchor(_ parts: String...) -> String {
        parts.joined(separator: "--").unicodeScalars.map { s in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(Character(s)) || s == "-" || s == ".")) ? String(s) : "_" + String(s.value, radix: 16)
        }.joined()
    }

    static func statusClass(_ s: CaseStatus) -> String {
        switch s {
        case .passed: "pass"
        case .failed, .unexpectedPass, .expired: "fail"
        case .expectedFailure: "xfail"
        }
    }

    static func statusText(_ s: CaseStatus) -> String {
        switch s {
        case .passed: "conforms"
        case .failed: "diverged"
        case .expectedFailure: "expected failure"
        case .unexpectedPass: "unexpected pass"
        case .expired: "expired expectation"
        }
    }

    static func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "" : " (\(a * 100 / b)%)" }
}
