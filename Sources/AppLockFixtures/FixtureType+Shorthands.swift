import SpecKit

/// Short spellings for the fixtures' vocabulary declarations.
extension FixtureType {
    /// `true` or `false`.
    static let bool = FixtureType.domain(.bool)
    /// Free text, read back as the core shows it.
    static let text = FixtureType.domain(.text)
    /// A count the core keeps: any whole number a row could reach.
    static let count = FixtureType.domain(.int(0...100_000_000))
    /// A duration the core reports or a step waits: up to a day.
    static let duration = FixtureType.domain(.duration(0...86_400_000))
    /// One of the names, as the fixture translates them.
    static func names(_ names: String...) -> FixtureType { .domain(.enumeration(names)) }
}
