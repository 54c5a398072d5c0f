import Conformance
import SpecKit

/// The whole numbers a count the core keeps can reach.
private let counts = 0...100_000_000
/// The durations the core reports or a step waits: up to a day, in milliseconds.
private let durations = 0...86_400_000

/// Short spellings for the fixtures' vocabulary declarations.
extension FixtureType {
    /// `true` or `false`.
    static let bool = FixtureType.domain(.bool)
    /// Free text, read back as the core shows it.
    static let text = FixtureType.domain(.text)
    /// A count the core keeps: any whole number a row could reach.
    static let count = FixtureType.domain(.int(counts))
    /// A duration the core reports or a step waits: up to a day.
    static let duration = FixtureType.domain(.duration(durations))
    /// A reading of the calendar clock: milliseconds since 1970, up to 2033-05-18 (2,000,000,000 s).
    static let calendar = FixtureType.domain(.duration(0...2_000_000_000_000))
    /// One of the names, as the fixture translates them.
    static func names(_ names: String...) -> FixtureType { .domain(.enumeration(names)) }
    /// The raw values of a core enumeration, in its order.
    static func cases<T: CaseIterable & RawRepresentable>(of type: T.Type) -> FixtureType where T.RawValue == String {
        .domain(.enumeration(T.allCases.map(\.rawValue)))
    }
}

/// The same spellings for input keys.
extension FixtureInput where Output == Int {
    /// A count input: any whole number a row could reach.
    static func count(_ name: String) -> FixtureInput<Int> { .int(name, counts) }
    /// A duration input, up to a day, read in milliseconds.
    static func duration(_ name: String) -> FixtureInput<Int> { .duration(name, durations) }
}
