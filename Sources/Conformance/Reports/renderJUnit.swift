/// The run as JUnit XML, for CI readers: one `<testsuite>` per spec with the run identity in `<properties>`, and one
/// `<testcase classname="spec" name="row">` per row. A machine row that ran as several cases (one per value of the names
/// it tests) is one testcase that fails when any of its cases fails; a matrix cell is a row of its own. A divergence,
/// an unexpected pass or an expired expectation is a `<failure>` whose body is the full account of every failing case;
/// an expected failure is `<skipped>`. The sentence saying what rows, cases and testcases are comes first, as a
/// comment, and again in every suite's `lockspec.counts` property.
public func renderJUnit(_ result: RunResult) -> String {
    let groups = JUnitRow.groups(result)
    let explored = explorationTestcases(result)
    let counts = ReportText.countsExplained(result)
    // A comment may not hold "--"; the sentence never does, but a spec id could.
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- \(Escape.xml(counts).replacingOccurrences(of: "--", with: "- -")) -->\n"
    out += "<testsuites name=\"lockspec\" tests=\"\(groups.count + explored.tests)\" failures=\"\(groups.filter(\.fails).count + explored.failures)\""
    out += " errors=\"0\" skipped=\"\(groups.filter { $0.status == .expectedFailure }.count + explored.skipped)\">\n"
    for id in ReportText.specIDs(result) {
        let rows = groups.filter { $0.cases[0].spec == id }
        guard !rows.isEmpty else { continue }
        out += junitSuite(id, rows: rows, result: result, counts: counts)
    }
    out += explored.xml
    out += "</testsuites>\n"
    return out
}

/// One JUnit testcase: a row with every case it ran as (a matrix cell is a row of its own), in run order.
private struct JUnitRow {
    var id: String
    var cases: [CaseResult]

    /// The row's status: the worst of its cases' (failed, expired, unexpected pass, expected failure, passed).
    var status: CaseStatus {
        for s in [CaseStatus.failed, .expired, .unexpectedPass, .expectedFailure] where cases.contains(where: { $0.status == s }) { return s }
        return .passed
    }

    /// Whether the row fails the run.
    var fails: Bool { status == .failed || status == .unexpectedPass || status == .expired }

    /// The run's rows in run order, each with its cases.
    static func groups(_ result: RunResult) -> [JUnitRow] {
        let matrices = Set(result.specs.filter { $0.kind == .matrix }.map(\.id))
        var groups: [JUnitRow] = []
        var index: [String: Int] = [:]
        for c in result.cases {
            let key = matrices.contains(c.spec) ? c.id : c.row
            if let i = index["\(c.spec)\u{0}\(key)"] { groups[i].cases.append(c) } else {
                index["\(c.spec)\u{0}\(key)"] = groups.count
                groups.append(JUnitRow(id: key, cases: [c]))
            }
        }
        return groups
    }
}

/// One spec's `<testsuite>`: the run identity and the counts sentence as properties, then a testcase per row.
private func junitSuite(_ id: String, rows: [JUnitRow], result: RunResult, counts: String) -> String {
    func attr(_ s: String) -> String { Escape.xml(s, attribute: true) }
    var out = "  <testsuite name=\"\(attr(id))\" tests=\"\(rows.count)\" failures=\"\(rows.filter(\.fails).count)\""
    out += " errors=\"0\" skipped=\"\(rows.filter { $0.status == .expectedFailure }.count)\">\n"
    out += "    <properties>\n"
    var properties: [(String, String)] = [
        ("lockspec.tool", result.identity.tool),
        ("lockspec.core.commit", result.identity.build.commit),
        ("lockspec.core.dirty", result.identity.build.dirty.map { String($0) } ?? "unknown"),
        ("lockspec.started", result.identity.startedAt),
        ("lockspec.counts", counts),
    ]
    if let shard = result.identity.shard { properties.append(("lockspec.shard", shard)) }
    let fingerprint = result.identity.specs.first { $0.id == id }
        ?? result.specs.first(where: { $0.id == id }).map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) }
    if let fingerprint {
        properties.append(("lockspec.spec.file", fingerprint.file))
        properties.append(("lockspec.spec.sha256", fingerprint.sha256))
    }
    for (name, value) in properties {
        out += "      <property name=\"\(attr(name))\" value=\"\(attr(value))\"/>\n"
    }
    out += "    </properties>\n"
    for row in rows { out += junitTestcase(row) }
    return out + "  </testsuite>\n"
}

