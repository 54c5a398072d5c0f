import Conformance
import SpecKit
import Testing

/// A stand-in fixture whose entries declare their inputs with keys of every kind and read them back.
private final class KeyedFixture: BoundFixture {
    typealias Settings = Int
    typealias CoreEffect = Never

    enum Speed: String, CaseIterable, Sendable { case slow, fast }

    static let flag = FixtureInput.bool("flag")
    static let count = FixtureInput.int("count", 0...9)
    static let wait = FixtureInput.duration("wait", 0...60_000).optional
    static let colour = FixtureInput.names("colour", "red", "green")
    static let answer = FixtureInput.names("answer", ["yes": true, "no": false])
    static let speed = FixtureInput.cases("speed", of: Speed.self)
    static let note = FixtureInput.text("note").optional
    static let version = FixtureInput.literal("version", .version)
    static let password = FixtureInput.expression("password", operands: ["main", "other"])
    /// Read by `sloppy`, which does not declare it.
    static let undeclared = FixtureInput.bool("undeclared")

    static let bindings: FixtureBindings<KeyedFixture> = FixtureBindings([
        .event("set", inputs: [flag, count, wait, colour, answer, speed, note, version, password]) { f, inputs in
            f.read = [String(try inputs[flag]), String(try inputs[count]), try inputs[wait].map(String.init) ?? "-",
                      try inputs[colour], String(try inputs[answer]), try inputs[speed].rawValue, try inputs[note] ?? "-",
                      try inputs[version], try inputs[password]]
            return []
        },
        .event("sloppy", inputs: [flag]) { _, inputs in
            _ = try inputs[undeclared]
            return []
        },
        // Declares count as a number and reads it as a bool.
        .event("retyped", inputs: [count]) { _, inputs in
            _ = try inputs[FixtureInput.bool("count")]
            return []
        },
        .decision("check", inputs: [count]) { f, inputs in
            f.read = [String(try inputs[count])]
            return []
        },
        .matrix("grid", axes: [speed]) { f, axes in
            f.read = [try axes[speed].rawValue]
            return []
        },
    ])

    /// What the last step read, each input as text.
    var read: [String] = []

    init(product: [NamedValue]) throws(FixtureError) {}

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event(let name, let inputs): try Self.bindings.send(name, inputs, to: self)
        case .decide(let table, let inputs): try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes): try Self.bindings.cell(table, axes, on: self)
        case .advance, .setClock, .kill, .relaunch, .check: []
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value { throw FixtureError("no observation \(name)") }
}

/// The typed input keys: each declares its input (name, domain, optional) and reads it back, or throws a
/// `FixtureError` naming it.
@Suite("Fixture input keys")
struct FixtureInputKeyTests {
    /// Every input of `set`, each with a value of its kind.
    private static let all = [
        NamedValue("flag", .bool(true)), NamedValue("count", .int(3)), NamedValue("wait", .duration(milliseconds: 1500)),
        NamedValue("colour", .symbol("green")), NamedValue("answer", .symbol("no")), NamedValue("speed", .symbol("fast")),
        NamedValue("note", .text("hello")), NamedValue("version", .symbol("invalid 1.x")), NamedValue("password", .symbol("main + \"!\"")),
    ]

    /// The inputs of `set`, without `name`, or with `name` given `value` instead.
    private static func inputs(without name: String) -> [NamedValue] { all.filter { $0.name != name } }
    private static func inputs(_ name: String, _ value: Value) -> [NamedValue] { all.map { $0.name == name ? NamedValue(name, value) : $0 } }

    /// The message `action` throws on a fresh stand-in, or nil when it is performed.
    private static func refusal(_ action: TestAction) -> String? {
        fixtureRefusal { () throws(FixtureError) in _ = try KeyedFixture(product: []).perform(action) }
    }

