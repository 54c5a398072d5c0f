import SpecKit
@testable import Conformance

/// The fault a stand-in fixture plays: its spec's `bug` product value, `none` when the spec names none; any other
/// name is a fixture error.
func standInBug<Bug: RawRepresentable>(_ product: [NamedValue]) throws(FixtureError) -> Bug where Bug.RawValue == String {
    let name = product.first { $0.name == "bug" }?.value.description ?? "none"
    guard let bug = Bug(rawValue: name) else { throw FixtureError("unknown bug \(name)") }
    return bug
}
