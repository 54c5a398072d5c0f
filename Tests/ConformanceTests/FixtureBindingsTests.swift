import AppLockFixtures
import Conformance
import SpecKit
import Testing

/// A stand-in fixture over a counter, bound by a table: one event with an input alias, one observation, one table
/// output, effects (one unmodelled), a product parameter with a value alias, a decision table and a matrix.
private final class CounterFixture: BoundFixture {
    typealias Settings = Int
    /// The counter's effects: a step by some amount, a log line the specs do not model, and one no entry names.
    enum CoreEffect { case stepped(Int), logged, unnamed }

    /// The input of `add` (it may be left out: one), and of the table `double`.
    static let by = FixtureInput.int("by", 0...9).optional
    static let of = FixtureInput.int("of", 0...100)

    static let bindings: FixtureBindings<CounterFixture> = FixtureBindings(relaunches: true, [
        .event("add", inputs: [by]) { f, inputs in
            let n = try inputs[by] ?? 1
            f.count += n
            return try CounterFixture.bindings.effects([.stepped(n), .logged], of: f)
        },
        .event("misbehave") { f, _ in try CounterFixture.bindings.effects([.unnamed], of: f) },
        .event("leap") { f, _ in try CounterFixture.bindings.effects([.stepped(50)], of: f) },
        .event("wipe", whileKilled: .only) { f, _ in f.count = 0; return [] },
        .event("report", needing: [.product("audience", .text) { _, _ in }]) { _, _ in [] },
        .observation("count", .domain(.int(0...100))) { f in .int(f.count) },
        .output("doubled", .domain(.int(0...200))) { f in
            guard let doubled = f.doubled else { throw FixtureError("no table ran") }
            return .int(doubled)
        },
        .effect("stepped", arguments: [.domain(.int(0...9))]) { _, effect in
            guard case .stepped(let n) = effect else { return nil }
            return [.init(.int(n))]
        },
        .unmodelledEffect { _, effect in
            guard case .logged = effect else { return nil }
            return []
        },
        .product("start", .enumeration(["zero", "ten"])) { settings, item in
            switch item.value.description {
            case "zero": settings = 0
            case "ten": settings = 10
            default: throw FixtureError("unknown start \(item.value)")
            }
        },
        .decision("double", inputs: [of]) { f, inputs in
            f.doubled = 2 * (try inputs[of])
            return []
        },
        .matrix("grid", axes: [FixtureInput.bool("x")]) { _, _ in [] },
    ])

    var count: Int
    var doubled: Int?

    init(product: [NamedValue]) throws(FixtureError) {
        var start = 0
        try Self.bindings.configure(&start, with: product)
        count = start
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event(let name, let inputs): try Self.bindings.send(name, inputs, to: self)
        case .decide(let table, let inputs): try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes): try Self.bindings.cell(table, axes, on: self)
        case .advance, .setClock, .kill, .relaunch, .check: []
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value { try Self.bindings.observe(name, on: self) }
}

/// The binding table: what it derives for lint, how it dispatches, and that every standard fixture's vocabulary and
/// dispatch agree.
@Suite("Fixture bindings")
struct FixtureBindingsTests {
    /// The message a fixture throws when `action` is refused, or nil when it is performed.
    private static func refusal(_ fixture: any Fixture, _ action: TestAction) -> String? {
        fixtureRefusal { () throws(FixtureError) in _ = try fixture.perform(action) }
    }

    /// The message a fixture throws when observing `name` is refused, or nil when it is read.
    private static func refusal(_ fixture: any Fixture, observing name: String) -> String? {
        fixtureRefusal { () throws(FixtureError) in _ = try fixture.observe(name) }
    }

