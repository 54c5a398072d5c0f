import Foundation
import SpecKit
import Conformance
import Testing
import AppLockFixtures

/// Every place a fixture can throw a `FixtureError`, and why a spec that lints clean does not meet it at run time:
/// lint reports the spec first (and which finding), the run cannot reach it, or the device or the core failed (not
/// the spec). The sites the run can still reach from a clean spec are listed as `.reachable`, each with the reason
/// lint cannot see it yet: the list is exact, so a new site, or a site that moves, fails this test until it is
/// classified.
@Suite("Fixture error sites")
struct FixtureErrorSitesTests {
    /// Why a site is not a surprise for a product owner.
    enum Guard: Hashable {
        /// Lint reports the spec first, with one of these findings.
        case lint([String])
        /// No spec that lints clean can get here (the reason says why).
        case unreachable(String)
        /// The device or the core failed; the run reports it as a divergence to look into, not a spec mistake.
        case device(String)
        /// A spec that lints clean can still get here: lint does not see it yet (the reason says what it would need).
        case reachable(String)
    }

    struct Entry {
        var file: String
        var fragment: String
        var guarding: Guard
        init(_ file: String, _ fragment: String, _ guarding: Guard) {
            self.file = file
            self.fragment = fragment
            self.guarding = guarding
        }
    }

    static let name = Guard.lint(["fixture.unknown-name"])
    static let table = Guard.lint(["fixture.unknown-table"])
    static let input = Guard.lint(["fixture.missing-input"])
    static let value = Guard.lint(["fixture.unknown-value", "fixture.domain-mismatch"])
    static let inputOrValue = Guard.lint(["fixture.missing-input", "fixture.unknown-value", "fixture.domain-mismatch"])
    static let product = Guard.lint(["product.bad-value"])
    static let missingProduct = Guard.lint(["product.missing"])
    static let killed = Guard.lint(["fixture.killed-app"])
    static let io = Guard.device("the fixture's scratch store could not be written or read")
    static let observation = Guard.lint(["fixture.unknown-name", "fixture.table-output"])

