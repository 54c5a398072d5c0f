import Foundation
import SpecKit
import Testing
@testable import Conformance
import AppLockFixtures

/// Storage faults as exploration inputs (issue 10): medtime.storage makes the device's condition (writes, reads,
/// the file) variables of the machine and the faults and recoveries its events, so the tour fires every fault in
/// every situation it reaches, on the real core, where no row or scenario names that combination.
@Suite("Storage faults in the exploration")
struct StorageFaultExplorationTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Samples/specs")

    /// A machine spec of specs/ (with its fixture's product file), explored by the table.
    static func explore(_ id: String, product: String) -> MachineExploration? {
        let files = [product, id + ".yaml"].map { specs.appendingPathComponent($0).path }
        let sources = files.compactMap { file in
            (try? String(contentsOfFile: file, encoding: .utf8)).map { (path: file, bytes: Array($0.utf8)) }
        }
        let compilation = SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: sources)
        return compilation.specs.first { $0.id == id }.flatMap { MachineExplorer.explore($0) }
    }

    /// medtime.storage, explored once.
    static let explored = explore("medtime.storage", product: "medtime.product.yaml")

    static func exploration() throws -> MachineExploration { try #require(explored) }

    static func describe(_ situation: MachineExploration.Situation) -> String {
        "\(situation.state) " + situation.variables.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }

    @Test("every fault and recovery is fired in every state the machine reaches, after every history the situations tell apart")
    func everyFaultEverywhere() throws {
        let exploration = try Self.exploration()
        let faults = ["storageFull", "storageWorks", "storageUnreadable", "writeFails(nth=1)", "writeFails(nth=2)", "corruptStore"]
        for situation in exploration.situations {
            let fired = Set(situation.transitions.map(\.step.action.description))
            #expect(faults.allSatisfy(fired.contains), "\(Self.describe(situation))")
            // A relaunch everywhere but where the table says it stops (MT-ST-RELAUNCH-UNREADABLE-COUNTED: a launch
            // over unreadable storage while the device holds a count).
            let values = Dictionary(uniqueKeysWithValues: situation.variables.map { ($0.name, $0.value.description) })
            let unmodelled = values["reads"] == "fail" && values["file"] == "intact" && values["pinFailures"] != "0"
            #expect(fired.contains("relaunch") != unmodelled, "\(Self.describe(situation))")
        }
        let states = Set(exploration.situations.map(\.state))
        #expect(states == ["CheckingSession", "BiometricPrompt", "PINInput", "PINBlocked", "Success", "Dashboard", "Login"])
    }

    @Test("the tour drives the real core through fault combinations no row names, and every transition holds")
    func tourOnTheRealCore() throws {
        let exploration = try Self.exploration()
        // A combination no row or scenario names: the second biometric failure already made, the next write
        // refused, then the success whose reset is that write.
        let situation = try #require(exploration.situations.first {
            Self.describe($0) == "BiometricPrompt bioFailures=2,pinFailures=2,failedClosed=false,writes=failsNext,reads=fail,file=intact"
        })
        let success = try #require(situation.transitions.first { $0.step.action.description == "bioResult(outcome=success)" })
        #expect(success.step.row == "MT-ST-BIO-SUCCESS-NOT-SAVED-ONCE")
        #expect(success.step.expect.map { "\($0.name)=\($0.value)" }
            == ["state=PINBlocked", "bioFailures=2", "pinFailures=2", "failedClosed=true", "writes=work", "reads=fail", "file=intact"])
        // A full disk arriving on the dashboard: no row names Dashboard with a fault; the table predicts only the
        // device's change, and the core must show nothing.
        let dashboard = try #require(exploration.situations.first { $0.state == "Dashboard" })
        let full = try #require(dashboard.transitions.first { $0.step.action.description == "storageFull" })
        #expect(full.step.row == "MT-ST-STORAGE-FULL" && full.step.effects == [])

        let tour = TransitionTour(runner: FixtureRegistry.standard.runner).run(exploration)
        #expect(tour.situations == exploration.situations.count && tour.situations > 500)
        #expect(tour.checked == tour.transitions && tour.transitions == exploration.transitionCount)
        #expect(tour.divergences.isEmpty, "\(tour.divergences.map(\.id))")
        #expect(tour.reach.rows.contains("MT-ST-BIO-SUCCESS-NOT-SAVED-ONCE"))
    }

    @Test("decoy.storage: a refused write at the count, the reset or the erase, in every situation; the erase is never run by a failure and never armed by one")
    func dualPasswordTour() throws {
        let exploration = try #require(Self.explore("decoy.storage", product: "decoy.product.yaml"))
        for situation in exploration.situations {
            let fired = Set(situation.transitions.map(\.step.action.description))
            #expect(["storageFull", "storageWorks", "writeFails(nth=1)", "writeFails(nth=2)", "writeFails(nth=3)", "relaunch"]
                .allSatisfy(fired.contains), "\(Self.describe(situation))")
        }
        // The erase's own write refused after an erase already happened and two failures: no scenario goes there.
        let situation = try #require(exploration.situations.first {
            Self.describe($0) == "Locked eraseEnabled=true,realErased=true,failures=2,eraseSetup=idle,writes=failsThird"
        })
        let decoy = try #require(situation.transitions.first { $0.step.action.description.hasPrefix("submit(password=decoy") })
        #expect(decoy.step.row == "DP-ST-DECOY-ERASE-NOT-SAVED")
        // Wherever the table predicts an erase, the decoy was entered with erase on and every write worked.
        for situation in exploration.situations {
            for transition in situation.transitions where transition.step.effects?.contains(where: { $0.name == "eraseReal" }) == true {
                #expect(transition.step.row == "DP-ST-DECOY-ERASE-ON")
            }
        }
        let tour = TransitionTour(runner: FixtureRegistry.standard.runner).run(exploration)
        #expect(tour.checked == tour.transitions && tour.transitions == exploration.transitionCount)
        #expect(tour.divergences.isEmpty, "\(tour.divergences.map(\.id))")
        #expect(tour.reach.rows.contains("DP-ST-DECOY-ERASE-NOT-SAVED") && tour.reach.rows.contains("DP-ST-ERASE-OFF-NOT-SAVED"))
    }
}