    @Test("the vocabulary is derived from the entries: each kind of entry in its place, killed-app service from the marks")
    func vocabularyDerived() {
        let v = CounterFixture.vocabulary
        #expect(v.events == ["add": ["by": .domain(.int(0...9))], "misbehave": [:], "leap": [:], "wipe": [:], "report": [:]])
        #expect(v.optionalInputs == ["add": ["by"]])
        #expect(v.observations == ["count": .domain(.int(0...100)), "doubled": .domain(.int(0...200))])
        #expect(v.tableOutputs == ["doubled"])
        #expect(v.effects == ["stepped"])
        #expect(v.effectSignatures == ["stepped": EffectSignature(positional: [.domain(.int(0...9))])])
        #expect(v.product == ["start": .enumeration(["zero", "ten"]), "audience": .text])
        #expect(v.productNeeds == ["audience": .forEvents(["report"])], "a product entry an event needs is required by that event")
        #expect(v.decisions == ["double": ["of": .domain(.int(0...100))]])
        #expect(v.matrices == ["grid": ["x": .domain(.bool)]])
        #expect(v.supportsRelaunch && !v.setsClock)
        #expect(v.servedWhileKilled == ["wipe"] && v.onlyWhileKilled == ["wipe"])
        #expect(CounterFixture.bindings.duplicateNames.isEmpty)
    }

    @Test("a table that marks nothing as served while killed has no killed-app restriction, and a duplicate name is reported")
    func unmarkedAndDuplicates() {
        let bindings = FixtureBindings<CounterFixture>([
            .observation("count", .domain(.bool)) { _ in .bool(true) }, .observation("count", .domain(.bool)) { _ in .bool(false) },
            .effect("count") { _, _ in nil },
        ])
        #expect(bindings.vocabulary.servedWhileKilled == nil)
        #expect(bindings.duplicateNames == ["observation count"], "an effect of the same name is another namespace")
    }