    static let entries: [Entry] = [
        // Capability
        Entry("CapabilityFixture", "cannot kill and relaunch the app", .lint(["fixture.no-relaunch"])),
        Entry("CapabilityFixture", "has no device clock to set", .lint(["fixture.no-clock-set"])),
        Entry("CapabilityFixture", "lateReply needs an earlier request", .reachable("a scenario's lateReply before two requests started an evaluation: before two authenticate steps, or after two of which one was refused (canEvaluate: false) or ignored (one was evaluating); which request evaluates is the core's, so lint cannot order them (a machine cannot declare lateReply: fixture.scenario-only-event)")),
        Entry("CapabilityFixture", "no spec name for LAError", .device("the core answered with an error code the fixture has no spec name for")),
        Entry("CapabilityFixture", "unknown LAError code", value),
        Entry("CapabilityFixture", "unknown biometryType", value),
        Entry("CapabilityFixture", "unknown check", value),
        Entry("CapabilityFixture", "unknown policy", product),
        Entry("CapabilityFixture", "unknown scenario", value),
        // Dual password: faults
        Entry("DualPasswordFaults", "does not fit the", value),
        Entry("DualPasswordFaults", "could not edit the store",
              .reachable("a scenario's editSlot into a store that cannot be read: after a corruptStore, or a restoreStore of an image the store cannot read; lint does not follow the store (a length past the most the store holds in one value is lint's fixture.unknown-value, from the fixture's inputBounds). Also the device's failure")),
        Entry("DualPasswordFaults", "could not tamper with the store",
              .reachable("a scenario's tamperStore into a store the core reads as corrupt: after a corruptStore, or a restoreStore of an image it cannot read; lint does not follow the store. Also the device's failure")),
        Entry("DualPasswordFaults", "the store holds no slot record", .reachable("a scenario's editSlot when the store holds no slot record there: after an erase, a corruptStore, a restoreStore of an image without them, or an editSlot that cut the records (length: 0); lint does not follow the store (a machine cannot declare editSlot: fixture.scenario-only-event)")),
        Entry("DualPasswordFaults", "the store holds no slot records to tamper with", .reachable("a scenario's tamperStore when the store holds no slot records: after an erase, or a restoreStore of an image without them; lint does not follow the store (a machine cannot declare tamperStore: fixture.scenario-only-event)")),
        Entry("DualPasswordFaults", "unknown record tampering", value),
        Entry("DualPasswordFaults", "unknown slot position", value),
        Entry("DualPasswordFaults", "unknown slot record field", value),
        // Dual password
        Entry("DualPasswordFixture", "is not a password expression", value),
        Entry("DualPasswordFixture", "names a password this fixture does not configure", value),
        Entry("DualPasswordFixture", "could not install the two passwords", .device("the core refused to set up the fixture's two test passwords")),
        Entry("DualPasswordFixture", "set-up failed for another reason", .device("the core's set-up failed for a reason the password policy table does not name")),
        Entry("DualPasswordFixture", "the main password opens no Real slot after set-up", .device("the core's set-up left no slot that the main password opens as Real")),
        Entry("DualPasswordFixture", "the store cannot be read",
              .reachable("a scenario's persistedNamesNeutral or persistedNames after a step that leaves the store unreadable: storageUnreadable, a corruptStore and a relaunch, or a restoreStore of an image the core cannot read; lint does not follow a scenario's store (a machine cannot declare them beside those events: fixture.unreadable-variable). Also the device's failure")),
        Entry("DualPasswordFixture", "the store's directory cannot be read", io),
        Entry("DualPasswordFixture", "the two slot records cannot be read",
              .reachable("a scenario's kdfMemoryKiB, kdfIterations or kdfParallelism after a step that leaves the two slot records unreadable or unequal: storageUnreadable, a corruptStore and a relaunch, a restoreStore of an image the core cannot read, an editSlot of one slot; lint does not follow a scenario's store (a machine cannot declare them beside those events: fixture.unreadable-variable; kdfShared answers whether they agree). Also the core's failure")),
        Entry("DualPasswordFixture", "unknown action", value),
        Entry("DualPasswordFixture", "a run types at most",
              .reachable("a scenario that types more than a million characters in one run (a long text, a type step repeated): each is kept as a secret of its own, so the fixture bounds the run's memory here; lint does not add up what the steps type")),
        // Launch gates
        Entry("LaunchGatesFixture", "could not enable the biometric gate", .device("the core did not save the switch")),
        Entry("LaunchGatesFixture", "the store refused the write",
              .reachable("a scenario's damageRatingHistory after a corruptStore; lint does not follow the store (a machine cannot declare damageRatingHistory: fixture.scenario-only-event)")),
        Entry("LaunchGatesFixture", "finishOnboarding needs via", inputOrValue),
        Entry("LaunchGatesFixture", "needs the product value onboardingPages", missingProduct),
        Entry("LaunchGatesFixture", "gates.consent needs accepted:", value),
        Entry("LaunchGatesFixture", "gates.order needs update", inputOrValue),
        Entry("LaunchGatesFixture", "keyEmpty, keyInvalid", inputOrValue),
        Entry("LaunchGatesFixture", "gates.update needs dismissed", inputOrValue),
        Entry("LaunchGatesFixture", "gates.update needs running", inputOrValue),
        Entry("LaunchGatesFixture", "the app is killed", killed),
        Entry("LaunchGatesFixture", "no observation", observation),
        Entry("LaunchGatesFixture", "cover rule is the core's", .unreachable("coverRule's domain has the one rule the core's gate uses")),
        Entry("LaunchGatesFixture", "needs the product value appVersion", missingProduct),
        Entry("LaunchGatesFixture", "needs the product value legalVersion", missingProduct),
        // Launch lock
        Entry("LaunchLockFixture", "cannot create a temporary directory", io),
        Entry("LaunchLockFixture", "cannot write the store file", io),
        Entry("LaunchLockFixture", "cannot remove the store file", io),
        Entry("LaunchLockFixture", "corruptStore needs the app killed first", killed),
        Entry("LaunchLockFixture", "could not turn the lock on", .device("the core did not turn the lock on in a row's set-up")),
        Entry("LaunchLockFixture", "no observation", observation),
        Entry("LaunchLockFixture", "the app is not running", killed),
        Entry("LaunchLockFixture", "unknown action", value),
        Entry("LaunchLockFixture", "unknown biometryType", value),
        Entry("LaunchLockFixture", "unknown coverRule", product),
        Entry("LaunchLockFixture", "unknown outcome", value),
        Entry("LaunchLockFixture", "unknown policy", product),
        // MedTime
        Entry("MedTimeFixture", "could not set up the MedTime store", io),
        Entry("MedTimeFixture", "could not write the credential record",
              .reachable("a scenario's storeCredential into a store the core reads as corrupt or truncated: after a corruptStore, or a restoreStore of an image it cannot read (a malformed one, or a keyed one whose device secret is lost); lint does not follow the store (a machine cannot declare storeCredential: fixture.scenario-only-event)")),
        Entry("MedTimeFixture", "no observation", observation),
        Entry("MedTimeFixture", "the built-in lockout has no block after failure",
              .unreachable("PINLockoutTiers.blockDuration(afterFailure:) is nil only below its attempts; builtInFirstBlock … builtInThirdBlock ask at its attempts and after")),
        Entry("MedTimeFixture", "is not 4 or 6", product),
        Entry("MedTimeFixture", "the core recorded no failure", .lint(["fixture.needs-product"])),
        Entry("MedTimeFixture", "unknown bioResult outcome", value),
        Entry("MedTimeFixture", "unknown biometricType", product),
        Entry("MedTimeFixture", "unknown configuration", product),
        Entry("MedTimeFixture", "unknown credential record", value),
        Entry("MedTimeFixture", "unknown instance", value),
        Entry("MedTimeFixture", "unknown key", value),
        Entry("MedTimeFixture", "unknown pin", value),
        // Storage faults (shared by MedTime and the dual password)
        Entry("StorageFaults", "the app is killed", killed),
        Entry("StorageFaults", "was cut by the killDuringWrite",
              .reachable("a step after a killDuringWrite whose write came in an earlier step than the scenario's author thought; which step makes the nth write is the core's to decide, so lint cannot tell: the run says so, and where to write relaunch")),
        Entry("StorageFaults", "has no name here", .unreachable("a pending write fault is at most nth writes ahead, and writes has a name for every nth writeFails takes (pendingWriteNamesCoverNth)")),
        Entry("StorageFaults", "could not damage the store file", io),
        Entry("StorageFaults", "could not restore the store image", io),
        Entry("StorageFaults", "restoreStore needs image", inputOrValue),
        Entry("StorageFaults", "the fault needs nth", inputOrValue),
        // The binding tables every fixture dispatches through (Sources/Conformance/Fixtures)
        Entry("Fixture", "unknown product value", name),
        Entry("Fixture", "a table's outputs stand only", observation),
        Entry("FixtureBinding", "cannot be configured", product),
        Entry("FixtureInput", "needs the input", input),
        Entry("FixtureInput", "takes \\(type)", value),
        Entry("FixtureInput", "takes no input", name),
        Entry("FixtureInput", "through a key it does not declare",
              .unreachable("a fixture reads only the keys its entry declares: the tests below run every event and table of each with every input")),
        Entry("FixtureBindings", "no event", name),
        Entry("FixtureBindings", "no observation", observation),
        Entry("FixtureBindings", "the app is killed: no", killed),
        Entry("FixtureBindings", "no decision table", table),
        Entry("FixtureBindings", "no matrix", table),
        Entry("FixtureBindings", "which no effect binding names",
              .device("the core emitted an effect its fixture does not bind: a fixture to complete, not a spec mistake")),
        Entry("FixtureBindings", "which does not fit the arguments it declares",
              .device("the core emitted an effect whose arguments the fixture's declaration does not cover: a fixture to complete, not a spec mistake")),
        Entry("FixtureBindings", "\"\\(error)\"",
              .device("a binding's closure failed with an error of the core or the device, passed on as it is")),
    ]

