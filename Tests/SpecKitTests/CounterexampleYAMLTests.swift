import Testing
@testable import SpecKit

/// The counterexample writer's YAML scalars read back as the text they hold.
@Suite("Counterexample YAML")
struct CounterexampleYAMLTests {
    @Test("a word or number stays plain; anything else is double-quoted and reads back the same", arguments: [
        ("Locked", "Locked"),
        ("60001ms", "60001ms"),
        ("toy.block", "toy.block"),
        ("-30s", "\"-30s\""),
        ("toy.md §4", "\"toy.md §4\""),
        ("announce(PIN incorrecto. 4 intentos restantes)", "\"announce(PIN incorrecto. 4 intentos restantes)\""),
        ("say(\"hi\", \\n)", "\"say(\\\"hi\\\", \\\\n)\""),
        ("a: b # c", "\"a: b # c\""),
        ("", "\"\""),
        ("tab\there", "\"tab\\there\""),
    ])
    func scalars(_ text: String, _ written: String) throws {
        #expect(CounterexampleYAML.scalar(text) == written)
        let node = try YAMLLoader().load(Array("k: \(written)\n".utf8), file: "t.yaml")
        #expect(node.mapping?.first?.value.scalar == text)
    }
}
