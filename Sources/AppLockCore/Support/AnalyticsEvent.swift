/// An analytics event with ordered, secret-free parameters. Prints as `name, key=value, key=value`.
public struct AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event name, e.g. `pin_failure`.
    public var name: String
    /// The parameters, in the order the design document lists them.
    public var parameters: [Parameter]

    /// A parameter's value: a number (a count, milliseconds, seconds) or a word (`face`, `pin`, `cancelled`).
    public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
        /// A whole number, e.g. `attempt_number=1`.
        case number(Int)
        /// A word, e.g. `method=pin`.
        case word(String)

        /// The number's digits or the word.
        public var description: String {
            switch self {
            case .number(let n): String(n)
            case .word(let w): w
            }
        }
    }

    /// One `key=value` pair.
    public struct Parameter: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The typed value.
        public var typedValue: ParameterValue
        /// The value, as text.
        public var value: String { typedValue.description }

        /// Creates a parameter whose value is a word.
        public init(_ key: String, _ value: String) {
            self.key = key
            self.typedValue = .word(value)
        }

        /// Creates a parameter whose value is a number.
        public init(_ key: String, _ value: Int) {
            self.key = key
            self.typedValue = .number(value)
        }
    }

    /// Creates an event.
    public init(_ name: String, _ parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// E.g. `pin_failure, attempt_number=1` or `pin_attempt`.
    public var description: String {
        ([name] + parameters.map { "\($0.key)=\($0.value)" }).joined(separator: ", ")
    }
}
