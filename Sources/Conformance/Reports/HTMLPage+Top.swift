import SpecKit

extension HTMLPage {
    /// The first screen: verdict, identity, counts, what rows, cases and testcases are, and the table of contents.
    mutating func top() {
        let id = result.identity
        out += "<header id=\"top\">\n<h1>LockSpec conformance report</h1>\n"
        out += "<p class=\"verdict\"><span class=\"headline \(summary.holds ? "pass" : "fail")\">\(summary.holds ? "PASS" : "FAIL")</span> "
        out += "<span class=\"counts\">\(h(summary.line))</span></p>\n"
        if let gap = ReportText.traceabilityGap(result) { out += "<p class=\"verdict-note fail\"><a href=\"#documents\">\(h(gap))</a></p>\n" }
        if let dead = ReportText.neverFiringRows(result) { out += "<p class=\"verdict-note fail\">\(h(dead))</p>\n" }
        if let gap = ReportText.documentedValueGap(result) { out += "<p class=\"verdict-note fail\"><a href=\"#documents\">\(h(gap))</a></p>\n" }
        if let note = ReportText.documentedValueDeparture(result) { out += "<p class=\"verdict-note warn\"><a href=\"#documents\">\(h(note))</a></p>\n" }
        out += "<table class=\"ident\">\n"
        out += "<tr><th>Build under test</th><td><code>\(h(id.build.description))</code> <span class=\"muted\">recorded at build time, \(h(id.build.recordedAt))</span></td></tr>\n"
        out += "<tr><th>Tool</th><td>\(h(id.tool))</td></tr>\n<tr><th>Started</th><td>\(h(id.startedAt))\(id.shard.map { " · shard " + h($0) } ?? "")</td></tr>\n"
        out += "<tr><th>Specs</th><td>\(id.specs.count) files, SHA-256 of their list <code title=\"\(h(Self.specListDigest(id)))\">\(h(String(Self.specListDigest(id).prefix(16))))</code>"
        out += " <a href=\"#identity\">each file's SHA-256</a></td></tr>\n"
        out += "<tr><th>Other inputs</th><td>" + (id.inputs.isEmpty ? "<span class=\"muted\">none recorded</span>" : "\(id.inputs.count) files ("
            + h(Self.inputKinds(id)) + "), SHA-256 of their list <code title=\"\(h(Self.inputListDigest(id)))\">\(h(String(Self.inputListDigest(id).prefix(16))))</code>"
            + " <a href=\"#identity\">each file, and the product values the core ran with</a>") + "</td></tr>\n"
        out += "<tr><th>Design documents</th><td>"
        if id.documents.isEmpty { out += "<span class=\"muted\">not fingerprinted (run with --documents DIR)</span>" }
        out += id.documents.map { "\(h($0.name)) <code title=\"\(h($0.sha256))\">\(h(String($0.sha256.prefix(12))))</code>" }.joined(separator: "<br>")
        out += "</td></tr>\n</table>\n"
        out += "<p class=\"muted explain\">\(h(ReportText.countsExplained(result)))</p>\n"
        out += "<nav id=\"contents\" aria-label=\"Contents\">\n<h2>Contents</h2>\n<ol>\n"
        for entry in contents {
            out += "<li><a href=\"#\(entry.anchor)\">\(h(entry.title))</a>\(entry.count.map { " <span class=\"muted\">(\($0))</span>" } ?? "")"
            if entry.anchor == "documents", let documents = result.sections?.documents, !documents.isEmpty {
                out += "\n<ol>" + documents.map { "<li><a href=\"#\(Self.anchor("doc", $0.name))\">\(h($0.name))</a></li>" }.joined() + "</ol>"
            }
            out += "</li>\n"
        }
        out += "</ol>\n</nav>\n</header>\n"
    }

    /// What the other inputs are, in a phrase: `product values, section reasons`.
    static func inputKinds(_ identity: RunIdentity) -> String {
        Set(identity.inputs.map { $0.role.hasPrefix("product") ? "product values" : $0.role }).sorted().joined(separator: ", ")
    }

    /// The SHA-256 of the lines `<file> <sha256>` of every other input, sorted by file: one value naming them all.
    static func inputListDigest(_ identity: RunIdentity) -> String {
        SHA256.hex(Array(identity.inputs.sorted { $0.file < $1.file }.map { "\($0.file) \($0.sha256)\n" }.joined().utf8))
    }

    /// The SHA-256 of the lines `<spec id> <sha256>` of every spec, sorted: one value naming the whole spec set.
    static func specListDigest(_ identity: RunIdentity) -> String {
        let lines = identity.specs.sorted { $0.id < $1.id }.map { "\($0.id) \($0.sha256)\n" }.joined()
        return SHA256.hex(Array(lines.utf8))
    }
}
