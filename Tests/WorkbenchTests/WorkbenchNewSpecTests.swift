import Foundation
import Testing
import Workbench
import SpecKit
import AppLockFixtures
import Conformance

/// A new spec from the page: every fixture function offered, each starter written with the fixture's inputs, linted
/// with only its placeholder citations refused, and made on disk only by a save that finds no file of its name.
@Suite("The workbench's new spec")
struct WorkbenchNewSpecTests {
    typealias Bench = WorkbenchAPITests.Bench

    static func findings(_ answer: [String: Any], file: String) throws -> [[String: Any]] {
        let analysis = try #require(answer["analysis"] as? [String: Any] ?? answer)
        return try #require(analysis["findings"] as? [[String: Any]]).filter { $0["file"] as? String == file }
    }

    @Test("every decision and matrix function of every fixture: its starter lints with its two placeholder citations refused and nothing else, and clean once they are written, and it runs")
    func everyStarter() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let tables = try #require(bench.call("/api/choices").json["functions"] as? [[String: Any]])
        let registry = FixtureRegistry.standard
        let functions = registry.fixtureNames.compactMap(registry.vocabulary(of:)).flatMap { Array($0.decisions.keys) + Array($0.matrices.keys) }
        #expect(tables.compactMap { $0["table"] as? String }.sorted() == functions.sorted())
        #expect(tables.count == 15)
        for table in tables {
            let name = try #require(table["table"] as? String), fixture = try #require(table["fixture"] as? String)
            let observations = try #require(table["observations"] as? [[String: Any]])
            let own = observations.filter { $0["own"] as? Bool == true }.compactMap { $0["name"] as? String }
            let observe = own.isEmpty ? [try #require(observations.first?["name"] as? String)] : own
            let file = "\(name)-starter.yaml"
            let spec: [String: Any] = ["id": "\(name)-starter", "title": "Starter of \(name): a title, with a colon", "fixture": fixture,
                                       "table": name, "observe": observe]
            let made = try bench.call("/api/new", ["buffers": [:] as [String: String], "file": file, "spec": spec])
            #expect(made.status == 200, "\(name): \(made.json)")
            let text = try #require(made.json["text"] as? String)
            let refused = try Self.findings(made.json, file: file)
            #expect(refused.map { $0["id"] as? String } == ["spec.placeholder-source", "spec.placeholder-source"], "\(name): \(refused)\n\(text)")
            #expect(!FileManager.default.fileExists(atPath: bench.base.appendingPathComponent("specs/\(file)").path))
            let traced = text.replacingOccurrences(of: "<document> §<section>", with: "someone.md §1")
            let linted = try bench.call("/api/analyze", ["buffers": [file: traced], "focus": file])
            #expect(try Self.findings(linted.json, file: file).isEmpty, "\(name): \(linted.json["findings"] ?? "")\n\(traced)")
            // The run explores a decision table as lockspec run does (each input at its edges): every fixture input
            // is bounded so that a starter over the fixture's whole domain runs in bounded time.
            let ran = try bench.call("/api/run", ["buffers": [file: traced], "changed": [file]])
            let cases = try #require(ran.json["cases"] as? [[String: Any]])
            #expect(!cases.isEmpty && cases.allSatisfy { $0["spec"] as? String == "\(name)-starter" }, "\(name): \(ran.json)")
            if table["kind"] as? String == "decision" { #expect(ran.json["toured"] as? Int ?? 0 > 0, "\(name): not explored") }
            #expect(!cases.contains { $0["status"] as? String == "error" }, "\(name): a fixture error: \(cases)")
        }
    }

    @Test("a machine of every fixture, all its states and every event offered: it lints with its two placeholder citations refused, then with at most its unreachable states, and runs (explored) with no fixture error")
    func everyMachineStarter() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let machines = try #require(bench.call("/api/choices").json["machines"] as? [[String: Any]])
        #expect(machines.compactMap { $0["fixture"] as? String } == ["capability", "dual-password", "launch-gates", "launch-lock", "medtime"])
        for machine in machines {
            let fixture = try #require(machine["fixture"] as? String), states = try #require(machine["states"] as? [String])
            // Every event offered: none of them may be one only a scenario can send (the app killed, an earlier request).
            let events = try #require(machine["events"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            let file = "\(fixture).new.yaml"
            let spec: [String: Any] = ["id": "\(fixture).new", "title": "New machine", "fixture": fixture, "states": states, "events": events]
            let made = try bench.call("/api/new", ["buffers": [:] as [String: String], "file": file, "spec": spec])
            #expect(made.status == 200, "\(fixture): \(made.json)")
            let text = try #require(made.json["text"] as? String)
            let refused = try Self.findings(made.json, file: file).filter { $0["severity"] as? String == "error" }
            #expect(refused.map { $0["id"] as? String } == ["spec.placeholder-source", "spec.placeholder-source"], "\(fixture): \(refused)\n\(text)")
            let traced = text.replacingOccurrences(of: "<document> §<section>", with: "someone.md §1")
            let linted = try Self.findings(try bench.call("/api/analyze", ["buffers": [file: traced], "focus": file]).json, file: file)
            #expect(linted.allSatisfy { $0["id"] as? String == "check.unreachable-state" }, "\(fixture): \(linted)\n\(traced)")
            #expect(linted.count <= states.count - 1)
            let ran = try bench.call("/api/run", ["buffers": [file: traced], "changed": [file]])
            let cases = try #require(ran.json["cases"] as? [[String: Any]])
            #expect(!cases.isEmpty && !cases.contains { $0["status"] as? String == "error" }, "\(fixture): \(cases)")
            #expect(ran.json["toured"] as? Int ?? 0 > 0, "\(fixture): not explored")
            // The tour may find the core doing more than the one example row says; it must never meet a fixture error.
            let tour = try #require(ran.json["tour"] as? [[String: Any]])
            let errors = tour.compactMap { ($0["divergence"] as? [String: Any])?["error"] as? String }
            #expect(errors.isEmpty, "\(fixture): \(errors)")
        }
    }