    @Test("each key's name and domain are what the vocabulary shows, optional keys as optional inputs")
    func vocabulary() {
        let v = KeyedFixture.vocabulary
        #expect(v.events["set"] == [
            "flag": .domain(.bool), "count": .domain(.int(0...9)), "wait": .domain(.duration(0...60_000)),
            "colour": .domain(.enumeration(["red", "green"])), "answer": .domain(.enumeration(["yes", "no"])),
            "speed": .domain(.enumeration(["slow", "fast"])), "note": .domain(.text), "version": .literal(.version),
            "password": .textExpression(operands: ["main", "other"]),
        ])
        #expect(v.optionalInputs["set"] == ["wait", "note"])
        #expect(v.optionalInputs["sloppy"] == nil)
        #expect(v.decisions["check"] == ["count": .domain(.int(0...9))])
        #expect(v.matrices["grid"] == ["speed": .domain(.enumeration(["slow", "fast"]))])
        #expect(KeyedFixture.wait.name == "wait" && KeyedFixture.wait.isOptional && !KeyedFixture.count.isOptional)
        #expect(KeyedFixture.bindings.duplicateNames.isEmpty)
    }

    @Test("every key reads its value typed: a bool, a number, milliseconds, a name, its meaning, a case, a text, a literal's text")
    func reads() throws {
        let fixture = try KeyedFixture(product: [])
        _ = try fixture.perform(.event("set", inputs: Self.all))
        #expect(fixture.read == ["true", "3", "1500", "green", "false", "fast", "hello", "1.x", "main + \"!\""])
        _ = try fixture.perform(.decide(table: "check", inputs: [NamedValue("count", .int(7))]))
        #expect(fixture.read == ["7"])
        _ = try fixture.perform(.cell(table: "grid", axes: [NamedValue("speed", .symbol("slow"))]))
        #expect(fixture.read == ["slow"])
    }

    @Test("an optional input the step leaves out reads nil")
    func optionalAbsent() throws {
        let fixture = try KeyedFixture(product: [])
        _ = try fixture.perform(.event("set", inputs: Self.all.filter { !["wait", "note"].contains($0.name) }))
        #expect(fixture.read[2] == "-" && fixture.read[6] == "-")
    }

    @Test("a missing required input throws naming the input and what takes it", arguments: ["flag", "count", "colour", "answer", "speed", "version", "password"])
    func missing(name: String) {
        #expect(Self.refusal(.event("set", inputs: Self.inputs(without: name))) == "event set needs the input \(name)")
    }

    @Test("a missing input of a table or a matrix throws naming it")
    func missingInTables() {
        #expect(Self.refusal(.decide(table: "check", inputs: [])) == "decision table check needs the input count")
        #expect(Self.refusal(.cell(table: "grid", axes: [])) == "matrix grid needs the input speed")
    }

    /// A second spelling used to be renamed to its input on some entries; every entry now takes the names lint asks for
    /// and nothing else, so a misspelt or extra input is never dropped unseen.
    @Test("an input the entry does not declare throws naming it, for an event, a table and a matrix")
    func undeclaredGiven() {
        #expect(Self.refusal(.event("set", inputs: Self.all + [NamedValue("hue", .symbol("red"))])) == "event set takes no input hue")
        #expect(Self.refusal(.decide(table: "check", inputs: [NamedValue("count", .int(1)), NamedValue("extra", .int(1))])) == "decision table check takes no input extra")
        #expect(Self.refusal(.cell(table: "grid", axes: [NamedValue("spead", .symbol("slow"))])) == "matrix grid takes no input spead")
    }

    @Test("a value of the wrong kind throws naming the input and its type, optional or not", arguments: [
        ("flag", Value.symbol("true"), "bool"),
        ("count", .duration(milliseconds: 3000), "int 0..9"),
        ("wait", .int(1500), "duration 0s..1m"),
        ("colour", .int(2), "[red, green]"),
        ("answer", .symbol("maybe"), "[yes, no]"),
        ("speed", .int(1), "[slow, fast]"),
        ("note", .bool(false), "text"),
        ("version", .symbol("1.x"), LiteralGrammar.version.description),
    ])
    func wrongKind(name: String, value: Value, type: String) {
        #expect(Self.refusal(.event("set", inputs: Self.inputs(name, value))) == "the input \(name) of event set takes \(type), not '\(value)'")
    }

    @Test("reading a key the entry does not declare throws, whatever the step gives, and so does a key of a declared name and another type")
    func undeclared() throws {
        #expect(Self.refusal(.event("sloppy", inputs: [NamedValue("flag", .bool(true))]))
            == "event sloppy reads the input undeclared through a key it does not declare")
        #expect(Self.refusal(.event("sloppy", inputs: [NamedValue("flag", .bool(true)), NamedValue("undeclared", .bool(true))]))
            == "event sloppy takes no input undeclared")
        #expect(Self.refusal(.event("retyped", inputs: [NamedValue("count", .bool(true))]))
            == "event retyped reads the input count through a key it does not declare")
        let inputs = FixtureInputs([NamedValue("wait", .duration(milliseconds: 5))], to: "event pause", declaring: [KeyedFixture.wait])
        #expect(throws: FixtureError.self, "a required key of an optional input's name is another key") {
            try inputs[FixtureInput.duration("wait", 0...60_000)]
        }
        #expect(try inputs[KeyedFixture.wait] == 5)
    }

    @Test("the first value of a name is the one read, as the step gives it")
    func firstWins() throws {
        let inputs = FixtureInputs([NamedValue("count", .int(1)), NamedValue("count", .int(2))], to: "event tally", declaring: [KeyedFixture.count])
        #expect(try inputs[KeyedFixture.count] == 1)
        #expect(inputs.owner == "event tally")
    }

    @Test("an input declared twice in one entry is a duplicate name; the first declaration is the vocabulary's")
    func duplicateInput() {
        let bindings = FixtureBindings<KeyedFixture>([
            .event("set", inputs: [KeyedFixture.count, FixtureInput.bool("count")]) { _, _ in [] },
            .decision("check", inputs: [KeyedFixture.flag, KeyedFixture.flag]) { _, _ in [] },
        ])
        #expect(bindings.duplicateNames == ["event set input count", "table check input flag"])
        #expect(bindings.vocabulary.events["set"] == ["count": .domain(.int(0...9))])
    }
}
