extension MachineReader {
    /// `spec.unknown-name` for a `${name}` in one of a row's effects that names neither a variable nor an input that
    /// every event of the row carries: it would stay as written, so the row could never match what the core emits.
    static func checkTemplates(_ calls: [EffectCall], on events: [String], scope: RowScope, rowID: String, context c: ReadContext) {
        // Most rows fill in no template: the names they could use are gathered only for one that does.
        guard calls.contains(where: { $0.arguments.contains { if case .template = $0.term { true } else { false } } }) else { return }
        var inputs: Set<String>?
        for event in events {
            let carried = Set(scope.events.first { $0.name == event }?.inputs.map(\.name) ?? [])
            inputs = inputs.map { $0.intersection(carried) } ?? carried
        }
        let carrier = events.count == 1 ? "event '\(events[0])'" : "every event of the row"
        checkTemplates(calls, known: Set(scope.variables.map(\.name)).union(inputs ?? []), of: "row \(rowID)",
                       knownAs: "neither a variable nor an input of \(carrier)", rowID: rowID, context: c)
    }

    /// `spec.unknown-name` for each `${name}` in the calls' arguments that `known` lacks (`knownAs` says what it is
    /// not: "not an input this step gives event 'submit'"), at the call: it would stay as written, so the expectation could never hold.
    static func checkTemplates(_ calls: [EffectCall], known: Set<String>, of owner: String, knownAs: String, rowID: String,
                               context c: ReadContext) {
        for call in calls {
            for argument in call.arguments {
                guard case .template(let text) = argument.term else { continue }
                checkTemplates(in: text, of: "effect '\(call.text)' of \(owner)", known: known, knownAs: knownAs, at: call.location,
                               rowID: rowID, context: c)
            }
        }
    }

    /// `spec.unknown-name` for each `${name}` in `text`, written in `subject` at `location`, that `known` lacks, in order.
    static func checkTemplates(in text: String, of subject: String, known: Set<String>, knownAs: String, at location: SourceLocation,
                               rowID: String, context c: ReadContext) {
        var named: [String] = []
        _ = fillingTemplates(text) { named.append($0); return nil }
        for name in named where !known.contains(name) {
            c.error("spec.unknown-name", "\(subject) fills in '${\(name)}', but '\(name)' is \(knownAs), so it would stay as written",
                    at: location, hint: Suggest.closest(to: name, in: known.sorted()).map { "did you mean '${\($0)}'?" }, rows: [rowID])
        }
    }
}
