import AppLockCore
import SpecKit

extension Effect {
    /// The effect value of a core `AnalyticsEvent` under the fixture's effect name: the event's name as a symbol, then
    /// each parameter labelled by its key, a number as an integer and a word as a symbol.
    init(_ name: String, analytics event: AnalyticsEvent) {
        self.init(name, Self.arguments(analytics: event))
    }

    /// The arguments of a core `AnalyticsEvent`: its name as a symbol, then each parameter labelled by its key, a
    /// number as an integer and a word as a symbol.
    static func arguments(analytics event: AnalyticsEvent) -> [Argument] {
        [Argument(.symbol(event.name))] + event.parameters.map { parameter in
            switch parameter.typedValue {
            case .number(let n): Argument(parameter.key, .int(n))
            case .word(let w): Argument(parameter.key, .symbol(w))
            }
        }
    }
}