/// A row's `<testcase>`: empty when it passed, `<skipped>` for an expected failure, else a `<failure>` whose body is
/// the full account of every case failing that way; the cases it ran as, when more than one, in `<system-out>`.
private func junitTestcase(_ row: JUnitRow) -> String {
    func attr(_ s: String) -> String { Escape.xml(s, attribute: true) }
    let c = row.cases[0]
    var out = "    <testcase classname=\"\(attr(c.spec))\" name=\"\(attr(row.id))\" file=\"\(attr(c.file))\" line=\"\(c.line)\""
    let ran = row.cases.count > 1 ? "      <system-out>\(Escape.xml("ran \(row.cases.count) cases: " + row.cases.map(\.id).joined(separator: ", ")))</system-out>\n" : ""
    let status = row.status
    switch status {
    case .passed:
        out += ran.isEmpty ? "/>\n" : ">\n\(ran)    </testcase>\n"
    case .expectedFailure:
        out += ">\n      <skipped message=\"\(attr("expected failure: " + (c.expectedReason ?? "listed")))\"/>\n\(ran)    </testcase>\n"
    case .failed, .unexpectedPass, .expired:
        let type = status == .failed ? "divergence" : status == .unexpectedPass ? "unexpected-pass" : "expired"
        let bad = row.cases.filter { $0.status == status }
        out += ">\n      <failure message=\"\(attr(failureMessage(bad[0])))\" type=\"\(type)\">"
        out += Escape.xml(bad.map { ReportText.account($0).joined(separator: "\n") }.joined(separator: "\n\n"))
        out += "</failure>\n\(ran)    </testcase>\n"
    }
    return out
}

/// The exploration as JUnit: one `<testsuite name="<spec> (exploration)">` per machine or decision table explored, with
/// one testcase per finding (named by its `EX-` id: a divergence or an unexpected pass is a `<failure>`, an expected
/// failure is `<skipped>`), or a single passing `transition tour` (`input combinations` for a table) testcase when
/// every transition held.
private func explorationTestcases(_ result: RunResult) -> (xml: String, tests: Int, failures: Int, skipped: Int) {
    guard let exploration = result.exploration else { return ("", 0, 0, 0) }
    func attr(_ s: String) -> String { Escape.xml(s, attribute: true) }
    var xml = "", tests = 0, failures = 0, skipped = 0
    for machine in exploration.result.machines {
        let findings = exploration.findings.filter { $0.spec == machine.spec }
        let bad = findings.filter(\.failsRun).count, xfail = findings.filter { $0.status == .expectedFailure }.count
        let count = max(findings.count, 1)
        (tests, failures, skipped) = (tests + count, failures + bad, skipped + xfail)
        xml += "  <testsuite name=\"\(attr(machine.spec + " (exploration)"))\" tests=\"\(count)\" failures=\"\(bad)\" errors=\"0\" skipped=\"\(xfail)\">\n"
        let counts = machine.table == nil ? "checked \(machine.checked)/\(machine.transitions) transitions in \(machine.situations) situations"
            : "checked \(machine.checked)/\(machine.transitions) input combinations"
        let checked = "      <system-out>\(Escape.xml(counts + (machine.stoppedEarly.map { "\nwarning: \($0) [explore.limit]" } ?? "")))</system-out>\n"
        if findings.isEmpty {
            xml += "    <testcase classname=\"\(attr(machine.spec))\" name=\"\(machine.table == nil ? "transition tour" : "input combinations")\">\n\(checked)    </testcase>\n"
        }
        for f in findings {
            let place = f.divergence.map { " file=\"\(attr($0.file))\" line=\"\($0.line)\"" } ?? ""
            xml += "    <testcase classname=\"\(attr(machine.spec))\" name=\"\(attr(f.id))\"\(place)>\n"
            if f.status == .expectedFailure {
                xml += "      <skipped message=\"\(attr("expected failure: " + (f.expectedReason ?? "listed")))\"/>\n"
            } else {
                let type = f.status == .failed ? "divergence" : f.status == .unexpectedPass ? "unexpected-pass" : "expired"
                xml += "      <failure message=\"\(attr(ExplorationText.message(f)))\" type=\"\(type)\">"
                xml += Escape.xml(ExplorationText.account(f).joined(separator: "\n")) + "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
    }
    return (xml, tests, failures, skipped)
}

/// The one-line message of a failure: what went wrong and where.
private func failureMessage(_ c: CaseResult) -> String {
    switch c.status {
    case .unexpectedPass: return "row \(c.row) passed but is listed as an expected failure"
    case .expired: return "the expected failure of row \(c.row) has expired"
    default:
        guard let d = c.divergence else { return "row \(c.row) diverged" }
        let bad = d.cells.filter { !$0.ok }.map { "\($0.name): expected \($0.shown.expected), actual \($0.shown.actual)" }
        var text = d.onPath ? "while reaching row \(c.row), step \(d.step + 1) (row \(d.row ?? "?")) diverged"
                            : "row \(c.row) diverged at step \(d.step + 1) (\(d.action))"
        if !bad.isEmpty { text += ": " + bad.joined(separator: "; ") }
        text += d.cells.compactMap(\.note).map { " (\($0))" }.joined()
        if let e = d.error { text += ": fixture error: \(e)" }
        return text
    }
}