    /// Every `FixtureError("…")` in the fixtures' sources and in the binding tables they share
    /// (Sources/Conformance/Fixtures): file (without `.swift`), line and the literal as written.
    static func sites() throws -> [(file: String, line: Int, literal: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try ["Sources/AppLockFixtures", "Sources/Conformance/Fixtures"].flatMap { try sites(in: root.appendingPathComponent($0)) }
    }

    /// The `FixtureError("…")` sites of the Swift files of one folder.
    static func sites(in folder: URL) throws -> [(file: String, line: Int, literal: String)] {
        var found: [(String, Int, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                var rest = Substring(line)
                while let start = rest.range(of: "FixtureError(") {
                    rest = rest[start.upperBound...]
                    // The literal as written, up to its closing quote and parenthesis.
                    let literal = rest.range(of: "\")").map { String(rest[..<$0.upperBound]) } ?? String(rest)
                    found.append((String(name.dropLast(6)), index + 1, literal))
                }
            }
        }
        return found
    }

    /// Found by a trial: writes named a pending fault only three writes ahead while writeFails took nth up to 10, so
    /// `writeFails(nth: 4)` then an observed `writes` was a fixture error ("the device's writes has no name here") in
    /// every spec that widened nth, exploration included.
    @Test("writes has a name for every write fault writeFails can schedule, in every fixture with storage faults", arguments: ["dual-password", "medtime"])
    func pendingWriteNamesCoverNth(fixture: String) throws {
        let vocabulary = try #require(FixtureRegistry.standard.vocabulary(of: fixture))
        guard case .domain(.int(let nth)) = try #require(vocabulary.events["writeFails"]?["nth"]),
              case .domain(.enumeration(let names)) = try #require(vocabulary.observations["writes"]) else {
            Issue.record("writeFails.nth is not an int range, or writes is not a list of names"); return
        }
        #expect(nth.lowerBound == 1)
        // work, one name for each write ahead, fail.
        #expect(names.count == nth.upperBound + 2, "\(names) for nth \(nth)")
    }

