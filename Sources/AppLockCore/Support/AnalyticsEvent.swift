/// An analytics event with ordered, secret-free parameters. Prints as `name, key=value, key=value`.
public struct AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event name, e.g. `pin_failure`.
    public var name: String
    /// The parameters, in the order the design document lists them.
    public var parameters: [Parameter]

    /// One `key=value` pair.
    public struct Parameter: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value, as text.
        public var value: String

        /// Creates a parameter.
        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Creates an event.
    public init(_ name: String, _ parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// The value of `key`, if present.
    public subscript(key: String) -> String? {
        parameters.first { $0.key == key }?.value
    }

    /// E.g. `pin_failure, attempt_number=1` or `pin_attempt`.
    public var description: String {
        ([name] + parameters.map { "\($0.key)=\($0.value)" }).joined(separator: ", ")
    }
}
