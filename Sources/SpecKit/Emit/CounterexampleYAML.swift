/// A random walk's counterexample as a ready-to-paste `kind: scenarios` spec: it `uses:` the machine, runs with the
/// machine's own product values (`given:`), and replays the walk step by step, each step expecting the table's full
/// frame (the state, every variable) and its exact effects, so the step where the core diverges fails exactly as the
/// walk did. Saved next to the specs it lints clean and `lockspec run` runs it.
public enum CounterexampleYAML {
    /// The spec id the counterexample gets: `<machine id>.walk-<8 hex digits of its steps>`.
    public static func specID(machine: String, steps: [TestStep]) -> String {
        "\(machine).walk-\(hash(machine: machine, steps: steps))"
    }

    /// The scenario's row id: `WALK-<machine id>-<8 hex digits of its steps>`.
    public static func scenarioID(machine: String, steps: [TestStep]) -> String {
        "WALK-\(machine)-\(hash(machine: machine, steps: steps))"
    }

    /// The spec's text. `comments` are written first as `#` lines (what failed, how to replay it); the last step is
    /// marked as the one where the core diverges.
    public static func render(machine spec: Spec, steps: [TestStep], comments: [String]) -> String {
        var out = comments.map { "# \($0)\n" }.joined()
        let last = steps.last
        let source = rowSource(spec, last?.row) ?? spec.source
        out += "id: \(specID(machine: spec.id, steps: steps))\n"
        out += "kind: scenarios\n"
        out += "title: \(scalar("Random-walk counterexample for \(spec.id): \(last.map { $0.action.description } ?? "nothing")"))\n"
        out += "source: \(scalar(spec.source))\n"
        out += "fixture: \(scalar(spec.fixture))\n"
        out += "uses: \(scalar(spec.id))\n"
        out += "scenarios:\n"
        out += "  - id: \(scalar(scenarioID(machine: spec.id, steps: steps)))\n"
        out += "    source: \(scalar(source))\n"
        if !spec.product.isEmpty {
            out += "    given: {" + spec.product.map { "\(scalar($0.name)): \(scalar($0.value.description))" }.joined(separator: ", ") + "}\n"
        }
        out += "    steps:\n"
        for (i, step) in steps.enumerated() {
            out += renderStep(step, diverges: i == steps.count - 1)
        }
        return out
    }

    private static func renderStep(_ step: TestStep, diverges: Bool) -> String {
        var out: String
        switch step.action {
        case .event(let name, let inputs):
            out = "      - event: \(scalar(name))\n"
            if !inputs.isEmpty {
                out += "        with: {" + inputs.map { "\(scalar($0.name)): \(scalar($0.value.description))" }.joined(separator: ", ") + "}\n"
            }
            out += "        expect: "
        case .advance(let ms): out = "      - advance: \(scalar(Value.formatDuration(ms)))\n        expect: "
        case .setClock(let ms): out = "      - setClock: \(scalar((ms > 0 ? "+" : "") + Value.formatDuration(ms)))\n        expect: "
        case .kill: out = "      - kill\n      - expect: "
        // The model's relaunch restarts the app, so the scenario kills it first; the check after it holds the frame.
        case .relaunch: out = "      - kill\n      - relaunch\n      - expect: "
        case .check, .decide, .cell: out = "      - expect: "
        }
        var cells = step.expect.map { "\(scalar($0.name)): \(scalar($0.value.description))" }
        if let effects = step.effects, step.action != .kill, step.action != .relaunch { cells.append("effects: [" + effects.map { scalar($0.description) }.joined(separator: ", ") + "]") }
        return out + "{" + cells.joined(separator: ", ") + "}" + (diverges ? "   # the core diverges here\n" : "\n")
    }

    private static func rowSource(_ spec: Spec, _ row: String?) -> String? {
        guard let row, case .machine(let machine) = spec.body else { return nil }
        return machine.rows.first { $0.identity.id == row }?.identity.trace.source
    }

    private static func hash(machine: String, steps: [TestStep]) -> String {
        String(SHA256.hex(Array((machine + "\n" + steps.map(\.action.description).joined(separator: "\n")).utf8)).prefix(8))
    }

    /// A YAML scalar: plain when it is a simple word or number, otherwise double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { s in
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "." || s == "-"
        } && !text.hasPrefix("-") && !text.hasPrefix(".")
        return plain ? text : QuotedText.quote(text, QuotedText.yaml)
    }
}