    @Test("every FixtureError site is classified exactly once, and every entry still names a site")
    func everySiteClassified() throws {
        let sites = try Self.sites()
        #expect(sites.count > 80, "the scan found the sites (\(sites.count); the input keys read every input, so the fixtures no longer throw their own missing-input and wrong-kind errors)")
        var used = Set<Int>()
        for site in sites {
            let matches = Self.entries.indices.filter { Self.entries[$0].file == site.file && site.literal.contains(Self.entries[$0].fragment) }
            let best = matches.max { Self.entries[$0].fragment.count < Self.entries[$1].fragment.count }
            #expect(best != nil, "\(site.file).swift:\(site.line) throws \(site.literal.prefix(80)) and is not classified here")
            if let best { used.insert(best) }
        }
        for (index, entry) in Self.entries.enumerated() where !used.contains(index) {
            Issue.record("the entry \(entry.file) '\(entry.fragment)' names no site any more")
        }
    }

    @Test("each finding a site relies on is one lint gives and docs/spec-language.md lists")
    func findingsExist() throws {
        let doc = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/spec-language.md"), encoding: .utf8)
        for entry in Self.entries {
            guard case .lint(let ids) = entry.guarding else { continue }
            for id in ids { #expect(doc.contains("| `\(id)` |"), "\(id) is not in the findings table") }
        }
    }

    @Test("the sites a clean spec can still reach are the listed ones (the count goes down as lint learns them)")
    func reachableCount() throws {
        let sites = try Self.sites()
        let reachable = sites.filter { site in
            let entry = Self.entries.filter { $0.file == site.file && site.literal.contains($0.fragment) }.max { $0.fragment.count < $1.fragment.count }
            if case .reachable = entry?.guarding { return true }
            return false
        }
        // 9: the five of before; two writes into a store a corruptStore left unwritable, which were counted as the
        // device's failures until the workbench's machine starters met them; and, met by a product owner's trial, a
        // step after the write a killDuringWrite cut (counted as lint's fixture.killed-app) and a tamperStore into a
        // store the core cannot read (counted as the device's); 11: met by a trial of lint-clean specs, the store's
        // key names and the slot records' parameters read after a fault the spec sent (counted as the device's); 10: lint
        // knows each slot record field's width (an editSlot value: 256 into formatVersion); 11: a re-trial typed
        // 10^8 characters, and the fixture now bounds a run's typing (about 250 bytes a character); 12: the persisted key
        // names themselves (persistedNames), read after a fault as persistedNamesNeutral is.
        #expect(reachable.count == 12, "\(reachable.map { "\($0.file):\($0.line)" })")
        // The README tells a product owner how many there are.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(\(reachable.count) places, "), "README.md's count of the places lint cannot see yet")
    }

    // MARK: - The vocabulary and the dispatch agree

    /// The errors that mean "the fixture does not know this name, or was not given an input": lint's
    /// fixture.unknown-name, fixture.unknown-table and fixture.missing-input stand for them.
    static func isNameOrInputError(_ message: String) -> Bool {
        ["no event", "unknown event", "no observation", "has no decision table", "no decision table", "runs no matrix", "has no matrix",
         "unknown product value", "needs the input", "takes no input", "through a key it does not declare", "gives no", "needs method", "needs version and other"].contains { message.contains($0) }
            || message.range(of: #"^\S* ?needs \S+$"#, options: .regularExpression) != nil
    }

    /// A value of each type, as a spec would write it.
    static func sample(_ type: FixtureType) -> Value {
        switch type {
        case .domain(let d): d.defaultValue
        case .literal(.date): .symbol("2026-05-01")
        case .literal: .symbol("1.0")
        case .textExpression(let operands): .symbol(operands.first ?? "1.2")
        }
    }

    /// A value of a product parameter the fixture can run: one of its choices, a literal of its grammar, or its
    /// domain's first value.
    static func sample(product name: String, _ v: FixtureVocabulary) -> Value? {
        if let choice = v.productChoices[name]?.values.first { return choice }
        if let grammar = v.productLiterals[name] { return sample(.literal(grammar)) }
        return v.product[name]?.defaultValue
    }

    /// A fixture of each kind, built with a sample of every product value it needs.
    static func fresh(_ type: any Fixture.Type) throws(FixtureError) -> any Fixture {
        let v = type.vocabulary
        return try type.init(product: v.productNeeds.keys.sorted().compactMap { name in sample(product: name, v).map { NamedValue(name, $0) } })
    }

    /// Whether the fixture serves an observation: after one of its tables or matrices (`tables`), or else at once or
    /// after one of its events, each run with sample inputs on a fresh fixture.
    static func served(_ name: String, by type: any Fixture.Type, tables: Bool) -> Bool {
        let v = type.vocabulary
        let tableActions: [TestAction] = v.decisions.sorted { $0.key < $1.key }.map { table, inputs in .decide(table: table, inputs: inputs.keys.sorted().map { NamedValue($0, sample(inputs[$0]!)) }) }
            + v.matrices.sorted { $0.key < $1.key }.map { table, axes in .cell(table: table, axes: axes.keys.sorted().map { NamedValue($0, sample(axes[$0]!)) }) }
        let eventActions: [TestAction] = v.events.sorted { $0.key < $1.key }.map { event, inputs in
            .event(event, inputs: inputs.keys.sorted().map { NamedValue($0, sample(inputs[$0]!)) })
        }
        let actions = tables ? tableActions : [.check] + eventActions
        for action in actions {
            // An action that fails (a late reply with no request) says nothing either way.
            guard let fixture = try? fresh(type), (try? fixture.perform(action)) != nil else { continue }
            do throws(FixtureError) {
                _ = try fixture.observe(name)
                return true
            } catch {
                // Known, but not readable in this situation (the store cannot be read...): served all the same.
                if !isNameOrInputError(error.message) && !error.message.contains("no observation") { return true }
            }
        }
        return false
    }

    @Test("every name of each fixture's vocabulary is one it dispatches: no event, observation or table that lint accepts is unknown to the fixture, and given every input none is missing")
    func vocabularyMatchesDispatch() throws {
        for (fixture, type) in FixtureRegistry.standard.fixtureTypes.sorted(by: { $0.key < $1.key }) {
            let v = type.vocabulary
            // Every check below starts from this fixture: it must build from the values the vocabulary says it needs.
            do throws(FixtureError) { _ = try Self.fresh(type) } catch {
                Issue.record("\(fixture) does not build from samples of the product values it needs: \(error.message)")
                continue
            }
            for name in v.observations.keys.sorted() {
                // A table's output only after a table or a cell; any other observation without one.
                let output = v.tableOutputs.contains(name)
                #expect(Self.served(name, by: type, tables: output), "\(fixture): no action makes '\(name)' observable")
                if output { #expect(!Self.served(name, by: type, tables: false), "\(fixture): '\(name)' is served without a table, so it is no table output") }
            }
            #expect(v.tableOutputs.isSubset(of: v.observations.keys), "\(fixture): a table output that is no observation")
            for (event, inputs) in v.events.sorted(by: { $0.key < $1.key }) {
                // Every input, then the required ones alone: an input the fixture cannot do without is never optional.
                let all = inputs.keys.sorted().map { NamedValue($0, Self.sample(inputs[$0]!)) }
                let required = all.filter { !(v.optionalInputs[event] ?? []).contains($0.name) }
                for given in Set([all, required].map { $0.map(\.name) }).sorted(by: { $0.count > $1.count }) {
                    let values = all.filter { given.contains($0.name) }
                    do throws(FixtureError) { _ = try Self.fresh(type).perform(.event(event, inputs: values)) } catch {
                        #expect(!Self.isNameOrInputError(error.message), "\(fixture): \(event)(\(given)): \(error.message)")
                    }
                }
            }
            for (table, inputs) in v.decisions.sorted(by: { $0.key < $1.key }) {
                let given = inputs.keys.sorted().map { NamedValue($0, Self.sample(inputs[$0]!)) }
                do throws(FixtureError) { _ = try Self.fresh(type).perform(.decide(table: table, inputs: given)) } catch {
                    #expect(!Self.isNameOrInputError(error.message), "\(fixture): \(table): \(error.message)")
                }
            }
            for name in v.product.keys.sorted() {
                let value = try #require(Self.sample(product: name, v))
                let needed = v.productNeeds.keys.filter { $0 != name }.sorted().compactMap { need in Self.sample(product: need, v).map { NamedValue(need, $0) } }
                do throws(FixtureError) { _ = try type.init(product: [NamedValue(name, value)] + needed) } catch {
                    #expect(!Self.isNameOrInputError(error.message), "\(fixture): product \(name): \(error.message)")
                }
            }
        }
    }
}
