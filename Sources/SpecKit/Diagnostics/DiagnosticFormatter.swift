import Foundation

/// Renders diagnostics for people (text, optionally coloured), for machines (JSON) and for CI annotations (GitHub).
public enum DiagnosticFormatter {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// `file:line:col: error: message [id]`, with hints and notes indented below.
        case text
        /// A JSON array of findings.
        case json
        /// GitHub Actions workflow commands: `::error file=…,line=…,col=…::message`.
        case github
        /// A SARIF 2.1.0 log for code-scanning dashboards (`sarif(_:strict:toolVersion:)`).
        case sarif
    }

    /// The findings as a SARIF 2.1.0 log of the tool `lockspec` at `toolVersion`: one result per finding, its id as
    /// the rule, the message with the hint and notes, at the finding's file, line and column.
    public static func sarif(_ diagnostics: [Diagnostic], strict: Bool = false, toolVersion: String) -> String {
        let results = diagnostics.sorted().map { d -> SARIF.Result in
            var message = d.message
            if let hint = d.hint { message += "\nhint: \(hint)" }
            for note in d.notes { message += "\nnote: \(note)" }
            let level = strict && d.severity == .warning ? "error" : SARIF.level(d.severity)
            return SARIF.Result(level: level, message: message, ruleId: d.id, file: d.location.file, line: d.location.line, column: d.location.column,
                                related: d.related)
        }
        return SARIF.Log(tool: "lockspec", version: toolVersion, results: results).render()
    }

    /// A failure to start (a command line `tool` could not read), in `format`: a GitHub `::error` line titled with the
    /// tool, or a SARIF log whose one invocation did not succeed; nothing for text and JSON, which print it on stderr.
    public static func failure(_ message: String, tool: String, format: Format, toolVersion: String) -> String {
        switch format {
        case .text, .json: ""
        case .github: "::error title=\(escapeProperty(tool))::\(escapeData(VisibleText.escape(message)))\n"
        case .sarif: SARIF.Log(tool: "lockspec", version: toolVersion, failure: VisibleText.escape(message)).render()
        }
    }

    /// The count that closes a lint: `9 errors (8 only because a spec they use has errors), 0 warnings`. A spec that
    /// uses one with errors (`spec.uses-broken-spec`) is an error that goes once that one is mended, so it is counted
    /// apart: one typo in a machine does not read as nine mistakes. `strict` counts warnings as errors.
    public static func closingCount(_ diagnostics: [Diagnostic], strict: Bool = false) -> String {
        let errors = diagnostics.filter { $0.severity == .error || (strict && $0.severity == .warning) }
        let warnings = strict ? 0 : diagnostics.filter { $0.severity == .warning }.count
        let following = errors.filter { $0.id == "spec.uses-broken-spec" }.count
        return counted(errors.count, "error")
            + (following == 0 ? "" : " (\(following) only because a spec \(following == 1 ? "it uses has" : "they use has") errors)")
            + ", " + counted(warnings, "warning")
    }

    /// Renders diagnostics; `strict` shows warnings as errors; `color` adds ANSI colours to text.
    public static func render(_ diagnostics: [Diagnostic], format: Format, strict: Bool = false, color: Bool = false) -> String {
        let shown = diagnostics.sorted().map { d -> Diagnostic in
            var d = d
            if strict && d.severity == .warning { d.severity = .error }
            return d
        }
        switch format {
        case .text:
            return shown.map { d in
                guard color else { return d.description + "\n" }
                let tint = d.severity == .error ? "\u{1B}[1;31m" : d.severity == .warning ? "\u{1B}[1;33m" : "\u{1B}[1;36m"
                let visible = VisibleText.escape
                var line = "\u{1B}[1m\(visible(d.location.description)):\u{1B}[0m \(tint)\(d.severity.rawValue):\u{1B}[0m \(visible(d.message)) \u{1B}[2m[\(d.id)]\u{1B}[0m"
                if let hint = d.hint { line += "\n    \u{1B}[32mhint:\u{1B}[0m \(visible(hint))" }
                for note in d.notes { line += "\n    note: \(visible(note))" }
                return line + "\n"
            }.joined()
        case .json:
            struct Place: Encodable { var file: String, line: Int, column: Int, message: String }
            struct Item: Encodable {
                var severity: String, id: String, message: String, file: String, line: Int, column: Int
                var rows: [String], notes: [String], hint: String?
                /// Left out where the finding has none.
                var related: [Place]?
            }
            let items = shown.map {
                Item(severity: $0.severity.rawValue, id: $0.id, message: $0.message, file: $0.location.file, line: $0.location.line,
                     column: $0.location.column, rows: $0.rows, notes: $0.notes, hint: $0.hint,
                     related: $0.related.isEmpty ? nil : $0.related.map { Place(file: $0.location.file, line: $0.location.line,
                                                                               column: $0.location.column, message: $0.message) })
            }
            return jsonShowingControls((try? Emitter.canonicalJSON(items)) ?? "[]\n")
        case .sarif:
            return sarif(shown, toolVersion: "")
        case .github:
            return shown.map { d in
                let kind = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
                let visible = VisibleText.escape
                var message = "\(visible(d.message)) [\(d.id)]"
                if let hint = d.hint { message += "\nhint: \(visible(hint))" }
                for note in d.notes { message += "\nnote: \(visible(note))" }
                return "::\(kind) file=\(escapeProperty(visible(d.location.file))),line=\(d.location.line),col=\(d.location.column),title=\(escapeProperty(d.id))::\(escapeData(message))\n"
            }.joined()
        }
    }

    /// JSON escapes the C0 controls itself; DEL, the C1 controls and the other scalars `VisibleText` escapes are
    /// valid in JSON strings but could still drive a terminal, so they are written as `\u` escapes too. They can only
    /// occur inside strings, where the escape means the same scalar.
    private static func jsonShowingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: VisibleText.isEscaped) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if VisibleText.isEscaped(scalar) && scalar.value >= 0x20 {
                out += "\\u" + QuotedText.hex(scalar.value, digits: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
