import Foundation
import Testing
import SpecKit
import Conformance
import AppLockFixtures
@testable import LanguageServer

/// The defects the last review left open: one file opened under two URIs, a didOpen without an integer version, a
/// message that arrived during a lint parsed twice; and a ranged change whose character overflowed.
extension LanguageServerTests {
    /// Found while reading the server for bad input: a ranged change at character 2^63-1 of any line but the first
    /// overflowed adding it to the line's start, and the server trapped.
    @Test("a ranged change at a character past any line's end is clamped to the line's end, on every line")
    func hugeCharacter() {
        let at = { (line: Int, character: Int) in JSON.object(["line": .int(line), "character": .int(character)]) }
        let change = { (start: JSON, end: JSON) in JSON.array([.object(["range": .object(["start": start, "end": end]), "text": .string("x")])]) }
        #expect(TextLines.applying(change(at(1, Int.max), at(1, 2)), to: "ab\ncd\nef") == "ab\ncdx\nef")
        #expect(TextLines.applying(change(at(2, Int.max), at(Int.max, Int.max)), to: "ab\ncd\nef") == "ab\ncd\nefx")
    }
}