    @Test("a table's needs reach the vocabulary by table; a need that does not fit its table or the product is reported")
    func valueNeeds() {
        let mode = FixtureInput.names("mode", "fast", "safe")
        let product: FixtureBinding<CounterFixture> = .product("start", .enumeration(["zero", "ten"])) { _, _ in }
        let fast = ValueNeed.need(mode, "fast", product: "start", notIn: ["zero"], because: "it needs a head start")
        let fine = FixtureBindings<CounterFixture>([product, .decision("pick", inputs: [mode], needs: [fast]) { _, _ in [] }])
        #expect(fine.vocabulary.valueNeeds == ["pick": [ValueNeed(input: "mode", value: .symbol("fast"), product: "start",
                                                                  excluded: [.symbol("zero")], reason: "it needs a head start")]])
        #expect(fine.brokenNeeds.isEmpty)
        let broken = FixtureBindings<CounterFixture>([product, .matrix("grid", axes: [mode], needs: [
            .need(mode, "slow", product: "start", notIn: ["zero"], because: "-"),
            .need(FixtureInput.names("other", "a"), "a", product: "start", notIn: ["zero"], because: "-"),
            .need(mode, "fast", product: "finish", notIn: ["zero"], because: "-"),
            .need(mode, "fast", product: "start", notIn: ["eleven"], because: "-"),
        ]) { _, _ in [] }])
        #expect(broken.brokenNeeds == ["table grid need mode: fast: eleven is not a value of start", "table grid need mode: fast: no product finish",
                                       "table grid need mode: slow: not a value of mode", "table grid need other: a: no input other"])
    }

    @Test("an output two tables list with one type is one entry; the same name with another type is a duplicate")
    func sharedTableOutputs() {
        let shared: [FixtureBinding<CounterFixture>] = [.output("result", .domain(.bool)) { _ in .bool(true) }]
        let same = FixtureBindings<CounterFixture>([
            .decision("first", inputs: [], outputs: shared) { _, _ in [] },
            .decision("second", inputs: [], outputs: shared) { _, _ in [] },
        ])
        #expect(same.duplicateNames.isEmpty)
        #expect(same.vocabulary.outputsOfTables == ["first": ["result"], "second": ["result"]])
        let clashing = FixtureBindings<CounterFixture>([
            .decision("first", inputs: [], outputs: shared) { _, _ in [] },
            .decision("second", inputs: [], outputs: [.output("result", .domain(.text)) { _ in .bool(true) }]) { _, _ in [] },
        ])
        #expect(clashing.duplicateNames == ["observation result"])
    }

    @Test("events, observations and tables dispatch through the table; an unmodelled effect is dropped; an input has one name")
    func dispatch() throws {
        let fixture = try CounterFixture(product: [NamedValue("start", .symbol("ten"))])
        #expect(try fixture.perform(.event("add", inputs: [NamedValue("by", .int(3))])) == [Effect("stepped", [.init(.int(3))])])
        // Lint knows one name per input; the run takes no other (a second spelling linted as unknown and ran).
        #expect((try? fixture.perform(.event("add", inputs: [NamedValue("amount", .int(3))]))) == nil)
        #expect(try fixture.observe("count") == .int(13))
        _ = try fixture.perform(.event("add", inputs: []))
        #expect(try fixture.observe("count") == .int(14))
        _ = try fixture.perform(.decide(table: "double", inputs: [NamedValue("of", .int(4))]))
        #expect(try fixture.observe("doubled") == .int(8))
        #expect(try fixture.perform(.cell(table: "grid", axes: [NamedValue("x", .bool(true))])) == [])
    }

    @Test("a product value configures as written, as a symbol or a text; a value its domain does not list is unknown")
    func productValues() throws {
        #expect(try CounterFixture(product: [NamedValue("start", .symbol("ten"))]).observe("count") == .int(10))
        #expect(try CounterFixture(product: [NamedValue("start", .text("ten")), NamedValue("start", .text("zero"))]).observe("count") == .int(0))
        #expect((try? CounterFixture(product: [NamedValue("start", .symbol("none"))])) == nil)
    }

    @Test("a fixed product value configures as itself (a member as a symbol or a text) and refuses any other, saying why")
    func fixedProduct() throws {
        let fixed = FixtureBindings<CounterFixture>(relaunches: true, [
            .fixedProduct("step", .int(1...5), core: .int(1), because: "the counter steps by one"),
            .fixedProduct("mode", .enumeration(["plain", "fancy"]), core: .symbol("plain"), because: "the counter has no other mode"),
        ])
        var settings = 7
        try fixed.configure(&settings, with: [NamedValue("step", .int(1)), NamedValue("mode", .symbol("plain")), NamedValue("mode", .text("plain"))])
        #expect(settings == 7, "a fixed value changes no setting")
        for refused in [NamedValue("step", .int(2)), NamedValue("mode", .symbol("fancy")), NamedValue("mode", .text("fancy"))] {
            #expect(throws: FixtureError.self) { try fixed.configure(&settings, with: [refused]) }
            do { try fixed.configure(&settings, with: [refused]) } catch {
                #expect(error.message.contains("cannot be configured") && error.message.contains(refused.value.description), "\(error.message)")
            }
        }
        #expect(fixed.vocabulary.productChoices["step"]?.values == [.int(1)])
    }

    @Test("an undeclared name is a thrown FixtureError naming it, never a trap; an effect no entry names is one too")
    func unknownNames() {
        guard let fixture = try? CounterFixture(product: []) else {
            Issue.record("the stand-in does not build")
            return
        }
        #expect(Self.refusal(fixture, .event("subtract", inputs: [])) == "no event subtract")
        #expect(Self.refusal(fixture, observing: "total") == "no observation total")
        #expect(Self.refusal(fixture, .decide(table: "triple", inputs: [])) == "no decision table triple")
        #expect(Self.refusal(fixture, .cell(table: "cube", axes: [])) == "no matrix cube")
        #expect(Self.refusal(fixture, .event("misbehave", inputs: []))?.hasPrefix("the core emitted unnamed") == true)
        // An effect the fixture reports outside the arguments it declares is an error, not a value lint never saw.
        #expect(Self.refusal(fixture, .event("leap", inputs: [])) == "the fixture reported stepped(50), which does not fit the arguments it "
                + "declares for 'stepped': its argument 1: 50 is outside int 0..9 (declared: stepped(int 0..9))")
        do throws(FixtureError) {
            _ = try CounterFixture(product: [NamedValue("finish", .int(1))])
            Issue.record("an unknown product value was accepted")
        } catch {
            #expect(error.message == "unknown product value finish=1")
        }
    }

    // MARK: - Every standard fixture

    /// A fixture of `type` built from a sample of every product value it needs.
    private static func fresh(_ type: any Fixture.Type) throws(FixtureError) -> any Fixture {
        try FixtureErrorSitesTests.fresh(type)
    }

    /// Sample inputs for every input of `inputs`.
    private static func samples(_ inputs: [String: FixtureType]) -> [NamedValue] {
        inputs.keys.sorted().map { NamedValue($0, FixtureErrorSitesTests.sample(inputs[$0]!)) }
    }

    @Test("every standard fixture dispatches each name it declares and throws for a name it does not")
    func standardFixturesAgree() throws {
        for (name, type) in FixtureRegistry.standard.fixtureTypes.sorted(by: { $0.key < $1.key }) {
            let v = type.vocabulary
            for (event, inputs) in v.events.sorted(by: { $0.key < $1.key }) {
                let refused = Self.refusal(try Self.fresh(type), .event(event, inputs: Self.samples(inputs)))
                #expect(refused != "no event \(event)" && refused != "unknown event \(event)", "\(name): \(event) is declared but not dispatched")
            }
            for observation in v.observations.keys.sorted() {
                // A table's output is there only after one of its rows (FixtureErrorSitesTests checks which).
                let served = v.tableOutputs.contains(observation)
                    ? FixtureErrorSitesTests.served(observation, by: type, tables: true)
                    : Self.refusal(try Self.fresh(type), observing: observation) != "no observation \(observation)"
                #expect(served, "\(name): \(observation) is declared but not dispatched")
            }
            for (table, inputs) in v.decisions.sorted(by: { $0.key < $1.key }) {
                let refused = Self.refusal(try Self.fresh(type), .decide(table: table, inputs: Self.samples(inputs)))
                #expect(refused?.contains("no decision table") != true, "\(name): \(table) is declared but not dispatched: \(refused ?? "")")
            }
            let fixture = try Self.fresh(type)
            #expect(Self.refusal(fixture, .event("noSuchEvent", inputs: [])) != nil, "\(name) accepts an undeclared event")
            #expect(Self.refusal(fixture, observing: "noSuchObservation") != nil, "\(name) serves an undeclared observation")
            #expect(Self.refusal(fixture, .decide(table: "no.such-table", inputs: [])) != nil, "\(name) runs an undeclared decision table")
            #expect(Self.refusal(fixture, .cell(table: "no.such-matrix", axes: [])) != nil, "\(name) runs an undeclared matrix")
            #expect((try? type.init(product: [NamedValue("noSuchParameter", .int(1))])) == nil, "\(name) accepts an undeclared product value")
        }
    }

    @Test("every bound standard fixture declares each name once in each namespace")
    func standardTablesHaveNoDuplicates() {
        for (name, type) in FixtureRegistry.standard.fixtureTypes.sorted(by: { $0.key < $1.key }) {
            guard let bound = type as? any BoundFixture.Type else { continue }
            #expect(Self.duplicates(bound).isEmpty, "\(name): \(Self.duplicates(bound))")
            #expect(Self.brokenNeeds(bound).isEmpty, "\(name): \(Self.brokenNeeds(bound))")
        }
    }

    private static func duplicates<T: BoundFixture>(_ type: T.Type) -> [String] { type.bindings.duplicateNames }
    private static func brokenNeeds<T: BoundFixture>(_ type: T.Type) -> [String] { type.bindings.brokenNeeds }
}
