extension MachineReader {
    /// `spec.unknown-name` for a `${name}` in one of a row's effects that names neither a variable nor an input that
    /// every event of the row carries: it would stay as written, so the row could never match what the core emits.
    static func checkTemplates(_ calls: [EffectCall], on events: [String], scope: RowScope, rowID: String, context c: ReadContext) {
        var inputs: Set<String>?
        for event in events {
            let carried = Set(scope.events.first { $0.name == event }?.inputs.map(\.name) ?? [])
            inputs = inputs.map { $0.intersection(carried) } ?? carried
        }
        let known = Set(scope.variables.map(\.name)).union(inputs ?? [])
        for call in calls {
            for argument in call.arguments {
                guard case .template(let text) = argument.term else { continue }
                var named: [String] = []
                _ = fillingTemplates(text) { named.append($0); return nil }
                for name in named where !known.contains(name) {
                    let carrier = events.count == 1 ? "event '\(events[0])'" : "every event of the row"
                    c.error("spec.unknown-name",
                            "effect '\(call.text)' of row \(rowID) fills in '${\(name)}', but '\(name)' is neither a variable nor an input of \(carrier), so it would stay as written",
                            at: call.location, hint: Suggest.closest(to: name, in: known.sorted()).map { "did you mean '${\($0)}'?" },
                            rows: [rowID])
                }
            }
        }
    }
}