    @Test("scenarios over every machine spec of specs/: one step of its first event; it lints with its two placeholder citations refused and nothing else, clean once they are written, and passes: it expects the state the machine's table gives")
    func everyScenarioStarter() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let analysis = try bench.call("/api/analyze", ["buffers": [:] as [String: String]]).json
        let machines = try #require(analysis["specs"] as? [[String: Any]]).filter { $0["kind"] as? String == "machine" }
        #expect(machines.count >= 5, "the loop below must not be vacuous")
        for machine in machines {
            let id = try #require(machine["id"] as? String)
            let file = "\(id).new-scenarios.yaml"
            let spec: [String: Any] = ["id": "\(id).new-scenarios", "title": "New scenarios", "fixture": "sent-by-the-page", "uses": id]
            let made = try bench.call("/api/new", ["buffers": [:] as [String: String], "file": file, "spec": spec])
            #expect(made.status == 200, "\(id): \(made.json)")
            let text = try #require(made.json["text"] as? String)
            #expect(text.contains("\nfixture: \(machine["fixture"] as? String ?? "?")\nuses: \(id)\n"), "the machine's fixture, not the one sent: \(text)")
            let refused = try Self.findings(made.json, file: file)
            #expect(refused.map { $0["id"] as? String } == ["spec.placeholder-source", "spec.placeholder-source"], "\(id): \(refused)\n\(text)")
            let traced = text.replacingOccurrences(of: "<document> §<section>", with: "someone.md §1")
            let linted = try Self.findings(try bench.call("/api/analyze", ["buffers": [file: traced], "focus": file]).json, file: file)
            #expect(linted.isEmpty, "\(id): \(linted)\n\(traced)")
            let ran = try bench.call("/api/run", ["buffers": [file: traced], "changed": [file]])
            let cases = try #require(ran.json["cases"] as? [[String: Any]]).filter { $0["spec"] as? String == "\(id).new-scenarios" }
            // One case per product variant; the example expects the state the machine's table gives, and the tables of
            // specs/ conform, so it passes.
            #expect(!cases.isEmpty && cases.allSatisfy { $0["status"] as? String == "passed" }, "\(id): \(cases)")
        }
        let missing = try bench.call("/api/new", ["buffers": [:] as [String: String], "file": "x.yaml",
                                                  "spec": ["id": "x", "title": "X", "fixture": "launch-lock", "uses": "launch-lock.nothere"]])
        #expect(missing.status == 422)
        #expect(missing.json["error"] as? String == "there is no machine spec 'launch-lock.nothere' that compiles in the folder: a scenario set uses one (fix its errors first)")
    }

    /// Found by the sixth product-owner trial: a new scenario set's example row was `LAUNCH-LOCK-TURNED-OFF-1`, where
    /// every row of the folder's launch-lock specs starts `LL-` and its scenarios `LL-S-`.
    @Test("the example row's id follows the folder: its fixture's first part, S for scenarios, the spec id's last part; without rows of the fixture, the spec id")
    func exampleRowIDFollowsTheFolder() throws {
        let samples = WorkbenchAPITests.root.appendingPathComponent("Tests/Samples/specs").path
        let folder = try SpecCompiler(catalog: FixtureRegistry.standard).compile(paths: [samples]).specs
        let scenarios = SpecStarter(id: "launch-lock.turned-off", title: "Turned off", fixture: "launch-lock", table: nil, uses: "launch-lock.triggers")
        #expect(try scenarios.text(catalog: FixtureRegistry.standard, folder: folder).contains("\n  - id: LL-S-TURNED-OFF-1\n"))
        let table = SpecStarter(id: "gates.order-audit", title: "Audit", fixture: "launch-gates", table: "gates.order", observe: ["front"])
        #expect(try table.text(catalog: FixtureRegistry.standard, folder: folder).contains("\n  - id: LG-ORDER-AUDIT-1\n"))
        // A fixture none of the folder's specs use yet: the spec id, as before.
        let alone = folder.filter { $0.fixture != "launch-gates" }
        #expect(try table.text(catalog: FixtureRegistry.standard, folder: alone).contains("\n  - id: GATES-ORDER-AUDIT-1\n"))
    }

    @Test("a scenario starter over a machine that declares an event only a scenario's later steps can send (a lint error of the machine) starts with the first event that can come first")
    func scenarioStarterSkipsScenarioOnlyEvents() throws {
        let machine = try String(contentsOfFile: "specs/capability.authenticate.yaml", encoding: .utf8)
        func folder(events: String) -> [Spec] {
            let text = machine.replacingOccurrences(of: "events:\n  authenticate:", with: "events:\n\(events)  authenticate:")
            return SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: [(path: "m.yaml", bytes: Array(text.utf8))]).specs
        }
        let starter = SpecStarter(id: "capability.late", title: "Late", fixture: "capability", table: nil, uses: "capability.authenticate")
        let late = try starter.text(catalog: FixtureRegistry.standard, folder: folder(events: "  lateReply:\n    result: [success]\n"))
        #expect(late.contains("      - event: authenticate\n        with: {canEvaluate: false}\n"), "\(late)")
        #expect(!late.contains("lateReply"))
        // The machine's own order otherwise: the first event it declares.
        let plain = try starter.text(catalog: FixtureRegistry.standard, folder: folder(events: "  cancel:\n"))
        #expect(plain.contains("      - event: cancel\n        expect: {state: Idle}\n"), "\(plain)")
    }

    @Test("the starter of a launch-lock machine: the states and events chosen in the fixture's order, each event's required inputs, the effects")
    func machineText() throws {
        let starter = SpecStarter(id: "launch-lock.away", title: "Away", fixture: "launch-lock", table: nil,
                                  states: ["Open", "Locked"], events: ["active", "appear"])
        #expect(try starter.text(catalog: FixtureRegistry.standard) == """
        # yaml-language-server: $schema=schema.json
        id: launch-lock.away
        kind: machine
        title: Away
        source: <document> §<section>
        fixture: launch-lock
        states: [Open, Locked]
        initial: Open
        events:
          active:
            away: duration 0s..24h
          appear:
        effects: [startAuthentication]
        rows:
          - id: LAUNCH-LOCK-AWAY-1
            source: <document> §<section>
            notes: an example (active in Open changes nothing); write the machine's rows in its place
            from: Open
            on: active

        """)
        #expect(throws: SpecStarter.Refusal(message: "choose at least one event for the machine")) {
            try SpecStarter(id: "a.b", title: "T", fixture: "launch-lock", table: nil, states: ["Open"]).text(catalog: FixtureRegistry.standard)
        }
        #expect(throws: SpecStarter.Refusal(message: "launch-lock has no state 'Unlocked'; it has Open, Locked")) {
            try SpecStarter(id: "a.b", title: "T", fixture: "launch-lock", table: nil, states: ["Unlocked"], events: ["appear"]).text(catalog: FixtureRegistry.standard)
        }
    }

    @Test("the starter of gates.order: the inputs the fixture sends, the observation asked for, one example row over every case")
    func gatesOrderText() throws {
        let starter = SpecStarter(id: "gates.order-audit", title: "Which gate: \"audit\"", fixture: "launch-gates", table: "gates.order",
                                  observe: ["front"], document: "app-launch-gates.zh.md")
        #expect(try starter.text(catalog: FixtureRegistry.standard) == """
        # yaml-language-server: $schema=schema.json
        id: gates.order-audit
        kind: decision
        title: "Which gate: \\"audit\\""
        source: app-launch-gates.zh.md §<section>
        fixture: launch-gates
        table: gates.order
        hit: unique
        inputs:
          biometricEnabled: bool
          consentCurrent: bool
          errorPosted: bool
          onboardingCompleted: bool
          update: [none, soft, softDismissed, forced]
        outputs:
          front: [errorCard, lockScreen, forcedUpdate, softUpdate, onboarding, consent, auth]
        rows:
          - id: GATES-ORDER-AUDIT-1
            source: app-launch-gates.zh.md §<section>
            notes: an example that covers every case; write the table's rows in its place
            when: {}
            then: {front: errorCard}

        """)
    }

    @Test("a title is written plain when YAML reads it back as it is, else double-quoted", arguments: [
        ("Which gate, audited", "Which gate, audited"), ("Gate: audit", "\"Gate: audit\""), ("# not a comment", "\"# not a comment\""),
        ("- a list?", "\"- a list?\""), ("'quoted'", "\"'quoted'\""), ("true", "true"), ("日本語のタイトル", "日本語のタイトル"),
    ])
    func titleScalar(title: String, written: String) throws {
        let starter = SpecStarter(id: "gates.x", title: title, fixture: "launch-gates", table: "gates.order", observe: ["front"])
        let text = try starter.text(catalog: FixtureRegistry.standard)
        #expect(text.contains("\ntitle: \(written)\n"), "\(text)")
        let node = try YAMLLoader().load(Array(text.utf8), file: "x.yaml")
        #expect(node["title"]?.scalar == title)
    }

    @Test("the offered observations: a function's own outputs first and ticked, then what stands after any table; never another function's output")
    func offeredObservations() throws {
        let vocabulary = try #require(FixtureRegistry.standard.vocabulary(of: "launch-gates"))
        let choices = TableChoice.all(fixture: "launch-gates", vocabulary: vocabulary)
        let consent = try #require(choices.first { $0.table == "gates.consent" })
        #expect(consent.observations.first?.name == "consentShown" && consent.observations.first?.own == true)
        #expect(consent.observations.dropFirst().allSatisfy { !$0.own })
        #expect(!consent.observations.contains { ["dismissable", "order", "requestReview"].contains($0.name) })
        let order = try #require(choices.first { $0.table == "gates.order" })
        #expect(order.observations.contains { $0.name == "front" && !$0.own })
        #expect(order.inputs.map(\.name) == ["biometricEnabled", "consentCurrent", "errorPosted", "onboardingCompleted", "update"])
        let compare = try #require(choices.first { $0.table == "gates.version-compare" })
        #expect(compare.inputs.map(\.domain.description) == ["[\"1.0\", \"1.10\"]", "[\"1.0\", \"1.10\"]"])
    }

    @Test("refusals say what is wrong and write nothing: a taken name, a bad id, an unknown function, no observation, one it cannot observe, a path out")
    func refusals() throws {
        let bench = try Bench()
        defer { bench.remove() }
        func new(_ file: String, _ changes: [String: Any], buffers: [String: String] = [:]) throws -> (Int, String) {
            var spec: [String: Any] = ["id": "gates.x", "title": "X", "fixture": "launch-gates", "table": "gates.order", "observe": ["front"]]
            spec.merge(changes) { $1 }
            let answer = try bench.call("/api/new", ["buffers": buffers, "file": file, "spec": spec])
            return (answer.status, answer.json["error"] as? String ?? "")
        }
        #expect(try new("gates.order.yaml", [:]) == (409, "there is already a file gates.order.yaml: choose another name"))
        #expect(try new("mine.yaml", [:], buffers: ["mine.yaml": "id: a\n"]) == (409, "there is already a file mine.yaml: choose another name"))
        #expect(try new("x.yaml", ["id": "Gates.X"]) == (422, "the id 'Gates.X' should be lowercase words joined by '.' or '-', such as gates.order-audit"))
        #expect(try new("x.yaml", ["title": "  "]) == (422, "give the spec a title: what its rows say, in a line"))
        #expect(try new("x.yaml", ["title": String(repeating: "t", count: 1_001)])
                == (422, "the title has 1001 characters; keep it to one line of at most 1000, and put the rest under notes:"))
        #expect(try new("x.yaml", ["title": String(repeating: "t", count: 1_000)]).0 == 200)
        // An id a spec of the folder (or of the page's texts) has.
        #expect(try new("x.yaml", ["id": "gates.rating"]) == (422, "the spec gates.rating.yaml already has the id 'gates.rating': choose another"))
        #expect(try new("x.yaml", ["id": "gates.mine"], buffers: ["mine.yaml": try bench.text("gates.order.yaml").replacingOccurrences(of: "id: gates.order\n", with: "id: gates.mine\n")])
                == (422, "the spec mine.yaml already has the id 'gates.mine': choose another"))
        // A document is a file name: nothing in it can add a key, end the value or start a comment.
        let fileName = "the document is a file name, such as face-id-launch-lock.zh.md: letters, digits, '.', '-', '_' and '/', no spaces"
        for document in ["a.md\nfixture: capability", "a.md: b", "a.md #x", "a b.md", "a\u{0}.md", "§1", "\"a.md\""] {
            #expect(try new("x.yaml", ["document": document]) == (422, fileName), "\(document)")
        }
        #expect(try new("x.yaml", ["document": "app-launch-gates.zh.md"]).0 == 200)
        #expect(try new("x.yaml", ["document": " "]).0 == 200)
        #expect(try new("x.yaml", ["title": "two\nlines"]) == (422, "the title is one line of text: no line breaks, tabs or other control characters"))
        #expect(try new("x.yaml", ["title": "a\u{0}b"]).0 == 422)
        #expect(try new("x.yaml", ["fixture": "gates"]).0 == 422)
        #expect(try new("x.yaml", ["table": "gates.ordr"]) == (422, "launch-gates has no decision or matrix function 'gates.ordr'; it has gates.consent, gates.order, gates.rating, gates.update, gates.version-compare"))
        #expect(try new("x.yaml", ["observe": [] as [String]]) == (422, "choose at least one observation for the rows to expect"))
        #expect(try new("x.yaml", ["observe": ["order"]]).1.hasPrefix("launch-gates cannot observe 'order' after gates.order; it can observe "))
        #expect(try new("../x.yaml", [:]).0 == 403)
        for name in ["x\n.yaml", " x.yaml", "x.yaml ", "x\t.yaml", "x\u{7F}.yaml"] {
            #expect(try new(name, [:]).0 == 403, "\(name)")
        }
        #expect(try new("x.txt", [:]).0 == 403)
    }

    @Test("the example row takes the first id of its prefix no row of the folder has: row.clash and other.clash both start LG-CLASH")
    func freeRowID() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let spec: [String: Any] = ["id": "row.clash", "title": "X", "fixture": "launch-gates", "table": "gates.order", "observe": ["front"]]
        let first = try #require(try bench.call("/api/new", ["buffers": [:] as [String: String], "file": "a.yaml", "spec": spec]).json["text"] as? String)
        #expect(first.contains("\n  - id: LG-CLASH-1\n"), "\(first)")
        let second = try bench.call("/api/new", ["buffers": ["a.yaml": first], "file": "b.yaml", "spec": spec.merging(["id": "other.clash"]) { $1 }])
        let text = try #require(second.json["text"] as? String)
        #expect(text.contains("\n  - id: LG-CLASH-2\n"), "\(text)")
        #expect(try Self.findings(second.json, file: "b.yaml").map { $0["id"] as? String } == ["spec.placeholder-source", "spec.placeholder-source"])
    }

    @Test("a link that leads nowhere is a name a file has: new, save and rename leave it as it is")
    func danglingLink() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let link = bench.base.appendingPathComponent("specs/dangling.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere.yaml")
        let spec: [String: Any] = ["id": "gates.x", "title": "X", "fixture": "launch-gates", "table": "gates.order", "observe": ["front"]]
        #expect(try bench.call("/api/new", ["buffers": [:] as [String: String], "file": "dangling.yaml", "spec": spec]).status == 409)
        #expect(try bench.call("/api/save", ["file": "dangling.yaml", "text": "id: a\n", "version": ""]).status != 200)
        let version = SHA256.hex(Array(try bench.text("gates.order.yaml").utf8))
        #expect(try bench.call("/api/rename", ["file": "gates.order.yaml", "version": version, "to": "dangling.yaml"]).status == 409)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "nowhere.yaml")
        #expect(FileManager.default.fileExists(atPath: bench.base.appendingPathComponent("specs/gates.order.yaml").path))
    }

    @Test("a save with no version makes the file, and only while no file has its name")
    func saveMakesNewFile() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let made = try bench.call("/api/new", ["buffers": [:] as [String: String], "file": "gates.audit.yaml",
                                               "spec": ["id": "gates.audit", "title": "Audit", "fixture": "launch-gates", "table": "gates.order", "observe": ["front"]]])
        let text = try #require(made.json["text"] as? String)
        let saved = try bench.call("/api/save", ["file": "gates.audit.yaml", "text": text, "version": ""])
        #expect(saved.status == 200)
        #expect(try bench.text("gates.audit.yaml") == text)
        #expect(saved.json["version"] as? String == SHA256.hex(Array(text.utf8)))
        // Again with no version: the file is there now, so nothing is written.
        let again = try bench.call("/api/save", ["file": "gates.audit.yaml", "text": "id: other\n", "version": ""])
        #expect(again.status == 409)
        #expect((again.json["error"] as? String)?.hasPrefix("gates.audit.yaml was made on disk since the page started it: nothing was written.") == true)
        #expect(try bench.text("gates.audit.yaml") == text)
    }

    @Test("delete removes a file of the folder only at the version the page read; elsewhere, stale or missing, it is refused and nothing changes")
    func deleteFile() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let name = "gates.order.yaml"
        let path = bench.base.appendingPathComponent("specs/\(name)").path
        let version = SHA256.hex(Array(try bench.text(name).utf8))
        let stale = try bench.call("/api/delete", ["file": name, "version": String(repeating: "0", count: 64)])
        #expect(stale.status == 409)
        #expect(stale.json["error"] as? String == "gates.order.yaml changed on disk since the page read it: it was not deleted. Load it from disk to see the change first")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try bench.call("/api/delete", ["file": "../Package.swift", "version": version]).status == 403)
        #expect(try bench.call("/api/delete", ["file": "nothere.yaml", "version": version]).status == 404)
        let done = try bench.call("/api/delete", ["file": name, "version": version])
        #expect(done.status == 200 && done.json["deleted"] as? String == name)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("rename gives a file a new name in the folder only at the version the page read and only when no file has it")
    func renameFile() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let specs = bench.base.appendingPathComponent("specs")
        let name = "gates.order.yaml", text = try bench.text(name)
        let version = SHA256.hex(Array(text.utf8))
        #expect(try bench.call("/api/rename", ["file": name, "version": String(repeating: "0", count: 64), "to": "x.yaml"]).status == 409)
        let taken = try bench.call("/api/rename", ["file": name, "version": version, "to": "gates.rating.yaml"])
        #expect(taken.status == 409 && taken.json["error"] as? String == "there is already a file gates.rating.yaml: gates.order.yaml was not renamed")
        #expect(try bench.call("/api/rename", ["file": name, "version": version, "to": "../x.yaml"]).status == 403)
        #expect(try bench.call("/api/rename", ["file": name, "version": version, "to": "x.txt"]).status == 403)
        #expect(FileManager.default.fileExists(atPath: specs.appendingPathComponent(name).path))
        let done = try bench.call("/api/rename", ["file": name, "version": version, "to": "gates.stack-order.yaml"])
        #expect(done.status == 200)
        #expect(!FileManager.default.fileExists(atPath: specs.appendingPathComponent(name).path))
        #expect(try bench.text("gates.stack-order.yaml") == text)
    }
}
